// Hints for learners (issue 17): at a table whose creator allowed them (table option
// "hints"), the seat on the move may ask "What would the bot do?". The server answers with
// the greedy bot's move for this seat, worked out from this seat's view only, and one line on
// why (POST /api/tables/{id}/hint with the seat's token). The answer holds for the view it was
// asked at and goes away with the next one. Where the game view names the places the move
// concerns (its module's `hintTargets(action, msg)`: selectors, such as the Exchange slot and
// the Garden space of a plant), they are marked on the table while the answer holds, so a
// hint never asks a person to read coordinates. The answer floats in a corner of the window
// (ux.css), so asking moves nothing on the page and the answer is in sight wherever the player
// had scrolled to (issue 38 item 5). Also the "hints on" badge and the rules link of the table
// and the replay.

import { clear, fetchJson, h } from "./common.js";
import { language, t } from "./i18n.js";

/** "Hints on" in a topbar when the table allowed them (the summary's table_options). */
export function hintsBadge(summary) {
  const on = Boolean(summary.table_options && summary.table_options.hints);
  return on ? h("span", { class: "hints-badge", "data-testid": "hints-on", title: t("Players could ask what the greedy bot would do") }, t("hints on")) : null;
}

/** The link to the game's rules page (how to play, with the full rules it cites). */
export function rulesLink(game) {
  return h("a", { class: "rules-link", href: `/rules/${game}`, target: "_blank", rel: "noopener", "data-testid": "rules-link" }, t("How to play"));
}

/** The table's hint panel: {element, update(msg)}; empty unless the table allows hints and
 *  this page plays a seat. `shell`: the table shell (summary, token, mode, module, tableId). */
export function hintPanel(shell) {
  // a rated table never gives hints (issue 30 item 3; the server refuses them there too)
  const allowed = Boolean(shell.summary.table_options && shell.summary.table_options.hints) && !shell.summary.rated && shell.mode === "play" && shell.token;
  const element = h("div", { class: "hint-panel", hidden: !allowed, "data-testid": "hint-panel" });
  if (!allowed) return { element, update() {}, mark() {} };
  let shown = -1;
  let hinted = null; // the action of the answer shown, for `mark`
  const answer = h("div", { class: "hint-answer", role: "status", "aria-live": "polite", "data-testid": "hint-answer" });
  const button = h("button", { type: "button", class: "btn btn-small", "data-testid": "hint-button", "data-key": "h", disabled: true }, t("What would the bot do?"), h("kbd", { class: "key-hint" }, "H"));
  button.addEventListener("click", async () => {
    const version = shell.msg ? shell.msg.version : -1;
    button.disabled = true;
    clear(answer).append(h("span", { class: "muted" }, t("Thinking…")));
    try {
      const hint = await fetchJson(`/api/tables/${encodeURIComponent(shell.tableId)}/hint`, { method: "POST", body: JSON.stringify({ token: shell.token }) });
      if (!shell.msg || shell.msg.version !== version) return; // the table moved on meanwhile
      shown = hint.version;
      hinted = hint.action;
      mark(shell, hinted, shell.gameHolder.firstElementChild, shell.msg);
      const close = h("button", { type: "button", class: "hint-close", "aria-label": t("Close the hint"), "data-testid": "hint-close" }, "×");
      close.addEventListener("click", () => clear(answer));
      clear(answer).append(
        close,
        h("b", {}, t("The greedy bot would play: ")),
        h("span", { "data-testid": "hint-move" }, describe(shell, hint.action, hint.text)),
        h("div", { class: "small", "data-testid": "hint-reason" }, reasonOf(shell, hint)),
      );
    } catch (err) {
      clear(answer).append(h("span", { class: "muted" }, t("No hint: {reason}", { reason: err.message })));
    } finally {
      button.disabled = !mine(shell.msg);
    }
  });
  element.append(button, answer);
  return {
    element,
    update(msg) {
      button.disabled = !mine(msg);
      element.hidden = msg.status === "finished"; // nothing left to ask once the game is over
      if (msg.version !== shown) {
        clear(answer);
        hinted = null;
      }
    },
    /** Mark the hinted move's places on a freshly drawn game root (the answer still holds). */
    mark(root, msg) {
      if (hinted && msg && msg.version === shown) mark(shell, hinted, root, msg);
    },
  };
}

/** Add `hint-target` to the elements the game module names for `action` under `root`. */
function mark(shell, action, root, msg) {
  if (!root || !shell.module.hintTargets) return;
  let selectors = [];
  try {
    selectors = shell.module.hintTargets(action, msg) || [];
  } catch {
    selectors = [];
  }
  for (const selector of selectors) {
    for (const el of root.querySelectorAll(selector)) el.classList.add("hint-target");
  }
}

function mine(msg) {
  return Boolean(msg) && msg.status !== "finished" && msg.seat !== null && msg.to_move.includes(msg.seat);
}

/** The hint's reason in the chosen language: the module's sentence for each of its parts
 *  (`reasonSentence(part)`, issue 36), else the server's English line, which English keeps. */
function reasonOf(shell, hint) {
  if (language() === "en" || !shell.module.reasonSentence || !(hint.reason_parts || []).length) return hint.reason;
  try {
    const said = hint.reason_parts.map((part) => shell.module.reasonSentence(part));
    return said.every(Boolean) ? said.join(" ") : hint.reason;
  } catch {
    return hint.reason;
  }
}

/** The module's words for an action (describeAction), else the action's text form. */
function describe(shell, action, text) {
  try {
    const words = shell.module.describeAction ? shell.module.describeAction(action, shell.msg, shell.players) : "";
    return words || text;
  } catch {
    return text;
  }
}
