// Fields of Green drawings: resource icons and amounts, kind bands (colour, pattern, letters),
// card and tile faces, chips, pile swatches and the prompt's heading.

import { h, s, titleCase } from "../../common.js";
import { glyph, letters, shape } from "../../glyphs.js";
import { t } from "../../i18n.js";
import { bareText, costParts, costText, designOf, fitsLabel, kindOf, tileOf, timingLabel, typeLabel } from "./cards.js";

export function icon(kind, size = 14) {
  const draw = {
    coins: () => [s("circle", { cx: 8, cy: 8, r: 6.5, fill: "#E8B923", stroke: "#8a6a00", "stroke-width": 1.3 }), s("circle", { cx: 8, cy: 8, r: 3.6, fill: "none", stroke: "#8a6a00", "stroke-width": 1 })],
    water: () => [s("path", { d: "M8 1.5 C8 1.5 3 7.5 3 10.5 A5 5 0 0 0 13 10.5 C13 7.5 8 1.5 8 1.5 Z", fill: "#3A8FD6", stroke: "#1b4f7a", "stroke-width": 1 })],
    food: () => [
      s("path", { d: "M8 15 V5", stroke: "#7a5a1a", "stroke-width": 1.4 }),
      s("ellipse", { cx: 6, cy: 6, rx: 2, ry: 3.2, fill: "#D9A441", stroke: "#7a5a1a", "stroke-width": 0.8, transform: "rotate(-25 6 6)" }),
      s("ellipse", { cx: 10, cy: 6, rx: 2, ry: 3.2, fill: "#D9A441", stroke: "#7a5a1a", "stroke-width": 0.8, transform: "rotate(25 10 6)" }),
      s("ellipse", { cx: 8, cy: 3.2, rx: 1.8, ry: 2.6, fill: "#D9A441", stroke: "#7a5a1a", "stroke-width": 0.8 }),
    ],
    vp: () => [s("path", { d: "M8 1 L10 6 L15.2 6.2 L11.1 9.4 L12.6 14.6 L8 11.6 L3.4 14.6 L4.9 9.4 L0.8 6.2 L6 6 Z", fill: "#F2C94C", stroke: "#6b5100", "stroke-width": 1 })],
    gear: () => [s("circle", { cx: 8, cy: 8, r: 5, fill: "none", stroke: "currentColor", "stroke-width": 3, "stroke-dasharray": "2.2 1.7" }), s("circle", { cx: 8, cy: 8, r: 3.4, fill: "none", stroke: "currentColor", "stroke-width": 1.6 })],
    hand: () => [s("rect", { x: 2, y: 3, width: 8, height: 11, rx: 1.5, fill: "#fff", stroke: "#444", "stroke-width": 1.1, transform: "rotate(-12 6 8)" }), s("rect", { x: 6, y: 2, width: 8, height: 11, rx: 1.5, fill: "#fff", stroke: "#444", "stroke-width": 1.1, transform: "rotate(10 10 8)" })],
  }[kind];
  return s("svg", { viewBox: "0 0 16 16", width: size, height: size, class: `fog-icon fog-icon-${kind}`, "aria-hidden": "true" }, ...(draw ? draw() : []));
}

/** "3 [coin]" — a number with its resource icon and a text label for screen readers. */
export function amount(res, n, extra) {
  const label = { coins: t("coins"), water: t("water"), food: t("food"), vp: t("VP") }[res] || res;
  return h("span", { class: `fog-amt fog-amt-${res}`, title: `${n} ${label}${extra || ""}` }, icon(res), h("span", { class: "fog-amt-n" }, String(n)), h("span", { class: "sr-only" }, ` ${label}`));
}

function costChips(cost) {
  const parts = costParts(cost);
  if (!parts.length) return h("span", { class: "fog-free" }, t("free"));
  return h("span", { class: "fog-cost" }, parts.map(([res, n]) => amount(res, n)));
}

/** A patterned band in the kind's colour (colour + pattern + letters or the kind's name:
 * colour-blind safe). */
export function kindBand(kind, children, { letters: withLetters = true } = {}) {
  const g = glyph("farm", kind);
  const bg = s("svg", { class: "fog-band-bg", "aria-hidden": "true" }, shape("farm", kind, s("rect", { x: 0, y: 0, width: "100%", height: "100%" }), { stroke: "none" }));
  return h("div", { class: "fog-band", style: { "--kind": g.colour } }, bg, withLetters ? h("span", { class: "fog-letters", "aria-hidden": "true" }, g.letter) : null, ...children);
}

