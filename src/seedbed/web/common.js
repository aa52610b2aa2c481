// Small helpers shared by the shell and the game views: DOM and SVG builders, names of
// seats, formatting. No framework: every view builds plain DOM nodes. Server strings are
// always added as text nodes (never as HTML).

import { language, t } from "./i18n.js";

const SVG_NS = "http://www.w3.org/2000/svg";

// Attributes: "class", "style" (string or object), "dataset" (object), "on<event>" handlers
// (functions), booleans (true sets an empty attribute, false/null/undefined leave it out),
// anything else set as an attribute.
function applyAttrs(el, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === false || value === null || value === undefined) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2).toLowerCase(), value);
    } else if (key === "style" && typeof value === "object") {
      for (const [prop, v] of Object.entries(value)) el.style.setProperty(prop, String(v));
    } else if (key === "dataset") {
      for (const [k, v] of Object.entries(value)) el.dataset[k] = String(v);
    } else if (value === true) {
      el.setAttribute(key, "");
    } else {
      el.setAttribute(key, String(value));
    }
  }
}

function appendChildren(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** An HTML element: h("button", {class: "btn", onclick}, label). */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  applyAttrs(el, attrs);
  return appendChildren(el, children);
}

/** An SVG element: s("circle", {cx: 5, cy: 5, r: 4}). */
export function s(tag, attrs, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  applyAttrs(el, attrs);
  return appendChildren(el, children);
}

/** A standalone <svg> with a viewBox and a text title for screen readers. */
export function svg(width, height, attrs, ...children) {
  const { title, ...rest } = attrs || {};
  return s(
    "svg",
    { viewBox: `0 0 ${width} ${height}`, role: "img", ...rest },
    title ? s("title", {}, title) : null,
    ...children,
  );
}

/** Remove every child of an element. */
export function clear(el) {
  while (el.firstChild) el.firstChild.remove();
  return el;
}

/**
 * A button for one action. `action` is the action JSON to send (or null for a local
 * control); `testid` becomes data-testid; `key` (one character) becomes a keyboard shortcut
 * the shell honours (data-key) and is shown as a hint.
 */
export function actionButton({ label, action, act, testid, key, primary, title, disabled, extraClass }) {
  const attrs = {
    type: "button",
    class: ["btn", primary ? "btn-primary" : "", extraClass || ""].join(" ").trim(),
    "data-testid": testid,
    "data-action": action ? action.type : null,
    "data-key": key || null,
    title: title || null,
    disabled: Boolean(disabled),
    onclick: action && act ? () => act(action) : null,
  };
  return h("button", attrs, label, key ? h("kbd", { class: "key-hint" }, key.toUpperCase()) : null);
}

/** The display name of a seat from the table's seats ([{seat, kind, name, connected}]). */
export function seatName(players, seat) {
  const all = players || [];
  const p = all.find((x) => x.seat === seat);
  if (!p) return t("Seat {n}", { n: seat + 1 });
  const label = plainName(p);
  // two seats with one name (two greedy bots): tell them apart by seat
  const namesakes = all.filter((x) => plainName(x) === label).length;
  return namesakes > 1 ? t("{name} (seat {n})", { name: label, n: seat + 1 }) : label;
}

/** A seat's name for people: the server's label (a bot's one name, the lobby's: "Search
 *  bot", issue 38 item 6), the name itself for a summary without labels. */
export function plainName(p) {
  if ((p.kind === "bot" || p.kind === "open") && p.label) return botName(p.label);
  return p.label ?? p.name;
}

/** A bot's name (the server's English label, seedbed.bots.names) in the chosen language,
 *  translated by msgid on the client (issue 36, docs/translating.md); a name not listed here
 *  stays as the server said it. */
export function botName(label) {
  const names = { "Random bot": t("Random bot"), "Greedy bot": t("Greedy bot"), "Search bot": t("Search bot"), "Open seat": t("Open seat") };
  return names[label] ?? label;
}

/** A seat's name with "(you)" for the viewer's own seat. */
export function seatLabel(players, seat, viewer) {
  const name = seatName(players, seat);
  return seat === viewer ? t("{name} (you)", { name }) : name;
}

/** A seat's name set apart as a name: its dot and the name in bold ("Waiting for Me" reads
 *  as waiting for the player called Me). */
export function nameTag(seat, name) {
  return h("span", { class: "name-chip" }, seatDot(seat), h("strong", { class: "name" }, name));
}

/** A small coloured marker for a seat (uses --seat-N colours from style.css). */
export function seatDot(seat) {
  return h("span", { class: "seat-dot", style: { "--dot": `var(--seat-${seat % 7})` }, "aria-hidden": "true" });
}

