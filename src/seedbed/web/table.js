// The table shell: one WebSocket (reconnecting), the latest view, whose turn it is, the
// game log, refused actions as toasts, the end screen; the game module draws the table.
//
// A game module gets, on every view, render(ctx) with
//   ctx = {root, msg, seat, players, act, legal, view, display, tableId, mode, myTurn, rerender}
// (see docs/web-client.md); a module's optional prepare({tableId, summary}) is awaited before
// the first view. A game without a module of its own is shown by games/generic.js.

import {
  actionButton,
  clear,
  fetchJson,
  gameTitle,
  h,
  loadGame,
  nameTag,
  ordinal,
  rememberSeat,
  seatDot,
  seatLabel,
  seatName,
  toast,
} from "./common.js";
import { noticeView, setBaseTitle, soundToggle } from "./attention.js";
import { forgetChanges } from "./changes.js";
import { TableChat } from "./chat.js";
import { hintPanel, hintsBadge, rulesLink } from "./hints.js";
import { ratedBadge } from "./ladder.js";
import { paceBadge } from "./pace.js";
import { lastOwnMove, sinceBox } from "./since.js";
import { AutoPassToggle } from "./auto_pass.js";
import { HoldClock } from "./hold.js";
import { notePlace } from "./keep_place.js";
import { noteText } from "./notes.js";
import { logRole, renderLog } from "./log.js";
import { TurnTimer } from "./timer.js";
import { fillClock, rematchBox, waitingBanner } from "./open_tables.js";
import { turnOf, verbText } from "./turns.js";
import { nextTableButton } from "./your_turn.js";
import { languageSwitch, t, tn } from "./i18n.js";

const CLOSE_ABORTED = 4410; // the server's close code for a table it aborted (docs/protocol.md)
const ABORTED = () => t("This table was aborted (abandoned, or stopped by the server's operator).");
const MAX_BACKOFF_MS = 3000;
// closed for too many sockets or messages from this address (4429, 1008: docs/protocol.md):
// such a socket was accepted first, so only the longest wait keeps reconnects under the
// server's limit of new sockets a minute
const THROTTLED = [4429, 1008];

/** The table's summary and its game's view module, or null once the problem is shown. */
export async function loadTable(root, tableId) {
  let summary;
  try {
    summary = await fetchJson(`/api/tables/${encodeURIComponent(tableId)}`);
  } catch (err) {
    showProblem(root, err.status === 404 ? t("There is no such table on this server.") : t("The server did not answer: {error}", { error: err.message }));
    return null;
  }
  const module = await loadGame(summary.game);
  if (!module) {
    showProblem(root, t("The {game} view could not be loaded.", { game: gameTitle(summary.game) }));
    return null;
  }
  try {
    // a module that needs the table's static data (GET /api/tables/{id}/catalog) gets it
    // here, before its first view is drawn or described
    if (module.prepare) await module.prepare({ tableId, summary });
  } catch (err) {
    showProblem(root, t("The {game} view could not be prepared: {error}", { game: gameTitle(summary.game), error: err.message }));
    return null;
  }
  return { summary, module };
}

export async function openTable(root, { tableId, token, mode }) {
  const loaded = await loadTable(root, tableId);
  if (!loaded) return undefined;
  const { summary, module } = loaded;
  const shell = new TableShell(root, summary, module, { tableId, token, mode });
  shell.start();
  return shell;
}

export function showProblem(root, text) {
  clear(root).append(
    h("header", { class: "topbar" }, h("a", { class: "brand", href: "/" }, "seedbed"), h("span", { class: "spacer" }), languageSwitch()),
    h("main", { class: "page" }, h("div", { class: "notice error", role: "alert", "data-testid": "problem" }, text), h("p", {}, h("a", { href: "/" }, t("Back to the lobby")))),
  );
}

/** Human-readable log lines for the events of a view, never failing; null for an event the
 *  module says nothing of (its describeEvent returned null: "You received 0 cards" is no news). */
export function describeAll(module, events, view, players) {
  return events.map((event) => {
    try {
      const said = module.describeEvent(event, view, players);
      return said === null ? null : said || event.kind; // null: nothing worth a line
    } catch (err) {
      console.error("describeEvent failed", event, err);
      return String(event.kind);
    }
  });
}

/** Draw a game view into a fresh root, showing a notice instead if the module throws. */
export function renderGame(module, ctx) {
  try {
    module.render(ctx);
  } catch (err) {
    console.error("render failed", err);
    clear(ctx.root).append(h("div", { class: "notice error", "data-testid": "render-error" }, t("This view could not be drawn: {error}", { error: err.message })));
  }
  return ctx.root;
}

