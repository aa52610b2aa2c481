// A Stalk Exchange hint's reason in the chosen language (issue 36): the server sends it as codes
// and parameters (the hint's reason_parts, seedbed.games.stalk_exchange.heuristics.reason_parts)
// beside its English line; each code is one whole sentence here. A code not known here gives
// null, and the hint shows the server's English line.

import { language, plural, t } from "../../i18n.js";
import { flowerName } from "./flowers.js";

/** "the Tulip group", "the Tulip and Dahlia groups" in the chosen language. */
function groups(flowers) {
  const names = new Intl.ListFormat(language() === "en" ? "en-GB" : language()).format(flowers.map(flowerName));
  return plural(flowers.length, "the {names} group", "the {names} groups", { names });
}

/** One part of the reason as a sentence in the chosen language, or null for a code not known
 *  here (the hint then shows the server's English line). */
export function reasonSentence(part) {
  const p = part.params || {};
  switch (part.code) {
    case "plant":
      return t("Planting this token here grows the stalks you hold most of.");
    case "swap":
      return t("This swap moves your portfolio toward the flowers the market favours.");
    case "flush":
      return t("No token on the Exchange is worth taking: a fresh Exchange is.");
    case "end":
      return t("No action left is worth more than keeping things as they are.");
    case "best":
      return t("The best-looking move by the greedy heuristic.");
    case "plant-does": {
      const closes = p.closes || [];
      const presses = p.presses || [];
      if (closes.length && presses.length) return t("This plant closes {closed} next to it (harvested at this upkeep) and takes a free space from {pressed}.", { closed: groups(closes), pressed: groups(presses) });
      if (closes.length) return t("This plant closes {closed} next to it (harvested at this upkeep).", { closed: groups(closes) });
      return t("This plant takes a free space from {pressed} next to it.", { pressed: groups(presses) });
    }
    case "blooms":
      return t("The bulb blooms at upkeep.");
    case "cannot-bloom":
      return t("The bulb cannot bloom until a neighbouring space is empty (S-53).");
    default:
      return null;
  }
}
