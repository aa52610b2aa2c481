// "Your turn" across tables (issue 31 item 2): the tables waiting for this person — the
// signed-in account's seats and the seats whose tokens this browser keeps ("My tables") —
// asked of POST /api/your-turn now and then. Their count marks every page of seedbed: the
// tab's title ("(2) seedbed — lobby") and a badge on its icon; the lobby links to the list
// (/your-turn, oldest deadline first); after a person moves at a table, "Next table waiting
// for you" goes straight to the next one. On a table's page the marks count the other
// tables (the page's own title already says "● Your turn").
// Browser notifications (issue 31 item 3), only once the person opted in on /your-turn (the
// permission is asked then, never before): a table that newly waits for them makes one
// notification (remembered in localStorage, so several tabs or a reload do not repeat it).
// The same page holds a signed-in account's e-mail choices (PUT /api/notifications).

import { clear, fetchJson, gameTitle, h, knownSeats } from "./common.js";
import { language, languageSwitch, plural, t } from "./i18n.js";

const MAX_SEATS = 50; // what the server takes in one request: the most recently remembered
const EVERY_MS = 15000;
const TABLE_ID = /^[0-9a-f]{16}$/;
const MARK = /^\(\d+\) /;
const NOTIFY_KEY = "seedbed.notify";
const NOTIFIED_KEY = "seedbed.notified";
const ICONS = { idle: "#9ad29a", turn: "#ffb000", offer: "#d55e00" };

let latest = { count: 0, tables: [] };
let iconState = "idle";
let started = false;
let here = null; // the table this page shows: its own title says whether it waits for you
const listeners = new Set();

/** The seats this browser holds, as the server takes them (well-formed ones only). */
export function heldSeats() {
  const seats = [];
  for (const [tableId, bySeat] of Object.entries(knownSeats())) {
    if (!TABLE_ID.test(tableId) || !bySeat || typeof bySeat !== "object") continue;
    for (const token of Object.values(bySeat)) {
      if (typeof token === "string" && token.length > 0 && token.length <= 64) seats.push({ table_id: tableId, token });
    }
  }
  return seats.slice(-MAX_SEATS);
}

/** Ask the server again; every mark and listener follows the answer. */
export async function refreshYourTurn() {
  try {
    latest = await fetchJson("/api/your-turn", { method: "POST", body: JSON.stringify({ seats: heldSeats() }) });
  } catch {
    return latest; // the server is away: the marks keep what they said
  }
  document.body.dataset.yourTurn = String(elsewhere());
  markTitle();
  paintIcon();
  notifyNew();
  for (const listener of listeners) listener(latest);
  return latest;
}

/** Call ``listener(answer)`` after every answer (and now, with the last one). */
export function onYourTurn(listener) {
  listeners.add(listener);
  listener(latest);
  return () => listeners.delete(listener);
}

/** Start marking this page (once): the title, the icon, a new answer every 15 s and when
 * the tab comes back into view. */
export function installYourTurn() {
  if (started) return;
  started = true;
  const table = /^\/(play|watch)\/([0-9a-f]{16})\/?$/.exec(window.location.pathname);
  here = table ? table[2] : null;
  const title = document.querySelector("title") || document.head.appendChild(h("title", {}));
  new MutationObserver(markTitle).observe(title, { childList: true, characterData: true, subtree: true });
  document.addEventListener("visibilitychange", () => document.visibilityState === "visible" && refreshYourTurn());
  setInterval(refreshYourTurn, EVERY_MS);
  refreshYourTurn();
}

/** The tables the marks count: all of them, but the one this page shows. */
function elsewhere() {
  return latest.tables.filter((table) => table.table_id !== here).length;
}

/** "(2) " before whatever title the page set (set again when the page changes it). */
function markTitle() {
  const base = document.title.replace(MARK, "");
  const count = elsewhere();
  const want = count ? `(${count}) ${base}` : base;
  if (document.title !== want) document.title = want;
}

/** The tab's icon: the leaf, the table's attention dot (attention.js: "turn", "offer") and
 * the count of tables waiting in a red badge. */
