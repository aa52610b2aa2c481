// Fields of Green table view (issue 7). Rules: docs/rules/fields_of_green.md (F-… clauses).
//
// Every clickable cell and button comes from ctx.legal (the server's legal actions as action
// JSON): the module never decides legality itself. What takes the rules to work out (the water
// ranges drawn on the farm, F-31, F-32) comes with the view as its display, the ranks and
// tie-break as its outcome. Card names, costs and texts come from the table's card set
// (GET /api/tables/{id}/catalog); until it arrives, design ids are shown prettified.

import { markChanges } from "../../changes.js";
import { installPatterns } from "../../glyphs.js";
import { changesOf } from "./changes.js";
import { draw } from "./layout.js";
import { describeAction, hintTargets } from "./hints.js";
import { bannerPrompt, describe, resultDetail } from "./log.js";
import { sync } from "./menu.js";
import { phaseLabel } from "./panels.js";
import { t } from "../../i18n.js";
import { reasonSentence } from "./reasons.js";
import { learn, loadCatalog, NAME, noteEvents, storeOf, tableIdOf } from "./store.js";

// Ask for the card data as soon as the module loads, before the first view arrives.
if (typeof window !== "undefined" && tableIdOf({}) !== "local") loadCatalog(storeOf({}), tableIdOf({}));

export default {
  name: NAME,
  render(ctx) {
    installPatterns();
    const st = storeOf(ctx);
    ctx = { ...ctx, legal: ctx.legal || ctx.msg.legal_actions || [] };
    st.lastCtx = ctx;
    st.players = ctx.players;
    learn(st, ctx.msg.view);
    noteEvents(st, ctx.msg.events);
    loadCatalog(st, tableIdOf(ctx));
    sync(ctx, st);
    draw(ctx, st);
    markChanges(ctx, changesOf(ctx.msg.events, ctx.msg.view));
  },

  prompt(args) {
    return bannerPrompt(args);
  },

  describeEvent(event, view, players) {
    return describe(event, view, players);
  },

  resultDetail,
  describeAction,
  hintTargets,
  reasonSentence,
  // the replay's position line names the year and the phase as the status bar does (issue 36:
  // "Turn 3 · Pick" was the view's fields, in English); its jumps still go turn by turn
  stage: (view) => ({ turn: view.turn ?? null, phase: view.phase ?? null, label: t("Year {year} · {phase}", { year: view.year, phase: phaseLabel(view.phase) }) }),
};