/** The end screen: the server's outcome (scores, and ranks with the game's tie-break applied)
 *  as a table of ranks, names and scores, with the module's words for each tie-break. */
export function endScreen(module, { view, display, outcome }, players, tableId, { replayLink = true } = {}) {
  const rows = outcome
    ? outcome.scores.map((score, seat) => ({ seat, score, rank: outcome.ranks[seat], detail: tieBreakText(module, { seat, view, display, outcome, players }) }))
    : [];
  rows.sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  const winners = (outcome ? outcome.winners : []).map((seat) => seatName(players, seat));
  const and = t(" and ");
  const headline = winners.length === 1 ? t("{name} wins!", { name: winners[0] }) : winners.length ? t("{names} share the win!", { names: winners.join(and) }) : t("Game over");
  const hasDetail = rows.some((r) => r.detail);
  return h(
    "section",
    { class: "panel end-screen", "data-testid": "end-screen" },
    h("h2", {}, t("Game over — {headline}", { headline })),
    h(
      "table",
      { class: "results", "data-testid": "results" },
      h("thead", {}, h("tr", {}, h("th", {}, t("Rank")), h("th", {}, t("Player")), h("th", { class: "num" }, t("Score")), hasDetail ? h("th", {}, t("Tie-break / details")) : null)),
      h(
        "tbody",
        {},
        rows.map((r) =>
          h(
            "tr",
            { class: r.rank === 1 ? "winner" : "", "data-testid": `result-${r.seat}` },
            h("td", {}, ordinal(r.rank)),
            h("td", {}, seatDot(r.seat), " ", seatName(players, r.seat)),
            h("td", { class: "num" }, String(r.score)),
            hasDetail ? h("td", { class: "small" }, r.detail || "") : null,
          ),
        ),
      ),
    ),
    h(
      "div",
      { class: "row" },
      replayLink ? h("a", { class: "btn btn-primary", href: `/replay/${tableId}`, "data-testid": "open-replay" }, t("Replay this game")) : null,
      h("a", { class: "btn", href: "/", "data-testid": "back-to-lobby" }, t("Back to the lobby")),
    ),
  );
}

/** A module's words for a seat's tie-break ("5 cards in hand"), never failing. */
function tieBreakText(module, args) {
  try {
    return module.resultDetail ? module.resultDetail(args) || "" : "";
  } catch (err) {
    console.error("resultDetail failed", err);
    return "";
  }
}

/** A seat's name set apart as a name (a dot and bold text), so "Waiting for Me" reads as
 *  waiting for the player called Me. */
export function nameChip(players, seat) {
  return nameTag(seat, seatName(players, seat));
}

/** Nodes joined with commas and a final "and". */
function listed(nodes) {
  return nodes.flatMap((node, i) => [i === 0 ? "" : i === nodes.length - 1 ? " and " : ", ", node]);
}

class TableShell {
  constructor(root, summary, module, { tableId, token, mode }) {
    this.root = root;
    this.summary = summary;
    this.players = summary.seats;
    this.module = module;
    this.tableId = tableId;
    this.token = token;
    this.mode = mode;
    this.seat = null;
    this.msg = null;
    this.ws = null;
    this.opened = false;
    this.failures = 0;
    this.answered = false; // the server answered the check after the last failed handshake
    this.closing = false;
    this.pending = null;
    this.log = [];
    this.history = []; // the history pages of this connection, until the last one arrives
    this.logOpened = new Map(); // log turns the reader opened or closed
    this.timer = new TurnTimer();
    this.fillClock = fillClock();
    this.rematch = null; // the rematch message, once someone seated asked (issue 30 item 5)
    this.holdClock = new HoldClock();
    this.chat = new TableChat((message) => this.sendMessage(message));
  }

  start() {
    this.layout();
    this.connect();
    document.addEventListener("keydown", (e) => this.onKey(e));
    this.poll = setInterval(() => this.refreshPlayers(), 10000);
  }

  // ---------------------------------------------------------------- layout

