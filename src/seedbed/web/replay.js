// The replay viewer: steps through a finished game with first/prev/next/last, a slider and
// the arrow keys. The views come from the server (GET /api/tables/{id}/replay?seat=…), which
// rebuilds them from the record: the client never runs the rules. "Reveal every view" shows
// every seat's view of the same moment, one under the other.

import { hintsBadge, rulesLink } from "./hints.js";
import { languageSwitch, t } from "./i18n.js";
import { clear, fetchJson, gameTitle, h, knownSeats, seatDot, seatLabel, seatName } from "./common.js";
import { describeAll, endScreen, loadTable, renderGame } from "./table.js";
import { stageJump, stageText } from "./stages.js";

export async function openReplay(root, tableId) {
  const loaded = await loadTable(root, tableId);
  if (!loaded) return undefined;
  const { summary, module } = loaded;
  if (summary.status !== "finished") {
    clear(root).append(
      h("header", { class: "topbar" }, h("a", { class: "brand", href: "/" }, "seedbed"), h("span", { class: "title" }, t("{game} replay", { game: gameTitle(summary.game) })), h("span", { class: "spacer" }), languageSwitch()),
      h(
        "main",
        { class: "page" },
        h("div", { class: "notice", "data-testid": "replay-not-ready" }, t("This game is still running: its replay opens when it is over.")),
        h("p", {}, h("a", { href: `/watch/${tableId}` }, t("Watch it live"))),
      ),
    );
    return null;
  }
  const viewer = new ReplayViewer(root, summary, module, tableId);
  await viewer.start();
  return viewer;
}

class ReplayViewer {
  constructor(root, summary, module, tableId) {
    this.root = root;
    this.summary = summary;
    this.players = summary.seats;
    this.module = module;
    this.tableId = tableId;
    this.replays = new Map(); // viewer key ("spectator", "0", …) -> replay answer
    const mine = Object.keys(knownSeats()[tableId] || {});
    this.viewerKey = mine.length ? mine[0] : "spectator";
    this.revealAll = false;
    this.step = 0;
  }

  async fetchReplay(key) {
    if (!this.replays.has(key)) {
      this.replays.set(key, fetchJson(`/api/tables/${encodeURIComponent(this.tableId)}/replay?seat=${key}`));
    }
    return this.replays.get(key);
  }

