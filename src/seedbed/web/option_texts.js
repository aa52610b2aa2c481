// A game option's texts in the reader's language (issue 36 item 2): the server declares each
// option's label, help and choice labels in English (GET /api/games, the games' declarations),
// and the lobby translates them by msgid, as it does bot names (D-70). The extraction reads
// these msgids from the declarations themselves (seedbed.i18n.declared), so a new option
// reaches the catalogs with no list kept here.

import { t } from "./i18n.js";

/** A text a game declares for the lobby, in the chosen language (as declared when the
 *  catalog lacks it: a file's own name, a number). */
export function optionText(text) {
  return text ? t(text) : text;
}
