// Fields of Green table view (issue 7). Rules: docs/rules/fields_of_green.md (F-… clauses).
//
// Every clickable cell and button comes from ctx.legal (the server's legal actions as action
// JSON): the module never decides legality itself. The water ranges drawn on the farm (F-31,
// F-32) are a display aid only. Card names, costs and texts come from the table's card set
// (GET /api/tables/{id}/catalog); until it arrives, design ids are shown prettified.

import { h, s, actionButton, seatName, tableStore, fetchJson, titleCase, plural, seatDot } from "../common.js";
import { glyph, shape, letters, installPatterns } from "../glyphs.js";

const NAME = "fields_of_green";
const TYPES = ["field", "livestock", "construction", "building"];
const TYPE_LABEL = { field: "Field", livestock: "Livestock", construction: "Construction", building: "Building", water_tower: "Water Tower", silo: "Silo" };
const TIMING_LABEL = { harvest: "Harvest", immediate: "When built", game_end: "Game end", placement: "When placed", ongoing: "Ongoing" };
const SPECIAL = {
  water_tower: { id: "water_tower", name: "Water Tower", type: "water_tower", cost: { coins: 2 }, vp: 0, text: "Holds water (3, more with equipment) and pays it for cells within its range." },
  silo: { id: "silo", name: "Silo", type: "silo", cost: {}, vp: 0, text: "Stores food: your food capacity grows by 4." },
};

// ------------------------------------------------------------------ per-table state

/** This view's stylesheet (games/fields_of_green.css), linked once per page. */
function installStyles() {
  if (document.getElementById("fog-styles")) return;
  document.head.append(h("link", { id: "fog-styles", rel: "stylesheet", href: "/static/games/fields_of_green.css" }));
}

