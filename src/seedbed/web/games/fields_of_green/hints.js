// Fields of Green words for a hinted action, and the places it concerns (issue 17): a hint
// says "Build the Wheat Field on the marked cell", never "build 17 at 0,1", and the cell, the
// card or the tile is marked on the table (the shell's hint panel adds the marks).

import { possessive } from "../../words.js";
import { cardName, tileName } from "./cards.js";
import { storeOf } from "./store.js";

const SPLIT = ["field", "livestock", "construction", "building"];

/** Words for an action of this seat (the hint panel's answer). */
export function describeAction(a, msg) {
  const st = storeOf({});
  const card = () => cardName(st, a.card);
  switch (a.type) {
    case "commit":
      return `Play the ${card()} this turn`;
    case "build":
      return `Build the ${card()} on the marked cell${Object.keys(a.water || {}).length ? ", paying water from your towers" : ""}`;
    case "build-tower":
      return `Build the ${card()} as a Water Tower on the marked cell`;
    case "build-silo":
      return `Build the ${card()} as a Silo on the marked cell`;
    case "restore":
      return `Restore the ${card()} on the marked cell`;
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
    case "choose":
      return `Choose effect ${a.index + 1}`;
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
    case "place-water":
      return "Place the water you gained";
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
