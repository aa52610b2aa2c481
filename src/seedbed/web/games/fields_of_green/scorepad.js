// The Fields of Green score pad at the end (issue 17): each player's score by part, in the
// order of F-73, as the final view gives it (score_parts; the client adds nothing up itself
// but the pad's own total row, which the view's parts make).

import { h, seatDot } from "../../common.js";
import { t } from "../../i18n.js";
import { playerName } from "./cards.js";

/** A part of the score (F-73), each msgid written out for the extraction. */
function partLabel(name) {
  switch (name) {
    case "printed_vp_and_tokens":
      return t("Cards (printed VP) and VP tokens");
    case "equipment_vp":
      return t("Equipment (game-end tiles)");
    case "set_aside_tiles":
      return t("Set-aside tiles (1 each)");
    case "coins":
      return t("Coins (1 per 3)");
    case "food":
      return t("Food (1 per 2)");
    case "empty_water_towers":
      return t("Empty Water Towers (1 each)");
    case "location_abilities":
      return t("Game-end abilities of cards");
    default:
      return name;
  }
}

/** The pad, or null before the end (the view has no score_parts then). */
export function scorePad(ctx) {
  const v = ctx.msg.view;
  if (!v.score_parts || !v.score_part_names) return null;
  const seats = v.players.map((p) => p.seat);
  const scores = ctx.msg.outcome ? ctx.msg.outcome.scores : null;
  return h(
    "section",
    { class: "fog-panel fog-scorepad", "data-testid": "fog-score-pad" },
    h("h3", {}, t("Score pad [F-73]")),
    h(
      "table",
      { class: "fog-pad" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("Part")), seats.map((q) => h("th", { scope: "col", class: "num" }, seatDot(q), " ", playerName(ctx.players, q))))),
      h(
        "tbody",
        {},
        v.score_part_names.map((name, i) =>
          h("tr", { "data-testid": `fog-pad-${name}` }, h("th", { scope: "row" }, partLabel(name)), seats.map((q) => h("td", { class: "num" }, String(v.score_parts[q][i])))),
        ),
      ),
      scores
        ? h("tfoot", {}, h("tr", { "data-testid": "fog-pad-total" }, h("th", { scope: "row" }, t("Total VP")), seats.map((q) => h("td", { class: "num" }, h("b", {}, String(scores[q]))))))
        : null,
    ),
  );
}
