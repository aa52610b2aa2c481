// Colour + pattern + letters for every bean variety, flower type and farm card kind, so no
// type is told apart by colour alone (colour-blind safe: the palette follows Okabe–Ito where
// it can, and every type also has its own pattern and a short letter code).
//
// Patterns are SVG <pattern>s installed once per page (installPatterns()); any inline SVG in
// the document can fill a shape with patternFill(family, key). Use:
//   glyph("flower", "tulip")            -> {key, label, letter, colour, ink, pattern}
//   shape("flower", "tulip", s("circle", {cx, cy, r}))   -> <g> coloured + patterned shape
//   badge("bean", "chili", {size: 28})  -> standalone <svg> disc with pattern and letter
//   chip("farm", "silo", {count: 2})    -> <span class="chip"> with a mini badge and the name

import { h, s } from "./common.js";
import { pt, t } from "./i18n.js";

// ink: the colour of the pattern and letter drawn over the base colour ("dark" or "light").
const FAMILIES = {
  flower: {
    dahlia: { label: "Dahlia", letter: "D", colour: "#D55E00", ink: "dark", pattern: "dots" },
    daffodil: { label: "Daffodil", letter: "Da", colour: "#F0E442", ink: "dark", pattern: "stripes" },
    globemaster: { label: "Globemaster", letter: "G", colour: "#CC79A7", ink: "dark", pattern: "rings" },
    snowdrop: { label: "Snowdrop", letter: "S", colour: "#E9EEF2", ink: "dark", pattern: "waves" },
    tulip: { label: "Tulip", letter: "T", colour: "#0072B2", ink: "light", pattern: "checks" },
  },
  bean: {
    coffee: { label: "Coffee Bean", letter: "Co", colour: "#7B4A2B", ink: "light", pattern: "dots" },
    wax: { label: "Wax Bean", letter: "Wx", colour: "#F0E442", ink: "dark", pattern: "stripes" },
    blue: { label: "Blue Bean", letter: "Bl", colour: "#0072B2", ink: "light", pattern: "waves" },
    chili: { label: "Chili Bean", letter: "Ch", colour: "#D55E00", ink: "dark", pattern: "zigzag" },
    stink: { label: "Stink Bean", letter: "St", colour: "#8C9A3B", ink: "dark", pattern: "cross" },
    green: { label: "Green Bean", letter: "Gr", colour: "#007A5A", ink: "light", pattern: "diagonal" },
    soy: { label: "Soy Bean", letter: "So", colour: "#E6CF98", ink: "dark", pattern: "checks" },
    black_eyed: { label: "Black-eyed Bean", letter: "BE", colour: "#F4F1EA", ink: "dark", pattern: "rings" },
    red: { label: "Red Bean", letter: "Rd", colour: "#B2182B", ink: "light", pattern: "grid" },
    garden: { label: "Garden Bean", letter: "Ga", colour: "#56B4E9", ink: "dark", pattern: "leaves" },
    cocoa: { label: "Cocoa Bean", letter: "Cc", colour: "#3E2A23", ink: "light", pattern: "bricks" },
  },
  farm: {
    field: { label: "Field", letter: "Fi", colour: "#9BC53D", ink: "dark", pattern: "stripes" },
    // the rules' colour code (F-91 … F-94): fields green, livestock red, constructions yellow,
    // buildings purple
    livestock: { label: "Livestock", letter: "Li", colour: "#D55E00", ink: "dark", pattern: "dots" },
    construction: { label: "Construction", letter: "Co", colour: "#F0E442", ink: "dark", pattern: "bricks" },
    building: { label: "Building", letter: "Bu", colour: "#9F7BC9", ink: "dark", pattern: "checks" },
    water_tower: { label: "Water Tower", letter: "WT", colour: "#56B4E9", ink: "dark", pattern: "waves" },
    silo: { label: "Silo", letter: "Si", colour: "#C8B88A", ink: "dark", pattern: "rings" },
    equipment: { label: "Equipment", letter: "Eq", colour: "#5A5A5A", ink: "light", pattern: "diagonal" },
  },
};

