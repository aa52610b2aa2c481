// Fields of Green panels: the status bar (year, phase, first player, passing direction), the
// supply, each player's resources and flags, your farm and the other farms.

import { h, seatDot, titleCase } from "../../common.js";
import { plural, t, tn } from "../../i18n.js";
import { pileName, playerName, tileOf, TYPES, who } from "./cards.js";
import { amount, cardChip, icon, swatch, tileChip } from "./faces.js";
import { farmGrid } from "./farm.js";
import { dueCards, farmTargets } from "./menu.js";

export function statusBar(ctx, st) {
  const v = ctx.msg.view;
  const n = v.num_players;
  const year = h("span", { class: "fog-year", "data-testid": "fog-year" }, tn("Year {year} of {years}", { year: h("b", {}, String(v.year)), years: "4" }), h("span", { class: "fog-pips", "aria-hidden": "true" }, [1, 2, 3, 4].map((y) => h("span", { class: `fog-pip${y < v.year ? " is-done" : y === v.year ? " is-now" : ""}` }))));
  const phase = h("span", { class: "fog-phase", "data-testid": "fog-phase" }, phaseLabel(v.phase));
  const first = h("span", { class: "fog-first", title: t("First player this year (acts first in every step)") }, tn("First: {player}", { player: h("span", {}, seatDot(v.first_player), who(ctx, v.first_player)) }));
  const items = [year, phase, first];
  if (n >= 3 && v.phase !== "over") {
    const arrow = v.direction === 1 ? "↻" : "↺";
    let text = t("This year your hand passes to {name}", { name: playerName(ctx.players, (((ctx.seat ?? 0) + v.direction + n) % n)) });
    if (ctx.seat === null || ctx.seat === undefined) text = v.direction === 1 ? t("Hands pass clockwise (to seat +1) this year") : t("Hands pass counter-clockwise (to seat −1) this year");
    items.push(h("span", { class: "fog-direction", "data-testid": "fog-direction", title: t("Passing direction this year") }, h("span", { class: "fog-arrow", "aria-hidden": "true" }, arrow), text));
  }
  return h("div", { class: "fog-status" }, items);
}

/** The phase's name (F-38), each msgid written out for the extraction. */
export function phaseLabel(phase) {
  switch (phase) {
    case "upkeep":
      return t("Upkeep");
    case "draw":
      return t("Upkeep: choose your draw");
    case "commit":
      return t("Action phase: choose a card");
    case "resolve":
      return t("Action phase: use the revealed cards");
    case "pick":
      return t("Action phase: pick from the display");
    case "harvest":
      return t("Harvest");
    case "final":
      return t("Final choices");
    case "over":
      return t("Game over");
    default:
      return titleCase(phase);
  }
}

function pileItem(kind, label, count, testid) {
  return h("li", { class: "fog-pile", title: t("{pile}: {n} left", { pile: label, n: count }), "data-testid": testid }, swatch(kind), h("span", { class: "fog-pile-name" }, label), h("b", {}, String(count)));
}

export function supplyPanel(ctx, st) {
  const v = ctx.msg.view;
  const piles = v.pile_names.map((label, i) => pileItem(TYPES[i], pileName(label), v.pile_sizes[i], `fog-pile-${TYPES[i]}`));
  piles.push(pileItem("water_tower", t("Water Towers"), v.water_towers_left, "fog-pile-water_tower"));
  piles.push(pileItem("silo", t("Silos"), v.silos_left, "fog-pile-silo"));
  piles.push(pileItem("equipment", t("Equipment"), v.equipment_left, "fog-pile-equipment"));
  const cards = plural(v.discard.length, "{n} card", "{n} cards");
  const tiles = plural(v.equipment_discard.length, "{n} tile", "{n} tiles");
  const discard = h(
    "details",
    { class: "fog-discard" },
    h("summary", {}, v.equipment_discard.length ? t("Discard pile: {cards}, {tiles}", { cards, tiles }) : t("Discard pile: {cards}", { cards })),
    h("div", { class: "fog-chips" }, v.discard.map((c) => cardChip(st, c)), v.equipment_discard.map((t) => tileChip(st, t))),
  );
  return h("section", { class: "fog-panel fog-supply", "data-testid": "fog-supply" }, h("h3", {}, t("Supply")), h("ul", { class: "fog-piles" }, piles), discard);
}

