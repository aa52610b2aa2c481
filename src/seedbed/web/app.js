// The router and the lobby. Routes: "/" lobby, "/play/{id}?token=…" a seat, "/watch/{id}"
// a spectator, "/replay/{id}" the replay viewer of a finished game.

import {
  botLabel,
  clear,
  fetchJson,
  gameTitle,
  h,
  knownSeats,
  loadGame,
  rememberSeat,
  seatDot,
  toast,
} from "./common.js";
import { installPatterns } from "./glyphs.js";
import { openTable } from "./table.js";
import { openReplay } from "./replay.js";

const app = document.getElementById("app");

function route() {
  installPatterns();
  const path = window.location.pathname;
  const match = /^\/(play|watch|replay)\/([A-Za-z0-9_-]+)\/?$/.exec(path);
  if (!match) return openLobby(app);
  const [, kind, tableId] = match;
  if (kind === "replay") return openReplay(app, tableId);
  const token = kind === "play" ? new URLSearchParams(window.location.search).get("token") : null;
  return openTable(app, { tableId, token, mode: token ? "play" : "watch" });
}

// ------------------------------------------------------------------ lobby

const NAME_KEY = "seedbed.name";
const UPLOAD_LIMIT = 1024 * 1024; // POST /api/card-sets takes files up to 1 MiB

function savedName() {
  try {
    return localStorage.getItem(NAME_KEY) || "";
  } catch {
    return "";
  }
}

function saveName(name) {
  try {
    localStorage.setItem(NAME_KEY, name);
  } catch {
    /* ignore */
  }
}

/** The lobby's state: the form being filled in, the server's games and bots. */
class Lobby {
  constructor(root, catalogue, modules) {
    this.root = root;
    this.games = catalogue.games;
    this.bots = catalogue.bots;
    this.chosenSeeds = Boolean(catalogue.chosen_seeds); // a public server deals on its own
    this.modules = modules;
    this.form = null;
    this.created = null;
    this.error = null;
    this.uploads = {}; // option key -> {choices: [{value, label}], error}: files read this visit
    this.selectGame(this.games.some((g) => g.name === "stalk_exchange") ? "stalk_exchange" : this.games[0].name);
  }

  gameInfo(name = this.form.game) {
    return this.games.find((g) => g.name === name);
  }

  module(name = this.form.game) {
    return this.modules[name];
  }

  /** The module's player counts (an array, or a function of the chosen options). */
  playerCounts(name = this.form.game, options = this.form ? this.form.options : {}) {
    const mod = this.module(name);
    const server = this.gameInfo(name).player_counts;
    let counts = mod ? mod.playerCounts : null;
    if (typeof counts === "function") counts = counts(options);
    counts = Array.isArray(counts) ? counts : server;
    return counts.length ? counts : server;
  }

  selectGame(name) {
    const mod = this.modules[name];
    const options = {};
    for (const opt of (mod && mod.options) || []) options[opt.key] = opt.default;
    const counts = this.playerCounts(name, options);
    const num = counts.includes(3) ? 3 : counts[0];
    const old = this.form ? this.form.seats : [];
    const seed = this.form ? this.form.seed : "";
    const turnSeconds = this.form ? this.form.turnSeconds : "";
    this.form = { game: name, numPlayers: num, options, seats: [], seed, turnSeconds };
    this.resizeSeats(num, old);
  }

  resizeSeats(num, old = this.form.seats) {
    const seats = [];
    for (let i = 0; i < num; i += 1) {
      seats.push(old[i] || (i === 0 ? { kind: "human", name: savedName() || "Player 1", bot: "greedy" } : { kind: "bot", name: `Player ${i + 1}`, bot: "greedy" }));
    }
    this.form.numPlayers = num;
    this.form.seats = seats;
  }

  request() {
    const f = this.form;
    const body = {
      game: f.game,
      num_players: f.numPlayers,
      options: optionsJson(f.options),
      seats: f.seats.map((seat) => (seat.kind === "human" ? { human: { name: seat.name.trim() || "Player" } } : { bot: seat.bot })),
    };
    if (this.chosenSeeds && String(f.seed).trim() !== "") body.seed = Number(f.seed);
    if (String(f.turnSeconds).trim() !== "") body.turn_seconds = Number(f.turnSeconds);
    return body;
  }

