// Open tables, quick match and rematch in the browser (issue 30 items 2 and 5): the lobby's
// "Play now" box (POST /api/quick-match) and its list of tables waiting for players (GET
// /api/open-tables, each with "Take a seat": POST /api/tables/{id}/seats/{seat}); at a table,
// the countdown until bots fill its empty seats and the end screen's Rematch (POST
// /api/tables/{id}/rematch, or "Rematch: join" once someone asked). The deadlines come from
// the server (seconds left when it answered); the count runs on this device's clock.

import { clear, fetchJson, gameTitle, h, plainName, rememberSeat, toast } from "./common.js";

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
  return left === null ? "no bot fills the empty seats" : `a bot fills each empty seat in ${left}`;
}

/** The lobby's "Play now" box: a game, a player count, a name. */
export function playNow(games, name) {
  const game = h("select", { "data-testid": "play-now-game", "aria-label": "Game" }, games.map((g) => h("option", { value: g.name }, g.title)));
  const count = h("select", { "data-testid": "play-now-players", "aria-label": "Players" });
  const counts = () => {
    const info = games.find((g) => g.name === game.value);
    clear(count).append(...info.player_counts.map((n) => h("option", { value: String(n), selected: n === 2 }, `${n} players`)));
  };
  game.addEventListener("change", counts);
  counts();
  const waits = [["60", "bots after 60 s"], ["30", "bots after 30 s"], ["5", "bots after 5 s"], ["never", "no bots"]];
  const wait = h("select", { "data-testid": "play-now-wait", "aria-label": "Fill empty seats with bots" }, waits.map(([v, label]) => h("option", { value: v }, label)));
  const error = h("div", { class: "small notice error", hidden: true, "data-testid": "play-now-error" });
  const go = h("button", { type: "button", class: "btn btn-primary", "data-testid": "play-now" }, "Play now");
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
    h("h2", {}, "Play now"),
    h("p", { class: "small muted" }, "Join the oldest table waiting for players, or open one: a bot fills each seat still empty after the wait you choose."),
    h("div", { class: "row" }, name.input, game, count, wait, go),
    error,
  );
}

function waitingItem(t, name) {
  const open = t.waiting.open_seats;
  const seated = t.seats.filter((s) => s.kind !== "open").map(plainName);
  const clock = new Countdown(`fill-in-${t.table_id}`, (left) => (left === null ? "" : ` · bots in ${left}`));
  clock.set(t.waiting.fill_in);
  const take = h("button", { type: "button", class: "btn btn-small btn-primary", "data-testid": `take-seat-${t.table_id}` }, "Take a seat");
  take.addEventListener("click", async () => {
    take.disabled = true;
    try {
      const url = `/api/tables/${encodeURIComponent(t.table_id)}/seats/${open[0]}`;
      sitDown(await fetchJson(url, { method: "POST", body: JSON.stringify({ name: name.get() }) }));
    } catch (err) {
      toast(err.message, "error");
      take.disabled = false;
    }
  });
  const since = new Date(t.waiting.since).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  return h(
    "li",
    { "data-testid": `waiting-${t.table_id}` },
    h(
      "div",
      { class: "what" },
      h("strong", {}, gameTitle(t.game)),
      ` · ${t.num_players} players · ${open.length} open`,
      t.waiting.default_options ? "" : h("span", { class: "small muted" }, " · own options"),
      h("div", { class: "small muted" }, seated.length ? `seated: ${seated.join(", ")}` : "nobody seated yet", ` · since ${since}`, clock.node),
    ),
    take,
  );
}

/** The lobby's list of tables waiting for players. */
export function waitingTables(name) {
  const list = h("ul", { class: "tables-list", "data-testid": "waiting-list" });
  const node = h("section", { class: "panel stack", "data-testid": "waiting-tables", hidden: true }, h("h2", {}, "Tables waiting for players"), list);
  const refresh = async () => {
    let found;
    try {
      found = (await fetchJson("/api/open-tables")).tables;
    } catch {
      return;
    }
    node.hidden = !found.length;
    clear(list).append(...found.map((t) => waitingItem(t, name)));
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
    `Waiting for players (${open} open seat${open === 1 ? "" : "s"}) — `,
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
      h("span", { class: "small" }, `${asked.asked_by} asked for a rematch.`),
      h("a", { class: "btn btn-primary", href, "data-testid": "rematch-join" }, asked.seat !== null && shell.token ? "Rematch: join" : "Rematch: watch"),
    );
  }
  if (shell.mode !== "play" || !shell.token) return null;
  const button = h("button", { type: "button", class: "btn btn-primary", "data-testid": "rematch" }, "Rematch");
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
  return h("div", { class: "row rematch", "data-testid": "rematch-box" }, button, h("span", { class: "small muted" }, "Same people and bots, seats moved round by one."));
}