  async start() {
    document.title = t("{game} replay — seedbed", { game: gameTitle(this.summary.game) });
    this.slider = h("input", { type: "range", min: 0, max: 0, value: 0, "data-testid": "replay-slider", "aria-label": t("Move") });
    this.slider.addEventListener("input", () => this.go(Number(this.slider.value)));
    this.position = h("span", { class: "nowrap", "data-testid": "replay-position" });
    this.moveLine = h("div", { class: "replay-move", "data-testid": "replay-move" });
    this.views = h("div", { class: "replay-views", "data-testid": "replay-views" });
    this.endHolder = h("div", {});
    const viewerSelect = h(
      "select",
      { "data-testid": "replay-viewer", "aria-label": t("Whose view"), onchange: (e) => this.setViewer(e.target.value) },
      h("option", { value: "spectator", selected: this.viewerKey === "spectator" }, t("Spectator (public view)")),
      this.players.map((p) => h("option", { value: String(p.seat), selected: this.viewerKey === String(p.seat) }, viewOf(this.players, p.seat))),
    );
    const reveal = h("input", { type: "checkbox", "data-testid": "reveal-all", onchange: (e) => this.setReveal(e.target.checked) });
    this.progress = h("span", { class: "small muted replay-progress", "data-testid": "reveal-progress", role: "status", hidden: true });
    this.stage = h("span", { class: "small", "data-testid": "replay-stage" });
    const button = (label, testid, key, go) => h("button", { type: "button", class: "btn btn-small", "data-testid": testid, title: key, onclick: go }, label);
    clear(this.root).append(
      h(
        "header",
        { class: "topbar" },
        h("a", { class: "brand", href: "/" }, "seedbed"),
        h("span", { class: "title" }, t("{game} — replay", { game: gameTitle(this.summary.game) })),
        hintsBadge(this.summary),
        h("span", { class: "spacer" }),
        rulesLink(this.summary.game),
        languageSwitch(),
        h("span", { class: "small" }, this.players.map((p) => seatName(this.players, p.seat)).join(" · ")),
      ),
      h(
        "main",
        { class: "page stack" },
        h(
          "section",
          { class: "panel stack" },
          h(
            "div",
            { class: "replay-controls" },
            this.slider,
            h(
              "div",
              { class: "row" },
              button(t("« First"), "replay-first", t("Home"), () => this.go(0)),
              button(t("◀ Prev"), "replay-prev", "←", () => this.go(this.step - 1)),
              button(t("Next ▶"), "replay-next", "→", () => this.go(this.step + 1)),
              button(t("Last »"), "replay-last", t("End"), () => this.go(this.last())),
              this.position,
              this.stage,
              h("span", { class: "small muted" }, t("(keys ← → Home End; PageUp PageDown by turn)")),
            ),
            h(
              "div",
              { class: "row", "data-testid": "replay-jumps" },
              button(t("« Turn"), "replay-prev-turn", t("PageUp"), () => this.jump("turn", -1)),
              button(t("Turn »"), "replay-next-turn", t("PageDown"), () => this.jump("turn", 1)),
              button(t("‹ Phase"), "replay-prev-phase", t("Shift+←"), () => this.jump("phase", -1)),
              button(t("Phase ›"), "replay-next-phase", t("Shift+→"), () => this.jump("phase", 1)),
            ),
          ),
          h("div", { class: "row" }, viewerSelect, h("label", { class: "check" }, reveal, t("Reveal every view")), this.progress),
          this.moveLine,
        ),
        this.endHolder,
        this.views,
      ),
    );
    document.addEventListener("keydown", (e) => this.onKey(e));
    await this.load();
  }

  last() {
    return this.current ? this.current.steps.length - 1 : 0;
  }

  /** Go to the start of the next (dir 1) or this/previous (dir -1) turn or phase. */
  jump(kind, dir) {
    if (!this.current) return;
    this.go(stageJump(this.module, this.current.steps, this.step, kind, dir));
  }

  /** Every seat's replay, one after another, saying how far it got (a long game's views take
   *  a while to build and to send). */
  async fetchAll() {
    const keys = this.players.map((p) => String(p.seat));
    const pending = keys.filter((k) => !this.replays.has(k)).length;
    let done = 0;
    const say = () => {
      this.progress.hidden = done >= pending;
      this.progress.textContent = t("Loading every view: {done} of {all}…", { done, all: pending });
    };
    say();
    const all = [];
    for (const key of keys) {
      const fresh = !this.replays.has(key);
      all.push(await this.fetchReplay(key));
      if (fresh) done += 1;
      say();
    }
    return all;
  }

  async load() {
    try {
      this.current = await this.fetchReplay(this.viewerKey);
      if (this.revealAll) {
        this.all = await this.fetchAll();
      }
    } catch (err) {
      clear(this.views).append(h("div", { class: "notice error", "data-testid": "problem" }, t("The replay could not be loaded: {reason}", { reason: err.message })));
      return;
    }
    this.slider.max = String(this.last());
    this.go(Math.min(this.step, this.last()));
  }

  setViewer(key) {
    this.viewerKey = key;
    this.load();
  }

  setReveal(on) {
    this.revealAll = on;
    this.load();
  }

  go(step) {
    if (!this.current) return;
    this.step = Math.max(0, Math.min(this.last(), step));
    this.slider.value = String(this.step);
    this.position.textContent = t("move {n} of {all}", { n: this.step, all: this.last() });
    const entry = this.current.steps[this.step];
    this.stage.textContent = stageText(this.module, entry.view);
    this.renderMove(entry);
    clear(this.endHolder);
    if (this.step === this.last()) {
      const end = { view: entry.view, display: entry.display, outcome: this.current.outcome };
      this.endHolder.append(endScreen(this.module, end, this.players, this.tableId, { replayLink: false }));
    }
    clear(this.views);
    if (this.revealAll && this.all) {
      for (const replay of this.all) this.views.append(this.viewPanel(replay, viewOf(this.players, replay.viewer)));
    } else {
      const title = this.current.viewer === null ? t("Spectator's view") : viewOf(this.players, this.current.viewer);
      this.views.append(this.viewPanel(this.current, title));
    }
  }