  async create() {
    this.error = null;
    const body = this.request();
    const me = this.form.seats.find((s) => s.kind === "human");
    if (me) saveName(me.name.trim());
    try {
      const answer = await fetchJson("/api/tables", { method: "POST", body: JSON.stringify(body) });
      for (const seat of answer.seats) rememberSeat(answer.table_id, seat.seat, seat.token);
      this.created = { ...answer, game: body.game, names: body.seats };
      this.justCreated = true;
    } catch (err) {
      this.error = err.message;
    }
    this.render();
    refreshTables(this.root.querySelector("[data-testid=tables-list]"));
  }

  render() {
    const focused = document.activeElement?.dataset?.testid;
    const form = this.root.querySelector("#lobby-form");
    clear(form).append(this.formView());
    if (focused) form.querySelector(`[data-testid="${CSS.escape(focused)}"]`)?.focus();
    const result = this.root.querySelector("#lobby-result");
    clear(result);
    if (this.created) {
      result.append(createdView(this.created));
      if (this.justCreated) result.scrollIntoView({ block: "start" });
    }
    this.justCreated = false;
  }

  formView() {
    const f = this.form;
    return h(
      "div",
      { class: "stack" },
      h("h2", {}, "New table"),
      h(
        "div",
        { class: "row" },
        h(
          "label",
          { class: "field" },
          "Game",
          select(
            "lobby-game",
            this.games.map((g) => [g.name, gameTitle(g.name)]),
            f.game,
            (v) => {
              this.selectGame(v);
              this.render();
            },
          ),
        ),
        h(
          "label",
          { class: "field" },
          "Players",
          select(
            "lobby-players",
            this.playerCounts().map((n) => [String(n), String(n)]),
            String(f.numPlayers),
            (v) => {
              this.resizeSeats(Number(v));
              this.render();
            },
          ),
        ),
      ),
      this.optionsView(),
      h("h3", {}, "Seats"),
      h("div", {}, f.seats.map((seat, i) => this.seatView(seat, i))),
      h(
        "details",
        { class: "advanced" },
        h("summary", {}, "More settings"),
        h(
          "div",
          { class: "row" },
          !this.chosenSeeds ? null : h(
            "label",
            { class: "field" },
            "Deal (seed, optional)",
            h("input", {
              type: "number",
              min: 0,
              value: f.seed,
              "data-testid": "lobby-seed",
              placeholder: "random",
              oninput: (e) => {
                f.seed = e.target.value;
              },
            }),
          ),
          h(
            "label",
            { class: "field" },
            "Turn timer, seconds (optional)",
            h("input", {
              type: "number",
              min: 1,
              value: f.turnSeconds,
              "data-testid": "lobby-turn-seconds",
              placeholder: "none",
              oninput: (e) => {
                f.turnSeconds = e.target.value;
              },
            }),
          ),
        ),
      ),
      this.error ? h("div", { class: "notice error", role: "alert", "data-testid": "lobby-error" }, this.error) : null,
      h("div", { class: "row" }, h("button", { type: "button", class: "btn btn-primary", "data-testid": "create-table", onclick: () => this.create() }, "Create table")),
    );
  }

  optionsView() {
    const mod = this.module();
    const opts = (mod && mod.options) || [];
    if (!opts.length) return null;
    return h(
      "div",
      { class: "stack" },
      h("h3", {}, "Options"),
      h("div", { class: "row" }, opts.map((opt) => this.optionControl(opt))),
    );
  }

  optionControl(opt) {
    const f = this.form;
    const testid = `option-${opt.key}`;
    if (opt.type === "checkbox") {
      return h(
        "label",
        { class: "check" },
        h("input", {
          type: "checkbox",
          checked: Boolean(f.options[opt.key]),
          "data-testid": testid,
          onchange: (e) => {
            f.options[opt.key] = e.target.checked;
          },
        }),
        opt.label,
      );
    }
    if (opt.type === "number") {
      return h(
        "label",
        { class: "field" },
        opt.label,
        h("input", {
          type: "number",
          value: f.options[opt.key] ?? "",
          min: opt.min ?? null,
          max: opt.max ?? null,
          "data-testid": testid,
          oninput: (e) => {
            f.options[opt.key] = e.target.value === "" ? opt.default : Number(e.target.value);
          },
        }),
      );
    }
    const choices = [...(opt.choices || []).map(choice), ...this.uploaded(opt.key).choices];
    const index = Math.max(0, choices.findIndex((c) => JSON.stringify(c.value) === JSON.stringify(f.options[opt.key])));
    const field = h(
      "label",
      { class: "field" },
      opt.label,
      select(
        testid,
        choices.map((c, i) => [String(i), c.label]),
        String(index),
        (v) => {
          f.options[opt.key] = choices[Number(v)].value;
          this.fitPlayerCount();
        },
      ),
    );
    return opt.upload ? [field, this.uploadControl(opt)] : field;
  }

