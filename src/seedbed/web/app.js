// The router and the lobby. Routes: "/" lobby, "/play/{id}?token=…" a seat, "/watch/{id}"
// a spectator, "/replay/{id}" the replay viewer of a finished game, "/ladder/{game}" a game's
// ladder and "/players/{name}" a player's profile (ladder.js).

import {
  botName,
  canonical,
  clear,
  fetchJson,
  gameCatalogue,
  gameTitle,
  h,
  knownSeats,
  plainName,
  rememberSeat,
  seatDot,
  toast,
} from "./common.js";
import { installPatterns } from "./glyphs.js";
import { openTable } from "./table.js";
import { openReplay } from "./replay.js";
import { accountPanel } from "./account.js";
import { finishedList, myTables } from "./lobby_lists.js";
import { playNow, waitingTables } from "./open_tables.js";
import { installTips } from "./tips.js";
import { paceBadge, paceField, paceRequest } from "./pace.js";
import { openLadder, openProfile, ratedBadge, ratingText } from "./ladder.js";
import { installYourTurn, openYourTurn, yourTurnLink } from "./your_turn.js";
import { formatNumber, languageSwitch, loadLanguage, plural, t } from "./i18n.js";
import { presetDetail, presetLabel } from "./bot_presets.js";
import { optionText } from "./option_texts.js";

const app = document.getElementById("app");

async function route() {
  await loadLanguage();
  installPatterns();
  installTips();
  installYourTurn();
  const path = window.location.pathname;
  if (/^\/your-turn\/?$/.test(path)) return openYourTurn(app);
  const ladder = /^\/ladder\/([A-Za-z0-9_-]+)\/?$/.exec(path);
  if (ladder) return openLadder(app, ladder[1]);
  const player = /^\/players\/([^/]+)\/?$/.exec(path);
  if (player) return openProfile(app, decodeURIComponent(player[1]));
  const match = /^\/(play|watch|replay)\/([A-Za-z0-9_-]+)\/?$/.exec(path);
  if (!match) return openLobby(app);
  const [, kind, tableId] = match;
  if (kind === "replay") return openReplay(app, tableId);
  const token = kind === "play" ? new URLSearchParams(window.location.search).get("token") : null;
  return openTable(app, { tableId, token, mode: token ? "play" : "watch" });
}

// ------------------------------------------------------------------ lobby

const NAME_KEY = "seedbed.name";
const GAME_KEY = "seedbed.game";

/** The game last chosen in this browser's lobby, if any. */
function savedGame() {
  try {
    return localStorage.getItem(GAME_KEY) || "";
  } catch {
    return "";
  }
}

function saveGame(name) {
  try {
    localStorage.setItem(GAME_KEY, name);
  } catch {
    /* ignore */
  }
}

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

/** The lobby's state: the form being filled in, the server's games and bots. The game list,
 *  titles, player counts and option form come from GET /api/games (the games' declarations). */
class Lobby {
  constructor(root, catalogue) {
    this.root = root;
    this.games = catalogue.games;
    this.chosenSeeds = Boolean(catalogue.chosen_seeds); // a public server deals on its own
    this.form = null;
    this.created = null;
    this.error = null;
    this.uploads = {}; // "game option" -> {choices: [{value, label}], error}: files read this visit
    // the game last played here; the first time, the catalogue's first game (Bohnanza)
    const last = savedGame();
    this.selectGame(this.games.some((g) => g.name === last) ? last : this.games[0].name);
  }

  gameInfo(name = this.form.game) {
    return this.games.find((g) => g.name === name);
  }

  /** What was measured of the bots of this game, one line each (issue 16), and their
   *  ratings on the game's ladder with a link to each one's profile (issue 30 item 3). */
  strengthView() {
    const lines = this.gameInfo().bots.filter((b) => presetDetail(b));
    const rated = this.gameInfo().bots.filter((b) => b.rating && b.profile_url);
    const ratings = rated.length
      ? h(
          "p",
          { class: "muted small bot-ratings", "data-testid": "bot-ratings" },
          t("Ladder ratings: "),
          rated.map((b, i) => [i ? ", " : "", h("a", { href: b.profile_url }, botName(decodeURIComponent(b.profile_url.split("/").pop()))), ` ${ratingText(b.rating)}`]),
        )
      : null;
    return [h("ul", { class: "muted bot-strength", "data-testid": "bot-strength" }, lines.map((b) => h("li", {}, presetDetail(b)))), ratings];
  }

