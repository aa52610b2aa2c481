// Bohnanza's beans as drawn: the varieties' names, copies and printed bean-o-meters (static
// card faces, B-7) come from the table's catalog (GET /api/tables/{id}/catalog, the game's
// declared client data), loaded before the first view; here are a pictogram per variety, the
// bean card, its meter, the card back, chips and coins. Data and drawings only: what a field
// pays comes from the server (display.fields).

import { fetchJson, h, s } from "../../common.js";
import { plural, t } from "../../i18n.js";
import { badge, glyph as typeGlyph, shape } from "../../glyphs.js";
import { shownNames } from "./bean_names.js";

// Canonical order (index 0 = coffee), filled from the catalog by loadVarieties:
// {id, name, short, count, meter}; meter = cards needed for 1, 2, 3, 4 coins, 0 = not printed.
export const BEANS = [];
export const BEAN = {};

/** Take the varieties of a catalog ({varieties: [{id, name, count, meter}]}). */
export function setVarieties(varieties) {
  const names = shownNames();
  const shown = (v) => (names[v.id] ? { name: names[v.id][0], short: names[v.id][1] } : { short: v.name.replace(/ Bean$/, "") });
  BEANS.splice(0, BEANS.length, ...varieties.map((v) => ({ ...v, ...shown(v) })));
  for (const id of Object.keys(BEAN)) delete BEAN[id];
  for (const b of BEANS) BEAN[b.id] = b;
}

/** The varieties of the table's catalog, asked once per page (they are the same at every
 *  table); the table and the replay viewer await this before drawing the first view. */
let asked = null;
export function loadVarieties(tableId) {
  if (!asked) {
    asked = fetchJson(`/api/tables/${encodeURIComponent(String(tableId).split("#")[0])}/catalog`).then(
      (body) => setVarieties(body.catalog.varieties),
      (err) => {
        asked = null; // ask again on the next table
        throw err;
      },
    );
  }
  return asked;
}

// One glyph per variety (24×24, drawn in currentColor) so no bean depends on its colour alone.
// Each entry: [tag, attributes, "fill" | "stroke"].
const GLYPHS = {
  coffee: [
    ["path", { d: "M4 10h12v4a5 5 0 0 1-5 5h-2a5 5 0 0 1-5-5z" }, "fill"],
    ["path", { d: "M16 11h1.5a2.5 2.5 0 0 1 0 5H16" }, "stroke"],
    ["path", { d: "M8 3c-1 1.5 1 2.5 0 4.5M12 3c-1 1.5 1 2.5 0 4.5" }, "stroke"],
  ],
  wax: [["path", { d: "M12 2.5C9 8 5.5 11 5.5 15a6.5 6.5 0 0 0 13 0c0-4-3.5-7-6.5-12.5z" }, "fill"]],
  blue: [["path", { d: "M2.5 8.5c3-3 6.5 3 9.5 0s6.5 3 9.5 0M2.5 15.5c3-3 6.5 3 9.5 0s6.5 3 9.5 0" }, "stroke"]],
  chili: [["path", { d: "M12 2c1.5 4 6.5 6 6.5 12a6.5 6.5 0 0 1-13 0c0-3 2-5 3.2-6.2.1 2.2 1 3.2 2.3 3.2 0-3-1.5-5.5 1-9z" }, "fill"]],
  stink: [["path", { d: "M6.5 21c-2.5-3 2.5-5 0-8.5s2.5-5 0-9M12 21c-2.5-3 2.5-5 0-8.5s2.5-5 0-9M17.5 21c-2.5-3 2.5-5 0-8.5s2.5-5 0-9" }, "stroke"]],
  green: [
    ["path", { d: "M4 20C4 9.5 10.5 4 20.5 3.5 20.5 13.5 14.5 20 4 20z" }, "fill"],
  ],
  soy: [
    ["path", { d: "M2.5 12c0-4 4.5-5.5 9.5-5.5s9.5 1.5 9.5 5.5-4.5 5.5-9.5 5.5-9.5-1.5-9.5-5.5z" }, "stroke"],
    ["circle", { cx: 7, cy: 12, r: 2.2 }, "fill"],
    ["circle", { cx: 12, cy: 12, r: 2.2 }, "fill"],
    ["circle", { cx: 17, cy: 12, r: 2.2 }, "fill"],
  ],
  black_eyed: [
    ["path", { d: "M1.5 12c3-5 7-7.5 10.5-7.5s7.5 2.5 10.5 7.5c-3 5-7 7.5-10.5 7.5S4.5 17 1.5 12z" }, "stroke"],
    ["circle", { cx: 12, cy: 12, r: 3.6 }, "fill"],
  ],
  red: [["path", { d: "M12 20.5s-8.5-5-8.5-11.2A4.6 4.6 0 0 1 12 6.6a4.6 4.6 0 0 1 8.5 2.7c0 6.2-8.5 11.2-8.5 11.2z" }, "fill"]],
  garden: [
    ["circle", { cx: 12, cy: 6.5, r: 3.3 }, "fill"],
    ["circle", { cx: 17.2, cy: 10.3, r: 3.3 }, "fill"],
    ["circle", { cx: 15.2, cy: 16.5, r: 3.3 }, "fill"],
    ["circle", { cx: 8.8, cy: 16.5, r: 3.3 }, "fill"],
    ["circle", { cx: 6.8, cy: 10.3, r: 3.3 }, "fill"],
  ],
  cocoa: [
    ["rect", { x: 5, y: 3.5, width: 14, height: 17, rx: 1.5 }, "stroke"],
    ["path", { d: "M5 9.2h14M5 14.8h14M12 3.5v17" }, "stroke"],
  ],
};