  uploaded(key) {
    this.uploads[key] = this.uploads[key] || { choices: [], error: null };
    return this.uploads[key];
  }

  /** A file input next to a select whose option declares `upload: {label, url, accept}`: the
   * server reads the file (POST url) and its answer becomes a new choice, chosen at once. */
  uploadControl(opt) {
    const up = this.uploaded(opt.key);
    const testid = `option-${opt.key}-file`;
    return h(
      "div",
      { class: "stack upload" },
      h(
        "label",
        { class: "field" },
        opt.upload.label,
        h("input", {
          type: "file",
          accept: opt.upload.accept || null,
          "data-testid": testid,
          onchange: (e) => {
            const file = e.target.files && e.target.files[0];
            if (file) this.upload(opt, file);
          },
        }),
      ),
      up.error ? h("div", { class: "notice error small", "aria-live": "polite", "data-testid": `${testid}-error` }, up.error) : null,
    );
  }

  async upload(opt, file) {
    const up = this.uploaded(opt.key);
    up.error = null;
    const format = (/\.(toml|json)$/i.exec(file.name) || [])[1];
    try {
      if (!format) throw new Error(`${file.name}: a card file must end in .toml or .json`);
      if (file.size > UPLOAD_LIMIT) throw new Error(`${file.name}: card-set files are limited to ${UPLOAD_LIMIT} bytes`);
      const text = await file.text();
      const body = JSON.stringify({ name: file.name, format: format.toLowerCase(), text });
      const answer = await fetchJson(opt.upload.url, { method: "POST", body });
      const label = `${answer.name} (your file, ${answer.locations} cards)`;
      up.choices = [...up.choices.filter((c) => c.label !== label), { value: answer.cards, label }];
      if (this.module()?.options?.includes(opt)) this.form.options[opt.key] = answer.cards;
    } catch (err) {
      up.error = err.message;
    }
    this.render();
  }

  /** After an option change: keep the player count one the game takes with these options. */
  fitPlayerCount() {
    const counts = this.playerCounts();
    if (typeof this.module()?.playerCounts !== "function") return;
    if (!counts.includes(this.form.numPlayers)) {
      this.resizeSeats(counts.reduce((best, n) => (Math.abs(n - this.form.numPlayers) < Math.abs(best - this.form.numPlayers) ? n : best)));
    }
    this.render();
  }

  seatView(seat, i) {
    const kind = select(
      `seat-kind-${i}`,
      [
        ["human", "Person"],
        ["bot", "Bot"],
      ],
      seat.kind,
      (v) => {
        seat.kind = v;
        this.render();
      },
    );
    const detail =
      seat.kind === "human"
        ? h("input", {
            type: "text",
            value: seat.name,
            maxlength: 40,
            "aria-label": `Name of seat ${i + 1}`,
            "data-testid": `seat-name-${i}`,
            oninput: (e) => {
              seat.name = e.target.value;
            },
          })
        : select(
            `seat-bot-${i}`,
            this.bots.map((b) => [b.spec, b.label]),
            seat.bot,
            (v) => {
              seat.bot = v;
            },
          );
    return h("div", { class: "lobby-seat" }, h("span", { class: "seat-no" }, seatDot(i), `Seat ${i + 1}`), kind, detail);
  }
}

/** A choice of a select option: a value, [value, label] or {value, label}. */
function choice(c) {
  if (Array.isArray(c) && c.length === 2) return { value: c[0], label: String(c[1]) };
  if (c && typeof c === "object" && "value" in c) return { value: c.value, label: String(c.label ?? c.value) };
  return { value: c, label: String(c) };
}

/** Option values with dotted keys ("offer_menu.max_give") nested as the server expects. */
function optionsJson(options) {
  const out = {};
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined) continue;
    const parts = key.split(".");
    let node = out;
    for (const part of parts.slice(0, -1)) node = node[part] = node[part] || {};
    node[parts[parts.length - 1]] = value;
  }
  return out;
}

function select(testid, pairs, value, onChange) {
  return h(
    "select",
    { "data-testid": testid, onchange: (e) => onChange(e.target.value) },
    pairs.map(([v, label]) => h("option", { value: v, selected: v === value }, label)),
  );
}

