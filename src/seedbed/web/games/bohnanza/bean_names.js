// The bean varieties' names in the chosen language (issue 36 item 3): the catalog's names are
// English; French uses the names the French edition prints (docs/glossary-fr.md).

import { t } from "../../i18n.js";

/** The varieties' names in the chosen language: [name, short name] by id, the French ones as
 *  the 154-card French edition prints them (docs/glossary-fr.md); a variety not listed keeps
 *  the catalog's English name. */
export function shownNames() {
  return {
    coffee: [t("Coffee Bean"), t("Coffee")],
    wax: [t("Wax Bean"), t("Wax")],
    blue: [t("Blue Bean"), t("Blue")],
    chili: [t("Chili Bean"), t("Chili")],
    stink: [t("Stink Bean"), t("Stink")],
    green: [t("Green Bean"), t("Green")],
    soy: [t("Soy Bean"), t("Soy")],
    black_eyed: [t("Black-eyed Bean"), t("Black-eyed")],
    red: [t("Red Bean"), t("Red")],
    garden: [t("Garden Bean"), t("Garden")],
    cocoa: [t("Cocoa Bean"), t("Cocoa")],
  };
}