export function resources(player, { compact } = {}) {
  const water = player.farm.filter((e) => e.water !== undefined && !e.open_area);
  const w = water.reduce((t, e) => t + e.water, 0);
  const cap = water.reduce((t, e) => t + e.capacity, 0);
  return h(
    "div",
    { class: `fog-res${compact ? " is-compact" : ""}`, "data-testid": `fog-res-${player.seat}` },
    amount("coins", player.coins),
    amount("food", `${player.food}/${player.food_capacity}`, " " + t("(held / capacity)")),
    amount("water", `${w}/${cap}`, " " + t("in towers (held / capacity)")),
    amount("vp", player.vp_tokens, " " + t("tokens")),
  );
}

function playerFlags(ctx, st, player) {
  const v = ctx.msg.view;
  const flags = [];
  if (player.hand_size) flags.push(h("span", { class: "fog-flag", title: t("cards in hand") }, icon("hand", 12), ` ${player.hand_size}`));
  if (v.phase === "commit" && player.hand_size) flags.push(h("span", { class: `fog-flag${player.committed ? " is-ok" : ""}` }, player.committed ? t("✓ committed") : t("choosing…")));
  if (player.split && (v.phase === "draw" || v.phase === "upkeep")) flags.push(h("span", { class: "fog-flag", title: t("draw split: fields / livestock / constructions / buildings") }, t("drew {split}", { split: player.split.join("/") })));
  if (player.set_aside.length) flags.push(h("span", { class: "fog-flag", title: player.set_aside.map((t) => tileOf(st, t.design).name).join(", ") }, icon("gear", 11), " ", t("{n} set aside", { n: player.set_aside.length })));
  return flags;
}

export function othersPanel(ctx, st) {
  const v = ctx.msg.view;
  const seats = v.players.map((p) => p.seat).filter((q) => q !== ctx.seat);
  const list = seats.map((q) => otherPlayer(ctx, st, v.players[q]));
  return h("section", { class: "fog-panel fog-others" }, h("h3", {}, ctx.seat === null || ctx.seat === undefined ? t("Farms") : t("Other farms")), list);
}

function otherPlayer(ctx, st, p) {
  const v = ctx.msg.view;
  const moving = (ctx.msg.to_move || []).includes(p.seat);
  const known = (v.known_hands || {})[String(p.seat)];
  return h(
    "article",
    { class: `fog-other${moving ? " is-moving" : ""}`, "data-testid": `fog-player-${p.seat}` },
    h("header", {}, seatDot(p.seat), h("b", {}, playerName(ctx.players, p.seat)), moving ? h("span", { class: "fog-moving" }, t("on the move")) : null),
    resources(p, { compact: true }),
    h("div", { class: "fog-flags" }, playerFlags(ctx, st, p)),
    p.revealed ? h("div", { class: "fog-revealed-line" }, tn("Revealed: {card}", { card: cardChip(st, p.revealed) })) : null,
    known && known.length
      ? h("div", { class: "fog-known", title: t("You saw these cards when this hand passed through yours") }, t("Seen in hand:"), " ", known.map((id) => cardChip(st, st.cards.get(id)) || h("span", { class: "fog-flag" }, t("a card"))))
      : null,
    h("div", { class: "fog-grid-wrap" }, farmGrid(ctx, st, p, { compact: true, testid: `fog-farm-${p.seat}` })),
  );
}

function legendText(ctx) {
  const phase = ctx.msg.view.phase;
  if (phase === "over") return null;
  if (phase === "harvest" || phase === "final") return [h("span", { class: "fog-legend-due" }), " ", t("= a card still waiting for your decision. Hover or focus a Water Tower to see its range.")];
  return [icon("water", 11), " ", t("= an empty cell a tower with water reaches. Hover or focus a Water Tower to see its range.")];
}

function myFarmPanel(ctx, st, seat) {
  const p = ctx.msg.view.players[seat];
  const targets = farmTargets(ctx, st);
  const aside = p.set_aside.length
    ? h("div", { class: "fog-aside" }, h("span", { class: "fog-face-label" }, t("Set aside (1 VP each at the end unless attached):")), p.set_aside.map((t) => tileChip(st, t)))
    : null;
  return h(
    "section",
    { class: "fog-panel fog-myfarm", "data-testid": "fog-my-farm" },
    h("header", { class: "fog-myfarm-head" }, h("h3", {}, t("Your farm and resources")), resources(p)),
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
