// The lobby's lists besides the running tables (issue 17): "My tables", the tables whose seat
// tokens this browser holds (running or over), at the top; and the finished tables with their
// result and a replay link, a page at a time (GET /api/tables?status=finished).

import { clear, fetchJson, gameTitle, h, knownSeats, nameTag, plainName } from "./common.js";
import { plural } from "./words.js";

export const FINISHED_PAGE = 10;
const MY_TABLES = 12; // the tables most recently remembered here

function names(t) {
  return t.seats.map(plainName);
}

/** "Ann wins" / "Ann and Bob share the win", then every seat's score. */
export function resultLine(t) {
  const who = names(t);
  const out = t.outcome;
  if (!out) return h("div", { class: "small muted" }, t.status === "aborted" ? `Aborted${t.abort_reason ? `: ${t.abort_reason}` : ""}` : "");
  const winners = out.winners.map((s) => who[s]);
  const headline = winners.length === 1 ? `${winners[0]} wins` : `${winners.join(" and ")} share the win`;
  return h(
    "div",
    { class: "result-line", "data-testid": `result-${t.table_id}` },
    h("span", { class: "winner" }, `${headline}`),
    " · ",
    out.scores.map((score, seat) => [seat ? ", " : "", nameTag(seat, who[seat]), ` ${score}`]),
  );
}

function finishedItem(t, mine) {
  const seats = Object.keys(mine || {});
  return h(
    "li",
    { "data-testid": `finished-${t.table_id}` },
    h(
      "div",
      { class: "what" },
      h("strong", {}, gameTitle(t.game)),
      ` · ${t.num_players} players · ${plural(t.version, "move")}`,
      seats.length ? h("span", { class: "small muted" }, ` · you played ${seats.map((s) => names(t)[Number(s)]).join(", ")}`) : null,
      resultLine(t),
    ),
    t.status === "finished" ? h("a", { class: "btn btn-small", href: `/replay/${t.table_id}`, "data-testid": `replay-${t.table_id}` }, "Replay") : null,
  );
}

function runningItem(t, mine) {
  const who = names(t);
  const moving = t.to_move.map((i) => who[i]).join(", ");
  return h(
    "li",
    { "data-testid": `mine-${t.table_id}` },
    h(
      "div",
      { class: "what" },
      h("strong", {}, gameTitle(t.game)),
      ` · move ${t.version}`,
      h("div", { class: "small muted" }, who.join(", "), moving ? ` — to move: ${moving}` : ""),
    ),
    Object.entries(mine).map(([seat, token]) =>
      h("a", { class: "btn btn-small btn-primary", href: `/play/${t.table_id}?token=${encodeURIComponent(token)}`, "data-testid": `mine-play-${t.table_id}-${seat}` }, `Play as ${who[Number(seat)]}`),
    ),
  );
}

/** "My tables": the summaries of the tables this browser holds seats of, newest first. */
export function myTables() {
  const list = h("ul", { class: "tables-list", "data-testid": "my-tables-list" });
  const node = h("section", { class: "panel stack", "data-testid": "my-tables", hidden: true }, h("h2", {}, "My tables"), list);
  const refresh = async () => {
    const seats = knownSeats();
    const ids = Object.keys(seats).slice(-MY_TABLES).reverse();
    const found = await Promise.all(ids.map((id) => fetchJson(`/api/tables/${encodeURIComponent(id)}`).catch(() => null)));
    const tables = found.filter((t) => t && t.status !== "aborted");
    tables.sort((a, b) => (a.status === b.status ? (a.created_at < b.created_at ? 1 : -1) : a.status === "running" ? -1 : 1));
    node.hidden = !tables.length;
    clear(list).append(...tables.map((t) => (t.status === "running" ? runningItem(t, seats[t.table_id]) : finishedItem(t, seats[t.table_id]))));
  };
  return { node, refresh };
}

/** The finished tables, FINISHED_PAGE at a time, newest first. */
export function finishedList() {
  const list = h("ul", { class: "tables-list", "data-testid": "finished-list" });
  const where = h("span", { class: "small muted", "data-testid": "finished-where" });
  let offset = 0;
  let total = 0;
  const newer = h("button", { type: "button", class: "btn btn-small", "data-testid": "finished-newer", onclick: () => move(-FINISHED_PAGE) }, "‹ Newer");
  const older = h("button", { type: "button", class: "btn btn-small", "data-testid": "finished-older", onclick: () => move(FINISHED_PAGE) }, "Older ›");
  const node = h("section", { class: "panel stack", "data-testid": "finished-tables" }, h("h2", {}, "Finished tables"), list, h("div", { class: "lobby-pager" }, newer, where, older));
  const refresh = async () => {
    let page;
    try {
      page = await fetchJson(`/api/tables?status=finished&limit=${FINISHED_PAGE}&offset=${offset}`);
    } catch (err) {
      clear(list).append(h("li", { class: "muted" }, `Could not list tables: ${err.message}`));
      return;
    }
    total = page.total;
    if (offset > 0 && offset >= total) {
      offset = Math.max(0, Math.floor((total - 1) / FINISHED_PAGE) * FINISHED_PAGE);
      refresh();
      return;
    }
    const seats = knownSeats();
    clear(list).append(...(page.tables.length ? page.tables.map((t) => finishedItem(t, seats[t.table_id])) : [h("li", { class: "muted" }, "No game has finished yet.")]));
    where.textContent = total ? `${offset + 1}–${offset + page.tables.length} of ${total}` : "";
    newer.disabled = offset === 0;
    older.disabled = offset + FINISHED_PAGE >= total;
  };
  const move = (by) => {
    offset = Math.max(0, offset + by);
    refresh();
  };
  return { node, refresh };
}
