// A Bohnanza hint's reason in the chosen language (issue 36): the server sends it as codes and
// numbers (the hint's reason_parts, seedbed.games.bohnanza.heuristics.reason_parts) beside its
// English line; each code is one whole sentence here.

import { formatNumber, plural, t } from "../../i18n.js";
import { BEAN } from "./beans.js";

function coins(n) {
  return plural(n, "{n} coin", "{n} coins");
}

function bean(variety) {
  return BEAN[variety] ? BEAN[variety].name : String(variety);
}

/** One part of the reason as a sentence in the chosen language, or null for a code not known
 *  here (the hint then shows the server's English line). */
export function reasonSentence(part) {
  const p = part.params || {};
  switch (part.code) {
    case "plant":
      return t("Planting here keeps your other fields growing.");
    case "plant-traded":
    case "plant-offered":
      return t("This field takes the card with the least loss.");
    case "plant-revealed":
      return t("This card extends a field.");
    case "buy-field":
      return t("A third field lets one more variety grow.");
    case "end-planting":
      return t("Your next card would force a growing field to be harvested.");
    case "discard":
    case "discard-offered":
      return t("This card would only spoil a growing field.");
    case "leave-offer":
      return t("None of the rest would grow your fields.");
    case "finish-turn":
      return t("Nothing else to do: draw and end your turn.");
    case "offer":
      return t("This gives away a card that spoils your fields for one they need.");
    case "accept":
      return t("The cards you get are worth more to your fields than the ones you give.");
    case "decline":
      return t("You cannot give what it asks, or the deal is not worth it to your fields.");
    case "withdraw":
      return t("This offer no longer pays.");
    case "pass":
    case "end-trading":
      return t("No deal on the table is worth it to you now.");
    case "best":
      return t("The best-looking move by the greedy heuristic.");
    case "harvest-first":
      return plural(p.count, "This first harvests the {n} {bean} card in field {field} for {coins}.", "This first harvests the {n} {bean} cards in field {field} for {coins}.", { bean: bean(p.variety), field: p.field, coins: coins(p.coins) });
    case "harvest-pays":
      return t("Harvesting field {field} pays {coins}: cashing it now is worth more than waiting for its next coin.", { field: p.field, coins: coins(p.coins) });
    case "harvest-frees":
      if (p.short === undefined) return t("Harvesting field {field} pays nothing, but it frees the field: the heuristic rates an empty field above its beans.", { field: p.field });
      return plural(p.short, "Harvesting field {field} pays nothing, but it frees the field: its {bean} are {n} card short of their first coin.", "Harvesting field {field} pays nothing, but it frees the field: its {bean} are {n} cards short of their first coin.", { field: p.field, bean: bean(p.variety) });
    case "worth":
      return t("Your position is worth about {coins} coins after it.", { coins: formatNumber(p.coins, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) });
    default:
      return null;
  }
}