  layout() {
    document.title = `${gameTitle(this.summary.game)} — seedbed`;
    setBaseTitle(document.title);
    this.hints = hintPanel(this);
    this.conn = h("span", { class: "conn conn-wait", "data-testid": "connection" }, "connecting…");
    this.who = h("span", { class: "small", "data-testid": "who-am-i" }, this.mode === "watch" ? t("Watching") : "");
    this.next = nextTableButton(this.tableId);
    this.banner = h("div", { class: "turn-banner", "data-testid": "turn-banner", role: "status", "aria-live": "polite" }, t("Connecting…"));
    this.endHolder = h("div", {});
    this.gameHolder = h("div", { class: "game-holder" });
    this.playersList = h("ul", { class: "players-list", "data-testid": "players" });
    this.logList = h("ol", { class: "log", "data-testid": "game-log", "aria-label": t("Game log") });
    this.sinceHolder = h("div", {});
    this.autoPass = new AutoPassToggle((message) => this.sendMessage(message));
    this.help = h(
      "div",
      // a popover at the top of the window: "?" shows it in sight (it opened below the fold)
      { class: "panel small help-pop", hidden: true, "data-testid": "help" },
      h("div", { class: "panel-title" }, t("Keyboard")),
      h("p", {}, t("Tab moves between everything you can do; Enter or Space does it. Letters shown on buttons ("), h("kbd", {}, "E"), t(") are shortcuts. "), h("kbd", {}, "?"), t(" shows or hides this help.")),
    );
    clear(this.root).append(
      h(
        "header",
        { class: "topbar" },
        h("a", { class: "brand", href: "/", "data-testid": "lobby-link" }, "seedbed"),
        h("span", { class: "title" }, gameTitle(this.summary.game)),
        h("span", { class: "small", title: t("table id") }, t("table {id}", { id: this.tableId.slice(0, 6) })),
        h("span", { class: "spacer" }),
        this.chat.badge,
        hintsBadge(this.summary),
        ratedBadge(this.summary),
        paceBadge(this.summary),
        rulesLink(this.summary.game),
        languageSwitch(),
        this.mode === "play" ? soundToggle() : null,
        this.who,
        this.conn,
      ),
      h(
        "div",
        { class: "table-layout" },
        h("main", { class: "table-main" }, this.banner, this.next.node, this.timer.node, this.hints.element, this.endHolder, this.gameHolder),
        h(
          "aside",
          { class: "table-side" },
          h("section", { class: "panel" }, h("div", { class: "panel-title" }, t("Players")), this.playersList, this.autoPass.node),
          h("section", { class: "panel" }, h("div", { class: "log-tools" }, h("div", { class: "panel-title" }, t("Game log")), this.openAllButton()), this.sinceHolder, this.logList),
          this.chat.node,
          this.help,
        ),
      ),
    );
  }

  // ---------------------------------------------------------------- connection

  socketUrl() {
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    const query = this.token ? `?token=${encodeURIComponent(this.token)}` : "";
    return `${scheme}://${window.location.host}/ws/tables/${encodeURIComponent(this.tableId)}${query}`;
  }

  connect() {
    this.setConn("wait", this.failures ? t("reconnecting…") : t("connecting…"));
    const ws = new WebSocket(this.socketUrl());
    this.ws = ws;
    this.opened = false;
    ws.onopen = () => {
      this.opened = true;
      this.failures = 0;
      this.answered = false;
      this.setConn("up", t("connected"));
      this.refreshPlayers();
    };
    ws.onmessage = (e) => this.onMessage(e.data);
    ws.onclose = (e) => this.onClose(ws, e);
  }

  async onClose(ws, event) {
    if (ws !== this.ws || this.closing) return;
    if (event && event.code === CLOSE_ABORTED) {
      this.fatal(event.reason ? t("This table was aborted: {reason}.", { reason: event.reason }) : ABORTED());
      return;
    }
    this.setConn("down", t("offline — reconnecting"));
    this.pending = null;
    this.root.classList.remove("busy");
    this.failures += 1;
    if (!this.opened && this.failures >= 2 && (await this.refused())) return;
    const throttled = event && THROTTLED.includes(event.code);
    const delay = throttled ? MAX_BACKOFF_MS : Math.min(MAX_BACKOFF_MS, 300 * 2 ** Math.min(this.failures, 5));
    setTimeout(() => this.connect(), delay);
  }

  /** After failed handshakes: whether the server refuses us for good (unknown table/token).
   * A handshake failed while the server was down says nothing of the link: only one that
   * fails although the server answered just before it, and still answers after, is refused. */
  async refused() {
    const answeredBefore = this.answered;
    this.answered = false;
    try {
      const summary = await fetchJson(`/api/tables/${encodeURIComponent(this.tableId)}`);
      if (summary.status === "aborted") {
        this.fatal(ABORTED());
        return true;
      }
    } catch (err) {
      if (err.status === 404) {
        this.fatal(t("This table no longer exists on this server."));
        return true;
      }
      return false; // the server is down: keep trying
    }
    this.answered = true;
    if (this.token && answeredBefore) {
      this.fatal(t("The server refused this seat's link. Check that you opened the whole invite link."));
      return true;
    }
    return false;
  }

