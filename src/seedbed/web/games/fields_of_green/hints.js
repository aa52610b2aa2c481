// Fields of Green words for a hinted action, and the places it concerns (issue 17): a hint
// says "Build the Wheat Field on the marked cell", never "build 17 at 0,1", and the cell, the
// card or the tile is marked on the table (the shell's hint panel adds the marks).

import { possessive } from "../../words.js";
import { cardName, designOf, effectsText, findChoice, key, tileName } from "./cards.js";
import { towerLabels } from "./farm.js";
import { storeOf } from "./store.js";

const SPLIT = ["field", "livestock", "construction", "building"];

/** Words for an action of this seat (the hint panel's answer): what the move does, in the
 *  words of the prompt that offers it ("Discard the Duck Pond to restore your Melon Beds",
 *  "Place the 2 water you gained: 2 on T1", "Duck Pond: choose “Gain 2 food”", issue 38 item 10). */
export function describeAction(a, msg) {
  const st = storeOf({});
  const card = () => cardName(st, a.card);
  const view = (msg && msg.view) || {};
  const farm = (view.players && view.viewer !== null && view.viewer !== undefined && view.players[view.viewer].farm) || [];
  switch (a.type) {
    case "commit":
      return `Play the ${card()} this turn`;
    case "build":
      return `Build the ${card()} on the marked cell${Object.keys(a.water || {}).length ? ", paying water from your towers" : ""}`;
    case "build-tower":
      return `Build the ${card()} as a Water Tower on the marked cell`;
    case "build-silo":
      return `Build the ${card()} as a Silo on the marked cell`;
    case "restore": {
      const there = a.cell ? farm.find((e) => key(e.cell) === key(a.cell)) : null;
      const restored = there && there.card ? `your ${designOf(st, there.card.design).name}` : "the Open Area";
      return `Discard the ${card()} to restore ${restored} on the marked cell`;
    }
    case "market":
      return `Take the ${card()} to the market (${a.food} food)`;
    case "draw-split":
      return `Draw ${SPLIT.map((pile) => `${a[pile]} ${pile}`).join(", ")}`;
    case "keep":
      return `Keep the ${tileName(st, a.tile)}`;
    case "attach":
      return `Attach the ${tileName(st, a.tile)} to the new card`;
    case "skip-attach":
      return "Attach nothing";
    case "place":
      return "Place the equipment on the marked cell";
    case "set-aside":
      return "Set the equipment aside";
    case "choose": {
      const chooser = view.decision && view.decision.card;
      const d = designOf(st, st.cards.get(chooser)?.design);
      const options = findChoice(d.ability && d.ability.effects);
      const effect = options && options[a.index] ? effectsText(options[a.index]) : `Option ${a.index + 1}`;
      return `${d.name}: choose “${effect}”`; // the label of the prompt's button
    }
    case "pay":
      return "Pay for the optional ability";
    case "skip":
      return "Skip the optional ability";
    case "pay-harvest":
      return `Harvest the ${card()}`;
    case "decline":
      return `Do not harvest the ${card()}`;
    case "end-harvest":
      return "End the harvest";
    case "pay-end":
      return `Pay for the ${possessive(card())} game-end ability`;
    case "end-scoring":
      return "End the final choices";
    case "place-water": {
      const labels = towerLabels(farm);
      const amount = view.decision && view.decision.amount;
      const parts = Object.entries(a.water || {}).map(([cell, n]) => `${n} on ${labels.get(cell) || cell}`);
      const gained = amount === undefined ? "the water" : `the ${amount} water`;
      return `Place ${gained} you gained: ${parts.join(", ") || "none fits, so it is lost"}`;
    }
    default:
      return "";
  }
}

/** The places a hinted action concerns: the cell of your farm, the card in your hand or the
 *  display, the tile. */
export function hintTargets(a) {
  const out = [];
  if (a.cell) out.push(`[data-testid="fog-farm-mine"] [data-cell="${a.cell[0]},${a.cell[1]}"]`);
  if (a.card !== undefined && !a.cell) out.push(`[data-testid="fog-hand-${a.card}"]`, `[data-testid="fog-display-${a.card}"]`);
  if (a.tile !== undefined && a.tile !== null) out.push(`[data-testid="fog-keep-${a.tile}"]`, `[data-testid="fog-attach-${a.tile}"]`);
  return out;
}