const INKS = { dark: "rgba(20, 20, 20, 0.42)", light: "rgba(255, 255, 255, 0.55)" };
const LETTER_INK = { dark: "#111", light: "#fff" };

/** The glyph of a type: {key, label, letter, colour, ink, textColour, pattern}. */
export function glyph(family, key) {
  const entry = (FAMILIES[family] || {})[key];
  if (entry) return { key, ...entry, label: shownLabel(family, key, entry.label), letter: shownLetter(family, key, entry.letter), textColour: LETTER_INK[entry.ink] };
  const label = String(key).replace(/_/g, " ");
  return { key, label, letter: label.slice(0, 2), colour: "#bbb", ink: "dark", textColour: "#111", pattern: "none" };
}

/** A type's name in the chosen language (a badge's title and label, a chip's text), each
 *  written out for the extraction (the games' own names of their flowers, beans and kinds). */
function shownLabel(family, key, label) {
  const names = {
    flower: { dahlia: () => t("Dahlia"), daffodil: () => t("Daffodil"), globemaster: () => t("Globemaster"), snowdrop: () => t("Snowdrop"), tulip: () => t("Tulip") },
    bean: { coffee: () => t("Coffee Bean"), wax: () => t("Wax Bean"), blue: () => t("Blue Bean"), chili: () => t("Chili Bean"), stink: () => t("Stink Bean"), green: () => t("Green Bean"), soy: () => t("Soy Bean"), black_eyed: () => t("Black-eyed Bean"), red: () => t("Red Bean"), garden: () => t("Garden Bean"), cocoa: () => t("Cocoa Bean") },
    farm: { field: () => t("Field"), livestock: () => t("Livestock"), construction: () => t("Construction"), building: () => t("Building"), water_tower: () => t("Water Tower"), silo: () => t("Silo"), equipment: () => t("Equipment") },
  }[family];
  return names && names[key] ? names[key]() : label;
}

/** A type's letters in the chosen language, taken from its name there (issue 36: the French
 *  Jonquille is « J », not the Daffodil's « Da »); each written out for the extraction. The
 *  beans keep theirs: their French names all begin « Harry C… » (D-75). */
function shownLetter(family, key, letter) {
  const flower = { dahlia: () => pt("flower letters", "D"), daffodil: () => pt("flower letters", "Da"), globemaster: () => pt("flower letters", "G"), snowdrop: () => pt("flower letters", "S"), tulip: () => pt("flower letters", "T") };
  const farm = { field: () => pt("farm letters", "Fi"), livestock: () => pt("farm letters", "Li"), construction: () => pt("farm letters", "Co"), building: () => pt("farm letters", "Bu"), water_tower: () => pt("farm letters", "WT"), silo: () => pt("farm letters", "Si"), equipment: () => pt("farm letters", "Eq") };
  const table = { flower, farm }[family];
  return table && table[key] ? table[key]() : letter;
}

/** Every key of a family, in the order above. */
export function keys(family) {
  return Object.keys(FAMILIES[family] || {});
}

/** The fill that draws a type's pattern ("none" when it has none). */
export function patternFill(family, key) {
  const g = glyph(family, key);
  return g.pattern === "none" ? "none" : `url(#pat-${g.pattern}-${g.ink})`;
}