  fatal(text) {
    this.closing = true;
    this.setConn("down", t("disconnected"));
    clear(this.banner).append(t("Disconnected"));
    clear(this.gameHolder).append(h("div", { class: "notice error", role: "alert", "data-testid": "problem" }, text));
  }

  setConn(kind, text) {
    this.conn.className = `conn conn-${kind}`;
    this.conn.textContent = text;
  }

  async refreshPlayers() {
    try {
      const summary = await fetchJson(`/api/tables/${encodeURIComponent(this.tableId)}`);
      this.players = summary.seats;
      this.renderPlayers();
    } catch {
      /* the next poll tries again */
    }
  }

  // ---------------------------------------------------------------- messages

  onMessage(text) {
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (message.type === "view") this.onView(message);
    else if (message.type === "history") this.onHistory(message);
    else if (message.type === "chat") this.chat.onMessage(message);
    else if (message.type === "error") this.onError(message);
    else if (message.type === "rematch") this.onRematch(message);
  }

  onRematch(message) {
    this.rematch = message;
    if (this.msg) this.renderEnd(this.msg);
  }

  onView(msg) {
    const first = this.msg === null;
    // the seating changes while a table waits for players: who sits now, and once all do
    if (msg.waiting_for_players || (this.msg && this.msg.waiting_for_players)) this.refreshPlayers();
    this.msg = msg;
    this.seat = msg.seat;
    this.pending = null;
    this.root.classList.remove("busy");
    if (first) this.firstView(msg);
    if (msg.undone !== null && msg.undone !== undefined) this.forgetMoves(msg.undone);
    this.addLog(msg);
    this.render();
    noticeView(msg, this.module);
    this.hints.update(msg);
  }

  /** A page of the history the server sends after a connection's first view: with the last
   *  page, the log is the table's whole past as this seat may see it (any device, any time). */
  onHistory(page) {
    this.history.push(...page.entries);
    if (!page.last_page) return;
    this.log = [];
    for (const entry of this.history) {
      if (entry.note) this.log.push({ v: entry.version, text: noteText(entry.note_parts, entry.note), seat: entry.seat, role: "note" });
      this.pushEvents(entry.version, entry.events, this.msg ? this.msg.view : null);
    }
    this.showSince();
    this.history = [];
    this.renderLog();
  }

  /** At a turn-based table, what happened since the person's own last move (issue 31 item 5),
   *  from the history just received, above the log. */
  showSince() {
    const seat = this.msg ? this.msg.seat : null;
    const turnBased = this.summary && this.summary.pace === "turn-based";
    const box = seat === null || !turnBased ? null : sinceBox(this.log, lastOwnMove(this.history, seat));
    clear(this.sinceHolder).append(...(box ? [box] : []));
  }

  firstView(msg) {
    if (this.token && msg.seat !== null) rememberSeat(this.tableId, msg.seat, this.token);
    this.who.textContent = msg.seat === null ? t("Watching") : t("You are {name}", { name: seatName(this.players, msg.seat) });
    this.chat.setSeat(msg.seat);
  }

