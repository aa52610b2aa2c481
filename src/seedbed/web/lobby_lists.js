// The lobby's lists besides the running tables (issue 17): "My tables", the tables whose seat
// tokens this browser holds (running or over), at the top; and the finished tables with their
// result and a replay link, a page at a time (GET /api/tables?status=finished).

import { clear, fetchJson, gameTitle, h, knownSeats, nameTag, plainName } from "./common.js";
import { formatNumber, plural, t } from "./i18n.js";

export const FINISHED_PAGE = 10;
const MY_TABLES = 12; // the tables most recently remembered here

function names(table) {
  return table.seats.map(plainName);
}

/** "Ann wins" / "Ann and Bob share the win", then every seat's score. */
export function resultLine(table) {
  const who = names(table);
  const out = table.outcome;
  if (!out) return h("div", { class: "small muted" }, table.status === "aborted" ? (table.abort_reason ? t("Aborted: {reason}", { reason: table.abort_reason }) : t("Aborted")) : "");
  const winners = out.winners.map((s) => who[s]);
  const and = t(" and ");
  const headline = winners.length === 1 ? t("{name} wins", { name: winners[0] }) : t("{names} share the win", { names: winners.join(and) });
  return h(
    "div",
    { class: "result-line", "data-testid": `result-${table.table_id}` },
    h("span", { class: "winner" }, `${headline}`),
    " · ",
    out.scores.map((score, seat) => [seat ? ", " : "", nameTag(seat, who[seat]), ` ${score}`]),
  );
}

function finishedItem(table, mine) {
  const seats = Object.keys(mine || {});
  return h(
    "li",
    { "data-testid": `finished-${table.table_id}` },
    h(
      "div",
      { class: "what" },
      h("strong", {}, gameTitle(table.game)),
      " · ",
      plural(table.num_players, "{n} player", "{n} players"),
      " · ",
      plural(table.version, "{n} move", "{n} moves"),
      seats.length ? h("span", { class: "small muted" }, t(" · you played {names}", { names: seats.map((s) => names(table)[Number(s)]).join(", ") })) : null,
      resultLine(table),
    ),
    table.status === "finished" ? h("a", { class: "btn btn-small", href: `/replay/${table.table_id}`, "data-testid": `replay-${table.table_id}` }, t("Replay")) : null,
  );
}

function runningItem(table, mine) {
  const who = names(table);
  const moving = table.to_move.map((i) => who[i]).join(", ");
  return h(
    "li",
    { "data-testid": `mine-${table.table_id}` },
    h(
      "div",
      { class: "what" },
      h("strong", {}, gameTitle(table.game)),
      " · ",
      t("move {n}", { n: formatNumber(table.version) }),
      h("div", { class: "small muted" }, who.join(", "), moving ? t(" — to move: {names}", { names: moving }) : ""),
    ),
    Object.entries(mine).map(([seat, token]) =>
      h("a", { class: "btn btn-small btn-primary", href: `/play/${table.table_id}?token=${encodeURIComponent(token)}`, "data-testid": `mine-play-${table.table_id}-${seat}` }, t("Play as {name}", { name: who[Number(seat)] })),
    ),
  );
}

/** "My tables": the summaries of the tables this browser holds seats of, newest first. */
export function myTables() {
  const list = h("ul", { class: "tables-list", "data-testid": "my-tables-list" });
  const node = h("section", { class: "panel stack", "data-testid": "my-tables", hidden: true }, h("h2", {}, t("My tables")), list);
  const refresh = async () => {
    const seats = knownSeats();
    const ids = Object.keys(seats).slice(-MY_TABLES).reverse();
    const found = await Promise.all(ids.map((id) => fetchJson(`/api/tables/${encodeURIComponent(id)}`).catch(() => null)));
    const tables = found.filter((table) => table && table.status !== "aborted");
    tables.sort((a, b) => (a.status === b.status ? (a.created_at < b.created_at ? 1 : -1) : a.status === "running" ? -1 : 1));
    node.hidden = !tables.length;
    clear(list).append(...tables.map((table) => (table.status === "running" ? runningItem(table, seats[table.table_id]) : finishedItem(table, seats[table.table_id]))));
  };
  return { node, refresh };
}

/** The finished tables, FINISHED_PAGE at a time, newest first. */
export function finishedList() {
  const list = h("ul", { class: "tables-list", "data-testid": "finished-list" });
  const where = h("span", { class: "small muted", "data-testid": "finished-where" });
  let offset = 0;
  let total = 0;
  const newer = h("button", { type: "button", class: "btn btn-small", "data-testid": "finished-newer", onclick: () => move(-FINISHED_PAGE) }, t("‹ Newer"));
  const older = h("button", { type: "button", class: "btn btn-small", "data-testid": "finished-older", onclick: () => move(FINISHED_PAGE) }, t("Older ›"));
  const node = h("section", { class: "panel stack", "data-testid": "finished-tables" }, h("h2", {}, t("Finished tables")), list, h("div", { class: "lobby-pager" }, newer, where, older));
  const refresh = async () => {
    let page;
    try {
      page = await fetchJson(`/api/tables?status=finished&limit=${FINISHED_PAGE}&offset=${offset}`);
    } catch (err) {
      clear(list).append(h("li", { class: "muted" }, t("Could not list tables: {error}", { error: err.message })));
      return;
    }
    total = page.total;
    if (offset > 0 && offset >= total) {
      offset = Math.max(0, Math.floor((total - 1) / FINISHED_PAGE) * FINISHED_PAGE);
      refresh();
      return;
    }
    const seats = knownSeats();
    clear(list).append(...(page.tables.length ? page.tables.map((table) => finishedItem(table, seats[table.table_id])) : [h("li", { class: "muted" }, t("No game has finished yet."))]));
    where.textContent = total ? t("{first}–{last} of {total}", { first: formatNumber(offset + 1), last: formatNumber(offset + page.tables.length), total: formatNumber(total) }) : "";
    newer.disabled = offset === 0;
    older.disabled = offset + FINISHED_PAGE >= total;
  };
  const move = (by) => {
    offset = Math.max(0, offset + by);
    refresh();
  };
  return { node, refresh };
}
