// The Bohnanza status bar (whose turn, the phase steps), the banner's prompt and the action
// bar of the buttons that end a step.

import { h } from "../../common.js";
import { plural, possessive } from "../../words.js";
import { BEAN } from "./beans.js";
import { actionButton } from "./choices.js";
import { nameOf } from "./names.js";

const STEPS = ["Plant from hand", "Reveal & trade", "Plant traded cards", "Draw"];

const DUEL_STEPS = ["Opponent's offer", "Plant from hand", "Reveal & plant", "Draw"];

const STEP_OF = {
  plant: 0, trade: 1, "plant-traded": 2, draw: 3,
  "duel-offered": 0, "duel-plant": 1, "duel-revealed": 2, "duel-draw": 3,
};

export function statusBar({ view, me }) {
  const steps = view.duel ? DUEL_STEPS : STEPS;
  const current = STEP_OF[view.phase];
  const over = view.phase === "over";
  const whose = over ? "Game over" : `Turn ${view.turn + 1} · ${possessive(nameOf(view.active), { you: view.active === me })} turn`;
  return h(
    "div",
    { class: "bn-status" },
    h("div", { class: "bn-whose", "data-testid": "bn-whose" }, whose),
    over
      ? null
      : h(
      "ol",
      { class: "bn-steps", "aria-label": view.duel ? "Duel steps" : "Phases" },
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
  if (view.phase === "over") return "The game is over: every field was harvested. See the scores.";
  if (me === null) return "";
  if (!onMove) {
    if (view.phase === "trade" && view.players[me].passed) return "You passed; you are asked again after the next change (an offer, an answer, a harvest).";
    if (view.phase === "trade") return "Trading is on; you can act again after the next change.";
    return "";
  }
  switch (view.phase) {
    case "plant":
    case "duel-plant":
      if (view.planted === 0) return `Plant your front card (${frontName}): choose a field below.`;
      if (view.duel && view.planted >= 2) return "You may discard one hand card (any position), or end planting.";
      return view.duel
        ? `You may plant your next front card (${frontName}), discard one hand card, or end planting.`
        : `You may plant your next front card (${frontName}) too, or end planting.`;
    case "trade":
      return active
        ? "Trade your face-up and hand cards, answer offers, then end trading."
        : `${nameOf(view.active)} is trading. Make an offer to them, answer offers, or pass.`;
    case "plant-traded":
      return "Plant every card in your trade area: pick a card, then a field.";
    case "draw":
    case "duel-draw":
      return `Draw ${display.draw_count} cards to the back of your hand to end your turn.`;
    case "duel-offered":
      return "Step 1: plant or discard each card your opponent left for you.";
    case "duel-revealed":
      return "Step 3: plant any revealed cards you want (pick a card, then a field); the rest become your opponent's offer.";
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
  const endPlanting = view.duel ? (view.planted >= 2 ? "Keep my hand (no discard)" : "End planting (no discard)") : "End planting";
  add("end-planting", endPlanting, { testid: "bn-end-planting", primary: true, key: "e" });
  add("end-trading", "End trading", { testid: "bn-end-trading", primary: true, key: "e" });
  add("pass", "Pass for now", { testid: "bn-pass", key: "p", title: "Nothing more from me until someone changes something [B-43]" });
  add("leave-offer", `Leave ${plural(view.revealed.length, "card")} for your opponent`, { testid: "bn-leave-offer", primary: true, key: "l" });
  add("finish-turn", `Draw ${display.draw_count} & end turn`, { testid: "bn-finish-turn", primary: true, key: "d" });
  if (!buttons.length) return null;
  return h("div", { class: "bn-actions", "data-testid": "bn-actions" }, buttons);
}