  /** Send a message other than an act (a chat line); whether it went. */
  sendMessage(message) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
      toast(t("Not connected; reconnecting — try again in a moment."), "error");
      return false;
    }
    this.ws.send(JSON.stringify(message));
    return true;
  }

  onError(message) {
    this.pending = null;
    this.root.classList.remove("busy");
    const text = message.code === "stale_version" ? t("Someone moved first, so your action was not played ({reason}). The table is up to date now.", { reason: message.message }) : t("Refused: {reason}", { reason: message.message });
    toast(text, "error", 10);
  }

  /** Send an action chosen on the current view. */
  act(action) {
    this.sendMove({ type: "act", action });
    this.next.moved(); // "Next table waiting for you" (issue 31 item 2)
  }

  /** Take back this seat's last move (the server offers it: `can_undo`, issue 38 item 11). */
  undo() {
    if (this.msg && this.msg.can_undo) this.sendMove({ type: "undo" });
  }

  /** An act or an undo at the current view's version; the table is busy until the answer. */
  sendMove(message) {
    if (this.mode !== "play" || !this.msg) return;
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
      toast(t("Not connected; reconnecting — try again in a moment."), "error");
      return;
    }
    this.pending = this.msg.version;
    this.root.classList.add("busy");
    this.ws.send(JSON.stringify({ ...message, version: this.msg.version }));
    setTimeout(() => {
      if (this.pending !== null) {
        this.pending = null;
        this.root.classList.remove("busy");
      }
    }, 8000);
  }

  /** An undo took back the move that led to version `undone`: its log lines and marks go. */
  forgetMoves(undone) {
    this.log = this.log.filter((entry) => entry.v < undone);
    forgetChanges(undone);
    toast("A move was taken back.", "info", 4);
  }

  // ---------------------------------------------------------------- drawing

  addLog(msg) {
    if (msg.stand_in) this.log.push({ v: msg.version, text: noteText(msg.stand_in.parts, msg.stand_in.text), seat: msg.stand_in.seat, role: "note" });
    this.pushEvents(msg.version, msg.events, msg.view);
  }

  /** The log lines of one move's events (the module's words, the event's role). */
  pushEvents(version, events, view) {
    if (!events.length) return;
    const lines = describeAll(this.module, events, view, this.players);
    for (const [i, text] of lines.entries()) {
      if (text === null) continue;
      const seat = events[i].player;
      this.log.push({ v: version, text, seat: Number.isInteger(seat) ? seat : null, role: logRole(this.module, events[i]) });
    }
  }

  render() {
    const msg = this.msg;
    // for tests and styling: the version shown, the status, whether this seat is on the move
    document.body.dataset.version = String(msg.version);
    document.body.dataset.status = msg.status;
    document.body.dataset.myTurn = String(msg.seat !== null && msg.to_move.includes(msg.seat));
    this.holdClock.update(msg, this.module, this.players);
    this.autoPass.update(msg);
    this.renderBanner(msg);
    this.timer.update(msg, this.players);
    this.renderPlayers();
    this.renderLog();
    this.renderEnd(msg);
    const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.testid : null;
    const root = h("div", { class: "game-root", "data-testid": "game-root" });
    const ctx = {
      root,
      msg,
      seat: msg.seat,
      players: this.players,
      act: (action) => this.act(action),
      legal: msg.legal_actions,
      view: msg.view,
      display: msg.display,
      tableId: this.tableId,
      mode: this.mode,
      myTurn: msg.seat !== null && msg.to_move.includes(msg.seat),
      rerender: () => this.render(),
    };
    renderGame(this.module, ctx);
    const keep = notePlace(this.gameHolder.firstElementChild, focused);
    clear(this.gameHolder).append(root);
    keep(root); // the scrolled panels and the control just used stay where they were
    this.hints.mark(root, msg);
    if (focused) {
      const again = root.querySelector(`[data-testid="${CSS.escape(focused)}"]`);
      if (again) again.focus({ preventScroll: true });
    }
  }

  renderEnd(msg) {
    clear(this.endHolder);
    if (msg.status !== "finished") return;
    this.endHolder.append(endScreen(this.module, msg, this.players, this.tableId));
    const rematch = rematchBox(this);
    if (rematch) this.endHolder.append(rematch);
  }

  renderBanner(msg) {
    const banner = this.banner;
    clear(banner);
    banner.className = "turn-banner";
    if (msg.waiting_for_players) {
      banner.append(waitingBanner(msg, this.fillClock)); // issue 30 item 2
      return;
    }
    if (msg.status === "finished") {
      banner.classList.add("over");
      banner.append(t("The game is over."));
      return;
    }
    const { mine, own, owner, verb } = turnOf(this.module, msg);
    const others = msg.to_move.filter((s) => s !== msg.seat).map((s) => nameChip(this.players, s));
    const unopened = (msg.waiting_to_join || []).filter((s) => s !== msg.seat);
    let prompt = "";
    try {
      prompt = this.module.prompt ? this.module.prompt({ msg, seat: msg.seat, players: this.players, view: msg.view, legal: msg.legal_actions }) || "" : "";
    } catch {
      prompt = "";
    }
    if (own) {
      banner.classList.add("yours");
      banner.append(h("span", { "data-testid": "your-turn", "data-own": "true" }, t("Your turn")));
      if (others.length) banner.append(h("span", { class: "hint" }, tn("(also {names})", { names: listed(others) })));
    } else if (mine) {
      // on the move during another seat's turn (Bohnanza's trading): not "Your turn"
      banner.classList.add("side");
      banner.append(h("span", { "data-testid": "your-turn", "data-own": "false" }, t("You may {verb}", { verb: verbText(verb) })));
      banner.append(h("span", { class: "hint", "data-testid": "whose-turn" }, "· ", tn("{name}'s turn", { name: nameChip(this.players, owner) })));
    } else if (!unopened.length) {
      banner.append(h("span", { "data-testid": "waiting-for" }, others.length ? tn("Waiting for {names}", { names: listed(others) }) : t("Waiting…")));
    }
    if (unopened.length) {
      // a seat nobody opened yet: the table waits, and its turn timer has not started (issue 38 item 8)
      const names = () => listed(unopened.map((s) => nameChip(this.players, s)));
      const clock = this.summary.turn_seconds ? t("the turn timer starts when they do") : "";
      if (own || mine) banner.append(h("span", { class: "hint", "data-testid": "waiting-to-join" }, tn("· waiting for {names} to join the table", { names: names() }), clock ? `; ${clock}` : ""));
      else banner.append(h("span", { "data-testid": "waiting-for" }, h("span", { "data-testid": "waiting-to-join" }, tn("Waiting for {names} to join the table", { names: names() }))));
      if (clock && !(own || mine)) banner.append(h("span", { class: "hint" }, `· ${clock}`));
    }
    if (!this.holdClock.node.hidden) banner.append(this.holdClock.node); // issue 38 item 1
    if (prompt) banner.append(h("span", { class: "hint", "data-testid": "prompt" }, prompt));
    if (msg.can_undo && this.mode === "play") banner.append(this.undoButton());
  }

  /** "Undo" (U): shown only while the server says this seat may take back its last move. */
  undoButton() {
    const title = t("Take back your last move (allowed in your turn until something is drawn or revealed)");
    const button = actionButton({ label: t("Undo"), testid: "undo", key: "u", title, extraClass: "btn-small undo-button" });
    button.addEventListener("click", () => this.undo());
    return button;
  }

  renderPlayers() {
    if (!this.msg) return;
    const moving = new Set(this.msg.to_move);
    const { owner, verb } = turnOf(this.module, this.msg);
    clear(this.playersList).append(
      ...this.players.map((p) => {
        const status = p.kind === "bot" ? "bot" : p.kind === "open" ? "open seat" : p.connected ? "online" : "offline";
        const shown = { bot: t("bot"), "open seat": t("open seat"), online: t("online"), offline: t("offline") }[status];
        // the seat whose turn it is moves; the others on the move may only join in (trade)
        const side = moving.has(p.seat) && owner !== null && owner !== p.seat;
        const onMove = moving.has(p.seat) && !side;
        return h(
          "li",
          { class: onMove ? "on-move" : side ? "side-move" : "", "data-testid": `player-${p.seat}` },
          seatDot(p.seat),
          h("span", {}, seatLabel(this.players, p.seat, this.msg.seat)),
          onMove ? h("span", { class: "sr-only" }, t("(on the move)")) : null,
          h("span", { class: `status ${status === "offline" ? "offline" : ""}` }, onMove ? t("▶ to move") : side ? t("may {verb}", { verb: verbText(verb) }) : shown),
        );
      }),
    );
  }

  renderLog() {
    renderLog(this.logList, this.log, (seat) => seatName(this.players, seat), this.logOpened, this.logAllOpen);
  }

  /** "Open every turn" / "Close old turns": the whole log at once, or the last turns. */
  openAllButton() {
    const button = h("button", { type: "button", class: "btn btn-small", "data-testid": "log-open-all", "aria-pressed": "false" }, t("Open every turn"));
    button.addEventListener("click", () => {
      this.logAllOpen = !this.logAllOpen;
      this.logOpened.clear();
      button.textContent = this.logAllOpen ? t("Close old turns") : t("Open every turn");
      button.setAttribute("aria-pressed", String(this.logAllOpen));
      this.renderLog();
    });
    return button;
  }

  // ---------------------------------------------------------------- keyboard

  onKey(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const target = e.target;
    if (target && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))) return;
    if (e.key === "?") {
      this.help.hidden = !this.help.hidden;
      e.preventDefault();
      return;
    }
    if (e.key.length !== 1) return;
    const key = e.key.toLowerCase();
    const button = [...this.root.querySelectorAll("[data-key]")].find((el) => el.dataset.key.toLowerCase() === key && !el.disabled && el.offsetParent !== null);
    if (button) {
      e.preventDefault();
      button.click();
    }
  }
}