// Each pattern: a tile size and the shapes of one tile (drawn with the ink colour).
const TILES = {
  dots: [8, (ink) => [s("circle", { cx: 4, cy: 4, r: 1.6, fill: ink })]],
  stripes: [8, (ink) => [s("rect", { x: 0, y: 0, width: 8, height: 2.4, fill: ink })]],
  rings: [10, (ink) => [s("circle", { cx: 5, cy: 5, r: 2.8, fill: "none", stroke: ink, "stroke-width": 1.2 })]],
  waves: [10, (ink) => [s("path", { d: "M0 5 Q2.5 2 5 5 T10 5", fill: "none", stroke: ink, "stroke-width": 1.3 })]],
  checks: [10, (ink) => [s("rect", { x: 0, y: 0, width: 5, height: 5, fill: ink }), s("rect", { x: 5, y: 5, width: 5, height: 5, fill: ink })]],
  zigzag: [10, (ink) => [s("path", { d: "M0 7 L2.5 3 L5 7 L7.5 3 L10 7", fill: "none", stroke: ink, "stroke-width": 1.3 })]],
  cross: [8, (ink) => [s("path", { d: "M0 0 L8 8 M8 0 L0 8", stroke: ink, "stroke-width": 1 })]],
  diagonal: [8, (ink) => [s("path", { d: "M-2 2 L2 -2 M0 8 L8 0 M6 10 L10 6", stroke: ink, "stroke-width": 1.6 })]],
  grid: [8, (ink) => [s("path", { d: "M4 0 V8 M0 4 H8", stroke: ink, "stroke-width": 1 })]],
  leaves: [10, (ink) => [s("path", { d: "M2 8 Q2 2 8 2 Q8 8 2 8 Z", fill: ink })]],
  bricks: [12, (ink) => [s("path", { d: "M0 0.5 H12 M0 6.5 H12 M6 0.5 V6.5 M0 6.5 V12 M12 6.5 V12", stroke: ink, "stroke-width": 1, fill: "none" })]],
};

/** Put every pattern into the page once (a hidden <svg> with <defs>). Idempotent. */
export function installPatterns() {
  if (document.getElementById("glyph-patterns")) return;
  const defs = s("defs", {});
  for (const [name, [size, draw]] of Object.entries(TILES)) {
    for (const [inkName, ink] of Object.entries(INKS)) {
      defs.append(
        s("pattern", { id: `pat-${name}-${inkName}`, width: size, height: size, patternUnits: "userSpaceOnUse" }, ...draw(ink)),
      );
    }
  }
  const holder = s("svg", { id: "glyph-patterns", width: 0, height: 0, "aria-hidden": "true", style: { position: "absolute" } }, defs);
  document.body.prepend(holder);
}

/**
 * A shape (an SVG element without fill) drawn in a type's colour with its pattern on top and
 * a dark outline: returns a <g>. The shape is cloned for the pattern layer.
 */
export function shape(family, key, el, { stroke = "#222", strokeWidth = 1.2 } = {}) {
  const g = glyph(family, key);
  const base = el.cloneNode(true);
  base.setAttribute("fill", g.colour);
  base.setAttribute("stroke", stroke);
  base.setAttribute("stroke-width", String(strokeWidth));
  const over = el.cloneNode(true);
  over.setAttribute("fill", patternFill(family, key));
  over.setAttribute("stroke", "none");
  over.setAttribute("pointer-events", "none");
  return s("g", { class: `glyph glyph-${family}-${key}` }, base, over);
}

/** The type's letters centred at (x, y), readable on its colour. */
export function letters(family, key, x, y, size = 12) {
  const g = glyph(family, key);
  return s(
    "text",
    {
      x,
      y,
      "text-anchor": "middle",
      "dominant-baseline": "central",
      "font-size": size,
      "font-weight": 700,
      fill: g.textColour,
      stroke: g.ink === "light" ? "rgba(0,0,0,0.55)" : "rgba(255,255,255,0.75)",
      "stroke-width": size / 6,
      "paint-order": "stroke",
      "pointer-events": "none",
      class: "glyph-letters",
    },
    g.letter,
  );
}

/** A standalone disc with the type's colour, pattern and letters (an inline <svg>). */
export function badge(family, key, { size = 28, title } = {}) {
  const g = glyph(family, key);
  const r = 14;
  return s(
    "svg",
    { viewBox: "0 0 32 32", width: size, height: size, class: "glyph-badge", role: "img", "aria-label": title || g.label },
    s("title", {}, title || g.label),
    shape(family, key, s("circle", { cx: 16, cy: 16, r })),
    letters(family, key, 16, 16.5, g.letter.length > 1 ? 12 : 14),
  );
}

/** A chip: a small badge and the type's name, with an optional count ("× 3"). */
export function chip(family, key, { count, text, testid } = {}) {
  const g = glyph(family, key);
  return h(
    "span",
    { class: "chip", "data-testid": testid || null, title: g.label },
    badge(family, key, { size: 20 }),
    h("span", { class: "chip-label" }, text || g.label),
    count === undefined ? null : h("span", { class: "chip-count" }, `× ${count}`),
  );
}
