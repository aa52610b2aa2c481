// The Fields of Green farm grid: cards, Open Areas, towers with their water and range, empty
// cells a tower with water reaches, and the cells the legal actions make clickable. The towers'
// reach comes from the server's display (F-31, F-32); nothing here measures water distances.

import { h, s } from "../../common.js";
import { glyph, shape } from "../../glyphs.js";
import { pt, t } from "../../i18n.js";
import { designOf, key, kindOf, playerName, tileOf, timingLabel } from "./cards.js";
import { icon, kindBand, tileChip, vpBadge } from "./faces.js";
import { refresh } from "./store.js";

/** Tower labels T1, T2 … in cell order (x, then y), as in the engine's menus. */
export function towerLabels(farm) {
  const towers = farm.filter((e) => e.water !== undefined && !e.open_area);
  towers.sort((a, b) => a.cell[0] - b.cell[0] || a.cell[1] - b.cell[1]);
  return new Map(towers.map((e, i) => [key(e.cell), pt("farm letters", "T{n}", { n: i + 1 })]));
}

export function waterText(water, labels) {
  const tower = (cell) => labels.get(cell) || t("tower {cell}", { cell });
  const parts = Object.entries(water || {}).map(([cell, n]) => t("{n} from {tower}", { n, tower: tower(cell) }));
  return parts.length ? parts.join(" + ") : t("no water");
}

/** Each tower's cell -> {tower, cells within its range}: the server's display (F-31, F-32). */
function reachOf(ctx, player) {
  const towers = new Map(player.farm.map((e) => [key(e.cell), e]));
  return new Map(Object.entries(ctx.display.reach[player.seat]).map(([k, cells]) => [k, { tower: towers.get(k), cells }]));
}

function farmCell(st, entry, { labels, compact }) {
  const card = entry.card;
  const kind = entry.open_area ? "open" : kindOf(card);
  const d = designOf(st, card.design);
  if (compact) return compactCell(st, entry, kind, d);
  const parts = [];
  if (entry.open_area) {
    parts.push(h("div", { class: "fog-cell-open" }, h("b", {}, t("Open Area")), h("span", {}, t("was {name}", { name: d.name }))));
  } else {
    parts.push(kindBand(kind, [h("span", { class: "fog-band-type" }, labels.get(key(entry.cell)) || ""), vpBadge(kind === "water_tower" || kind === "silo" ? null : d.vp)]));
    parts.push(h("div", { class: `fog-cell-name${kind === "water_tower" || kind === "silo" ? " is-special" : ""}` }, d.name));
    parts.push(cellDetail(st, entry, kind, d));
  }
  if (entry.equipment.length) parts.push(h("div", { class: "fog-cell-eq" }, entry.equipment.map((t) => tileChip(st, t))));
  return parts;
}

function cellDetail(st, entry, kind, d) {
  if (kind === "water_tower") {
    const drops = [];
    for (let i = 0; i < entry.capacity; i++) drops.push(h("span", { class: `fog-drop${i < entry.water ? " is-full" : ""}` }));
    return h("div", { class: "fog-cell-detail" }, h("span", { class: "fog-drops", title: t("{n} of {capacity} water", { n: entry.water, capacity: entry.capacity }) }, drops), h("span", { class: "fog-range", title: t("range {n}", { n: entry.range }) }, t("r{n}", { n: entry.range })));
  }
  if (kind === "silo") return h("div", { class: "fog-cell-detail" }, icon("food", 12), h("span", { class: "fog-silo-note" }, t("food store")));
  const timing = d.ability ? timingLabel(d.ability.timing) : null;
  return h("div", { class: "fog-cell-detail" }, timing ? h("span", { class: `fog-timing fog-timing-${d.ability.timing}` }, timing) : null);
}

function compactCell(st, entry, kind, d) {
  if (kind === "open") return [h("span", { class: "fog-mini-letters" }, t("OA"))];
  const g = glyph("farm", kind);
  const parts = [
    s("svg", { class: "fog-band-bg", "aria-hidden": "true" }, shape("farm", kind, s("rect", { x: 0, y: 0, width: "100%", height: "100%" }), { stroke: "none" })),
    h("span", { class: "fog-mini-letters" }, kind === "water_tower" ? String(entry.water) : g.letter),
  ];
  if (entry.equipment.length) parts.push(h("span", { class: "fog-mini-eq", title: t("equipment") }, String(entry.equipment.length)));
  return parts;
}

function cellTitle(st, entry) {
  const d = designOf(st, entry.card.design);
  const eq = entry.equipment.map((t) => tileOf(st, t.design).name);
  let text = entry.open_area ? t("Open Area (was {name})", { name: d.name }) : `${d.name}${d.text ? ` — ${d.text}` : ""}`;
  if (entry.water !== undefined && !entry.open_area) text += " " + t("Water {n}/{capacity}, range {range}.", { n: entry.water, capacity: entry.capacity, range: entry.range });
  if (eq.length) text += " " + t("Equipment: {list}.", { list: eq.join(", ") });
  return `${text} (${key(entry.cell)})`;
}

