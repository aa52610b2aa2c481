// The table's notes in the reader's language (issue 36 item 4): a move the stand-in bot or
// the table played for a person comes with a note, sent as codes and parameters
// (protocol.NotePart: "time-ran-out" {name}…) beside its English text; each code is one whole
// sentence here. A note without parts (an older server) shows its English text.

import { plural, t } from "./i18n.js";

function sentence(part) {
  const p = part.params || {};
  switch (part.code) {
    case "time-ran-out":
      return t("Time ran out: a stand-in bot moved for {name}.", p);
    case "move-due":
      return t("{name}'s move was due: a stand-in bot moved for {name}.", p);
    case "stood-in":
      return t("A stand-in bot moved for {name} (handed over).", p);
    case "handed-over":
      return plural(Number(p.strikes), "{name} missed {n} deadline in a row: a stand-in bot plays for {name} for the rest of the game.", "{name} missed {n} deadlines in a row: a stand-in bot plays for {name} for the rest of the game.", { name: p.name });
    case "only-move":
      return t("Played for {name}: no other move.", p);
    case "auto-pass":
      return t("Passed for {name}: nothing was addressed to them.", p);
    default:
      return null;
  }
}

/** The note's text: its parts in the chosen language, else the server's English `text`. */
export function noteText(parts, text) {
  const said = (parts || []).map(sentence);
  return said.length && said.every(Boolean) ? said.join(" ") : text;
}
