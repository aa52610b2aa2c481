// The game log of the table shell (issue 17): a turn's lines under its heading, passes and
// other moves that change nothing folded into one line, older turns closed. Entries are
// {v, text, seat, role}: role "turn" starts a turn (its line is the heading), "minor" is a
// move that changes nothing (folded when several follow one another), "note" the turn
// timer's note, "" anything else. A game module may say which of its events are which with
// logRole(event) -> "turn" | "minor" | "" (null: the default below).

import { clear, h, seatDot } from "./common.js";
import { plural, t } from "./i18n.js";

const OPEN_TURNS = 2; // the last turns shown open; older ones are closed headings

/** The role of an event in the log: the module's word, else events of kind "turn" start a
 *  turn and passes change nothing. */
export function logRole(module, event) {
  try {
    const said = module.logRole ? module.logRole(event) : null;
    if (said !== null && said !== undefined) return said;
  } catch (err) {
    console.error("logRole failed", event, err);
  }
  if (event.kind === "turn") return "turn";
  if (event.kind === "pass") return "minor";
  return "";
}

/** The entries in turns: [{heading, entries}], the first without a heading if the log does
 *  not start with a turn. */
export function turnsOf(entries) {
  const turns = [];
  for (const entry of entries) {
    if (entry.role === "turn" || !turns.length) turns.push({ heading: entry.role === "turn" ? entry : null, entries: [] });
    if (entry.role !== "turn") turns[turns.length - 1].entries.push(entry);
  }
  return turns;
}

/** Runs of minor entries (two or more in a row) as one fold: [{fold: [entries]} | entry]. */
export function foldMinor(entries) {
  const out = [];
  let run = [];
  const flush = () => {
    if (run.length > 1) out.push({ fold: run });
    else out.push(...run);
    run = [];
  };
  for (const entry of entries) {
    if (entry.role === "minor") run.push(entry);
    else {
      flush();
      out.push(entry);
    }
  }
  flush();
  return out;
}

function line(entry) {
  return h(
    "li",
    { class: entry.role === "note" ? "log-note" : "" },
    h("span", { class: "v" }, `#${entry.v}`),
    " ",
    entry.seat !== null && entry.seat !== undefined ? seatDot(entry.seat) : null,
    h("span", {}, entry.text),
  );
}

function foldLine(run, names) {
  const who = [...new Set(run.map((e) => (e.seat === null ? null : names(e.seat))).filter(Boolean))];
  const summary = who.length
    ? plural(run.length, "{n} move that changed nothing ({names})", "{n} moves that changed nothing ({names})", { names: who.join(", ") })
    : plural(run.length, "{n} move that changed nothing", "{n} moves that changed nothing");
  return h(
    "li",
    { class: "log-fold-item" },
    h(
      "details",
      { class: "log-fold", "data-testid": "log-fold" },
      h("summary", {}, h("span", { class: "v" }, `#${run[0].v}–${run[run.length - 1].v}`), " ", summary),
      h("ol", { class: "log-lines" }, run.map(line)),
    ),
  );
}

function linesOf(entries, names) {
  return foldMinor(entries).map((item) => (item.fold ? foldLine(item.fold, names) : line(item)));
}

/** Draw the log into `list` (an <ol>): one item per turn, its heading a <summary>, the last
 *  turns open (every turn with `allOpen`). `opened` (a Map of turn key -> open) remembers
 *  turns the reader opened or closed. */
export function renderLog(list, entries, names, opened, allOpen = false) {
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 30;
  clear(list);
  if (!entries.length) {
    list.append(h("li", { class: "muted", "data-testid": "log-empty" }, t("Nothing has happened yet.")));
    return;
  }
  const turns = turnsOf(entries);
  turns.forEach((turn, i) => {
    const key = turn.heading ? `${turn.heading.v}:${turn.heading.text}` : "start";
    const open = opened.has(key) ? opened.get(key) : allOpen || i >= turns.length - OPEN_TURNS;
    const body = h("ol", { class: "log-lines" });
    const fill = () => {
      if (!body.childElementCount) body.append(...linesOf(turn.entries, names));
    };
    if (open) fill(); // closed turns are drawn when opened: a long game's log stays light
    const title = turn.heading ? turn.heading.text : t("From the start of the game");
    const details = h(
      "details",
      { class: "log-turn", "data-testid": "log-turn", open },
      h("summary", { class: "log-heading" }, turn.heading ? h("span", { class: "v" }, `#${turn.heading.v}`) : null, " ", title, h("span", { class: "muted small" }, plural(turn.entries.length, " · {n} line", " · {n} lines"))),
      body,
    );
    details.addEventListener("toggle", () => {
      // a details drawn open fires "toggle" too: only what differs from the default is the
      // reader's choice
      if (details.open !== open) opened.set(key, details.open);
      if (details.open) fill();
    });
    list.append(h("li", { class: "log-turn-item" }, details));
  });
  if (atBottom || entries.length < 12) showLatest(list);
}

/** Scroll the log to its newest line with no line cut in half under the panel's title (issue
 *  38): the box is made shorter by the part of its top line that would be hidden. */
function showLatest(list) {
  list.style.maxHeight = "";
  list.scrollTop = list.scrollHeight;
  if (!list.getClientRects().length || list.scrollTop <= 0) return;
  const top = list.getBoundingClientRect().top + list.clientTop;
  const lines = list.querySelectorAll("summary, .log-lines li:not(.log-fold-item)");
  let hidden = 0;
  for (const line of lines) {
    const box = line.getBoundingClientRect();
    if (box.top < top - 0.5 && box.bottom > top + 0.5) hidden = Math.max(hidden, box.bottom - top);
  }
  if (hidden > 0) {
    list.style.maxHeight = `${list.clientHeight - hidden}px`;
    list.scrollTop = list.scrollHeight;
  }
}
