// Stalk Exchange's five flower types, in the rules' order (S-1), and their names in the chosen
// language (docs/glossary-fr.md).

import { t } from "../../i18n.js";

export const FLOWERS = ["dahlia", "daffodil", "globemaster", "snowdrop", "tulip"];

/** A flower's name; each msgid is written out so that the extraction finds it. */
export function flowerName(name) {
  switch (name) {
    case "dahlia":
      return t("Dahlia");
    case "daffodil":
      return t("Daffodil");
    case "globemaster":
      return t("Globemaster");
    case "snowdrop":
      return t("Snowdrop");
    case "tulip":
      return t("Tulip");
    default:
      return String(name);
  }
}

/** A flower's numbers for its hover and long-press tip (issue 17): its stalk value now and
 *  how many the viewer holds (the view's market values and portfolio; nothing computed). */
export function flowerTip(view, flower) {
  const value = view.market && view.market.values ? view.market.values[flower] : null;
  const held = view.portfolio && view.portfolio[flower];
  const params = { flower: flowerName(flower), value: value ?? "?", held };
  return held ? t("{flower}: stalk value {value}; you hold {held}", params) : t("{flower}: stalk value {value}", params);
}