/** The table id (the replay viewer's "<id>#replay-<seat>" keys share the table's store). */
function tableIdOf(ctx) {
  if (ctx.tableId) return String(ctx.tableId).split("#")[0];
  const found = /\/(?:play|watch|replay)\/([^/?#]+)/.exec(window.location.pathname);
  return found ? decodeURIComponent(found[1]) : "local";
}

function storeOf(ctx) {
  const st = tableStore(tableIdOf(ctx), NAME);
  if (!st.cards) {
    Object.assign(st, { cards: new Map(), tiles: new Map(), catalog: null, mode: null, selected: null, split: null, pending: null, version: -1 });
  }
  return st;
}

/** A finished game's outcome (scores, ranks, tie-break) from its record, for the end screen. */
function loadOutcome(st, ctx) {
  const tableId = tableIdOf(ctx);
  if (st.outcome || st.outcomeAsked || ctx.msg.status !== "finished" || tableId === "local") return;
  st.outcomeAsked = true;
  fetch(`/api/tables/${encodeURIComponent(tableId)}/record`)
    .then((r) => (r.ok ? r.text() : ""))
    .then((text) => {
      const last = text.trim().split("\n").pop();
      const row = last ? JSON.parse(last) : null;
      if (row && row.outcome) {
        st.outcome = row.outcome;
        if (ctx.rerender) ctx.rerender();
      }
    })
    .catch(() => {
      /* the scores of the game-over event stay */
    });
}

function loadCatalog(st, tableId) {
  if (st.catalogAsked || tableId === "local") return;
  st.catalogAsked = true;
  fetchJson(`/api/tables/${encodeURIComponent(tableId)}/catalog`)
    .then((body) => {
      if (!body || !body.catalog) return;
      st.catalog = indexCatalog(body.catalog);
      if (st.lastCtx && st.lastCtx.rerender) st.lastCtx.rerender();
      else refresh(st);
    })
    .catch(() => {
      /* names fall back to the design ids */
    });
}

function indexCatalog(data) {
  const locations = new Map((data.locations || []).map((d) => [d.id, d]));
  const tiles = new Map((data.equipment || []).map((d) => [d.id, d]));
  return { name: data.name, locations, tiles };
}

/** Remember the design of every card and tile the view shows (events name them by id). */
function learn(st, view) {
  const card = (c) => c && st.cards.set(c.id, c);
  const tile = (t) => t && st.tiles.set(t.id, t.design);
  for (const c of [...(view.hand || []), ...(view.display || []), ...(view.discard || [])]) card(c);
  card(view.commit);
  for (const p of view.players || []) {
    card(p.revealed);
    for (const e of p.farm) {
      card(e.card);
      e.equipment.forEach(tile);
    }
    p.set_aside.forEach(tile);
  }
  (view.equipment_discard || []).forEach(tile);
  (view.known_stack || []).forEach(([, t]) => tile(t));
  const d = view.decision;
  if (d) {
    (d.tiles || []).forEach(tile);
    tile(d.tile);
  }
}

function noteEvents(st, events) {
  for (const e of events || []) {
    if (e.kind === "game-over") st.scores = e.scores;
    if (e.kind === "build" && e.design && !st.cards.has(e.card)) st.cards.set(e.card, { id: e.card, design: e.design, kind: null });
    if (e.kind === "equip" || e.kind === "set-aside") st.tiles.set(e.tile_id, e.tile);
  }
}

/** Re-draw the last view after a local change (selection, mode), keeping keyboard focus. */
function refresh(st) {
  const ctx = st.lastCtx;
  if (!ctx || !ctx.root) return;
  const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.testid : null;
  ctx.root.replaceChildren();
  draw(ctx, st);
  if (focused) {
    const again = ctx.root.querySelector(`[data-testid="${CSS.escape(focused)}"]`);
    if (again) again.focus();
  }
}

// ------------------------------------------------------------------ card data

function designOf(st, designId) {
  const found = st.catalog && st.catalog.locations.get(designId);
  if (found) return found;
  if (SPECIAL[designId]) return SPECIAL[designId];
  return { id: designId, name: titleCase(designId), type: null, cost: {}, vp: null, text: "" };
}

function tileOf(st, designId) {
  const found = st.catalog && st.catalog.tiles.get(designId);
  return found || { id: designId, name: titleCase(designId || "tile"), text: "", timing: null, placement: null };
}

function cardName(st, cardId) {
  const c = st.cards.get(cardId);
  return c ? designOf(st, c.design).name : `card ${cardId}`;
}

function tileName(st, tileId) {
  const d = st.tiles.get(tileId);
  return d ? tileOf(st, d).name : `tile ${tileId}`;
}

function kindOf(card) {
  return card.kind || "field";
}

// ------------------------------------------------------------------ small helpers

const key = (cell) => `${cell[0]},${cell[1]}`;
const ofType = (legal, type) => legal.filter((a) => a.type === type);
const hasType = (legal, ...types) => legal.some((a) => types.includes(a.type));

/** A seat's display name; the shell's seatName tells namesakes apart ("Greedy bot (seat 4)"). */
const playerName = seatName;

function who(ctx, seat) {
  return seat === ctx.seat ? "You" : playerName(ctx.players, seat);
}

function nameList(names) {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

function costParts(cost) {
  const parts = [];
  for (const res of ["coins", "water", "food"]) {
    const n = cost && cost[res];
    if (typeof n === "number" && n > 0) parts.push([res, n]);
  }
  return parts;
}

function costText(cost) {
  const parts = costParts(cost);
  if (!parts.length) return "free";
  return parts.map(([res, n]) => plural(n, { coins: "coin", water: "water", food: "food" }[res], res === "coins" ? "coins" : res)).join(", ");
}

/** "1 coin", "3 coins", "2 food", "1 VP". */
function resourceText(n, res) {
  if (res === "vp") return `${n} VP`;
  if (res === "coins") return n === 1 ? "1 coin" : `${n} coins`;
  return `${n} ${res}`;
}

/** One line for a list of effects (used to label a choice). */
function effectsText(effects) {
  const parts = (effects || []).map((e) => {
    if (e.gain) return typeof e.amount === "number" ? resourceText(e.amount, e.gain) : `some ${e.gain === "vp" ? "VP" : e.gain}`;
    if (e.gain_equipment) return plural(e.gain_equipment, "equipment tile");
    if (e.refill_towers) return e.refill_towers === "all" ? "refill all Water Towers" : "refill nearby Water Towers";
    if (e.repeat_host) return "repeat the card's ability";
    if (e.choose) return "a choice";
    return "an effect";
  });
  return parts.length ? `Gain ${nameList(parts)}`.replace("Gain refill", "Refill").replace("Gain repeat", "Repeat") : "Nothing";
}

function findChoice(effects) {
  for (const e of effects || []) {
    if (e.choose) return e.choose;
  }
  return null;
}

/** Tower labels T1, T2 … in cell order (x, then y), as in the engine's menus. */
function towerLabels(farm) {
  const towers = farm.filter((e) => e.water !== undefined && !e.open_area);
  towers.sort((a, b) => a.cell[0] - b.cell[0] || a.cell[1] - b.cell[1]);
  return new Map(towers.map((e, i) => [key(e.cell), `T${i + 1}`]));
}

function waterText(water, labels) {
  const parts = Object.entries(water || {}).map(([cell, n]) => `${n} from ${labels.get(cell) || `tower ${cell}`}`);
  return parts.length ? parts.join(" + ") : "no water";
}

/** Cells within each tower's range: water distance (F-31) through occupied cells only. */
function towerReach(farm) {
  const occupied = new Set(farm.map((e) => key(e.cell)));
  const reach = new Map();
  for (const e of farm) {
    if (e.water === undefined || e.open_area) continue;
    const found = new Map([[key(e.cell), 0]]);
    let frontier = [e.cell];
    for (let d = 1; d <= (e.range || 0) && frontier.length; d++) {
      const next = [];
      for (const [x, y] of frontier) {
        for (const n of [[x - 1, y], [x + 1, y], [x, y - 1], [x, y + 1]]) {
          const k = key(n);
          if (found.has(k)) continue;
          found.set(k, d);
          if (occupied.has(k)) next.push(n);
        }
      }
      frontier = next;
    }
    reach.set(key(e.cell), { tower: e, cells: [...found.keys()] });
  }
  return reach;
}

// ------------------------------------------------------------------ icons

function icon(kind, size = 14) {
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
function amount(res, n, extra) {
  const label = { coins: "coins", water: "water", food: "food", vp: "VP" }[res] || res;
  return h("span", { class: `fog-amt fog-amt-${res}`, title: `${n} ${label}${extra || ""}` }, icon(res), h("span", { class: "fog-amt-n" }, String(n)), h("span", { class: "sr-only" }, ` ${label}`));
}

function costChips(cost) {
  const parts = costParts(cost);
  if (!parts.length) return h("span", { class: "fog-free" }, "free");
  return h("span", { class: "fog-cost" }, parts.map(([res, n]) => amount(res, n)));
}

/** A patterned band in the kind's colour (colour + pattern + letters or the kind's name:
 * colour-blind safe). */
function kindBand(kind, children, { letters: withLetters = true } = {}) {
  const g = glyph("farm", kind);
  const bg = s("svg", { class: "fog-band-bg", "aria-hidden": "true" }, shape("farm", kind, s("rect", { x: 0, y: 0, width: "100%", height: "100%" }), { stroke: "none" }));
  return h("div", { class: "fog-band", style: { "--kind": g.colour } }, bg, withLetters ? h("span", { class: "fog-letters", "aria-hidden": "true" }, g.letter) : null, ...children);
}

function vpBadge(vp) {
  if (vp === null || vp === undefined) return null;
  return h("span", { class: "fog-vp", title: `${vp} VP printed` }, icon("vp", 13), h("b", {}, String(vp)));
}

// ------------------------------------------------------------------ card faces

/** A full card face (hand, display, revealed): type, name, cost, VP and ability text. */
function cardFace(st, card, { testid, selected, onclick, disabled, note } = {}) {
  const d = designOf(st, card.design);
  const kind = kindOf(card);
  const ability = d.ability;
  const body = [
    kindBand(kind, [h("span", { class: "fog-band-type" }, TYPE_LABEL[kind] || kind), vpBadge(d.vp)], { letters: false }),
    h("div", { class: "fog-face-name" }, d.name),
    d.subtype ? h("div", { class: "fog-face-sub" }, titleCase(d.subtype)) : null,
    h("div", { class: "fog-face-cost" }, h("span", { class: "fog-face-label" }, "Cost"), costChips(d.cost)),
    h(
      "div",
      { class: "fog-face-text" },
      ability ? h("b", { class: `fog-timing fog-timing-${ability.timing}` }, TIMING_LABEL[ability.timing] || ability.timing) : null,
      " ",
      d.text ? d.text.replace(/^(Harvest|When built|Game end)( \(free\))?:\s*/, "") : "",
    ),
    note ? h("div", { class: "fog-face-note" }, note) : null,
  ];
  const attrs = {
    class: `fog-face fog-kind-${kind}${selected ? " is-selected" : ""}`,
    style: { "--kind": glyph("farm", kind).colour },
    "data-testid": testid || null,
    "data-card": card.id,
    "data-design": card.design,
    title: `${d.name} — ${TYPE_LABEL[kind] || kind}. Cost: ${costText(d.cost)}. ${d.vp ?? 0} VP. ${d.text || ""}`,
  };
  if (onclick) return h("button", { ...attrs, type: "button", onclick, disabled: Boolean(disabled), "aria-pressed": selected ? "true" : "false" }, body);
  return h("div", attrs, body);
}

/** An equipment tile face (keep, attach, set aside). */
function tileFace(st, tile, { testid, action, act, label } = {}) {
  const d = tileOf(st, tile.design);
  const fits = d.placement ? `${TYPE_LABEL[d.placement.on] || titleCase(d.placement.on)}${d.placement.keyword ? ` · ${titleCase(d.placement.keyword)}` : ""}` : "";
  const body = [
    kindBand("equipment", [h("span", { class: "fog-band-type" }, icon("gear", 12), " Equipment")], { letters: false }),
    h("div", { class: "fog-face-name" }, d.name),
    fits ? h("div", { class: "fog-tile-fits" }, "On: ", fits) : null,
    h("div", { class: "fog-face-text" }, d.timing ? h("b", { class: "fog-timing" }, TIMING_LABEL[d.timing] || d.timing) : null, " ", (d.text || "").replace(/^On [^.]*\.\s*/, "")),
  ];
  if (action) {
    return h("button", { type: "button", class: "fog-face fog-tile", style: { "--kind": glyph("farm", "equipment").colour }, "data-action": action.type, "data-testid": testid, onclick: () => act(action), title: `${label || "Choose"} ${d.name}` }, body, h("span", { class: "fog-face-cta" }, label || "Choose"));
  }
  return h("div", { class: "fog-face fog-tile", style: { "--kind": glyph("farm", "equipment").colour }, "data-testid": testid || null }, body);
}

function tileChip(st, tile) {
  const d = tileOf(st, tile.design);
  return h("span", { class: "fog-eq", title: `${d.name}: ${d.text || ""}`, "data-tile": tile.id }, icon("gear", 10), h("span", {}, d.name));
}

function cardChip(st, card) {
  if (!card) return null;
  const d = designOf(st, card.design);
  const kind = kindOf(card);
  const g = glyph("farm", kind);
  return h("span", { class: `fog-chip fog-kind-${kind}`, style: { "--kind": g.colour }, title: d.text || d.name }, h("span", { class: "fog-chip-letters" }, g.letter), d.name);
}

// ------------------------------------------------------------------ the farm grid

function farmCell(st, entry, { labels, compact }) {
  const card = entry.card;
  const kind = entry.open_area ? "open" : kindOf(card);
  const d = designOf(st, card.design);
  if (compact) return compactCell(st, entry, kind, d);
  const parts = [];
  if (entry.open_area) {
    parts.push(h("div", { class: "fog-cell-open" }, h("b", {}, "Open Area"), h("span", {}, `was ${d.name}`)));
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
    return h("div", { class: "fog-cell-detail" }, h("span", { class: "fog-drops", title: `${entry.water} of ${entry.capacity} water` }, drops), h("span", { class: "fog-range", title: `range ${entry.range}` }, `r${entry.range}`));
  }
  if (kind === "silo") return h("div", { class: "fog-cell-detail" }, icon("food", 12), h("span", { class: "fog-silo-note" }, "food store"));
  const timing = d.ability ? TIMING_LABEL[d.ability.timing] : null;
  return h("div", { class: "fog-cell-detail" }, timing ? h("span", { class: `fog-timing fog-timing-${d.ability.timing}` }, timing) : null);
}

function compactCell(st, entry, kind, d) {
  if (kind === "open") return [h("span", { class: "fog-mini-letters" }, "OA")];
  const g = glyph("farm", kind);
  const parts = [
    s("svg", { class: "fog-band-bg", "aria-hidden": "true" }, shape("farm", kind, s("rect", { x: 0, y: 0, width: "100%", height: "100%" }), { stroke: "none" })),
    h("span", { class: "fog-mini-letters" }, kind === "water_tower" ? String(entry.water) : g.letter),
  ];
  if (entry.equipment.length) parts.push(h("span", { class: "fog-mini-eq", title: "equipment" }, String(entry.equipment.length)));
  return parts;
}

function cellTitle(st, entry) {
  const d = designOf(st, entry.card.design);
  const eq = entry.equipment.map((t) => tileOf(st, t.design).name);
  let text = entry.open_area ? `Open Area (was ${d.name})` : `${d.name}${d.text ? ` — ${d.text}` : ""}`;
  if (entry.water !== undefined && !entry.open_area) text += ` Water ${entry.water}/${entry.capacity}, range ${entry.range}.`;
  if (eq.length) text += ` Equipment: ${eq.join(", ")}.`;
  return `${text} (${key(entry.cell)})`;
}

/** The grid of one farm. `targets`: cell key -> {label, actions} for clickable cells. */
function farmGrid(ctx, st, player, { compact = false, targets = new Map(), due = new Set(), testid } = {}) {
  const farm = player.farm;
  const occupied = new Map(farm.map((e) => [key(e.cell), e]));
  const labels = towerLabels(farm);
  const reach = compact ? new Map() : towerReach(farm);
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
    "aria-label": `Farm of ${playerName(ctx.players, player.seat)}`,
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
  const drop = watered ? h("span", { class: "fog-slot-water", title: `in range of ${watered.join(", ")}` }, icon("water", 11)) : null;
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
      "aria-label": `${target.label} at ${k}`,
      title: `${target.label} here (${k})${watered ? `; water from ${watered.join(", ")}` : ""}`,
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

// ------------------------------------------------------------------ what the viewer may do

const CARD_ACTIONS = ["build", "build-tower", "build-silo", "market", "restore"];

/** The card of a legal action with the same design as ``cardId`` (copies of a design are
 * interchangeable, and the menu lists only one of them). */
function legalCardFor(ctx, st, cardId, types) {
  const design = st.cards.get(cardId)?.design;
  const found = ctx.legal.find((a) => types.includes(a.type) && st.cards.get(a.card)?.design === design);
  return found ? found.card : null;
}

/** The card the action buttons apply to: the revealed one, or the selected display card. */
function activeCard(ctx, st) {
  const cards = ctx.legal.filter((a) => CARD_ACTIONS.includes(a.type)).map((a) => a.card);
  if (!cards.length) return null;
  if (ctx.msg.view.phase === "resolve") return cards[0];
  return st.selected === null ? null : legalCardFor(ctx, st, st.selected, CARD_ACTIONS);
}

function cardActions(legal, card) {
  const of = (type) => legal.filter((a) => a.type === type && a.card === card);
  return { build: of("build"), "build-tower": of("build-tower"), "build-silo": of("build-silo"), restore: of("restore"), market: of("market") };
}

const MODE_LABEL = { build: "Build", "build-tower": "Tower", "build-silo": "Silo", restore: "Restore", place: "Place" };

function farmTargets(ctx, st) {
  const targets = new Map();
  const add = (cell, label, a) => {
    const k = key(cell);
    if (!targets.has(k)) targets.set(k, { label, actions: [] });
    targets.get(k).actions.push(a);
  };
  for (const a of ofType(ctx.legal, "place")) add(a.cell, "Place", a);
  const card = activeCard(ctx, st);
  if (card !== null && st.mode && st.mode !== "market") {
    for (const a of cardActions(ctx.legal, card)[st.mode] || []) add(a.cell, MODE_LABEL[st.mode], a);
  }
  return targets;
}

/** Keep the local selection in line with a new view: a half-made choice (water split) is
 * dropped, a selected card that left the hand or display is forgotten. */
function sync(ctx, st) {
  const msg = ctx.msg;
  if (st.version === msg.version) return;
  st.version = msg.version;
  st.pending = null;
  const view = msg.view;
  const shown = new Set([...(view.hand || []), ...(view.display || [])].map((c) => c.id));
  if (!shown.has(st.selected)) st.selected = null;
}

/** The action mode (which cells light up): Build by default whenever the active card changes. */
function ensureMode(ctx, st) {
  const active = activeCard(ctx, st);
  if (active === null) {
    st.mode = null;
    st.modeCard = null;
  } else if (st.modeCard !== active) {
    st.mode = cardActions(ctx.legal, active).build.length ? "build" : null;
    st.modeCard = active;
  }
}

// ------------------------------------------------------------------ status and supply

function statusBar(ctx, st) {
  const v = ctx.msg.view;
  const n = v.num_players;
  const year = h("span", { class: "fog-year", "data-testid": "fog-year" }, "Year ", h("b", {}, String(v.year)), " of 4", h("span", { class: "fog-pips", "aria-hidden": "true" }, [1, 2, 3, 4].map((y) => h("span", { class: `fog-pip${y < v.year ? " is-done" : y === v.year ? " is-now" : ""}` }))));
  const phase = h("span", { class: "fog-phase", "data-testid": "fog-phase" }, PHASE_LABEL[v.phase] || titleCase(v.phase));
  const first = h("span", { class: "fog-first", title: "First player this year (acts first in every step)" }, "First: ", seatDot(v.first_player), who(ctx, v.first_player));
  const items = [year, phase, first];
  if (n >= 3 && v.phase !== "over") {
    const arrow = v.direction === 1 ? "↻" : "↺";
    const text = ctx.seat === null || ctx.seat === undefined ? `Hands pass ${v.direction === 1 ? "clockwise (to seat +1)" : "counter-clockwise (to seat −1)"} this year` : `This year your hand passes to ${playerName(ctx.players, (ctx.seat + v.direction + n) % n)}`;
    items.push(h("span", { class: "fog-direction", "data-testid": "fog-direction", title: "Passing direction this year" }, h("span", { class: "fog-arrow", "aria-hidden": "true" }, arrow), text));
  }
  return h("div", { class: "fog-status" }, items);
}

const PHASE_LABEL = {
  upkeep: "Upkeep",
  draw: "Upkeep: choose your draw",
  commit: "Action phase: choose a card",
  resolve: "Action phase: use the revealed cards",
  pick: "Action phase: pick from the display",
  harvest: "Harvest",
  final: "Final choices",
  over: "Game over",
};

/** A small patterned square in a kind's colour with its letters (a pile, a farm card kind). */
function swatch(kind, size = 22) {
  return s(
    "svg",
    { viewBox: "0 0 24 24", width: size, height: size, class: "fog-swatch", "aria-hidden": "true" },
    shape("farm", kind, s("rect", { x: 1, y: 1, width: 22, height: 22, rx: 4 })),
    letters("farm", kind, 12, 12.5, 10),
  );
}

function pileItem(kind, label, count, testid) {
  return h("li", { class: "fog-pile", title: `${label}: ${count} left`, "data-testid": testid }, swatch(kind), h("span", { class: "fog-pile-name" }, label), h("b", {}, String(count)));
}

function supplyPanel(ctx, st) {
  const v = ctx.msg.view;
  const piles = v.pile_names.map((label, i) => pileItem(TYPES[i], label, v.pile_sizes[i], `fog-pile-${TYPES[i]}`));
  piles.push(pileItem("water_tower", "Water Towers", v.water_towers_left, "fog-pile-water_tower"));
  piles.push(pileItem("silo", "Silos", v.silos_left, "fog-pile-silo"));
  piles.push(pileItem("equipment", "Equipment", v.equipment_left, "fog-pile-equipment"));
  const discard = h(
    "details",
    { class: "fog-discard" },
    h("summary", {}, `Discard pile: ${plural(v.discard.length, "card")}${v.equipment_discard.length ? `, ${plural(v.equipment_discard.length, "tile")}` : ""}`),
    h("div", { class: "fog-chips" }, v.discard.map((c) => cardChip(st, c)), v.equipment_discard.map((t) => tileChip(st, t))),
  );
  return h("section", { class: "fog-panel fog-supply", "data-testid": "fog-supply" }, h("h3", {}, "Supply"), h("ul", { class: "fog-piles" }, piles), discard);
}

// ------------------------------------------------------------------ players

function resources(player, { compact } = {}) {
  const water = player.farm.filter((e) => e.water !== undefined && !e.open_area);
  const w = water.reduce((t, e) => t + e.water, 0);
  const cap = water.reduce((t, e) => t + e.capacity, 0);
  return h(
    "div",
    { class: `fog-res${compact ? " is-compact" : ""}`, "data-testid": `fog-res-${player.seat}` },
    amount("coins", player.coins),
    amount("food", `${player.food}/${player.food_capacity}`, " (held / capacity)"),
    amount("water", `${w}/${cap}`, " in towers (held / capacity)"),
    amount("vp", player.vp_tokens, " tokens"),
  );
}

function playerFlags(ctx, st, player) {
  const v = ctx.msg.view;
  const flags = [];
  if (player.hand_size) flags.push(h("span", { class: "fog-flag", title: "cards in hand" }, icon("hand", 12), ` ${player.hand_size}`));
  if (v.phase === "commit" && player.hand_size) flags.push(h("span", { class: `fog-flag${player.committed ? " is-ok" : ""}` }, player.committed ? "✓ committed" : "choosing…"));
  if (player.split && (v.phase === "draw" || v.phase === "upkeep")) flags.push(h("span", { class: "fog-flag", title: "draw split: fields / livestock / constructions / buildings" }, `drew ${player.split.join("/")}`));
  if (player.set_aside.length) flags.push(h("span", { class: "fog-flag", title: player.set_aside.map((t) => tileOf(st, t.design).name).join(", ") }, icon("gear", 11), ` ${player.set_aside.length} set aside`));
  return flags;
}

function othersPanel(ctx, st) {
  const v = ctx.msg.view;
  const seats = v.players.map((p) => p.seat).filter((q) => q !== ctx.seat);
  const list = seats.map((q) => otherPlayer(ctx, st, v.players[q]));
  return h("section", { class: "fog-panel fog-others" }, h("h3", {}, ctx.seat === null || ctx.seat === undefined ? "Farms" : "Other farms"), list);
}

function otherPlayer(ctx, st, p) {
  const v = ctx.msg.view;
  const moving = (ctx.msg.to_move || []).includes(p.seat);
  const known = (v.known_hands || {})[String(p.seat)];
  return h(
    "article",
    { class: `fog-other${moving ? " is-moving" : ""}`, "data-testid": `fog-player-${p.seat}` },
    h("header", {}, seatDot(p.seat), h("b", {}, playerName(ctx.players, p.seat)), moving ? h("span", { class: "fog-moving" }, "on the move") : null),
    resources(p, { compact: true }),
    h("div", { class: "fog-flags" }, playerFlags(ctx, st, p)),
    p.revealed ? h("div", { class: "fog-revealed-line" }, "Revealed: ", cardChip(st, p.revealed)) : null,
    known && known.length
      ? h("div", { class: "fog-known", title: "You saw these cards when this hand passed through yours" }, "Seen in hand: ", known.map((id) => cardChip(st, st.cards.get(id)) || h("span", { class: "fog-flag" }, "a card")))
      : null,
    h("div", { class: "fog-grid-wrap" }, farmGrid(ctx, st, p, { compact: true, testid: `fog-farm-${p.seat}` })),
  );
}

function legendText(ctx) {
  const phase = ctx.msg.view.phase;
  if (phase === "over") return null;
  if (phase === "harvest" || phase === "final") return [h("span", { class: "fog-legend-due" }), " = a card still waiting for your decision. Hover or focus a Water Tower to see its range."];
  return [icon("water", 11), " = an empty cell a tower with water reaches. Hover or focus a Water Tower to see its range."];
}

/** Cards with a harvest or game-end decision still open (from the legal actions). */
function dueCards(ctx) {
  return new Set(ctx.legal.filter((a) => ["pay-harvest", "decline", "pay-end"].includes(a.type)).map((a) => a.card));
}

function myFarmPanel(ctx, st, seat) {
  const p = ctx.msg.view.players[seat];
  const targets = farmTargets(ctx, st);
  const aside = p.set_aside.length
    ? h("div", { class: "fog-aside" }, h("span", { class: "fog-face-label" }, "Set aside (1 VP each at the end unless attached):"), p.set_aside.map((t) => tileChip(st, t)))
    : null;
  return h(
    "section",
    { class: "fog-panel fog-myfarm", "data-testid": "fog-my-farm" },
    h("header", { class: "fog-myfarm-head" }, h("h3", {}, "Your farm"), resources(p)),
    h("div", { class: "fog-grid-wrap" }, farmGrid(ctx, st, p, { targets, due: dueCards(ctx), testid: "fog-farm-mine" })),
    ctx.msg.view.phase === "over" ? null : h("p", { class: "fog-legend" }, legendText(ctx)),
    aside,
  );
}

// ------------------------------------------------------------------ hand, display, revealed cards

/** Prompt first; then what the player acts on next (the hand to commit from, the display
 * to pick from, the farm to build on), then the rest. */
function mainColumn(ctx, st) {
  const v = ctx.msg.view;
  const display = v.phase === "pick" || (v.display || []).length ? displayRow(ctx, st) : null;
  const hand = (v.hand || []).length || v.commit ? handRow(ctx, st) : null;
  const revealed = v.phase === "resolve" ? revealedRow(ctx, st) : null;
  const farms = mainFarms(ctx, st);
  const prompt = v.phase === "over" ? null : promptPanel(ctx, st); // the shell shows the end screen
  const deciding = v.decision && ctx.legal.length;
  if (v.phase === "commit" || v.phase === "draw") return [prompt, hand, farms, display, revealed];
  if (v.phase === "pick" && !deciding) return [prompt, display, farms, hand];
  return [prompt, farms, revealed, display, hand];
}

function handRow(ctx, st) {
  const v = ctx.msg.view;
  const choosing = hasType(ctx.legal, "commit");
  const cards = (v.hand || []).map((c) => {
    const can = choosing && legalCardFor(ctx, st, c.id, ["commit"]) !== null;
    return cardFace(st, c, {
      testid: `fog-hand-${c.id}`,
      selected: choosing && st.selected === c.id,
      onclick: choosing ? () => selectCard(st, c.id) : null,
      disabled: choosing && !can,
    });
  });
  const committed = v.commit ? h("div", { class: "fog-committed" }, h("span", { class: "fog-face-label" }, "Your committed card (hidden from the others until the reveal)"), cardFace(st, v.commit, { testid: "fog-committed" })) : null;
  return h("section", { class: "fog-panel fog-hand" }, h("h3", {}, `Your hand (${(v.hand || []).length})`), h("div", { class: "fog-row" }, cards), committed);
}

function displayRow(ctx, st) {
  const v = ctx.msg.view;
  const picking = hasType(ctx.legal, ...CARD_ACTIONS);
  const cards = (v.display || []).map((c) => {
    const can = picking && legalCardFor(ctx, st, c.id, CARD_ACTIONS) !== null;
    return cardFace(st, c, { testid: `fog-display-${c.id}`, selected: can && st.selected === c.id, onclick: can ? () => selectCard(st, c.id) : null });
  });
  return h("section", { class: "fog-panel fog-display" }, h("h3", {}, "Display ", h("small", {}, `(${v.shared_size} more face down in the shared pile)`)), h("div", { class: "fog-row" }, cards));
}

function revealedRow(ctx, st) {
  const v = ctx.msg.view;
  const rows = v.players
    .filter((p) => p.revealed)
    .map((p) => h("div", { class: "fog-revealed" }, h("span", { class: "fog-face-label" }, seatDot(p.seat), who(ctx, p.seat)), cardFace(st, p.revealed, { testid: `fog-revealed-${p.seat}` })));
  return h("section", { class: "fog-panel fog-reveal" }, h("h3", {}, "Revealed this turn (used in turn order)"), h("div", { class: "fog-row" }, rows));
}

function selectCard(st, cardId) {
  st.selected = cardId;
  st.pending = null;
  refresh(st);
}

// ------------------------------------------------------------------ the prompt: what to do now

function promptPanel(ctx, st) {
  const legal = ctx.legal;
  const box = h("section", { class: "fog-panel fog-prompt", "data-testid": "fog-prompt", "data-my-turn": legal.length ? "true" : "false" });
  if (!legal.length) {
    box.append(waitingText(ctx));
    return box;
  }
  const builders = [
    [["place-water"], waterPrompt],
    [["draw-split"], drawPrompt],
    [["commit"], commitPrompt],
    [["keep"], keepPrompt],
    [["place", "set-aside"], placePrompt],
    [["attach", "skip-attach"], attachPrompt],
    [["choose"], choosePrompt],
    [["pay", "skip"], optionalPrompt],
    [["pay-harvest", "decline", "end-harvest"], harvestPrompt],
    [["pay-end", "end-scoring"], finalPrompt],
    [["build", "build-tower", "build-silo", "market", "restore"], actionPrompt],
  ];
  for (const [types, build] of builders) {
    if (hasType(legal, ...types)) {
      box.append(...build(ctx, st).flat().filter(Boolean));
      return box;
    }
  }
  box.append(h("p", {}, "Choose an action:"), h("div", { class: "fog-buttons" }, legal.map((a, i) => actionButton({ label: a.type, action: a, act: ctx.act, testid: `fog-any-${i}` }))));
  return box;
}

function title(text, hint) {
  return [h("h2", { class: "fog-prompt-title" }, text), hint ? h("p", { class: "fog-hint" }, hint) : null];
}

const DOING_PHASE = { draw: "choosing a draw", commit: "choosing a card", resolve: "using a revealed card", pick: "picking from the display", harvest: "harvesting", final: "making final choices", upkeep: "placing water" };
const DOING_DECISION = { water: "placing water", keep: "choosing an equipment tile", place: "placing equipment", attach: "attaching equipment", choose: "choosing an effect", optional: "deciding on an optional cost" };

function waitingText(ctx) {
  const v = ctx.msg.view;
  const movers = (ctx.msg.to_move || []).map((q) => playerName(ctx.players, q));
  const doing = (v.decision && DOING_DECISION[v.decision.kind]) || DOING_PHASE[v.phase] || "thinking";
  const me = ctx.seat !== null && ctx.seat !== undefined ? v.players[ctx.seat] : null;
  const hint = me && v.phase === "commit" && me.committed ? "You have committed your card; the cards are revealed when everybody has." : null;
  return h("div", { class: "fog-waiting", "data-testid": "fog-waiting" }, ...title(movers.length ? `Waiting for ${nameList(movers)}: ${doing}` : "Waiting…", hint));
}

function drawPrompt(ctx, st) {
  const v = ctx.msg.view;
  const splits = ofType(ctx.legal, "draw-split");
  const asList = (a) => [a.field, a.livestock, a.construction, a.building];
  if (!st.split || st.splitVersion !== v.year) {
    const balanced = splits.find((a) => asList(a).join() === "2,2,1,1");
    st.split = asList(balanced || splits[0]);
    st.splitVersion = v.year;
  }
  const chosen = splits.find((a) => asList(a).join() === st.split.join());
  const total = st.split.reduce((a, b) => a + b, 0);
  const step = (i, d) => () => {
    st.split = st.split.map((n, j) => (j === i ? Math.max(0, n + d) : n));
    refresh(st);
  };
  const cols = v.pile_names.map((label, i) =>
    h(
      "div",
      { class: "fog-split-col" },
      h("div", { class: "fog-split-head" }, swatch(TYPES[i], 20), h("b", {}, label)),
      h("div", { class: "fog-split-left" }, `${v.pile_sizes[i]} left`),
      h(
        "div",
        { class: "fog-stepper" },
        h("button", { type: "button", class: "btn", "data-testid": `fog-split-minus-${i}`, "aria-label": `one ${label} fewer`, disabled: st.split[i] === 0, onclick: step(i, -1) }, "−"),
        h("output", { class: "fog-split-n", "data-testid": `fog-split-${i}`, "aria-label": `${label} to draw` }, String(st.split[i])),
        h("button", { type: "button", class: "btn", "data-testid": `fog-split-plus-${i}`, "aria-label": `one ${label} more`, disabled: st.split[i] >= v.pile_sizes[i], onclick: step(i, 1) }, "+"),
      ),
    ),
  );
  const others = v.players.filter((p) => p.split && p.seat !== ctx.seat).map((p) => `${playerName(ctx.players, p.seat)} drew ${p.split.join(" / ")}`);
  const problem = chosen ? null : total !== 6 ? `Choose ${total < 6 ? `${6 - total} more` : `${total - 6} fewer`} (6 cards in all).` : "Take cards from at least 3 different piles.";
  const duel = v.num_players === 2 ? " Both draws are shuffled face down into a shared pile; 6 cards are turned up as the display." : " They form your hand.";
  return [
    ...title("Draw your cards for this year", `Choose how many cards to take from each pile, before seeing any: 6 in all, from at least 3 piles.${duel}`),
    h("div", { class: "fog-split" }, cols),
    others.length ? h("p", { class: "fog-hint" }, others.join(" · ")) : null,
    h(
      "div",
      { class: "fog-buttons" },
      actionButton({ label: `Draw these ${total} cards`, action: chosen, act: ctx.act, testid: "fog-draw-confirm", primary: true, disabled: !chosen, key: "d" }),
      problem ? h("span", { class: "fog-problem", role: "alert" }, problem) : null,
    ),
  ];
}

function commitPrompt(ctx, st) {
  const v = ctx.msg.view;
  const n = v.num_players;
  const commits = ofType(ctx.legal, "commit");
  const me = ctx.seat;
  const to = playerName(ctx.players, (me + v.direction + n) % n);
  const from = playerName(ctx.players, (me - v.direction + n) % n);
  const pickedCard = st.selected === null ? null : legalCardFor(ctx, st, st.selected, ["commit"]);
  const picked = commits.find((a) => a.card === pickedCard);
  const waiting = v.players.filter((p) => p.seat !== me && p.hand_size && !p.committed).map((p) => playerName(ctx.players, p.seat));
  const done = v.players.filter((p) => p.seat !== me && p.committed).map((p) => playerName(ctx.players, p.seat));
  return [
    ...title("Choose a card to play this turn", `Pick one card of your hand; it stays hidden until everybody has chosen. The rest of your hand then passes to ${to}, and you receive ${from}'s hand.`),
    h(
      "div",
      { class: "fog-buttons" },
      actionButton({ label: picked ? `Commit ${cardName(st, picked.card)}` : "Select a card in your hand", action: picked || null, act: ctx.act, testid: "fog-commit", primary: true, disabled: !picked, key: "c" }),
    ),
    h("p", { class: "fog-hint" }, done.length ? `Committed: ${nameList(done)}. ` : "", waiting.length ? `Still choosing: ${nameList(waiting)}.` : ""),
  ];
}

function actionPrompt(ctx, st) {
  const v = ctx.msg.view;
  const card = activeCard(ctx, st);
  if (card === null) {
    return title("Pick a card from the display", "Click a card of the display below to see what you can do with it: build it, or discard it to build a Water Tower or Silo, restore an Open Area, or go to the market.");
  }
  const acts = cardActions(ctx.legal, card);
  const d = designOf(st, st.cards.get(card)?.design);
  const heading = v.phase === "pick" ? `Use ${d.name} from the display` : `Use your revealed card: ${d.name}`;
  const mode = (m, label, sub, testid) =>
    acts[m].length
      ? h("button", { type: "button", class: `btn fog-mode${st.mode === m ? " is-on" : ""}`, "data-mode": m, "data-testid": testid, "aria-pressed": st.mode === m ? "true" : "false", onclick: () => setMode(st, m) }, h("b", {}, label), h("small", {}, sub))
      : null;
  const modes = [
    mode("build", `Build ${d.name}`, `pay ${costText(d.cost)}`, "fog-mode-build"),
    mode("build-tower", "Water Tower", "discard it, pay 2 coins", "fog-mode-tower"),
    mode("build-silo", "Silo", "discard it, free", "fog-mode-silo"),
    mode("restore", "Restore an Open Area", "discard it, pay 1 coin", "fog-mode-restore"),
  ];
  const bonus = marketBonus(ctx, st);
  const market = acts.market.map((a) =>
    actionButton({
      label: h("span", {}, h("b", {}, a.food ? `Market: sell ${a.food} food` : "Go to market"), h("small", {}, `discard it, gain ${2 + 2 * a.food + bonus} coins`)),
      action: a,
      act: ctx.act,
      testid: `fog-market-${a.food}`,
      extraClass: "fog-mode",
    }),
  );
  const hint = !acts.build.length ? `${d.name} cannot be built now (its cost cannot be paid, or no tower can water a free cell).` : null;
  const face = cardFace(st, st.cards.get(card) || { id: card, design: "", kind: null }, { testid: "fog-active-card" });
  return [
    h(
      "div",
      { class: "fog-active" },
      face,
      h("div", { class: "fog-active-body" }, ...title(heading, hint), h("div", { class: "fog-modes" }, modes, market), modeHint(ctx, st), pendingChoice(ctx, st)),
    ),
  ];
}

function marketBonus(ctx, st) {
  if (!st.catalog || ctx.seat === null || ctx.seat === undefined) return 0;
  let bonus = 0;
  for (const e of ctx.msg.view.players[ctx.seat].farm) {
    if (e.open_area) continue;
    for (const t of e.equipment) for (const m of tileOf(st, t.design).modifiers || []) bonus += m.market_bonus || 0;
  }
  return bonus;
}

function setMode(st, mode) {
  st.mode = mode;
  st.pending = null;
  refresh(st);
}

function modeHint(ctx, st) {
  if (!st.mode) return null;
  const text = {
    build: "Click a highlighted cell of your farm to build there. Cells marked with a drop are in reach of a tower with water.",
    "build-tower": "Click a highlighted cell of your farm for the new Water Tower (it starts with 3 water).",
    "build-silo": "Click a highlighted cell of your farm for the new Silo.",
    restore: "Click a highlighted Open Area of your farm to turn it face up again.",
  }[st.mode];
  return h("p", { class: "fog-hint fog-mode-hint", "data-testid": "fog-mode-hint" }, text);
}

function pendingChoice(ctx, st) {
  if (!st.pending) return null;
  const labels = towerLabels(ctx.msg.view.players[ctx.seat].farm);
  return h(
    "div",
    { class: "fog-pending", "data-testid": "fog-water-choice" },
    h("p", {}, `${st.pending.label} at ${st.pending.cell}: where should the water come from?`),
    h(
      "div",
      { class: "fog-buttons" },
      st.pending.actions.map((a, i) => actionButton({ label: waterText(a.water, labels), action: a, act: ctx.act, testid: `fog-water-${i}`, primary: i === 0 })),
      h("button", { type: "button", class: "btn", "data-testid": "fog-water-cancel", onclick: () => setMode(st, st.mode) }, "Cancel"),
    ),
  );
}

function waterPrompt(ctx, st) {
  const v = ctx.msg.view;
  const d = v.decision || {};
  const labels = towerLabels(v.players[ctx.seat].farm);
  const options = ofType(ctx.legal, "place-water");
  return [
    ...title(`Place ${d.amount || 0} water on your Water Towers`, "Water never moves between towers later; what does not fit is lost."),
    h(
      "div",
      { class: "fog-buttons" },
      options.map((a, i) => {
        const parts = Object.entries(a.water).map(([cell, n]) => `${n} on ${labels.get(cell) || cell}`);
        return actionButton({ label: parts.length ? parts.join(", ") : "nothing fits", action: a, act: ctx.act, testid: `fog-place-water-${i}`, primary: i === 0 });
      }),
    ),
  ];
}

function keepPrompt(ctx, st) {
  const v = ctx.msg.view;
  const tiles = (v.decision && v.decision.tiles) || [];
  const keep = new Map(ofType(ctx.legal, "keep").map((a) => [a.tile, a]));
  return [
    ...title("Keep one equipment tile", "The others go to the bottom of the stack. Next you place the kept tile on a card it fits, or set it aside."),
    h("div", { class: "fog-row" }, tiles.filter((t) => keep.has(t.id)).map((t) => tileFace(st, t, { testid: `fog-keep-${t.id}`, action: keep.get(t.id), act: ctx.act, label: "Keep" }))),
  ];
}

function placePrompt(ctx, st) {
  const v = ctx.msg.view;
  const tile = v.decision && v.decision.tile;
  const aside = ofType(ctx.legal, "set-aside")[0];
  const places = ofType(ctx.legal, "place");
  return [
    ...title(
      tile ? `Place ${tileName(st, tile.id)}` : "Place your equipment tile",
      places.length ? "Click a highlighted card of your farm to put the tile on it, or set it aside (1 VP at the end unless you attach it to a card you build later)." : "No card of your farm fits this tile: set it aside (1 VP at the end unless attached later).",
    ),
    tile ? h("div", { class: "fog-row" }, tileFace(st, tile)) : null,
    h("div", { class: "fog-buttons" }, aside ? actionButton({ label: "Set it aside", action: aside, act: ctx.act, testid: "fog-set-aside", key: "s" }) : null),
  ];
}

function attachPrompt(ctx, st) {
  const v = ctx.msg.view;
  const card = v.decision && v.decision.card;
  const me = v.players[ctx.seat];
  const skip = ofType(ctx.legal, "skip-attach")[0];
  const tiles = ofType(ctx.legal, "attach").map((a) => tileFace(st, me.set_aside.find((t) => t.id === a.tile) || { id: a.tile, design: st.tiles.get(a.tile) }, { testid: `fog-attach-${a.tile}`, action: a, act: ctx.act, label: "Attach" }));
  return [
    ...title(`Attach set-aside equipment to ${cardName(st, card)}?`, "Set-aside tiles can only be attached now, while you build a card they fit."),
    h("div", { class: "fog-row" }, tiles),
    h("div", { class: "fog-buttons" }, actionButton({ label: "Done, attach nothing more", action: skip, act: ctx.act, testid: "fog-skip-attach", key: "s" })),
  ];
}

function choosePrompt(ctx, st) {
  const v = ctx.msg.view;
  const card = v.decision && v.decision.card;
  const d = designOf(st, st.cards.get(card)?.design);
  const options = findChoice(d.ability && d.ability.effects);
  return [
    ...title(`${d.name}: choose one`, d.text || null),
    h(
      "div",
      { class: "fog-buttons" },
      ofType(ctx.legal, "choose").map((a) => actionButton({ label: options && options[a.index] ? effectsText(options[a.index]) : `Option ${a.index + 1}`, action: a, act: ctx.act, testid: `fog-choose-${a.index}`, primary: a.index === 0 })),
    ),
  ];
}

function optionalPrompt(ctx, st) {
  const v = ctx.msg.view;
  const card = v.decision && v.decision.card;
  const d = designOf(st, st.cards.get(card)?.design);
  const labels = towerLabels(v.players[ctx.seat].farm);
  const pays = ofType(ctx.legal, "pay");
  return [
    ...title(`Pay for ${d.name}'s ability?`, d.text || "This ability has a cost; you may pay it or skip it."),
    h(
      "div",
      { class: "fog-buttons" },
      pays.map((a, i) => actionButton({ label: Object.keys(a.water || {}).length ? `Pay (${waterText(a.water, labels)})` : "Pay", action: a, act: ctx.act, testid: `fog-pay-${i}`, primary: i === 0 })),
      actionButton({ label: "Skip", action: ofType(ctx.legal, "skip")[0], act: ctx.act, testid: "fog-skip", key: "s" }),
    ),
  ];
}

/** Harvest (F-58 … F-62) and final choices (F-72): one row per item of the menu. */
function itemRows(ctx, st, payType, declineType) {
  const v = ctx.msg.view;
  const me = v.players[ctx.seat];
  const labels = towerLabels(me.farm);
  const items = new Map();
  for (const a of ctx.legal) {
    if (a.type !== payType && a.type !== declineType) continue;
    const k = `${a.card}/${a.tile ?? "-"}`;
    if (!items.has(k)) items.set(k, { card: a.card, tile: a.tile, pays: [], decline: null });
    if (a.type === payType) items.get(k).pays.push(a);
    else items.get(k).decline = a;
  }
  const list = [...items.values()].sort((a, b) => Number(!a.pays.length) - Number(!b.pays.length));
  return { rows: list.map((it) => itemRow(ctx, st, it, me, labels, payType)), items: list };
}

function itemRow(ctx, st, it, me, labels, payType) {
  const entry = me.farm.find((e) => e.card.id === it.card);
  const tile = it.tile !== null && it.tile !== undefined ? entry && entry.equipment.find((t) => t.id === it.tile) : null;
  const cardD = designOf(st, entry ? entry.card.design : st.cards.get(it.card)?.design);
  const tileD = tile ? tileOf(st, tile.design) : null;
  const id = `${it.card}-${it.tile ?? "x"}`;
  const what = tileD ? [h("b", {}, tileD.name), h("small", {}, ` on ${cardD.name}`)] : [h("b", {}, cardD.name)];
  const text = ((tileD ? tileD.text : cardD.text) || "").replace(/^On [^.]*\.\s*/, "").replace(/^(Harvest|Game end)( \(free\))?:\s*/, "");
  const pays = it.pays.map((a, i) =>
    actionButton({ label: Object.keys(a.water || {}).length ? `Pay: ${waterText(a.water, labels)}` : "Pay", action: a, act: ctx.act, testid: `fog-${payType}-${id}-${i}`, primary: i === 0, extraClass: "btn-small" }),
  );
  const declineTitle = tile ? "Do not use this tile this harvest" : "Decline: the card turns face down into an Open Area";
  const decline = it.decline
    ? actionButton({ label: tile ? "Skip" : "Decline", action: it.decline, act: ctx.act, testid: `fog-decline-${id}`, title: declineTitle, extraClass: "btn-small" })
    : null;
  return h(
    "li",
    { class: `fog-item${pays.length ? "" : " is-stuck"}`, "data-testid": `fog-item-${id}` },
    h("div", { class: "fog-item-what" }, entry ? cardChipFromEntry(st, entry) : null, ...what, h("span", { class: "fog-item-text" }, ` ${text}`)),
    h("div", { class: "fog-buttons" }, pays.length ? pays : h("span", { class: "fog-cant" }, "can't pay"), decline),
  );
}

function cardChipFromEntry(st, entry) {
  const kind = kindOf(entry.card);
  const g = glyph("farm", kind);
  return h("span", { class: `fog-chip-letters fog-kind-${kind}`, style: { "--kind": g.colour }, title: `at ${key(entry.cell)}` }, g.letter);
}

function harvestPrompt(ctx, st) {
  const { rows, items } = itemRows(ctx, st, "pay-harvest", "decline");
  const unpaid = items.filter((it) => it.tile === null || it.tile === undefined).length;
  const end = ofType(ctx.legal, "end-harvest")[0];
  const me = ctx.msg.view.players[ctx.seat];
  return [
    ...title("Your harvest", "Pay each card's harvest cost to get its effect, in any order (food above your capacity is lost). A card you decline, or leave unpaid when you end the harvest, turns face down into an Open Area (no VP, no ability)."),
    h("div", { class: "fog-now" }, "You have ", resources(me, { compact: true })),
    h("ul", { class: "fog-items" }, rows),
    h(
      "div",
      { class: "fog-buttons" },
      actionButton({ label: unpaid ? `End harvest (${plural(unpaid, "unpaid card")} become Open Areas)` : "End harvest", action: end, act: ctx.act, testid: "fog-end-harvest", key: "e", extraClass: unpaid ? "btn-danger" : "btn-primary" }),
    ),
  ];
}

function finalPrompt(ctx, st) {
  const { rows } = itemRows(ctx, st, "pay-end", null);
  const end = ofType(ctx.legal, "end-scoring")[0];
  return [
    ...title("Final choices", "Some game-end abilities score only if you pay their cost now. Pay the ones you want, then end scoring."),
    h("ul", { class: "fog-items" }, rows),
    h("div", { class: "fog-buttons" }, actionButton({ label: "End scoring", action: end, act: ctx.act, testid: "fog-end-scoring", primary: true, key: "e" })),
  ];
}

// ------------------------------------------------------------------ the whole table

function mainFarms(ctx, st) {
  const v = ctx.msg.view;
  if (ctx.seat !== null && ctx.seat !== undefined) return myFarmPanel(ctx, st, ctx.seat);
  return v.players.map((p) =>
    h(
      "section",
      { class: "fog-panel fog-myfarm", "data-testid": `fog-farm-panel-${p.seat}` },
      h("header", { class: "fog-myfarm-head" }, h("h3", {}, seatDot(p.seat), playerName(ctx.players, p.seat)), resources(p)),
      h("div", { class: "fog-flags" }, playerFlags(ctx, st, p)),
      h("div", { class: "fog-grid-wrap" }, farmGrid(ctx, st, p, { testid: `fog-farm-big-${p.seat}` })),
    ),
  );
}

function draw(ctx, st) {
  const v = ctx.msg.view;
  ensureMode(ctx, st);
  const spectator = ctx.seat === null || ctx.seat === undefined;
  ctx.root.append(
    h(
      "div",
      { class: `fog${spectator ? " is-spectator" : ""}`, "data-testid": "fog-table", "data-phase": v.phase, "data-version": ctx.msg.version },
      statusBar(ctx, st),
      h(
        "div",
        { class: "fog-layout" },
        h("div", { class: "fog-main" }, mainColumn(ctx, st)),
        h("div", { class: "fog-side" }, spectator ? null : othersPanel(ctx, st), supplyPanel(ctx, st)),
      ),
    ),
  );
}

// ------------------------------------------------------------------ the turn banner

const PROMPTS = [
  ["place-water", "place the water you gained"],
  ["draw-split", "choose how many cards to draw from each pile"],
  ["commit", "choose the card you play this turn"],
  ["keep", "keep one equipment tile"],
  ["place", "place your equipment tile or set it aside"],
  ["set-aside", "place your equipment tile or set it aside"],
  ["attach", "attach set-aside equipment to the new card?"],
  ["skip-attach", "attach set-aside equipment to the new card?"],
  ["choose", "choose one effect"],
  ["skip", "pay for an optional ability, or skip it"],
  ["end-harvest", "harvest: pay for your cards or decline them"],
  ["end-scoring", "final choices: pay for game-end abilities"],
];

function bannerPrompt({ view, legal }) {
  if (!legal || !legal.length) return "";
  const types = new Set(legal.map((a) => a.type));
  for (const [type, text] of PROMPTS) if (types.has(type)) return text;
  if (view && view.phase === "pick") return "pick a card from the display and use it";
  return "use your revealed card: build it, or discard it for another action";
}

// ------------------------------------------------------------------ log lines and results

function eventLine(e, name, st) {
  const p = e.player !== undefined ? name(e.player) : "";
  const card = (id) => cardName(st, id);
  const cell = (c) => (c ? ` at (${c[0]}, ${c[1]})` : "");
  switch (e.kind) {
    case "year":
      return `Year ${e.year} begins; ${name(e.first_player)} is first player.`;
    case "income":
      return `${p}: income of ${resourceText(e.coins, "coins")} and ${e.food} food.`;
    case "draw":
      return `${p} drew ${e.split.join(" / ")} (fields / livestock / constructions / buildings)${e.cards ? `: ${e.cards.map(card).join(", ")}` : ""}.`;
    case "display":
      return `Display: ${(e.cards || []).map(card).join(", ")} (${e.shared} left face down).`;
    case "commit":
      return e.card !== undefined ? `${p} committed ${card(e.card)}.` : `${p} committed a card.`;
    case "receive":
      return e.cards ? `${p} received ${plural(e.count, "card")}: ${e.cards.map(card).join(", ")}.` : `${p} received ${plural(e.count, "card")}.`;
    case "reveal":
      return `Revealed: ${e.cards.map((c, q) => (c >= 0 ? `${name(q)} ${card(c)}` : null)).filter(Boolean).join(", ")}.`;
    case "build":
      return `${p} built ${card(e.card)}${cell(e.cell)}.`;
    case "build-tower":
      return `${p} discarded ${card(e.card)} to build a Water Tower${cell(e.cell)}.`;
    case "build-silo":
      return `${p} discarded ${card(e.card)} to build a Silo${cell(e.cell)}.`;
    case "market":
      return `${p} went to the market with ${card(e.card)}${e.food ? `, sold ${e.food} food` : ""}: +${e.coins} coins.`;
    case "restore":
      return `${p} discarded ${card(e.card)} to restore ${card(e.restored)}${cell(e.cell)}.`;
    case "gain":
      return `${p} gained ${["coins", "food", "water", "vp"].filter((r) => e[r] !== undefined).map((r) => resourceText(e[r], r)).join(", ")}${e.kept !== undefined && e.kept < e.food ? ` (${e.food - e.kept} lost: the silos are full)` : ""}.`;
    case "place-water":
      return `${p} placed ${e.gained - e.lost} water${e.lost ? ` (${e.lost} lost)` : ""}.`;
    case "refill":
      return `${p} refilled ${plural(e.towers.length, "Water Tower")}.`;
    case "equipment-draw":
      return e.tiles ? `${p} drew equipment: ${e.tiles.map((t) => tileName(st, t)).join(", ")}.` : `${p} drew ${plural(e.count, "equipment tile")}.`;
    case "keep":
      return e.tile !== undefined ? `${p} kept ${tileName(st, e.tile)}.` : `${p} kept a tile${e.returned ? `, ${e.returned} went under the stack` : ""}.`;
    case "equip":
      return `${p} put ${tileOf(st, e.tile).name} on ${card(e.card)}.`;
    case "set-aside":
      return `${p} set ${tileOf(st, e.tile).name} aside.`;
    case "skip-attach":
      return `${p} attached no more equipment to ${card(e.card)}.`;
    case "choose":
      return `${p} chose option ${e.index + 1}.`;
    case "pay":
      return `${p} paid for ${card(e.card)}'s ability.`;
    case "skip":
      return `${p} skipped ${card(e.card)}'s optional ability.`;
    case "harvest-phase":
      return `Harvest of year ${e.year}.`;
    case "harvest":
      if (e.tile !== -1 && e.tile !== null && e.tile !== undefined) return `${p} ${e.paid ? "used" : "did not use"} ${tileName(st, e.tile)}.`;
      return e.paid ? `${p} harvested ${card(e.card)}.` : `${p} declined ${card(e.card)}.`;
    case "open-area":
      return `${p}: ${card(e.card)} became an Open Area${e.discarded_tiles && e.discarded_tiles.length ? " (its equipment is discarded)" : ""}.`;
    case "end-harvest":
      return `${p} ended the harvest.`;
    case "final-choices":
      return "Final choices: optional game-end costs.";
    case "pay-end":
      return `${p} paid for ${e.tile !== -1 && e.tile !== null ? tileName(st, e.tile) : card(e.card)} at game end.`;
    case "end-scoring":
      return `${p} finished the final choices.`;
    case "game-over":
      return `Game over. ${e.scores.map((sc, q) => `${name(q)} ${sc} VP`).join(", ")}.`;
    default:
      return `${p ? `${p}: ` : ""}${e.kind}`;
  }
}

function describe(event, view, players) {
  const st = storeOf({});
  if (players) st.players = players;
  if (view) learn(st, view);
  noteEvents(st, [event]);
  const viewer = view ? view.viewer : null;
  const name = (q) => (q === viewer ? "You" : playerName(st.players, q));
  return eventLine(event, name, st) || "";
}

/** End-screen rows. Ranks and the tie-break (F-75) come from the game's outcome (the
 * record, fetched once the game is over); until it arrives, the game-over event's scores
 * are ranked by score alone. */
function results(view, outcome) {
  const st = storeOf({});
  outcome = outcome || st.outcome;
  const scores = (outcome && outcome.scores) || st.scores;
  if (!scores) return [];
  const ranks = (outcome && outcome.ranks) || scores.map((sc) => 1 + scores.filter((o) => o > sc).length);
  const tiebreak = (outcome && outcome.tiebreak) || [];
  return scores.map((score, q) => ({
    seat: q,
    name: playerName(st.players, q),
    score,
    rank: ranks[q],
    detail: tiebreak.length ? `${plural(tiebreak[q], "location")}, ${resourceText(view.players[q].coins, "coins")}` : "",
  }));
}

// Ask for the card data as soon as the module loads, before the first view arrives.
if (typeof window !== "undefined" && tableIdOf({}) !== "local") loadCatalog(storeOf({}), tableIdOf({}));

export default {
  name: NAME,
  title: "Fields of Green",
  playerCounts: [2, 3, 4],
  options: [
    { key: "ruleset", label: "Rule set", type: "select", choices: [{ value: "published", label: "Published (2016)" }, { value: "prototype", label: "Prototype draft" }], default: "published" },
    {
      key: "cards",
      label: "Card set",
      type: "select",
      choices: [{ value: "original", label: "seedbed original" }],
      default: "original",
      upload: { label: "Your card set (.toml or .json)", url: "/api/card-sets", accept: ".toml,.json" },
    },
    { key: "introductory", label: "Introductory draws (fixed splits)", type: "checkbox", default: false },
  ],

  render(ctx) {
    installPatterns();
    installStyles();
    const st = storeOf(ctx);
    ctx = { ...ctx, legal: ctx.legal || ctx.msg.legal_actions || [] };
    st.lastCtx = ctx;
    st.players = ctx.players;
    learn(st, ctx.msg.view);
    noteEvents(st, ctx.msg.events);
    loadCatalog(st, tableIdOf(ctx));
    loadOutcome(st, ctx);
    sync(ctx, st);
    draw(ctx, st);
  },

  prompt(args) {
    return bannerPrompt(args);
  },

  describeEvent(event, view, players) {
    return describe(event, view, players);
  },

  results(view, outcome) {
    return results(view, outcome);
  },
};