export function paintIcon(state = iconState) {
  iconState = state;
  let link = document.querySelector("link[rel=icon]");
  if (!link) {
    link = h("link", { rel: "icon" });
    document.head.append(link);
  }
  const leaf = `<path d="M4 28C4 12 14 4 28 4c0 16-10 24-24 24z" fill="#23412b"/>`;
  const dot = state === "idle" ? "" : `<circle cx="24" cy="24" r="7" fill="${ICONS[state]}" stroke="#fff" stroke-width="2"/>`;
  const count = elsewhere();
  const n = count > 9 ? "9+" : String(count);
  const badge = count
    ? `<circle cx="21" cy="11" r="11" fill="#c0392b"/><text x="21" y="16" font-family="sans-serif" font-size="${n.length > 1 ? 12 : 15}" font-weight="bold" fill="#fff" text-anchor="middle">${n}</text>`
    : "";
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${leaf}${dot}${badge}</svg>`;
  link.href = `data:image/svg+xml,${encodeURIComponent(svg)}`;
  link.dataset.state = state;
  link.dataset.count = String(count);
}

function stored(key, fallback) {
  try {
    return JSON.parse(localStorage.getItem(key) || "null") ?? fallback;
  } catch {
    return fallback;
  }
}

function store(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* private mode: this page only */
  }
}

/** Whether the person opted in to browser notifications here (and still allows them). */
export function notifyOn() {
  return stored(NOTIFY_KEY, false) === true && "Notification" in window && Notification.permission === "granted";
}

/** A notification for each table that newly waits for you (not the one this page shows);
 * the tables that stopped waiting are forgotten, so their next turn notifies again. */
function notifyNew() {
  if (!notifyOn()) return;
  const told = new Set(stored(NOTIFIED_KEY, []));
  const now = latest.tables.map((table) => `${table.table_id}:${table.seat}`);
  latest.tables.forEach((table, i) => {
    if (told.has(now[i]) || table.table_id === here) return;
    const note = new Notification(t("Your turn at {game}", { game: gameTitle(table.game) }), { body: t("As {name} · {left}", { name: table.name, left: timeLeft(table.seconds_left) }), tag: now[i] });
    note.onclick = () => {
      window.focus();
      window.location.href = table.play_url;
    };
  });
  store(NOTIFIED_KEY, now);
}

/** The opt-in: a checkbox; checking it asks the browser's permission (only then). */
export function notifyToggle() {
  const box = h("input", { type: "checkbox", "data-testid": "notify-toggle" });
  const note = h("span", { class: "small muted", "data-testid": "notify-note" });
  box.checked = notifyOn();
  box.addEventListener("change", async () => {
    if (!box.checked) {
      store(NOTIFY_KEY, false);
      note.textContent = "";
      return;
    }
    if (!("Notification" in window)) {
      box.checked = false;
      note.textContent = t("This browser shows no notifications.");
      return;
    }
    const answer = await Notification.requestPermission();
    box.checked = answer === "granted";
    store(NOTIFY_KEY, box.checked);
    note.textContent = box.checked ? "" : t("The browser did not allow notifications for seedbed.");
    if (box.checked) refreshYourTurn();
  });
  return h("label", { class: "check" }, box, " ", t("Notify me in this browser when a table needs me"), " ", note);
}

/** A signed-in account's e-mail choices (nothing for a guest). */
function emailPanel() {
  const node = h("section", { class: "panel stack", "data-testid": "email-panel", hidden: true }, h("h2", {}, t("E-mail")));
  fetchJson("/api/notifications")
    .then((found) => {
      node.hidden = false;
      if (!found.email_available) {
        node.append(h("p", { class: "small muted" }, t("This server sends no e-mail.")));
        return;
      }
      const email = h("input", { type: "email", maxlength: 254, value: found.email || "", placeholder: "you@example.org", "data-testid": "email-address", "aria-label": t("E-mail address") });
      const optIn = h("input", { type: "checkbox", "data-testid": "email-opt-in" });
      const digest = h("input", { type: "checkbox", "data-testid": "email-digest" });
      optIn.checked = found.email_opt_in;
      digest.checked = found.digest;
      const said = h("span", { class: "small muted", "data-testid": "email-said" });
      const save = async () => {
        try {
          const body = { email: email.value.trim() || null, email_opt_in: optIn.checked, digest: digest.checked, lang: language() }; // e-mails in the language shown (issue 36)
          await fetchJson("/api/notifications", { method: "PUT", body: JSON.stringify(body) });
          said.textContent = t("Saved.");
        } catch (err) {
          said.textContent = err.message;
        }
      };
      node.append(
        email,
        h("label", { class: "check" }, optIn, " ", t("E-mail me when a table needs me (one message per move)")),
        h("label", { class: "check" }, digest, " ", t("Instead, one e-mail a day listing the tables waiting")),
        h("div", {}, h("button", { type: "button", class: "btn btn-small", "data-testid": "email-save", onclick: save }, t("Save")), " ", said),
      );
    })
    .catch(() => {}); // a guest: e-mail needs an account
  return node;
}

/** "3 h 20 min left", "no deadline". */
export function timeLeft(seconds) {
  if (seconds === null || seconds === undefined) return t("no deadline");
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return t("{s} s left", { s });
  const min = Math.floor(s / 60);
  if (min < 60) return t("{min} min left", { min });
  const hours = Math.floor(min / 60);
  if (hours < 24) return t("{h} h {min} min left", { h: hours, min: min % 60 });
  return t("{d} d {h} h left", { d: Math.floor(hours / 24), h: hours % 24 });
}

/** The lobby's link to the list, with the count. */
export function yourTurnLink() {
  const link = h("a", { class: "btn btn-small", href: "/your-turn", "data-testid": "your-turn-link" }, t("Your turn"));
  onYourTurn((answer) => {
    link.textContent = answer.count ? plural(answer.count, "Your turn: {n} table", "Your turn: {n} tables") : t("Your turn: none");
    link.classList.toggle("btn-primary", answer.count > 0);
  });
  return link;
}

function waitingItem(table) {
  return h(
    "li",
    { "data-testid": `waiting-${table.table_id}` },
    h(
      "div",
      { class: "what" },
      h("strong", {}, gameTitle(table.game)),
      t(" · move {n} · as {name}", { n: table.version, name: table.name }),
      h("div", { class: "small muted", "data-testid": `left-${table.table_id}` }, timeLeft(table.seconds_left)),
    ),
    h("a", { class: "btn btn-small btn-primary", href: table.play_url, "data-testid": `go-${table.table_id}` }, t("Play")),
  );
}

/** The page /your-turn: every table waiting for you, oldest deadline first. */
export function openYourTurn(root, extra = []) {
  document.title = t("Your turn — seedbed");
  const list = h("ul", { class: "tables-list", "data-testid": "your-turn-list" });
  clear(root).append(
    h("header", { class: "topbar" }, h("a", { class: "brand", href: "/" }, "seedbed"), h("span", { class: "title" }, t("Your turn")), h("span", { class: "spacer" }), languageSwitch()),
    h(
      "main",
      { class: "page stack" },
      h("section", { class: "panel stack" }, h("h2", {}, t("Tables waiting for you")), h("p", { class: "small muted" }, t("Oldest deadline first. Your account's tables and the tables this browser has seats at.")), list),
      h("section", { class: "panel stack" }, h("h2", {}, t("Notifications")), notifyToggle()),
      emailPanel(),
      ...extra,
    ),
  );
  onYourTurn((answer) => {
    clear(list).append(...(answer.tables.length ? answer.tables.map(waitingItem) : [h("li", { class: "muted", "data-testid": "your-turn-empty" }, t("No table is waiting for you."))]));
  });
  refreshYourTurn();
}

/** A table's "Next table waiting for you": shown once this page's person has moved here
 * (``moved()``) while another table waits for them. */
export function nextTableButton(tableId) {
  const node = h("a", { class: "btn btn-small btn-primary next-table", "data-testid": "next-table", hidden: true }, t("Next table waiting for you →"));
  let moved = false;
  const paint = (answer) => {
    const next = answer.tables.find((table) => table.table_id !== tableId);
    node.hidden = !(moved && next);
    if (next) {
      node.href = next.play_url;
      node.title = `${gameTitle(next.game)} · ${timeLeft(next.seconds_left)}`;
    }
  };
  onYourTurn(paint);
  return {
    node,
    moved() {
      if (moved) return;
      moved = true;
      refreshYourTurn();
    },
  };
}
