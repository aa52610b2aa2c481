// Open tables, quick match and rematch in the browser (issue 30 items 2 and 5): the lobby's
// "Play now" box (POST /api/quick-match) and its list of tables waiting for players (GET
// /api/open-tables, each with "Take a seat": POST /api/tables/{id}/seats/{seat}); at a table,
// the countdown until bots fill its empty seats and the end screen's Rematch (POST
// /api/tables/{id}/rematch, or "Rematch: join" once someone asked). The deadlines come from
// the server (seconds left when it answered); the count runs on this device's clock.

import { clear, fetchJson, gameTitle, h, plainName, rememberSeat, toast } from "./common.js";
import { formatDate, plural, t } from "./i18n.js";

function seconds(left) {
  return `${Math.max(0, Math.ceil(left))} s`;
}

/** A countdown to a deadline given as "seconds left now" (null: none). */
export class Countdown {
  constructor(testid, words) {
    this.words = words; // (secondsText) => text; null deadline: words(null)
    this.node = h("span", { "data-testid": testid });
    this.deadline = null;
    this.shown = false;
    this.tick = setInterval(() => {
      if (this.shown && !this.node.isConnected) clearInterval(this.tick); // its page was left
      this.shown ||= this.node.isConnected;
      this.draw();
    }, 250);
  }

  set(left) {
    this.deadline = left === null || left === undefined ? null : performance.now() + left * 1000;
    this.draw();
  }

  draw() {
    this.node.textContent = this.words(this.deadline === null ? null : seconds((this.deadline - performance.now()) / 1000));
  }
}

/** Go to a seat the server just gave us (remembered for "My tables"). */
function sitDown(taken) {
  rememberSeat(taken.table_id, taken.seat, taken.token);
  window.location.assign(`/play/${taken.table_id}?token=${encodeURIComponent(taken.token)}`);
}

function fillWords(left) {
  return left === null ? t("no bot fills the empty seats") : t("a bot fills each empty seat in {time}", { time: left });
}

/** The lobby's "Play now" box: a game, a player count, a name. */
export function playNow(games, name) {
  const game = h("select", { "data-testid": "play-now-game", "aria-label": t("Game") }, games.map((g) => h("option", { value: g.name }, g.title)));
  const count = h("select", { "data-testid": "play-now-players", "aria-label": t("Players") });
  const counts = () => {
    const info = games.find((g) => g.name === game.value);
    clear(count).append(...info.player_counts.map((n) => h("option", { value: String(n), selected: n === 2 }, plural(n, "{n} player", "{n} players"))));
  };
  game.addEventListener("change", counts);
  counts();
  const waits = [["60", t("bots after {n} s", { n: 60 })], ["30", t("bots after {n} s", { n: 30 })], ["5", t("bots after {n} s", { n: 5 })], ["never", t("no bots")]];
  const wait = h("select", { "data-testid": "play-now-wait", "aria-label": t("Fill empty seats with bots") }, waits.map(([v, label]) => h("option", { value: v }, label)));
  const error = h("div", { class: "small notice error", hidden: true, "data-testid": "play-now-error" });
  const go = h("button", { type: "button", class: "btn btn-primary", "data-testid": "play-now" }, t("Play now"));
  go.addEventListener("click", async () => {
    error.hidden = true;
    go.disabled = true;
    try {
      const after = wait.value === "never" ? null : Number(wait.value);
      const body = { game: game.value, num_players: Number(count.value), name: name.get(), fill_with_bot_after: after };
      sitDown(await fetchJson("/api/quick-match", { method: "POST", body: JSON.stringify(body) }));
    } catch (err) {
      error.textContent = err.message;
      error.hidden = false;
      go.disabled = false;
    }
  });
  return h(
    "section",
    { class: "panel stack", "data-testid": "play-now-box" },
    h("h2", {}, t("Play now")),
    h("p", { class: "small muted" }, t("Join the oldest table waiting for players, or open one: a bot fills each seat still empty after the wait you choose.")),
    h("div", { class: "row" }, name.input, game, count, wait, go),
    error,
  );
}