function createdView(created) {
  const humans = created.seats;
  const mine = humans[0];
  const invites = humans.map((seat) => {
    const name = created.names[seat.seat].human.name;
    const input = h("input", { type: "text", readonly: true, value: seat.invite_url, "data-testid": `invite-${seat.seat}`, "aria-label": `Invite link for ${name}` });
    const copy = h("button", { type: "button", class: "btn btn-small", "data-testid": `copy-invite-${seat.seat}`, onclick: () => copyText(input) }, "Copy");
    const open = h("a", { class: "btn btn-small", href: seat.invite_url, "data-testid": `open-seat-${seat.seat}` }, "Open");
    return h("div", { class: "invite" }, h("span", { class: "seat-no row" }, seatDot(seat.seat), h("strong", {}, name)), input, copy, open);
  });
  return h(
    "div",
    { class: "panel stack", "data-testid": "table-created" },
    h("h2", {}, `${gameTitle(created.game)} table created`),
    humans.length
      ? h("p", { class: "muted" }, "Send each person their own link: it is their seat's key and is shown only here.")
      : h("p", { class: "muted" }, "Every seat is a bot: watch them play."),
    invites,
    h(
      "div",
      { class: "row" },
      mine
        ? h("a", { class: "btn btn-primary", href: mine.invite_url, "data-testid": "open-my-seat" }, `Play as ${created.names[mine.seat].human.name}`)
        : null,
      h("a", { class: "btn", href: `/watch/${created.table_id}`, "data-testid": "watch-created" }, "Watch"),
    ),
  );
}

async function copyText(input) {
  input.select();
  try {
    await navigator.clipboard.writeText(input.value);
    toast("Link copied");
  } catch {
    const ok = document.execCommand && document.execCommand("copy");
    toast(ok ? "Link copied" : "Select the link and copy it (Ctrl+C)");
  }
}

async function refreshTables(list) {
  if (!list || !list.isConnected) return;
  let tables;
  try {
    tables = (await fetchJson("/api/tables")).tables;
  } catch (err) {
    clear(list).append(h("li", { class: "muted" }, `Could not list tables: ${err.message}`));
    return;
  }
  const seats = knownSeats();
  tables.sort((a, b) => (a.created_at < b.created_at ? 1 : -1));
  clear(list);
  if (!tables.length) list.append(h("li", { class: "muted" }, "No table is running. Create one!"));
  for (const t of tables) list.append(tableItem(t, seats[t.table_id] || {}));
}

function tableItem(t, mine) {
  const names = t.seats.map((s) => (s.kind === "bot" ? botLabel(s.name) : s.name));
  const moving = t.to_move.map((i) => names[i]).join(", ");
  const plays = Object.entries(mine).map(([seat, token]) =>
    h("a", { class: "btn btn-small btn-primary", href: `/play/${t.table_id}?token=${encodeURIComponent(token)}`, "data-testid": `rejoin-${t.table_id}-${seat}` }, `Play as ${names[Number(seat)]}`),
  );
  return h(
    "li",
    { "data-testid": `table-${t.table_id}` },
    h(
      "div",
      { class: "what" },
      h("strong", {}, gameTitle(t.game)),
      ` · ${t.num_players} players · move ${t.version}`,
      h("div", { class: "small muted" }, names.join(", "), moving ? ` — to move: ${moving}` : ""),
      t.seed_chosen ? h("div", { class: "small muted", "data-testid": `seed-chosen-${t.table_id}` }, "seed chosen by the creator") : null,
    ),
    plays,
    h("a", { class: "btn btn-small", href: `/watch/${t.table_id}`, "data-testid": `watch-${t.table_id}` }, "Watch"),
  );
}

async function openLobby(root) {
  document.title = "seedbed — lobby";
  let catalogue;
  try {
    catalogue = await fetchJson("/api/games");
  } catch (err) {
    clear(root).append(h("div", { class: "page" }, h("div", { class: "notice error" }, `The server did not answer: ${err.message}`)));
    return;
  }
  const modules = {};
  await Promise.all(
    catalogue.games.map(async (g) => {
      modules[g.name] = await loadGame(g.name);
    }),
  );
  const list = h("ul", { class: "tables-list", "data-testid": "tables-list" });
  clear(root).append(
    h("header", { class: "topbar" }, h("a", { class: "brand", href: "/" }, "seedbed"), h("span", { class: "title" }, "Lobby")),
    h(
      "main",
      { class: "page grid-2" },
      h("section", { class: "stack" }, h("div", { class: "panel", id: "lobby-form" }), h("div", { id: "lobby-result" })),
      h("section", { class: "panel stack" }, h("h2", {}, "Running tables"), list),
    ),
  );
  const lobby = new Lobby(root, catalogue, modules);
  lobby.render();
  refreshTables(list);
  const timer = setInterval(() => (list.isConnected ? refreshTables(list) : clearInterval(timer)), 5000);
}

route();
