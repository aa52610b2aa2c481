// Fields of Green words for the shell: the turn banner's prompt, a log line per event and the
// end screen's tie-break column.

import { counted, listed, plural, possessive } from "../../words.js";
import { cardName, playerName, resourceText, tileName, tileOf } from "./cards.js";
import { learn, noteEvents, storeOf } from "./store.js";

const PROMPTS = [
  ["place-water", "place the water you gained"],
  ["draw-split", "choose how many cards to draw from each pile"],
  ["commit", "choose the card you play this turn"],
  ["keep", "keep one equipment tile"],
  ["place", "place your equipment tile or set it aside"],
  ["set-aside", "place your equipment tile or set it aside"],
  ["attach", "attach set-aside equipment to the new card?"],
  ["skip-attach", "attach set-aside equipment to the new card?"],
  ["choose", "choose one effect"],
  ["skip", "pay for an optional ability, or skip it"],
  ["end-harvest", "harvest: pay for your cards or decline them"],
  ["end-scoring", "final choices: pay for game-end abilities"],
];

export function bannerPrompt({ view, legal }) {
  if (!legal || !legal.length) return "";
  const types = new Set(legal.map((a) => a.type));
  for (const [type, text] of PROMPTS) if (types.has(type)) return text;
  if (view && view.phase === "pick") return "pick a card from the display and use it";
  return "use your revealed card: build it, or discard it for another action";
}

function eventLine(e, name, st, whose) {
  const p = e.player !== undefined ? name(e.player) : "";
  const card = (id) => cardName(st, id);
  const cell = (c) => (c ? ` at (${c[0]}, ${c[1]})` : "");
  switch (e.kind) {
    case "year":
      return `Year ${e.year} begins; ${name(e.first_player)} is first player.`;
    case "income":
      return `${p}: income of ${resourceText(e.coins, "coins")} and ${e.food} food.`;
    case "draw":
      return `${p} drew ${e.split.join(" / ")} (fields / livestock / constructions / buildings)${e.cards ? `: ${e.cards.map(card).join(", ")}` : ""}.`;
    case "display":
      return `Display: ${(e.cards || []).map(card).join(", ")} (${e.shared} left face down).`;
    case "commit":
      return e.card !== undefined ? `${p} committed ${card(e.card)}.` : `${p} committed a card.`;
    case "receive":
      if (!e.count) return null; // the year's last pass of empty hands: nothing happened (issue 38 item 10)
      return e.cards ? `${p} received ${counted(e.cards.map(card), "card")}.` : `${p} received ${plural(e.count, "card")}.`;
    case "reveal":
      // "Revealed: your Turnip Rows, Greedy bot's Windmill and Random bot's Compost Heap."
      return `Revealed: ${listed(e.cards.map((c, q) => (c >= 0 ? `${whose(q)} ${card(c)}` : null)))}.`;
    case "build":
      return `${p} built ${card(e.card)}${cell(e.cell)}.`;
    case "build-tower":
      return `${p} discarded ${card(e.card)} to build a Water Tower${cell(e.cell)}.`;
    case "build-silo":
      return `${p} discarded ${card(e.card)} to build a Silo${cell(e.cell)}.`;
    case "market":
      return `${p} went to the market with ${card(e.card)}${e.food ? `, sold ${e.food} food` : ""}: +${e.coins} coins.`;
    case "restore":
      return `${p} discarded ${card(e.card)} to restore ${card(e.restored)}${cell(e.cell)}.`;
    case "gain":
      return `${p} gained ${["coins", "food", "water", "vp"].filter((r) => e[r] !== undefined).map((r) => resourceText(e[r], r)).join(", ")}${e.kept !== undefined && e.kept < e.food ? ` (${e.food - e.kept} lost: the silos are full)` : ""}.`;
    case "place-water":
      return `${p} placed ${e.gained - e.lost} water${e.lost ? ` (${e.lost} lost)` : ""}.`;
    case "refill":
      return `${p} refilled ${plural(e.towers.length, "Water Tower")}.`;
    case "equipment-draw":
      return e.tiles ? `${p} drew equipment: ${e.tiles.map((t) => tileName(st, t)).join(", ")}.` : `${p} drew ${plural(e.count, "equipment tile")}.`;
    case "keep":
      return e.tile !== undefined ? `${p} kept ${tileName(st, e.tile)}.` : `${p} kept a tile${e.returned ? `, ${e.returned} went under the stack` : ""}.`;
    case "equip":
      return `${p} put ${tileOf(st, e.tile).name} on ${card(e.card)}.`;
    case "set-aside":
      return `${p} set ${tileOf(st, e.tile).name} aside.`;
    case "skip-attach":
      return `${p} attached no more equipment to ${card(e.card)}.`;
    case "choose":
      return `${p} chose option ${e.index + 1}.`;
    case "pay":
      return `${p} paid for ${possessive(card(e.card))} ability.`;
    case "skip":
      return `${p} skipped ${possessive(card(e.card))} optional ability.`;
    case "harvest-phase":
      return `Harvest of year ${e.year}.`;
    case "harvest":
      if (e.tile !== -1 && e.tile !== null && e.tile !== undefined) return `${p} ${e.paid ? "used" : "did not use"} ${tileName(st, e.tile)}.`;
      return e.paid ? `${p} harvested ${card(e.card)}.` : `${p} declined ${card(e.card)}.`;
    case "open-area":
      return `${p}: ${card(e.card)} became an Open Area${e.discarded_tiles && e.discarded_tiles.length ? " (its equipment is discarded)" : ""}.`;
    case "end-harvest":
      return `${p} ended the harvest.`;
    case "final-choices":
      return "Final choices: optional game-end costs.";
    case "pay-end":
      return `${p} paid for ${e.tile !== -1 && e.tile !== null ? tileName(st, e.tile) : card(e.card)} at game end.`;
    case "end-scoring":
      return `${p} finished the final choices.`;
    case "game-over":
      return `Game over. ${e.scores.map((sc, q) => `${name(q)} ${sc} VP`).join(", ")}.`;
    default:
      return `${p ? `${p}: ` : ""}${e.kind}`;
  }
}

export function describe(event, view, players) {
  const st = storeOf({});
  if (players) st.players = players;
  if (view) learn(st, view);
  noteEvents(st, [event]);
  const viewer = view ? view.viewer : null;
  const name = (q) => (q === viewer ? "You" : playerName(st.players, q));
  const whose = (q) => possessive(playerName(st.players, q), { you: q === viewer });
  const line = eventLine(event, name, st, whose);
  return line === null ? null : line || ""; // null: nothing worth a log line
}

/** The end screen's tie-break column (F-75, published rules): the locations of the
 *  outcome's tiebreak, then coins. */
export function resultDetail({ seat, view, outcome }) {
  const tiebreak = outcome.tiebreak || [];
  return tiebreak.length ? `${plural(tiebreak[seat], "location")}, ${resourceText(view.players[seat].coins, "coins")}` : "";
}