function waitingItem(table, name) {
  const open = table.waiting.open_seats;
  const seated = table.seats.filter((s) => s.kind !== "open").map(plainName);
  const clock = new Countdown(`fill-in-${table.table_id}`, (left) => (left === null ? "" : t(" · bots in {time}", { time: left })));
  clock.set(table.waiting.fill_in);
  const take = h("button", { type: "button", class: "btn btn-small btn-primary", "data-testid": `take-seat-${table.table_id}` }, t("Take a seat"));
  take.addEventListener("click", async () => {
    take.disabled = true;
    try {
      const url = `/api/tables/${encodeURIComponent(table.table_id)}/seats/${open[0]}`;
      sitDown(await fetchJson(url, { method: "POST", body: JSON.stringify({ name: name.get() }) }));
    } catch (err) {
      toast(err.message, "error");
      take.disabled = false;
    }
  });
  const since = formatDate(table.waiting.since, { hour: "2-digit", minute: "2-digit" });
  return h(
    "li",
    { "data-testid": `waiting-${table.table_id}` },
    h(
      "div",
      { class: "what" },
      h("strong", {}, gameTitle(table.game)),
      " · ",
      plural(table.num_players, "{n} player", "{n} players"),
      " · ",
      plural(open.length, "{n} open", "{n} open"),
      table.waiting.default_options ? "" : h("span", { class: "small muted" }, t(" · own options")),
      h("div", { class: "small muted" }, seated.length ? t("seated: {names}", { names: seated.join(", ") }) : t("nobody seated yet"), t(" · since {time}", { time: since }), clock.node),
    ),
    take,
  );
}

/** The lobby's list of tables waiting for players. */
export function waitingTables(name) {
  const list = h("ul", { class: "tables-list", "data-testid": "waiting-list" });
  const node = h("section", { class: "panel stack", "data-testid": "waiting-tables", hidden: true }, h("h2", {}, t("Tables waiting for players")), list);
  const refresh = async () => {
    let found;
    try {
      found = (await fetchJson("/api/open-tables")).tables;
    } catch {
      return;
    }
    node.hidden = !found.length;
    clear(list).append(...found.map((table) => waitingItem(table, name)));
  };
  return { node, refresh };
}

/** The table's banner while it waits for players: who is missing and the bots' countdown. */
export function waitingBanner(msg, clock) {
  const waiting = msg.waiting_for_players;
  clock.set(waiting.fill_in);
  const open = waiting.open_seats.length;
  return h(
    "span",
    { "data-testid": "waiting-for-players" },
    plural(open, "Waiting for players ({n} open seat) — ", "Waiting for players ({n} open seats) — "),
    clock.node,
  );
}

export function fillClock() {
  return new Countdown("fill-countdown", fillWords);
}

/** The end screen's rematch: "Rematch" for a seat, "Rematch: join" once someone asked. */
export function rematchBox(shell) {
  const asked = shell.rematch;
  if (asked) {
    const href = asked.seat !== null && shell.token ? `/play/${asked.table_id}?token=${encodeURIComponent(shell.token)}` : `/watch/${asked.table_id}`;
    return h(
      "div",
      { class: "row rematch", "data-testid": "rematch-box" },
      h("span", { class: "small" }, t("{name} asked for a rematch.", { name: asked.asked_by })),
      h("a", { class: "btn btn-primary", href, "data-testid": "rematch-join" }, asked.seat !== null && shell.token ? t("Rematch: join") : t("Rematch: watch")),
    );
  }
  if (shell.mode !== "play" || !shell.token) return null;
  const button = h("button", { type: "button", class: "btn btn-primary", "data-testid": "rematch" }, t("Rematch"));
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const url = `/api/tables/${encodeURIComponent(shell.tableId)}/rematch`;
      sitDown(await fetchJson(url, { method: "POST", body: JSON.stringify({ token: shell.token }) }));
    } catch (err) {
      toast(err.message, "error");
      button.disabled = false;
    }
  });
  return h("div", { class: "row rematch", "data-testid": "rematch-box" }, button, h("span", { class: "small muted" }, t("Same people and bots, seats moved round by one.")));
}
