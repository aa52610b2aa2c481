// Fields of Green words for a hinted action, and the places it concerns (issue 17): a hint
// says "Build the Wheat Field on the marked cell", never "build 17 at 0,1", and the cell, the
// card or the tile is marked on the table (the shell's hint panel adds the marks).

import { t } from "../../i18n.js";
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
      return t("Play the {card} this turn", { card: card() });
    case "build":
      return Object.keys(a.water || {}).length ? t("Build the {card} on the marked cell, paying water from your towers", { card: card() }) : t("Build the {card} on the marked cell", { card: card() });
    case "build-tower":
      return t("Build the {card} as a Water Tower on the marked cell", { card: card() });
    case "build-silo":
      return t("Build the {card} as a Silo on the marked cell", { card: card() });
    case "restore": {
      const there = a.cell ? farm.find((e) => key(e.cell) === key(a.cell)) : null;
      if (there && there.card) return t("Discard the {card} to restore your {restored} on the marked cell", { card: card(), restored: designOf(st, there.card.design).name });
      return t("Discard the {card} to restore the Open Area on the marked cell", { card: card() });
    }
    case "market":
      return t("Take the {card} to the market ({n} food)", { card: card(), n: a.food });
    case "draw-split":
      return t("Draw {fields} field, {livestock} livestock, {constructions} construction, {buildings} building", { fields: a.field, livestock: a.livestock, constructions: a.construction, buildings: a.building });
    case "keep":
      return t("Keep the {tile}", { tile: tileName(st, a.tile) });
    case "attach":
      return t("Attach the {tile} to the new card", { tile: tileName(st, a.tile) });
    case "skip-attach":
      return t("Attach nothing");
    case "place":
      return t("Place the equipment on the marked cell");
    case "set-aside":
      return t("Set the equipment aside");
    case "choose": {
      const chooser = view.decision && view.decision.card;
      const d = designOf(st, st.cards.get(chooser)?.design);
      const options = findChoice(d.ability && d.ability.effects);
      const effect = options && options[a.index] ? effectsText(options[a.index]) : t("Option {n}", { n: a.index + 1 });
      return t("{card}: choose “{effect}”", { card: d.name, effect }); // the label of the prompt's button
    }
    case "pay":
      return t("Pay for the optional ability");
    case "skip":
      return t("Skip the optional ability");
    case "pay-harvest":
      return t("Harvest the {card}", { card: card() });
    case "decline":
      return t("Do not harvest the {card}", { card: card() });
    case "end-harvest":
      return t("End the harvest");
    case "pay-end":
      return t("Pay for the {card}'s game-end ability", { card: card() });
    case "end-scoring":
      return t("End the final choices");
    case "place-water": {
      const labels = towerLabels(farm);
      const amount = view.decision && view.decision.amount;
      const parts = Object.entries(a.water || {}).map(([cell, n]) => t("{n} on {tower}", { n, tower: labels.get(cell) || cell })).join(", ");
      if (!parts) return amount === undefined ? t("Place the water you gained: none fits, so it is lost") : t("Place the {n} water you gained: none fits, so it is lost", { n: amount });
      return amount === undefined ? t("Place the water you gained: {parts}", { parts }) : t("Place the {n} water you gained: {parts}", { n: amount, parts });
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
