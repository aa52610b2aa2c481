// The Bohnanza status bar (whose turn, the phase steps), the banner's prompt and the action
// bar of the buttons that end a step.

import { h } from "../../common.js";
import { plural, t } from "../../i18n.js";
import { BEAN } from "./beans.js";
import { actionButton } from "./choices.js";
import { nameOf } from "./names.js";

// functions: the words are looked up when drawn (the catalog loads after the import)
const STEPS = () => [t("Plant from hand"), t("Reveal & trade"), t("Plant traded cards"), t("Draw")];

const DUEL_STEPS = () => [t("Opponent's offer"), t("Plant from hand"), t("Reveal & plant"), t("Draw")];

const STEP_OF = {
  plant: 0, trade: 1, "plant-traded": 2, draw: 3,
  "duel-offered": 0, "duel-plant": 1, "duel-revealed": 2, "duel-draw": 3,
};

export function statusBar({ view, me }) {
  const steps = view.duel ? DUEL_STEPS() : STEPS();
  const current = STEP_OF[view.phase];
  const over = view.phase === "over";
  const turn = view.turn + 1;
  const whose = over ? t("Game over") : view.active === me ? t("Turn {turn} · your turn", { turn }) : t("Turn {turn} · {name}'s turn", { turn, name: nameOf(view.active) });
  return h(
    "div",
    { class: "bn-status" },
    h("div", { class: "bn-whose", "data-testid": "bn-whose" }, whose),
    over
      ? null
      : h(
      "ol",
      { class: "bn-steps", "aria-label": view.duel ? t("Duel steps") : t("Phases") },
      steps.map((label, i) =>
        // the step now says its name; the others their number (the name in a tooltip and for
        // screen readers), so the steps and the action buttons share one row
        h("li", { class: i === current && !over ? "bn-step-now" : i < current ? "bn-step-done" : "", "aria-current": i === current ? "step" : null, title: label }, h("b", {}, i + 1), i === current ? ` ${label}` : h("span", { class: "sr-only" }, ` ${label}`)),
      ),
    ),
  );
}

export function frontCard(view) {
  return view.hand && view.hand.length ? view.hand[0].variety : null;
}

export function promptText(env) {
  const { view, display, me, onMove } = env;
  const active = view.active === me;
  const front = frontCard(view);
  const frontName = front ? BEAN[front].short : "";
  if (view.phase === "over") return t("The game is over: every field was harvested. See the scores.");
  if (me === null) return "";
  if (!onMove) {
    if (view.phase === "trade" && view.players[me].passed) return t("You passed; you are asked again after the next change (an offer, an answer, a harvest).");
    if (view.phase === "trade") return t("Trading is on; you can act again after the next change.");
    return "";
  }
  switch (view.phase) {
    case "plant":
    case "duel-plant":
      if (view.planted === 0) return t("Plant your front card ({bean}): choose a field below.", { bean: frontName });
      if (view.duel && view.planted >= 2) return t("You may discard one hand card (any position), or end planting.");
      return view.duel
        ? t("You may plant your next front card ({bean}), discard one hand card, or end planting.", { bean: frontName })
        : t("You may plant your next front card ({bean}) too, or end planting.", { bean: frontName });
    case "trade":
      return active
        ? t("Trade your face-up and hand cards, answer offers, then end trading.")
        : t("{name} is trading. Make an offer to them, answer offers, or pass.", { name: nameOf(view.active) });
    case "plant-traded":
      return t("Plant every card in your trade area: pick a card, then a field.");
    case "draw":
    case "duel-draw":
      return plural(display.draw_count, "Draw {n} card to the back of your hand to end your turn.", "Draw {n} cards to the back of your hand to end your turn.");
    case "duel-offered":
      return t("Step 1: plant or discard each card your opponent left for you.");
    case "duel-revealed":
      return t("Step 3: plant any revealed cards you want (pick a card, then a field); the rest become your opponent's offer.");
    default:
      return "";
  }
}

/** The buttons that end a step (planting, trading, the turn), kept in one bar at the top. */
export function actionBar(env) {
  const { ctx, view, display, legal } = env;
  const buttons = [];
  const add = (type, label, opts) => {
    const a = legal.find(type);
    if (a) buttons.push(actionButton(ctx, a, label, opts));
  };
  const endPlanting = view.duel ? (view.planted >= 2 ? t("Keep my hand (no discard)") : t("End planting (no discard)")) : t("End planting");
  add("end-planting", endPlanting, { testid: "bn-end-planting", primary: true, key: "e" });
  add("end-trading", t("End trading"), { testid: "bn-end-trading", primary: true, key: "e" });
  add("pass", t("Pass for now"), { testid: "bn-pass", key: "p", title: t("Nothing more from me until someone changes something [B-43]") });
  add("leave-offer", plural(view.revealed.length, "Leave {n} card for your opponent", "Leave {n} cards for your opponent"), { testid: "bn-leave-offer", primary: true, key: "l" });
  add("finish-turn", t("Draw {n} & end turn", { n: display.draw_count }), { testid: "bn-finish-turn", primary: true, key: "d" });
  if (!buttons.length) return null;
  return h("div", { class: "bn-actions", "data-testid": "bn-actions" }, buttons);
}

/** Where a view stands, for the replay's position line and jumps (stages.js): the turn and
 *  the phase in the chosen language (issue 36; the shell would show the phase's id). */
export function stage(view) {
  // the English words are the shell's (the phase's id, capitalised): "Turn 1 · Plant"
  const names = {
    plant: t("Plant"),
    trade: t("Trade"),
    "plant-traded": t("Plant-traded"),
    draw: t("Draw"),
    "duel-offered": t("Duel-offered"),
    "duel-plant": t("Duel-plant"),
    "duel-revealed": t("Duel-revealed"),
    "duel-draw": t("Duel-draw"),
    over: t("Over"),
  };
  const phase = names[view.phase] ?? view.phase;
  return { turn: view.turn, phase: view.phase, label: t("Turn {turn} · {phase}", { turn: view.turn + 1, phase }) };
}
