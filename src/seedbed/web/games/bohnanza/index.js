// Bohnanza table view. Rules: docs/rules/bohnanza.md (clauses B-…); what the server sends:
// docs/protocol.md. The view is redrawn whole on every message; half-done choices live in
// module state keyed by table id (choices.js), so a redraw never loses them. What takes the
// rules to work out (a field's payout, its next coin, its protection, the varieties in the
// game, the cards drawn) comes with the view as its display; the ranks, as its outcome; the
// varieties' names, copies and bean-o-meters, with the table's catalog (prepare, before the
// first view).

import { markChanges } from "../../changes.js";
import { h, toast } from "../../common.js";
import { t } from "../../i18n.js";
import { installPatterns } from "../../glyphs.js";
import { loadVarieties } from "./beans.js";
import { centre, ensurePick } from "./centre.js";
import { changesOf, describeAction, hintTargets, offersForYou } from "./changes.js";
import { emptyCompose, Legal, tableState } from "./choices.js";
import { myArea, others } from "./farms.js";
import { describeEvent, resultDetail } from "./log.js";
import { reasonSentence } from "./reasons.js";
import { setPlayers } from "./names.js";
import { offersPanel } from "./offers.js";
import { isEmptyOffer } from "./composer.js";
import { tradeSheet } from "./sheet.js";
import { actionBar, promptText, stage, statusBar } from "./status.js";

function render(ctx) {
  installPatterns();
  setPlayers(ctx.players);
  const msg = ctx.msg;
  const view = msg.view;
  const me = view.viewer ?? null;
  const ts = tableState(ctx);
  if (ts.turn !== view.turn || ts.phase !== view.phase) {
    if (ts.turn !== view.turn || view.phase !== "trade") {
      if (ts.phase === "trade" && !isEmptyOffer(ts.compose) && ctx.mode !== "replay") {
        toast(t("Trading is over: your unfinished offer was discarded."), "info", 8);
      }
      ts.compose = emptyCompose();
      delete ts.sentWith;
    }
    if (ts.turn !== view.turn) ts.accept = {};
    ts.turn = view.turn;
    ts.phase = view.phase;
  }
  if (ts.sentWith !== undefined && me !== null && view.players[me].offers_made !== ts.sentWith) {
    ts.compose = emptyCompose();
    delete ts.sentWith;
  }
  const legal = new Legal(ctx.legal ?? msg.legal_actions);
  const interactive = ctx.mode !== "replay" && me !== null;
  // what takes the rules to work out (payouts, protection, varieties, draw count) comes from
  // the server with the view: docs/protocol.md, "display"
  const display = ctx.display ?? msg.display;
  const env = { ctx, view, display, me, legal, ts, onMove: interactive && (msg.to_move || []).includes(me) };
  ensurePick(env);

  const table = h(
    "div",
    {
      class: `bn-table ${view.duel ? "bn-duel" : ""} ${me === null ? "bn-spectator" : ""} ${view.phase === "trade" ? "bn-trading" : ""}`,
      "data-testid": "bn-table",
      "data-version": msg.version,
      "data-phase": view.phase,
    },
    // the phase steps and the buttons that end a step share one row (issue 38 item 4: the hand
    // and fields fit in a 1280×800 window)
    h("div", { class: "bn-topline" }, statusBar(env), actionBar(env)),
    layout(env),
  );
  table.classList.toggle("bn-sheet-up", Boolean(ts.sheetOpen) && !view.duel); // set by layout's sheet
  ctx.root.replaceChildren(table);
  markChanges(ctx, changesOf(msg.events, me));
}

/** Two columns (one on narrow screens): the table centre and your farm on the left; trading
 *  and the other players on the right. Spectators see every farm on the left. */
function layout(env) {
  const { view, me } = env;
  const centreArea = h("section", { class: "bn-area-center bn-panel", "aria-label": t("Table centre") }, centre(env));
  const offers = view.duel ? null : tradeSheet(env, h("section", { class: "bn-area-offers bn-panel", "aria-label": t("Trading") }, offersPanel(env)));
  const farms = h("section", { class: "bn-area-others", "aria-label": me === null ? t("Players") : t("Other players") }, others(env));
  if (me === null) {
    return h("div", { class: `bn-layout ${offers ? "" : "bn-one-col"}` }, h("div", { class: "bn-col" }, centreArea, farms), offers ? h("div", { class: "bn-col" }, offers) : null);
  }
  const mine = h("section", { class: "bn-area-me bn-panel", "aria-label": t("Your farm") }, myArea(env));
  return h("div", { class: "bn-layout" }, h("div", { class: "bn-col" }, centreArea, mine), h("div", { class: "bn-col" }, offers, farms));
}

/** The banner's hint (the shell shows it next to "Your turn" / "Waiting for …"). */
function prompt(ctx) {
  setPlayers(ctx.players);
  const view = ctx.view ?? ctx.msg.view;
  const me = view.viewer ?? null;
  const onMove = me !== null && (ctx.msg.to_move || []).includes(me);
  return promptText({ view, display: ctx.msg.display, me, onMove });
}

export default {
  name: "bohnanza",
  // the varieties (names, copies, bean-o-meters) come from the table's catalog
  prepare: ({ tableId }) => loadVarieties(tableId),
  render,
  prompt,
  describeEvent,
  resultDetail,
  stage,
  offersForYou,
  describeAction,
  hintTargets,
  reasonSentence,
  // whose turn a view is: during the active player's trading the others may trade, but it is
  // not their turn (issue 38 item 3)
  turnOwner: (view) => (Number.isInteger(view.active) ? view.active : null),
  sideMove: (view) => (view.phase === "trade" ? "trade" : "move"),
  // what the server's hold keeps back (issue 38 item 1): the active bot's end of trading
  holdWords: (view) => (view.phase === "trade" ? t("Trading closes") : ""),
};