  /** The options the lobby shows: those the game labels for it, of a kind it can edit. */
  lobbyOptions(name = this.form.game) {
    const info = this.gameInfo(name);
    return (info.options || []).filter((opt) => opt.label !== "" && controlKind(opt, info) !== null);
  }

  /** The player counts with the chosen options: the server's counts for each chosen choice
   *  that changes them (all of them that apply), else those of the default options. */
  playerCounts(name = this.form.game, options = this.form ? this.form.options : {}) {
    const info = this.gameInfo(name);
    let counts = info.player_counts;
    for (const row of info.player_counts_by_choice || []) {
      if (row.option in options && canonical(options[row.option]) === canonical(row.value)) {
        counts = counts.filter((n) => row.player_counts.includes(n));
      }
    }
    return counts.length ? counts : info.player_counts;
  }

  selectGame(name) {
    const options = {};
    for (const opt of this.lobbyOptions(name)) options[opt.name] = opt.default;
    const counts = this.playerCounts(name, options);
    const num = counts.includes(3) ? 3 : counts[0];
    const old = this.form ? this.form.seats : [];
    const seed = this.form ? this.form.seed : "";
    const turnSeconds = this.form ? this.form.turnSeconds : "";
    const chat = this.form ? this.form.chat : true;
    const hints = this.form ? this.form.hints : false;
    const rated = this.form ? this.form.rated : true;
    const pace = this.form ? this.form.pace : "";
    this.form = { game: name, numPlayers: num, options, seats: [], seed, turnSeconds, chat, hints, rated, pace };
    this.resizeSeats(num, old);
  }

  resizeSeats(num, old = this.form.seats) {
    const seats = [];
    for (let i = 0; i < num; i += 1) {
      seats.push(old[i] || (i === 0 ? { kind: "human", name: this.accountName || savedName() || t("Player {n}", { n: 1 }), bot: "greedy" } : { kind: "bot", name: t("Player {n}", { n: i + 1 }), bot: "greedy" }));
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
      seats: f.seats.map((seat) => (seat.kind === "human" ? { human: { name: seat.name.trim() || t("Player") } } : { bot: seat.bot })),
    };
    if (this.chosenSeeds && String(f.seed).trim() !== "") body.seed = Number(f.seed);
    if (String(f.turnSeconds).trim() !== "") body.turn_seconds = Number(f.turnSeconds);
    if (!f.chat) body.chat = false;
    if (f.hints) body.table_options = { hints: true };
    if (!f.rated) body.rated = false; // else rated whenever the ladder's rules allow
    return paceRequest(f, body);
  }

  async create() {
    this.error = null;
    const body = this.request();
    const me = this.form.seats.find((s) => s.kind === "human");
    if (me) saveName(me.name.trim());
    saveGame(body.game);
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
    this.onCreated?.();
  }

  /** A signed-in person's name for the table's first human seat (issue 30 item 1); signing
   *  out leaves the name as it is. */
  useAccountName(name) {
    this.accountName = name;
    const first = this.form.seats.find((s) => s.kind === "human");
    if (name && first) {
      first.name = name;
      this.render();
    }
  }

  render() {
    const focused = document.activeElement?.dataset?.testid;
    const form = this.root.querySelector("#lobby-form");
    clear(form).append(this.formView());
    if (focused) form.querySelector(`[data-testid="${CSS.escape(focused)}"]`)?.focus({ preventScroll: true });
    const result = this.root.querySelector("#lobby-result");
    clear(result);
    if (this.created) {
      result.append(createdView(this.created));
      // after the form is drawn and its focus restored: the invite panel comes into view
      if (this.justCreated) requestAnimationFrame(() => result.scrollIntoView({ block: "start" }));
    }
    this.justCreated = false;
  }