/** "Coffee", "black_eyed" -> "Black eyed". */
export function titleCase(word) {
  const text = String(word).replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** 1 -> "1st", 2 -> "2nd" … in the chosen language (French: "1er", "2e"), by its ordinal
 *  plural rules (Intl.PluralRules). */
export function ordinal(n) {
  const form = new Intl.PluralRules(language(), { type: "ordinal" }).select(n);
  if (form === "one") return t("{n}st", { n });
  if (form === "two") return t("{n}nd", { n });
  if (form === "few") return t("{n}rd", { n });
  return t("{n}th", { n });
}


/** Whether an action JSON equals another (key order ignored). */
export function sameAction(a, b) {
  return canonical(a) === canonical(b);
}

/** A canonical text of a JSON value (sorted keys), to compare or to use as a key. */
export function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** The legal actions of one type. */
export function legalOfType(legal, type) {
  return (legal || []).filter((a) => a.type === type);
}

/** Whether `action` is in `legal`. */
export function isLegal(legal, action) {
  const key = canonical(action);
  return (legal || []).some((a) => canonical(a) === key);
}

/** Per-table module state that survives re-renders and reloads of the module's view. */
const stores = new Map();
export function tableStore(tableId, name) {
  const key = `${name}:${tableId}`;
  if (!stores.has(key)) stores.set(key, {});
  return stores.get(key);
}

/** GET/POST JSON; throws Error(detail) on a non-2xx answer. */
export async function fetchJson(url, options = {}) {
  const init = { ...options, headers: { "content-type": "application/json", ...(options.headers || {}) } };
  const response = await fetch(url, init);
  const text = await response.text();
  let body = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) {
    const detail = body && body.detail ? body.detail : `${response.status} ${response.statusText}`;
    const error = new Error(typeof detail === "string" ? detail : JSON.stringify(detail));
    error.status = response.status;
    throw error;
  }
  return body;
}

/** Show a short message at the bottom of the page; kind "error" stays until dismissed. */
export function toast(message, kind = "info", seconds = 6) {
  let box = document.getElementById("toasts");
  if (!box) {
    box = h("div", { id: "toasts", class: "toasts", role: "status", "aria-live": "polite" });
    document.body.append(box);
  }
  const close = h("button", { type: "button", class: "toast-close", "aria-label": t("Dismiss"), "data-testid": "toast-close" }, "×");
  const item = h("div", { class: `toast toast-${kind}`, "data-testid": `toast-${kind}` }, h("span", {}, message), close);
  close.addEventListener("click", () => item.remove());
  box.append(item);
  if (seconds > 0) setTimeout(() => item.remove(), seconds * 1000);
  return item;
}

/** The server's games as their declarations give them (GET /api/games: titles, player
 *  counts, options, data files, view modules), asked once per page. */
let catalogue = null;
const titles = new Map();
export function gameCatalogue() {
  if (!catalogue) {
    catalogue = fetchJson("/api/games").then(
      (answer) => {
        for (const g of answer.games) titles.set(g.name, g.title);
        return answer;
      },
      (err) => {
        catalogue = null; // ask again next time
        throw err;
      },
    );
  }
  return catalogue;
}

/** A game's title once the catalogue has arrived ("bohnanza" -> "Bohnanza" before). */
export function gameTitle(name) {
  return titles.get(name) || titleCase(name);
}

/** Load a game's view: its module (games/<name>/index.js, the catalogue's view_module) and
 *  its stylesheet (games/<name>/style.css, every class under the game's prefix), or the
 *  generic view (games/generic.js) for a game the client has no module of; null with a
 *  console error if the module fails. */
const modules = new Map();
export async function loadGame(name) {
  if (!modules.has(name)) modules.set(name, importView(name));
  return modules.get(name);
}

async function importView(name) {
  let info = null;
  try {
    info = (await gameCatalogue()).games.find((g) => g.name === name) || null;
  } catch {
    /* the server did not list its games: try the game's own module */
  }
  const url = info ? info.view_module : `/static/games/${name}/index.js`;
  try {
    if (!url) return (await import("./games/generic.js")).default;
    linkStyles(name);
    return (await import(url)).default;
  } catch (err) {
    console.error(`game module ${name} failed to load`, err);
    return null;
  }
}

function linkStyles(name) {
  const id = `styles-${name}`;
  if (document.getElementById(id)) return;
  document.head.append(h("link", { id, rel: "stylesheet", href: `/static/games/${name}/style.css` }));
}

/** Seat tokens this browser created or opened, kept in localStorage: {tableId: {seat: token}}. */
const SEATS_KEY = "seedbed.seats";
export function rememberSeat(tableId, seat, token) {
  const all = knownSeats();
  all[tableId] = { ...(all[tableId] || {}), [seat]: token };
  try {
    localStorage.setItem(SEATS_KEY, JSON.stringify(all));
  } catch {
    /* private mode: nothing to remember */
  }
}

export function knownSeats() {
  try {
    return JSON.parse(localStorage.getItem(SEATS_KEY) || "{}") || {};
  } catch {
    return {};
  }
}