export const coinsText = (n) => plural(n, "{n} coin", "{n} coins");

/** The variety's pictogram as SVG children (drawn in currentColor by the CSS classes). */
function pictogram(variety) {
  return GLYPHS[variety].map(([tag, attrs, paint]) => s(tag, { ...attrs, class: paint === "fill" ? "bn-g-fill" : "bn-g-stroke" }));
}

// A kidney bean, dented on top (the hilum), lying on its side.
const BEAN_BODY = "M8 40C5 22 22 8 39 14c6 2.6 12 4.5 19 1.5C73 6 91 16 88 37c-3 21-23 31-43 30C25 66 10 56 8 40z";

/** The bean: a kidney bean in the variety's colour and pattern (glyphs.js) with its pictogram
 *  on a round badge, so a bean is known by colour, pattern, pictogram and name. */
function beanArt(variety) {
  return s(
    "svg",
    { class: "bn-bean", viewBox: "0 0 96 76", "aria-hidden": "true" },
    shape("bean", variety, s("path", { d: BEAN_BODY }), { stroke: "#2a2118", strokeWidth: 2.2 }),
    s("path", { class: "bn-bean-shine", d: "M16 30c3-9 12-13 20-10-9 1-15 5-18 12z" }),
    s("circle", { class: "bn-bean-badge", cx: 48, cy: 42, r: 16 }),
    s("g", { transform: "translate(36 30)" }, pictogram(variety)),
  );
}

/** A bean card: name and copies in the game on a band of its colour, the drawing, and
 *  optionally the bean-o-meter (cards needed for 1, 2, 3, 4 coins). */
export function beanCard(variety, { size = "m", meter = false, badge: corner = null } = {}) {
  const b = BEAN[variety];
  const g = typeGlyph("bean", variety);
  return h(
    "div",
    { class: `bn-card bn-card-${size}`, "data-variety": variety, title: t("{bean}: {count} in the game; {steps}", { bean: b.name, count: b.count, steps: meterText(variety) }) },
    h(
      "div",
      { class: "bn-card-top", style: { background: g.colour, color: g.textColour } },
      h("span", { class: `bn-card-name ${b.short.length > 8 && !b.short.includes("-") ? "bn-long bn-longer" : b.short.length > 6 ? "bn-long" : ""}` }, b.short),
    ),
    h("div", { class: "bn-card-art" }, beanArt(variety), h("span", { class: "bn-card-count", title: plural(b.count, "{n} {bean} card in the game", "{n} {bean} cards in the game", { bean: b.short }) }, b.count)),
    meter ? cardMeter(variety) : null,
    corner,
  );
}

export function meterText(variety) {
  const steps = BEAN[variety].meter.map((need, i) => (need ? plural(need, "{n} card → {coins}", "{n} cards → {coins}", { coins: coinsText(i + 1) }) : null));
  return steps.filter(Boolean).join(", ");
}

/** The printed bean-o-meter: "cards:coins" for each printed step. */
function cardMeter(variety) {
  return h(
    "div",
    { class: "bn-card-meter", "aria-label": meterText(variety) },
    BEAN[variety].meter.map((need, i) => (need ? h("span", {}, h("b", {}, need), coinIcon(i + 1)) : null)),
  );
}

export function cardBack() {
  return h(
    "div",
    { class: "bn-card bn-card-s bn-back", "aria-hidden": "true" },
    s("svg", { viewBox: "0 0 96 76" }, s("path", { d: BEAN_BODY, class: "bn-back-bean" })),
  );
}

/** A small inline chip naming a variety: its badge (colour, pattern, letters) and its name. */
export function chip(variety, label = null) {
  return h("span", { class: "bn-chip" }, badge("bean", variety, { size: 18, title: BEAN[variety].name }), h("span", {}, label ?? BEAN[variety].short));
}

export function coinIcon(n = null) {
  return h("span", { class: "bn-coin", "aria-hidden": "true" }, n ?? "");
}
