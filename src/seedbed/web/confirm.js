// Guarded buttons for destructive moves (issue 17): a move that throws cards away (a harvest
// that forfeits cards, one worth nothing, a card turned face down) is a secondary button; the
// first click (or its shortcut) only asks, in place, without blocking the page: "Yes, …" or
// "Cancel", and the focus lands on Cancel, so Enter keeps the safe move. The question stays
// up across redraws while the same action is on offer.

import { canonical, h } from "./common.js";
import { t } from "./i18n.js";

let armed = null; // canonical text of the action waiting for its confirmation

/** Whether the guarded button of `action` is waiting for its confirmation. */
export function isArmed(action) {
  return armed !== null && action !== null && armed === canonical(action);
}

/** A secondary button for a destructive action, asking before it acts.
 *  {label, action, act, testid, question, yes, title, key, extraClass, rerender} */
export function guardedButton({ label, action, act, testid, question, yes, title, key, extraClass, rerender }) {
  if (isArmed(action)) {
    const cancel = h(
      "button",
      { type: "button", class: "btn btn-small", "data-testid": `${testid}-cancel`, onclick: () => disarm(rerender) },
      t("Cancel"),
    );
    requestAnimationFrame(() => {
      if (cancel.isConnected && !cancel.contains(document.activeElement)) cancel.focus({ preventScroll: true });
    });
    return h(
      "span",
      { class: "confirm-box", role: "group", "aria-label": question, "data-testid": `${testid}-ask` },
      h("span", { class: "confirm-question" }, question),
      h(
        "button",
        {
          type: "button",
          class: "btn btn-danger btn-small",
          "data-action": action.type,
          "data-testid": `${testid}-confirm`,
          onclick: () => {
            armed = null;
            act(action);
          },
        },
        yes,
      ),
      cancel,
    );
  }
  return h(
    "button",
    {
      type: "button",
      class: ["btn", "btn-guarded", extraClass || ""].join(" ").trim(),
      "data-testid": testid,
      "data-action": action.type,
      "data-guarded": "true",
      "data-key": key || null,
      title: title || null,
      onclick: () => {
        armed = canonical(action);
        rerender();
      },
    },
    label,
    key ? h("kbd", { class: "key-hint" }, key.toUpperCase()) : null,
  );
}

function disarm(rerender) {
  armed = null;
  rerender();
}
