// "Since your last move" (issue 31 item 5): when a person opens a turn-based table, a short
// summary of what happened since their own last move — the game log's lines of those moves
// (trades, harvests, scores, in the game's words), passes left out — above the log. Built from
// the history the server sends on connecting, so it covers any time away, on any device.

import { h } from "./common.js";
import { plural, t } from "./i18n.js";

const SHOWN = 6; // the latest lines shown; the rest are in the log below

/** The version of the viewer's own last move in the history's entries (a stand-in's move,
 *  which carries a note, is not theirs); -1 if they never moved. */
export function lastOwnMove(entries, seat) {
  let last = -1;
  for (const entry of entries) if (entry.seat === seat && !entry.note) last = entry.version;
  return last;
}

/** The summary box, or null when there is nothing to say (not seated, not turn-based, never
 *  moved, or nothing happened since). `log` holds the log's entries {v, text, seat, role}. */
export function sinceBox(log, last) {
  if (last < 0) return null;
  const after = log.filter((e) => e.v > last && e.role !== "minor");
  if (!after.length) return null;
  const moves = new Set(after.map((e) => e.v)).size;
  const shown = after.slice(-SHOWN);
  const more = after.length - shown.length;
  return h(
    "div",
    { class: "since-box", "data-testid": "since-last-move", "aria-label": t("Since your last move") },
    h("strong", {}, plural(moves, "Since your last move: {n} move", "Since your last move: {n} moves")),
    h(
      "ul",
      { class: "small since-lines" },
      shown.map((e) => h("li", {}, e.text)), // the game log's words name who did it
    ),
    more > 0 ? h("div", { class: "small muted" }, plural(more, "… and {n} earlier line in the log below.", "… and {n} earlier lines in the log below.")) : null,
  );
}