/** The grid of one farm. `targets`: cell key -> {label, actions} for clickable cells. */
export function farmGrid(ctx, st, player, { compact = false, targets = new Map(), due = new Set(), testid } = {}) {
  const farm = player.farm;
  const occupied = new Map(farm.map((e) => [key(e.cell), e]));
  const labels = towerLabels(farm);
  const reach = compact ? new Map() : reachOf(ctx, player);
  const watered = new Map(); // empty cell -> towers with water that reach it
  for (const [tk, r] of reach) for (const c of r.cells) if (r.tower.water > 0) watered.set(c, [...(watered.get(c) || []), labels.get(tk)]);
  const cells = new Set(occupied.keys());
  const building = ["upkeep", "draw", "commit", "resolve", "pick"].includes(ctx.msg.view.phase);
  if (!compact && building) for (const e of farm) for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) cells.add(key([e.cell[0] + dx, e.cell[1] + dy]));
  for (const k of targets.keys()) cells.add(k);
  const xy = [...cells].map((k) => k.split(",").map(Number));
  const x0 = Math.min(...xy.map((c) => c[0]));
  const y0 = Math.min(...xy.map((c) => c[1]));
  const cols = Math.max(...xy.map((c) => c[0])) - x0 + 1;
  const rows = Math.max(...xy.map((c) => c[1])) - y0 + 1;
  const grid = h("div", {
    class: `fog-grid${compact ? " is-compact" : ""}${targets.size ? " has-targets" : ""}`,
    style: { "--cols": cols, "--rows": rows },
    "data-testid": testid || null,
    role: "group",
    "aria-label": t("Farm of {name}", { name: playerName(ctx.players, player.seat) }),
  });
  for (const [x, y] of xy) {
    const k = key([x, y]);
    const pos = { "grid-column": x - x0 + 1, "grid-row": y - y0 + 1 };
    const entry = occupied.get(k);
    const target = targets.get(k);
    grid.append(entry ? cardCell(ctx, st, entry, { pos, target, labels, compact, reach, due: due.has(entry.card.id) }) : slotCell(ctx, st, [x, y], { pos, target, watered: watered.get(k) }));
  }
  return grid;
}

function cardCell(ctx, st, entry, { pos, target, labels, compact, reach, due }) {
  const kind = entry.open_area ? "open" : kindOf(entry.card);
  const g = glyph("farm", kind === "open" ? "field" : kind);
  const k = key(entry.cell);
  const attrs = {
    class: `fog-cell fog-card fog-kind-${kind}${target ? " is-target" : ""}${due ? " is-due" : ""}`,
    style: { ...pos, "--kind": kind === "open" ? "#8d7b68" : g.colour },
    "data-cell": k,
    "data-card": entry.card.id,
    title: cellTitle(st, entry),
  };
  const body = farmCell(st, entry, { labels, compact });
  let node;
  if (target) {
    node = h("button", { ...attrs, type: "button", "data-action": target.actions[0].type, "data-testid": `fog-cell-${entry.cell[0]}_${entry.cell[1]}`, "aria-label": `${target.label} ${cellTitle(st, entry)}`, onclick: () => chooseCell(ctx, st, k, target) }, body, h("span", { class: "fog-target-tag" }, target.label));
  } else {
    // towers take the keyboard focus too: focusing one shows its range
    const focusable = !compact && kind === "water_tower";
    node = h("div", { ...attrs, tabindex: focusable ? "0" : null, "aria-label": focusable ? cellTitle(st, entry) : null, "data-testid": compact ? null : `fog-card-${entry.cell[0]}_${entry.cell[1]}` }, body);
  }
  if (reach && reach.has(k)) {
    const cells = reach.get(k).cells;
    const on = () => node.closest(".fog-grid").querySelectorAll("[data-cell]").forEach((c) => c.classList.toggle("in-reach", cells.includes(c.dataset.cell)));
    const off = () => node.closest(".fog-grid").querySelectorAll(".in-reach").forEach((c) => c.classList.remove("in-reach"));
    node.addEventListener("mouseenter", on);
    node.addEventListener("focus", on);
    node.addEventListener("mouseleave", off);
    node.addEventListener("blur", off);
  }
  return node;
}

function slotCell(ctx, st, cell, { pos, target, watered }) {
  const k = key(cell);
  const drop = watered ? h("span", { class: "fog-slot-water", title: t("in range of {towers}", { towers: watered.join(", ") }) }, icon("water", 11)) : null;
  if (!target) return h("div", { class: "fog-cell fog-slot", style: pos, "data-cell": k, "aria-hidden": "true" }, drop);
  return h(
    "button",
    {
      type: "button",
      class: "fog-cell fog-slot is-target",
      style: pos,
      "data-cell": k,
      "data-action": target.actions[0].type,
      "data-testid": `fog-cell-${cell[0]}_${cell[1]}`,
      "aria-label": t("{action} at {cell}", { action: target.label, cell: k }),
      title: watered ? t("{action} here ({cell}); water from {towers}", { action: target.label, cell: k, towers: watered.join(", ") }) : t("{action} here ({cell})", { action: target.label, cell: k }),
      onclick: () => chooseCell(ctx, st, k, target),
    },
    h("span", { class: "fog-slot-plus", "aria-hidden": "true" }, "+"),
    h("span", { class: "fog-target-tag" }, target.label),
    drop,
  );
}

function chooseCell(ctx, st, cellKey, target) {
  if (target.actions.length === 1) {
    st.pending = null;
    ctx.act(target.actions[0]);
    return;
  }
  st.pending = { cell: cellKey, label: target.label, actions: target.actions };
  refresh(st);
}
