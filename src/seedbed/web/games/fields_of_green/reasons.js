// A Fields of Green hint's reason in the chosen language (issue 36): the server sends it as
// codes and numbers (the hint's reason_parts, seedbed.games.fields_of_green.heuristics.
// reason_parts) beside its English line; each code is one whole sentence here. A code not known
// here gives null, and the hint shows the server's English line.

import { formatNumber, t } from "../../i18n.js";

/** One part of the reason as a sentence in the chosen language, or null for a code not known
 *  here (the hint then shows the server's English line). */
export function reasonSentence(part) {
  const p = part.params || {};
  switch (part.code) {
    case "draw-split":
      return t("This mix of piles suits the farm you have.");
    case "commit":
      return t("This card does the most for your farm this turn.");
    case "build":
      return t("What it pays at harvests and at the end beats its cost.");
    case "build-tower":
      return t("More water in reach lets you build more.");
    case "build-silo":
      return t("More food capacity keeps your harvests from going to waste.");
    case "market":
      return t("Coins now are worth more than what this card would build.");
    case "restore":
      return t("The Open Area is worth more face up again.");
    case "place-water":
      return t("This puts the water where your cards need it.");
    case "keep":
      return t("This tile does the most for your farm.");
    case "place":
      return t("This card makes the most of the tile.");
    case "set-aside":
      return t("No card of yours makes good use of the tile now.");
    case "attach":
      return t("This tile makes the new card pay more.");
    case "skip-attach":
      return t("Your tiles are worth more kept aside.");
    case "choose":
      return t("This effect is worth the most now.");
    case "pay":
      return t("The ability is worth more than its cost.");
    case "skip":
      return t("The ability is not worth its cost.");
    case "pay-harvest":
      return t("What this card gives is worth more than its cost.");
    case "decline":
      return t("This card's cost is more than it gives.");
    case "end-harvest":
    case "end-scoring":
      return t("Nothing left is worth paying for.");
    case "pay-end":
      return t("The points are worth the cost.");
    case "best":
      return t("The best-looking move by the greedy heuristic.");
    case "score":
      return t("Heuristic score: {score}.", { score: formatNumber(p.score, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) });
    default:
      return null;
  }
}