  renderMove(entry) {
    clear(this.moveLine);
    if (!entry.move) {
      this.moveLine.append(t("The deal, before the first move."));
      return;
    }
    const [first, ...rest] = describeAll(this.module, entry.events, entry.view, this.players).filter((line) => line !== null);
    this.moveLine.append(
      h("div", { class: "row" }, seatDot(entry.move.seat), first || t("{name} played {action}", { name: seatName(this.players, entry.move.seat), action: actionText(entry.move.action) })),
    );
    if (rest.length) {
      this.moveLine.append(h("ul", { class: "small muted", "data-testid": "replay-events" }, rest.map((l) => h("li", {}, l))));
    }
  }

  viewPanel(replay, title) {
    const entry = replay.steps[this.step];
    const last = this.step === replay.steps.length - 1;
    const msg = {
      type: "view",
      version: entry.version,
      seat: replay.viewer,
      view: entry.view,
      display: entry.display,
      legal_actions: [],
      elided: 0,
      events: entry.events,
      to_move: entry.to_move,
      status: last ? "finished" : "running",
      outcome: last ? replay.outcome : null,
    };
    const root = h("div", { class: "game-root" });
    renderGame(this.module, {
      root,
      msg,
      seat: replay.viewer,
      players: this.players,
      act: () => {},
      legal: [],
      view: entry.view,
      display: entry.display,
      tableId: `${this.tableId}#replay-${replay.viewer}`,
      mode: "replay",
      myTurn: false,
      rerender: () => this.go(this.step),
    });
    const moving = entry.to_move.map((s) => seatLabel(this.players, s, replay.viewer)).join(", ");
    return h(
      "section",
      { class: "stack", "data-testid": `replay-view-${replay.viewer === null ? "spectator" : replay.viewer}` },
      h("div", { class: "replay-view-title" }, title, moving ? h("span", { class: "muted small" }, t(" — to move: {names}", { names: moving })) : null),
      root,
    );
  }

  onKey(e) {
    const tag = e.target && e.target.tagName;
    if (["INPUT", "SELECT", "TEXTAREA"].includes(tag) && e.target.type !== "range" && e.target.type !== "checkbox") return;
    if (e.key === "PageUp" || e.key === "PageDown" || (e.shiftKey && (e.key === "ArrowLeft" || e.key === "ArrowRight"))) {
      e.preventDefault();
      const dir = e.key === "PageDown" || e.key === "ArrowRight" ? 1 : -1;
      this.jump(e.key.startsWith("Page") ? "turn" : "phase", dir);
      return;
    }
    const moves = { ArrowLeft: this.step - 1, ArrowRight: this.step + 1, Home: 0, End: this.last() };
    if (e.key in moves && !(tag === "INPUT" && e.target.type === "range")) {
      e.preventDefault();
      this.go(moves[e.key]);
    }
  }
}

/** "View of Me (seat 2)": a seat's name read as a name, whatever it is (not "Me's view"). */
function viewOf(players, seat) {
  const name = seatName(players, seat);
  return name.endsWith(`(seat ${seat + 1})`) || name.endsWith(t("(seat {n})", { n: seat + 1 })) ? t("View of {name}", { name }) : t("View of {name} (seat {n})", { name, n: seat + 1 });
}

/** A compact text of an action JSON: "plant slot 2 space 0,-1". */
function actionText(action) {
  const parts = Object.entries(action)
    .filter(([k]) => k !== "type")
    .map(([k, v]) => `${k.replace(/_/g, " ")} ${Array.isArray(v) ? v.join(",") : typeof v === "object" && v !== null ? JSON.stringify(v) : v}`);
  return [String(action.type).replace(/[_-]/g, " "), ...parts].join(" ");
}
