// A table's pace (issue 31 item 1): the lobby's Pace choice (real-time, or turn-based with a
// deadline per move of 1 hour to 7 days), the request field it makes, and the label a
// turn-based table carries in the lobby's lists.

import { h } from "./common.js";
import { inWords } from "./timer.js";
import { t } from "./i18n.js";

/** The choices, in the chosen language (a function: the catalog is loaded after import). */
export function paces() {
  return [
    ["", t("Real-time")],
    ["3600", t("Turn-based: 1 h per move")],
    ["43200", t("Turn-based: 12 h per move")],
    ["86400", t("Turn-based: 24 h per move")],
    ["259200", t("Turn-based: 3 days per move")],
    ["604800", t("Turn-based: 7 days per move")],
  ];
}

/** The new-table form's Pace field (``f.pace``: "" real-time, else seconds per move). */
export function paceField(f, redraw) {
  return h(
    "label",
    { class: "field", title: t("Turn-based: each move is due within its time; a stand-in bot plays a missed one, and three missed in a row hand the seat to it.") },
    t("Pace"),
    h(
      "select",
      {
        "data-testid": "lobby-pace",
        onchange: (e) => {
          f.pace = e.target.value;
          redraw();
        },
      },
      paces().map(([value, label]) => h("option", { value, selected: (f.pace || "") === value }, label)),
    ),
  );
}

/** The request's pace fields (a turn-based table has no turn timer). */
export function paceRequest(f, body) {
  if (!f.pace) return body;
  delete body.turn_seconds;
  return { ...body, pace: "turn-based", move_deadline_seconds: Number(f.pace) };
}

/** The lobby's label of a turn-based table: "turn-based · 24 h per move". */
export function paceBadge(summary) {
  if (summary.pace !== "turn-based") return null;
  const per = inWords(summary.move_deadline_seconds || 86400);
  return h("span", { class: "rated-badge pace-badge", "data-testid": `pace-${summary.table_id}` }, t("turn-based · {per} per move", { per }));
}
