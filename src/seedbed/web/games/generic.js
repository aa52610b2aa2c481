// The generic view: how the client shows a game it has no module of (no games/<name>/index.js,
// e.g. a game registered from outside seedbed). The view as key/value text, its display if
// any, the events of the last change, and one button per legal action (its JSON as label), so
// any registered game can be played from the lobby. Nothing here knows a game.

import { actionButton, h, seatName } from "../common.js";

/** A value as short text: scalars as they are, anything else as compact JSON. */
function text(value) {
  if (value === null || value === undefined) return "–";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** A long value as lines: a list's items one a line, an object's keys one a line. */
function block(value) {
  const rows = Array.isArray(value) ? value.map(text) : Object.entries(value).map(([k, v]) => `${k}: ${text(v)}`);
  return rows.join("\n");
}

/** An object as a list of key/value rows; a nested object or long list as a <pre>. */
function fields(obj, testid) {
  return h(
    "dl",
    { class: "generic-fields", "data-testid": testid },
    Object.entries(obj || {}).map(([key, value]) => {
      const long = typeof value === "object" && value !== null && text(value).length > 60;
      return [h("dt", {}, key.replace(/_/g, " ")), h("dd", {}, long ? h("pre", {}, block(value)) : text(value))];
    }),
  );
}

/** An action JSON as a label: its type, then its other fields ("take pile 2"). */
export function actionLabel(action) {
  const rest = Object.entries(action)
    .filter(([k]) => k !== "type")
    .map(([k, v]) => `${k.replace(/_/g, " ")} ${text(v)}`);
  return [String(action.type ?? "act").replace(/_/g, " "), ...rest].join(" ");
}

function describeEvent(event, view, players) {
  const who = Number.isInteger(event.player) ? `${seatName(players, event.player)}: ` : "";
  const rest = Object.entries(event)
    .filter(([k]) => k !== "kind" && k !== "player")
    .map(([k, v]) => `${k.replace(/_/g, " ")} ${text(v)}`);
  return `${who}${String(event.kind ?? "event").replace(/_/g, " ")}${rest.length ? ` (${rest.join(", ")})` : ""}`;
}

function render(ctx) {
  const msg = ctx.msg;
  const view = ctx.view ?? msg.view;
  const display = ctx.display ?? msg.display;
  const legal = ctx.mode === "replay" ? [] : ctx.legal ?? msg.legal_actions ?? [];
  const events = msg.events || [];
  const elided = msg.elided || 0;
  ctx.root.append(
    h(
      "div",
      { class: "stack generic-view", "data-testid": "generic-view" },
      legal.length
        ? h(
            "section",
            { class: "panel stack" },
            h("div", { class: "panel-title" }, "Your move"),
            h(
              "div",
              { class: "row generic-actions" },
              legal.map((action, i) => actionButton({ label: actionLabel(action), action, act: ctx.act, testid: `generic-action-${i}` })),
            ),
            elided ? h("p", { class: "small muted" }, `${elided} more actions are not listed.`) : null,
          )
        : null,
      h("section", { class: "panel" }, h("div", { class: "panel-title" }, "Table"), fields(view, "generic-view-fields")),
      display ? h("section", { class: "panel" }, h("div", { class: "panel-title" }, "Display"), fields(display, "generic-display")) : null,
      events.length
        ? h(
            "section",
            { class: "panel" },
            h("div", { class: "panel-title" }, "Last change"),
            h("ul", { class: "small", "data-testid": "generic-events" }, events.map((e) => h("li", {}, describeEvent(e, view, ctx.players)))),
          )
        : null,
    ),
  );
}

export default {
  name: null,
  render,
  describeEvent,
};
