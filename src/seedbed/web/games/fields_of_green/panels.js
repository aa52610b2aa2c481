// Fields of Green panels: the status bar (year, phase, first player, passing direction), the
// supply, each player's resources and flags, your farm and the other farms.

import { h, seatDot, titleCase } from "../../common.js";
import { plural } from "../../words.js";
import { playerName, tileOf, TYPES, who } from "./cards.js";
import { amount, cardChip, icon, swatch, tileChip } from "./faces.js";
import { farmGrid } from "./farm.js";
import { dueCards, farmTargets } from "./menu.js";

export function statusBar(ctx, st) {
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

function pileItem(kind, label, count, testid) {
  return h("li", { class: "fog-pile", title: `${label}: ${count} left`, "data-testid": testid }, swatch(kind), h("span", { class: "fog-pile-name" }, label), h("b", {}, String(count)));
}

export function supplyPanel(ctx, st) {
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

export function resources(player, { compact } = {}) {
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

export function othersPanel(ctx, st) {
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

export function mainFarms(ctx, st) {
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
