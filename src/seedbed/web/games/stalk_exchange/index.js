// Stalk Exchange table view: the Garden, the Exchange row, the Market board, your hidden
// portfolio and everyone's Seedy Business tokens. To act: pick a token in the Exchange (click, or
// keys 1–6), then an empty Garden space to plant it, or a flower of your portfolio to swap for it.
// Only actions in ctx.legal are offered; what takes the rules to work out (the Bust, a
// portfolio's worth) comes with the view as its display, the scores and ranks as its outcome.
// Rules clauses: S-11 … S-48 (docs/rules/stalk_exchange.md).

import { h, seatName } from "../../common.js";
import { plural, t } from "../../i18n.js";
import { actionsBar, exchange, menu, uiState } from "./exchange.js";
import { flowerName, FLOWERS } from "./flowers.js";
import { garden } from "./garden.js";
import { market } from "./market.js";
import { playersTable, portfolio, supplies } from "./players.js";
import { reasonSentence } from "./reasons.js";

function render(ctx) {
  const m = menu(ctx.legal);
  const ui = uiState(ctx);
  if (ui.slot !== null && !m.slotLegal(ui.slot)) ui.slot = null;
  // beside the Garden: the Exchange row, your portfolio (your hand), the Market board, so that
  // the Garden and the portfolio are in sight in a 1280×800 window (issue 38 item 4); in one
  // column (a phone) the Exchange comes first (style.css)
  const layout = h(
    "div",
    { class: "se-layout" },
    h("div", { class: "stack se-col-garden" }, garden(ctx, m, ui)),
    h("div", { class: "stack se-col-side" }, exchange(ctx, m, ui), portfolio(ctx), market(ctx)),
  );
  ctx.root.append(h("div", { class: "stack" }, actionsBar(ctx, m, ui), layout, playersTable(ctx), supplies(ctx)));
}

function describeEvent(event, view, players) {
  const who = (seat) => seatName(players, seat);
  const p = { name: event.player !== undefined ? who(event.player) : "" };
  const extra = event.extra ? " " + t("(extra action: 1 Seedy Business token)") : "";
  switch (event.kind) {
    case "plant":
      return t("{name} planted a {flower} from slot {n}", { ...p, flower: flowerName(event.flower), n: event.slot + 1 }) + extra;
    case "swap":
      return t("{name} took the {took} from slot {n} and put back a {gave}", { ...p, took: flowerName(event.took), gave: flowerName(event.gave), n: event.slot + 1 }) + extra;
    case "flush":
      return t("{name} flushed the Exchange (1 Seedy token): {composted} composted, {drawn} drawn", { ...p, composted: event.composted.length, drawn: event.drawn.length });
    case "end_actions":
      return event.forfeited ? t("{name} ended their actions (forfeited {n})", { ...p, n: event.forfeited }) : t("{name} ended their actions", p);
    case "harvest":
      return t("Harvest: {list}", { list: Object.entries(event.flowers).map(([f, n]) => `${n} ${flowerName(f)}`).join(", ") });
    case "bloom":
      return plural(event.spaces.length, "{n} bulb bloomed", "{n} bulbs bloomed");
    case "market": {
      const raised = [...new Set(event.laid.map(([f]) => f))];
      const values = raised.map((f) => t("{flower} now {value}", { flower: flowerName(f), value: event.values[FLOWERS.indexOf(f)] }));
      return t("Market: {list}", { list: values.join(", ") });
    }
    case "exchange": {
      const drawn = plural(event.drawn.length, "{n} token drawn", "{n} tokens drawn");
      return event.composted
        ? t("Upkeep: the {flower} in the last slot was composted; {drawn}", { flower: flowerName(event.composted), drawn })
        : t("Upkeep: nothing to compost; {drawn}", { drawn });
    }
    case "crash":
      return event.trigger === 1 ? t("MARKET CRASH — the market met the values: the game ends after this turn") : t("MARKET CRASH — the Greenhouse ran out: the game ends after this turn");
    case "game_over":
      return plural(event.turns, "Game over after {n} turn", "Game over after {n} turns");
    case "turn":
      // "Your turn" for the viewer, never "Me's turn" for a player called Me (issue 38)
      return view && event.player === view.viewer ? t("Your turn") : t("{name}'s turn", p);
    default:
      return String(event.kind);
  }
}

/** The end screen's tie-break column: the tokens of the highest final value (S-43; the
 *  outcome's tiebreak, the types from the display), and a note where scores tie. */
function resultDetail({ seat, outcome, display }) {
  const top = display.final_top;
  const score = outcome.scores[seat];
  const tied = outcome.scores.some((other, q) => q !== seat && other === score);
  const params = { types: top.flowers.map(flowerName).join("/"), value: top.value };
  const line = plural(outcome.tiebreak[seat], "{n} token of {types} (top value {value})", "{n} tokens of {types} (top value {value})", params);
  return tied ? line + t("; ties are broken level by level") : line;
}

function prompt({ view, legal }) {
  if (!legal.length || view.over) return "";
  const left = view.basic_actions - view.basic_taken;
  if (left > 0) return plural(left, "{n} basic action left: plant or swap a token of the Exchange", "{n} basic actions left: plant or swap a token of the Exchange");
  return t("basic actions done: end your actions, or spend a Seedy token for an extra one");
}

/** Words for an action (a hint): "Plant the Tulip from slot 4 on the marked space" — the
 *  slot and the space are marked on the table (hintTargets). */
function describeAction(a, msg) {
  const token = (slot) => (msg.view.exchange[slot] ? flowerName(msg.view.exchange[slot]) : t("the token"));
  switch (a.type) {
    case "plant":
      return t("Plant the {flower} from slot {n} on the marked space of the Garden", { flower: token(a.slot), n: a.slot + 1 });
    case "swap":
      return t("Swap: take the {flower} from slot {n}, give a {give}", { flower: token(a.slot), n: a.slot + 1, give: flowerName(a.give) });
    case "flush":
      return t("Flush the Exchange");
    case "end":
      return t("End your actions");
    default:
      return "";
  }
}

/** The places a hinted action concerns: the Exchange slot, then the space of a plant or the
 *  flower a swap gives. */
function hintTargets(a) {
  const out = [];
  if (a.slot !== undefined) out.push(`[data-testid="se-slot-${a.slot}"]`);
  if (a.type === "plant") out.push(`[data-testid="se-space-${a.space[0]}_${a.space[1]}"]`);
  if (a.type === "swap") out.push(`[data-testid="se-swap-${a.give}"]`); // shown once the slot is picked
  if (a.type === "flush" || a.type === "end") out.push(`[data-testid="se-${a.type}"]`);
  return out;
}

export default {
  name: "stalk_exchange",
  describeAction,
  hintTargets,
  reasonSentence,
  render,
  describeEvent,
  resultDetail,
  prompt,
  // the replay's position line says "Round 2" as the board does, not the turn count (issue 38);
  // its jumps still go turn by turn
  stage: (view) => ({ turn: view.turn, phase: null, label: t("Round {n}", { n: view.round }) }),
};
