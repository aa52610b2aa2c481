// Translations in the browser (issue 36 item 2). The catalog of the chosen language is loaded
// once before the first render (loadLanguage(), awaited by app.js's route()); t("English text
// {name}", {name}) then answers synchronously. The choice: localStorage "seedbed.lang" when set
// (the switch on every top bar sets it), else the language the server negotiated from the
// browser's Accept-Language (GET /api/i18n). English needs no catalog: the msgids are English.

import { h } from "./common.js";

const LANG_KEY = "seedbed.lang";
const PSEUDO = "en-XA";
const PSEUDO_NAME = "en-XA (pseudo)";
let lang = "en";
let catalog = {};
let offered = [{ code: "en", name: "English" }];

function storedLanguage() {
  try {
    return localStorage.getItem(LANG_KEY) || "";
  } catch {
    return "";
  }
}

async function getJson(url) {
  const response = await fetch(url, { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.json();
}

/** Load the chosen language's catalog (English on any failure: a page still renders). A page
 *  the server wrote in a language (a rules page) gives it as the fallback: it stands unless
 *  the browser has a choice of its own. */
export async function loadLanguage(fallback = null) {
  try {
    const list = await getJson("/api/i18n");
    offered = list.languages;
    const stored = storedLanguage();
    // the pseudo-locale (issue 36 item 5) is never offered, only chosen by a test
    const usable = (code) => offered.some((l) => l.code === code) || code === PSEUDO;
    lang = usable(stored) ? stored : fallback && usable(fallback) ? fallback : list.negotiated;
    catalog = lang === "en" ? {} : (await getJson(`/api/i18n/${encodeURIComponent(lang)}`)).messages;
  } catch {
    lang = "en";
    catalog = {};
  }
  document.documentElement.lang = lang;
  return lang;
}

/** The language in use ("en", "fr"). */
export function language() {
  return lang;
}

function fill(text, params) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** msgid in the chosen language, its {name} placeholders filled from params. */
export function t(msgid, params) {
  return fill(catalog[msgid] || msgid, params);
}

/** msgid in the chosen language where the same English text needs another translation in
 *  another place (context: a word naming the place, e.g. the game): pt("fields_of_green",
 *  "{n} coin"). Without a translation in that context, as t(). */
export function pt(context, msgid, params) {
  return fill(catalog[`${context}\u0004${msgid}`] || catalog[msgid] || msgid, params);
}

/** plural() with a context, as pt(). */
export function pplural(context, n, one, other, params) {
  return pt(context, formOf(n, one, other), { n: formatNumber(n), ...params });
}

/** msgid in the chosen language as a list of texts and nodes: its {name} placeholders are
 *  filled from params that may be DOM nodes (a name chip), so a language puts them where
 *  its sentence needs them ("Waiting for {names}"). For h(...) children. */
export function tn(msgid, params) {
  return t(msgid).split(/(\{\w+\})/).filter(Boolean).map((part) => {
    const name = /^\{(\w+)\}$/.exec(part);
    return name && name[1] in params ? params[name[1]] : part;
  });
}

/** The singular or plural message for count n ({n} is filled in), chosen by the language's
 *  plural rules (French says "1 table", "0 table", "2 tables"). */
export function plural(n, one, other, params) {
  return t(formOf(n, one, other), { n: formatNumber(n), ...params });
}

/** one or other, as the language's plural rules choose for n. */
function formOf(n, one, other) {
  return cached("plural", () => new Intl.PluralRules(lang)).select(n) === "one" ? one : other;
}

/** A number written the chosen language's way (1 234,5 in French). */
export function formatNumber(n, options) {
  if (options) return new Intl.NumberFormat(lang, options).format(n);
  return cached("number", () => new Intl.NumberFormat(lang)).format(n);
}

// The Intl objects of the chosen language, made once: a table's view writes hundreds of
// counts per redraw, and making an Intl object costs far more than using one.
const made = new Map();
function cached(kind, make) {
  const key = `${kind}:${lang}`;
  if (!made.has(key)) made.set(key, make());
  return made.get(key);
}

/** A date (a Date, or what Date accepts) written the chosen language's way. */
export function formatDate(value, options = { dateStyle: "medium", timeStyle: "short" }) {
  return new Intl.DateTimeFormat(lang, options).format(value instanceof Date ? value : new Date(value));
}

/** The languages the switch lists: those offered, and the pseudo-locale under its own tag
 *  while it is in use (it is never offered: a person would otherwise read "English" on a
 *  page in en-XA, D-74). */
function shownLanguages() {
  return lang === PSEUDO ? [...offered, { code: PSEUDO, name: PSEUDO_NAME }] : offered;
}

/** The language switch of every top bar: the languages the server has catalogs for; the
 *  choice is remembered in this browser and the page reloads in it. */
export function languageSwitch() {
  const select = h(
    "select",
    { class: "lang-switch", "aria-label": t("Language"), "data-testid": "language-switch" },
    shownLanguages().map((l) => h("option", { value: l.code, lang: l.code, selected: l.code === lang }, l.name)),
  );
  select.addEventListener("change", () => {
    try {
      localStorage.setItem(LANG_KEY, select.value);
    } catch {
      /* ignore */
    }
    window.location.reload();
  });
  return select;
}
