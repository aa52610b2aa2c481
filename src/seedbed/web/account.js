// Optional accounts in the lobby (issue 30 item 1): "Sign in" / "Create account" / "Sign out"
// and the tables the signed-in account remembers (GET /api/me), each with its Play link, so
// another device reopens them with no token copied. Guests see the two buttons and nothing
// else changes. The session lives in an HttpOnly cookie this script never reads.

import { clear, fetchJson, gameTitle, h, plainName } from "./common.js";
import { formatNumber, t } from "./i18n.js";

/** The account panel: `node` to place in the lobby, `refresh()` to ask the server again.
 *  `onChange(me)` is called with GET /api/me's answer ({name, tables}) whenever it changes
 *  hands (a sign-in, a sign-out), and after the first answer. */
export function accountPanel(onChange = () => {}) {
  const body = h("div", { class: "stack" });
  const node = h("section", { class: "panel stack", "data-testid": "account-panel" }, h("h2", {}, t("Account")), body);
  let me = { name: null, tables: [] };
  let mode = null; // null, "sign-in" or "create": which form is open for a guest
  let error = null;
  let told = false; // onChange has had the first answer

  async function refresh() {
    try {
      const answer = await fetchJson("/api/me");
      const changed = answer.name !== me.name || !told;
      me = answer;
      told = true;
      draw();
      if (changed) onChange(me);
    } catch {
      /* the lobby says when the server is away; the panel keeps what it showed */
    }
  }

  async function submit(event) {
    event.preventDefault();
    const form = event.target;
    const name = form.querySelector("[data-testid=account-name]").value;
    const password = form.querySelector("[data-testid=account-password]").value;
    const url = mode === "create" ? "/api/accounts" : "/api/session";
    try {
      await fetchJson(url, { method: "POST", body: JSON.stringify({ name, password }) });
      mode = null;
      error = null;
    } catch (err) {
      error = err.message;
      draw();
      return;
    }
    await refresh();
  }

  async function signOut(everywhere) {
    try {
      await fetchJson(everywhere ? "/api/sessions" : "/api/session", { method: "DELETE" });
    } catch (err) {
      error = err.message;
    }
    await refresh();
  }

  function open(which) {
    mode = mode === which ? null : which;
    error = null;
    draw();
    body.querySelector("[data-testid=account-name]")?.focus();
  }

  function guestView() {
    const buttons = h(
      "div",
      { class: "row" },
      h("button", { type: "button", class: "btn btn-small", "data-testid": "account-open-sign-in", onclick: () => open("sign-in") }, t("Sign in")),
      h("button", { type: "button", class: "btn btn-small", "data-testid": "account-open-create", onclick: () => open("create") }, t("Create account")),
    );
    const hint = h("p", { class: "small muted" }, t("Optional: an account keeps your tables on every device. Guests play with invite links as always."));
    if (!mode) return [hint, buttons];
    const creating = mode === "create";
    const form = h(
      "form",
      { class: "stack", "data-testid": "account-form", onsubmit: submit },
      h("label", {}, t("Name"), " ", h("input", { type: "text", name: "username", autocomplete: "username", maxlength: "40", required: true, "data-testid": "account-name" })),
      h(
        "label",
        {},
        t("Password"),
        " ",
        h("input", {
          type: "password",
          name: "password",
          autocomplete: creating ? "new-password" : "current-password",
          minlength: creating ? "8" : "1",
          maxlength: "256",
          required: true,
          "data-testid": "account-password",
        }),
      ),
      creating ? h("p", { class: "small muted" }, t("At least 8 characters. Names are unique whatever their case.")) : null,
      h("button", { type: "submit", class: "btn btn-primary btn-small", "data-testid": "account-submit" }, creating ? t("Create account") : t("Sign in")),
    );
    return [hint, buttons, form];
  }

  function tableItem(entry) {
    const who = entry.table.seats.map(plainName);
    const over = entry.table.status !== "running";
    return h(
      "li",
      { "data-testid": `account-table-${entry.table_id}` },
      h(
        "div",
        { class: "what" },
        h("strong", {}, gameTitle(entry.table.game)),
        " · ",
        over ? (entry.table.status === "finished" ? t("finished") : t("aborted")) : t("move {n}", { n: formatNumber(entry.table.version) }),
        h("div", { class: "small muted" }, who.join(", ")),
      ),
      over
        ? h("a", { class: "btn btn-small", href: `/replay/${entry.table_id}`, "data-testid": `account-replay-${entry.table_id}` }, t("Replay"))
        : h("a", { class: "btn btn-small btn-primary", href: new URL(entry.invite_url).pathname + new URL(entry.invite_url).search, "data-testid": `account-play-${entry.table_id}` }, t("Play as {name}", { name: who[entry.seat] })),
    );
  }

  function signedInView() {
    const list = h("ul", { class: "tables-list", "data-testid": "account-tables" });
    for (const entry of me.tables) list.append(tableItem(entry));
    if (!me.tables.length) list.append(h("li", { class: "muted" }, t("No tables yet: the tables you create while signed in appear here.")));
    return [
      h("p", { "data-testid": "account-signed-in" }, t("Signed in as "), h("strong", {}, me.name)),
      h(
        "div",
        { class: "row" },
        h("button", { type: "button", class: "btn btn-small", "data-testid": "account-sign-out", onclick: () => signOut(false) }, t("Sign out")),
        h("button", { type: "button", class: "btn btn-small", "data-testid": "account-sign-out-everywhere", onclick: () => signOut(true) }, t("Sign out everywhere")),
      ),
      h("h3", {}, t("My account's tables")),
      list,
    ];
  }

  function draw() {
    clear(body).append(...(me.name ? signedInView() : guestView()));
    if (error) body.append(h("div", { class: "notice error", role: "alert", "data-testid": "account-error" }, error));
  }

  draw();
  return { node, refresh };
}