export function vpBadge(vp) {
  if (vp === null || vp === undefined) return null;
  return h("span", { class: "fog-vp", title: t("{n} VP printed", { n: vp }) }, icon("vp", 13), h("b", {}, String(vp)));
}

/** A full card face (hand, display, revealed): type, name, cost, VP and ability text. */
export function cardFace(st, card, { testid, selected, onclick, disabled, note } = {}) {
  const d = designOf(st, card.design);
  const kind = kindOf(card);
  const ability = d.ability;
  const body = [
    kindBand(kind, [h("span", { class: "fog-band-type" }, typeLabel(kind)), vpBadge(d.vp)], { letters: false }),
    h("div", { class: "fog-face-name" }, d.name),
    d.subtype ? h("div", { class: "fog-face-sub" }, titleCase(d.subtype)) : null,
    h("div", { class: "fog-face-cost" }, h("span", { class: "fog-face-label" }, t("Cost")), costChips(d.cost)),
    h(
      "div",
      { class: "fog-face-text" },
      ability ? h("b", { class: `fog-timing fog-timing-${ability.timing}` }, timingLabel(ability.timing)) : null,
      " ",
      bareText(d.text),
    ),
    note ? h("div", { class: "fog-face-note" }, note) : null,
  ];
  const attrs = {
    class: `fog-face fog-kind-${kind}${selected ? " is-selected" : ""}`,
    style: { "--kind": glyph("farm", kind).colour },
    "data-testid": testid || null,
    "data-card": card.id,
    "data-design": card.design,
    title: t("{name} — {type}. Cost: {cost}. {vp} VP.", { name: d.name, type: typeLabel(kind), cost: costText(d.cost), vp: d.vp ?? 0 }) + (d.text ? " " + d.text : ""),
  };
  if (onclick) return h("button", { ...attrs, type: "button", onclick, disabled: Boolean(disabled), "aria-pressed": selected ? "true" : "false" }, body);
  return h("div", attrs, body);
}

/** An equipment tile face (keep, attach, set aside). */
export function tileFace(st, tile, { testid, action, act, label } = {}) {
  const d = tileOf(st, tile.design);
  const fits = d.placement ? fitsLabel(d.placement) : "";
  const body = [
    kindBand("equipment", [h("span", { class: "fog-band-type" }, icon("gear", 12), " ", t("Equipment"))], { letters: false }),
    h("div", { class: "fog-face-name" }, d.name),
    fits ? h("div", { class: "fog-tile-fits" }, t("On: {fits}", { fits })) : null,
    h("div", { class: "fog-face-text" }, d.timing ? h("b", { class: "fog-timing" }, timingLabel(d.timing)) : null, " ", bareText(d.text)),
  ];
  if (action) {
    return h("button", { type: "button", class: "fog-face fog-tile", style: { "--kind": glyph("farm", "equipment").colour }, "data-action": action.type, "data-testid": testid, onclick: () => act(action), title: `${label || t("Choose")} ${d.name}` }, body, h("span", { class: "fog-face-cta" }, label || t("Choose")));
  }
  return h("div", { class: "fog-face fog-tile", style: { "--kind": glyph("farm", "equipment").colour }, "data-testid": testid || null }, body);
}

export function tileChip(st, tile) {
  const d = tileOf(st, tile.design);
  return h("span", { class: "fog-eq", title: `${d.name}: ${d.text || ""}`, "data-tile": tile.id }, icon("gear", 10), h("span", {}, d.name));
}

export function cardChip(st, card) {
  if (!card) return null;
  const d = designOf(st, card.design);
  const kind = kindOf(card);
  const g = glyph("farm", kind);
  return h("span", { class: `fog-chip fog-kind-${kind}`, style: { "--kind": g.colour }, title: d.text || d.name }, h("span", { class: "fog-chip-letters" }, g.letter), d.name);
}

/** A small patterned square in a kind's colour with its letters (a pile, a farm card kind). */
export function swatch(kind, size = 22) {
  return s(
    "svg",
    { viewBox: "0 0 24 24", width: size, height: size, class: "fog-swatch", "aria-hidden": "true" },
    shape("farm", kind, s("rect", { x: 1, y: 1, width: 22, height: 22, rx: 4 })),
    letters("farm", kind, 12, 12.5, 10),
  );
}

export function title(text, hint) {
  return [h("h2", { class: "fog-prompt-title" }, text), hint ? h("p", { class: "fog-hint" }, hint) : null];
}