  formView() {
    const f = this.form;
    return h(
      "div",
      { class: "stack" },
      h("h2", {}, t("New table")),
      h(
        "div",
        { class: "row" },
        h(
          "label",
          { class: "field" },
          t("Game"),
          select(
            "lobby-game",
            this.games.map((g) => [g.name, g.title]),
            f.game,
            (v) => {
              this.selectGame(v);
              saveGame(v);
              this.render();
            },
          ),
        ),
        h(
          "label",
          { class: "field" },
          t("Players"),
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
        h("a", { class: "rules-link", href: `/rules/${f.game}`, target: "_blank", rel: "noopener", "data-testid": "lobby-rules-link" }, t("How to play {game}", { game: this.gameInfo().title })),
        h("a", { class: "rules-link", href: `/ladder/${f.game}`, "data-testid": "lobby-ladder-link" }, t("{game} ladder", { game: this.gameInfo().title })),
      ),
      this.optionsView(),
      h(
        "label",
        { class: "check" },
        h("input", { type: "checkbox", "data-testid": "lobby-hints", checked: f.hints, onchange: (e) => (f.hints = e.target.checked) }),
        " ",
        t("Allow hints: players may ask \u201cWhat would the bot do?\u201d"),
      ),
      h(
        "label",
        { class: "check", title: t("A table is rated with the game's default options, no hints and the lobby's bots") },
        h("input", { type: "checkbox", "data-testid": "lobby-rated", checked: f.rated, onchange: (e) => (f.rated = e.target.checked) }),
        " ",
        t("Rated: the result counts for the ladder (when the options allow it)"),
      ),
      h("div", { class: "row" }, paceField(f, () => this.render())),
      h("h3", {}, t("Seats")),
      h("div", {}, f.seats.map((seat, i) => this.seatView(seat, i))),
      this.strengthView(),
      h(
        "details",
        { class: "advanced" },
        h("summary", {}, t("More settings")),
        h(
          "div",
          { class: "row" },
          !this.chosenSeeds ? null : h(
            "label",
            { class: "field" },
            t("Deal (seed, optional)"),
            h("input", {
              type: "number",
              min: 0,
              value: f.seed,
              "data-testid": "lobby-seed",
              placeholder: t("random"),
              oninput: (e) => {
                f.seed = e.target.value;
              },
            }),
          ),
          f.pace ? null : h(
            "label",
            { class: "field" },
            t("Turn timer, seconds (optional)"),
            h("input", {
              type: "number",
              min: 1,
              value: f.turnSeconds,
              "data-testid": "lobby-turn-seconds",
              placeholder: t("none"),
              oninput: (e) => {
                f.turnSeconds = e.target.value;
              },
            }),
          ),
          h(
            "label",
            { class: "check", title: t("People at the table write; everyone watching reads. Bots never chat.") },
            h("input", {
              type: "checkbox",
              checked: f.chat,
              "data-testid": "lobby-chat",
              onchange: (e) => {
                f.chat = e.target.checked;
              },
            }),
            t("Table chat"),
          ),
        ),
      ),
      this.error ? h("div", { class: "notice error", role: "alert", "data-testid": "lobby-error" }, this.error) : null,
      h("div", { class: "row" }, h("button", { type: "button", class: "btn btn-primary", "data-testid": "create-table", onclick: () => this.create() }, t("Create table"))),
    );
  }

  optionsView() {
    const opts = this.lobbyOptions();
    if (!opts.length) return null;
    return h(
      "div",
      { class: "stack" },
      h("h3", {}, t("Options")),
      h("div", { class: "row" }, opts.map((opt) => this.optionControl(opt))),
    );
  }

  /** One option's control: a checkbox (bool), a number input (int without presets) or a
   *  select of its choices (choice, int presets, data), with an upload for a data file. */
  optionControl(opt) {
    const f = this.form;
    const testid = `option-${opt.name}`;
    const kind = controlKind(opt, this.gameInfo());
    if (kind === "checkbox") {
      return h(
        "label",
        { class: "check", title: optionText(opt.help) },
        h("input", {
          type: "checkbox",
          checked: Boolean(f.options[opt.name]),
          "data-testid": testid,
          onchange: (e) => {
            f.options[opt.name] = e.target.checked;
          },
        }),
        optionText(opt.label),
      );
    }
    if (kind === "number") {
      return h(
        "label",
        { class: "field", title: optionText(opt.help) },
        optionText(opt.label),
        h("input", {
          type: "number",
          value: f.options[opt.name] ?? "",
          min: opt.least ?? null,
          max: opt.most ?? null,
          "data-testid": testid,
          oninput: (e) => {
            f.options[opt.name] = e.target.value === "" ? opt.default : Number(e.target.value);
          },
        }),
      );
    }
    const choices = [...opt.choices, ...this.uploaded(opt.name).choices];
    const index = Math.max(0, choices.findIndex((c) => canonical(c.value) === canonical(f.options[opt.name])));
    const field = h(
      "label",
      { class: "field", title: optionText(opt.help) },
      optionText(opt.label),
      select(
        testid,
        choices.map((c, i) => [String(i), optionText(c.label)]),
        String(index),
        (v) => {
          f.options[opt.name] = choices[Number(v)].value;
          this.fitPlayerCount();
        },
      ),
    );
    const file = dataFile(opt, this.gameInfo());
    return file ? [field, this.uploadControl(opt, file)] : field;
  }

  uploaded(option, game = this.form.game) {
    const key = `${game} ${option}`;
    this.uploads[key] = this.uploads[key] || { choices: [], error: null };
    return this.uploads[key];
  }

  /** A file input next to the select of a data option the game reads from files: the server
   *  reads the file (POST file.url) and its answer becomes a new choice, chosen at once. */
  uploadControl(opt, file) {
    const up = this.uploaded(opt.name);
    const testid = `option-${opt.name}-file`;
    const endings = file.formats.map((f) => `.${f}`);
    const or = t(" or ");
    return h(
      "div",
      { class: "stack upload" },
      h(
        "label",
        { class: "field" },
        t("Your {option} ({endings})", { option: optionText(opt.label).toLowerCase(), endings: endings.join(or) }),
        h("input", {
          type: "file",
          accept: endings.join(","),
          "data-testid": testid,
          onchange: (e) => {
            const chosen = e.target.files && e.target.files[0];
            if (chosen) this.upload(opt, file, chosen);
          },
        }),
      ),
      up.error ? h("div", { class: "notice error small", "aria-live": "polite", "data-testid": `${testid}-error` }, up.error) : null,
    );
  }

  async upload(opt, file, chosen) {
    const game = this.form.game;
    const up = this.uploaded(opt.name, game);
    up.error = null;
    const ending = (/\.([A-Za-z0-9]+)$/.exec(chosen.name) || [])[1];
    const format = ending && file.formats.find((f) => f === ending.toLowerCase());
    const or = t(" or ");
    try {
      if (!format) throw new Error(t("{file}: the file must end in {endings}", { file: chosen.name, endings: file.formats.map((f) => `.${f}`).join(or) }));
      if (chosen.size > file.max_bytes) throw new Error(t("{file}: files are limited to {n} bytes", { file: chosen.name, n: formatNumber(file.max_bytes) }));
      const text = await chosen.text();
      const body = JSON.stringify({ name: chosen.name, format, text });
      const answer = await fetchJson(file.url, { method: "POST", body });
      const label = answer.name ? t("{name} (your file, {file})", { name: answer.name, file: answer.file }) : t("{file} (your file)", { file: answer.file });
      up.choices = [...up.choices.filter((c) => c.label !== label), { value: answer.value, label }];
      if (this.form.game === game) this.form.options[opt.name] = answer.value;
    } catch (err) {
      up.error = err.message;
    }
    this.render();
  }

  /** After an option change: keep the player count one the game takes with these options. */
  fitPlayerCount() {
    const counts = this.playerCounts();
    if (!counts.includes(this.form.numPlayers)) {
      this.resizeSeats(counts.reduce((best, n) => (Math.abs(n - this.form.numPlayers) < Math.abs(best - this.form.numPlayers) ? n : best)));
    }
    this.render();
  }

  seatView(seat, i) {
    const kind = select(
      `seat-kind-${i}`,
      [
        ["human", t("Person")],
        ["bot", t("Bot")],
      ],
      seat.kind,
      (v) => {
        seat.kind = v;
        this.render();
      },
      t("Seat {n}: a person or a bot", { n: i + 1 }),
    );
    const detail =
      seat.kind === "human"
        ? h("input", {
            type: "text",
            value: seat.name,
            maxlength: 40,
            "aria-label": t("Name of seat {n}", { n: i + 1 }),
            "data-testid": `seat-name-${i}`,
            oninput: (e) => {
              seat.name = e.target.value;
            },
          })
        : select(
            `seat-bot-${i}`,
            this.gameInfo().bots.map((b) => [b.spec, presetLabel(b)]),
            seat.bot,
            (v) => {
              seat.bot = v;
            },
            t("Bot of seat {n}", { n: i + 1 }),
          );
    return h("div", { class: "lobby-seat" }, h("span", { class: "seat-no" }, seatDot(i), t("Seat {n}", { n: i + 1 })), kind, detail);
  }
}

/** How the lobby edits an option of the catalogue (OptionSpec.to_json()): "select" (a choice,
 *  an int's presets, a data option's named values), "checkbox", "number", or null (not here). */
function controlKind(opt, info) {
  if (opt.kind === "bool") return "checkbox";
  if (opt.kind === "choice") return "select";
  if (opt.kind === "int") return opt.choices.length ? "select" : "number";
  if (opt.kind === "data") return opt.choices.length || dataFile(opt, info) ? "select" : null;
  return null;
}

/** The upload of a data option ({option, key, url, formats, max_bytes}), if it has one. */
function dataFile(opt, info) {
  return (info.data_files || []).find((d) => d.option === opt.name) || null;
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

function select(testid, pairs, value, onChange, label = null) {
  return h(
    "select",
    { "data-testid": testid, "aria-label": label, onchange: (e) => onChange(e.target.value) },
    pairs.map(([v, label]) => h("option", { value: v, selected: v === value }, label)),
  );
}

function createdView(created) {
  const humans = created.seats;
  const mine = humans[0];
  const invites = humans.map((seat) => {
    const name = created.names[seat.seat].human.name;
    const input = h("input", { type: "text", readonly: true, value: seat.invite_url, "data-testid": `invite-${seat.seat}`, "aria-label": t("Invite link for {name}", { name }) });
    const copy = h("button", { type: "button", class: "btn btn-small", "data-testid": `copy-invite-${seat.seat}`, onclick: () => copyText(input) }, t("Copy"));
    const open = h("a", { class: "btn btn-small", href: seat.invite_url, "data-testid": `open-seat-${seat.seat}` }, t("Open"));
    return h("div", { class: "invite" }, h("span", { class: "seat-no row" }, seatDot(seat.seat), h("strong", {}, name)), input, copy, open);
  });
  return h(
    "div",
    { class: "panel stack", "data-testid": "table-created" },
    h("h2", {}, t("{game} table created", { game: gameTitle(created.game) })),
    humans.length
      ? h("p", { class: "muted" }, t("Send each person their own link: it is their seat's key and is shown only here."))
      : h("p", { class: "muted" }, t("Every seat is a bot: watch them play.")),
    invites,
    h(
      "div",
      { class: "row" },
      mine
        ? h("a", { class: "btn btn-primary", href: mine.invite_url, "data-testid": "open-my-seat" }, t("Play as {name}", { name: created.names[mine.seat].human.name }))
        : null,
      h("a", { class: "btn", href: `/watch/${created.table_id}`, "data-testid": "watch-created" }, t("Watch")),
    ),
  );
}

async function copyText(input) {
  input.select();
  try {
    await navigator.clipboard.writeText(input.value);
    toast(t("Link copied"));
  } catch {
    const ok = document.execCommand && document.execCommand("copy");
    toast(ok ? t("Link copied") : t("Select the link and copy it (Ctrl+C)"));
  }
}

async function refreshTables(list) {
  if (!list || !list.isConnected) return;
  let tables;
  try {
    tables = (await fetchJson("/api/tables")).tables;
  } catch (err) {
    clear(list).append(h("li", { class: "muted" }, t("Could not list tables: {error}", { error: err.message })));
    return;
  }
  const seats = knownSeats();
  tables.sort((a, b) => (a.created_at < b.created_at ? 1 : -1));
  clear(list);
  if (!tables.length) list.append(h("li", { class: "muted" }, t("No table is running. Create one!")));
  for (const table of tables) list.append(tableItem(table, seats[table.table_id] || {}));
}

function tableItem(table, mine) {
  const names = table.seats.map(plainName);
  const moving = table.to_move.map((i) => names[i]).join(", ");
  const plays = Object.entries(mine).map(([seat, token]) =>
    h("a", { class: "btn btn-small btn-primary", href: `/play/${table.table_id}?token=${encodeURIComponent(token)}`, "data-testid": `rejoin-${table.table_id}-${seat}` }, t("Play as {name}", { name: names[Number(seat)] })),
  );
  return h(
    "li",
    { "data-testid": `table-${table.table_id}` },
    h(
      "div",
      { class: "what" },
      h("strong", {}, gameTitle(table.game)),
      " · ",
      plural(table.num_players, "{n} player", "{n} players"),
      " · ",
      t("move {n}", { n: formatNumber(table.version) }),
      " ",
      ratedBadge(table),
      paceBadge(table),
      h("div", { class: "small muted" }, names.join(", "), moving ? t(" — to move: {names}", { names: moving }) : ""),
      table.seed_chosen ? h("div", { class: "small muted", "data-testid": `seed-chosen-${table.table_id}` }, t("seed chosen by the creator")) : null,
    ),
    plays,
    h("a", { class: "btn btn-small", href: `/watch/${table.table_id}`, "data-testid": `watch-${table.table_id}` }, t("Watch")),
  );
}

/** The name quick match and "Take a seat" sit under: the lobby's remembered name. */
function nameField() {
  const input = h("input", { type: "text", maxlength: 40, value: savedName() || "", placeholder: t("Your name"), "data-testid": "play-now-name", "aria-label": t("Your name") });
  input.addEventListener("change", () => saveName(input.value.trim()));
  return { input, get: () => input.value.trim() || t("Player") };
}

async function openLobby(root) {
  document.title = t("seedbed — lobby");
  let catalogue;
  try {
    catalogue = await gameCatalogue();
  } catch (err) {
    clear(root).append(h("div", { class: "page" }, h("div", { class: "notice error" }, t("The server did not answer: {error}", { error: err.message }))));
    return;
  }
  const list = h("ul", { class: "tables-list", "data-testid": "tables-list" });
  const name = nameField();
  const waiting = waitingTables(name);
  const mine = myTables();
  const finished = finishedList();
  let lobby = null;
  const account = accountPanel((me) => lobby?.useAccountName(me.name));
  clear(root).append(
    h("header", { class: "topbar" }, h("a", { class: "brand", href: "/" }, "seedbed"), h("span", { class: "title" }, t("Lobby")), h("span", { class: "spacer" }), yourTurnLink(), languageSwitch()),
    h(
      "main",
      { class: "page grid-2" },
      h("section", { class: "stack" }, playNow(catalogue.games, name), h("div", { class: "panel", id: "lobby-form" }), h("div", { id: "lobby-result" })),
      h(
        "div",
        { class: "lobby-lists" },
        mine.node,
        waiting.node,
        account.node,
        h("section", { class: "panel stack", "data-testid": "running-tables" }, h("h2", {}, t("Running tables")), list),
        finished.node,
      ),
    ),
  );
  lobby = new Lobby(root, catalogue);
  lobby.onCreated = () => {
    mine.refresh();
    account.refresh();
  };
  lobby.render();
  account.refresh();
  const refresh = () => {
    waiting.refresh();
    refreshTables(list);
    mine.refresh();
    finished.refresh();
  };
  refresh();
  const timer = setInterval(() => (list.isConnected ? refresh() : clearInterval(timer)), 5000);
}

route();
