// The Fields of Green score pad at the end (issue 17): each player's score by part, in the
// order of F-73, as the final view gives it (score_parts; the client adds nothing up itself
// but the pad's own total row, which the view's parts make).

import { h, seatDot } from "../../common.js";
import { playerName } from "./cards.js";

const PART_LABEL = {
  printed_vp_and_tokens: "Cards (printed VP) and VP tokens",
  equipment_vp: "Equipment (game-end tiles)",
  set_aside_tiles: "Set-aside tiles (1 each)",
  coins: "Coins (1 per 3)",
  food: "Food (1 per 2)",
  empty_water_towers: "Empty Water Towers (1 each)",
  location_abilities: "Game-end abilities of cards",
};

/** The pad, or null before the end (the view has no score_parts then). */
export function scorePad(ctx) {
  const v = ctx.msg.view;
  if (!v.score_parts || !v.score_part_names) return null;
  const seats = v.players.map((p) => p.seat);
  const scores = ctx.msg.outcome ? ctx.msg.outcome.scores : null;
  return h(
    "section",
    { class: "fog-panel fog-scorepad", "data-testid": "fog-score-pad" },
    h("h3", {}, "Score pad [F-73]"),
    h(
      "table",
      { class: "fog-pad" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Part"), seats.map((q) => h("th", { scope: "col", class: "num" }, seatDot(q), " ", playerName(ctx.players, q))))),
      h(
        "tbody",
        {},
        v.score_part_names.map((name, i) =>
          h("tr", { "data-testid": `fog-pad-${name}` }, h("th", { scope: "row" }, PART_LABEL[name] || name), seats.map((q) => h("td", { class: "num" }, String(v.score_parts[q][i])))),
        ),
      ),
      scores
        ? h("tfoot", {}, h("tr", { "data-testid": "fog-pad-total" }, h("th", { scope: "row" }, "Total VP"), seats.map((q) => h("td", { class: "num" }, h("b", {}, String(scores[q]))))))
        : null,
    ),
  );
}
