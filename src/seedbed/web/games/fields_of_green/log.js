// Fields of Green words for the shell: the turn banner's prompt, a log line per event and the
// end screen's tie-break column.

import { plural, t } from "../../i18n.js";
import { cardName, nameList, playerName, resourceText, tileName, tileOf } from "./cards.js";
import { learn, noteEvents, storeOf } from "./store.js";

/** The turn banner's prompt, from the legal actions (the first type found wins). */
function promptFor(types) {
  if (types.has("place-water")) return t("place the water you gained");
  if (types.has("draw-split")) return t("choose how many cards to draw from each pile");
  if (types.has("commit")) return t("choose the card you play this turn");
  if (types.has("keep")) return t("keep one equipment tile");
  if (types.has("place") || types.has("set-aside")) return t("place your equipment tile or set it aside");
  if (types.has("attach") || types.has("skip-attach")) return t("attach set-aside equipment to the new card?");
  if (types.has("choose")) return t("choose one effect");
  if (types.has("skip")) return t("pay for an optional ability, or skip it");
  if (types.has("end-harvest")) return t("harvest: pay for your cards or decline them");
  if (types.has("end-scoring")) return t("final choices: pay for game-end abilities");
  return null;
}

export function bannerPrompt({ view, legal }) {
  if (!legal || !legal.length) return "";
  const text = promptFor(new Set(legal.map((a) => a.type)));
  if (text) return text;
  if (view && view.phase === "pick") return t("pick a card from the display and use it");
  return t("use your revealed card: build it, or discard it for another action");
}

function eventLine(e, name, st, whose) {
  const p = e.player !== undefined ? name(e.player) : "";
  const card = (id) => cardName(st, id);
  const at = (c) => (c ? t(" at ({x}, {y})", { x: c[0], y: c[1] }) : "");
  const list = (items) => nameList(items);
  switch (e.kind) {
    case "year":
      return t("Year {year} begins; {name} is first player.", { year: e.year, name: name(e.first_player) });
    case "income":
      return t("{name}: income of {coins} and {food}.", { name: p, coins: resourceText(e.coins, "coins"), food: resourceText(e.food, "food") });
    case "draw": {
      const split = e.split.join(" / ");
      return e.cards
        ? t("{name} drew {split} (fields / livestock / constructions / buildings): {cards}.", { name: p, split, cards: e.cards.map(card).join(", ") })
        : t("{name} drew {split} (fields / livestock / constructions / buildings).", { name: p, split });
    }
    case "display":
      return t("Display: {cards} ({n} left face down).", { cards: (e.cards || []).map(card).join(", "), n: e.shared });
    case "commit":
      return e.card !== undefined ? t("{name} committed {card}.", { name: p, card: card(e.card) }) : t("{name} committed a card.", { name: p });
    case "receive":
      if (!e.count) return null; // the year's last pass of empty hands: nothing happened (issue 38 item 10)
      if (e.cards) return plural(e.cards.length, "{name} received {n} card: {cards}.", "{name} received {n} cards: {cards}.", { name: p, cards: list(e.cards.map(card)) });
      return plural(e.count, "{name} received {n} card.", "{name} received {n} cards.", { name: p });
    case "reveal":
      // "Revealed: your Turnip Rows, Greedy bot's Windmill and Random bot's Compost Heap."
      return t("Revealed: {cards}.", { cards: list(e.cards.map((c, q) => (c >= 0 ? whose(q, card(c)) : null)).filter(Boolean)) });
    case "build":
      return t("{name} built {card}{at}.", { name: p, card: card(e.card), at: at(e.cell) });
    case "build-tower":
      return t("{name} discarded {card} to build a Water Tower{at}.", { name: p, card: card(e.card), at: at(e.cell) });
    case "build-silo":
      return t("{name} discarded {card} to build a Silo{at}.", { name: p, card: card(e.card), at: at(e.cell) });
    case "market":
      return e.food
        ? t("{name} went to the market with {card}, sold {food} food: +{coins} coins.", { name: p, card: card(e.card), food: e.food, coins: e.coins })
        : t("{name} went to the market with {card}: +{coins} coins.", { name: p, card: card(e.card), coins: e.coins });
    case "restore":
      return t("{name} discarded {card} to restore {restored}{at}.", { name: p, card: card(e.card), restored: card(e.restored), at: at(e.cell) });
    case "gain": {
      const gained = ["coins", "food", "water", "vp"].filter((r) => e[r] !== undefined).map((r) => resourceText(e[r], r)).join(", ");
      if (e.kept !== undefined && e.kept < e.food) return t("{name} gained {gained} ({n} lost: the silos are full).", { name: p, gained, n: e.food - e.kept });
      return t("{name} gained {gained}.", { name: p, gained });
    }
    case "place-water":
      return e.lost ? t("{name} placed {n} water ({lost} lost).", { name: p, n: e.gained - e.lost, lost: e.lost }) : t("{name} placed {n} water.", { name: p, n: e.gained - e.lost });
    case "refill":
      return plural(e.towers.length, "{name} refilled {n} Water Tower.", "{name} refilled {n} Water Towers.", { name: p });
    case "equipment-draw":
      return e.tiles ? t("{name} drew equipment: {tiles}.", { name: p, tiles: e.tiles.map((x) => tileName(st, x)).join(", ") }) : plural(e.count, "{name} drew {n} equipment tile.", "{name} drew {n} equipment tiles.", { name: p });
    case "keep":
      if (e.tile !== undefined) return t("{name} kept {tile}.", { name: p, tile: tileName(st, e.tile) });
      return e.returned ? t("{name} kept a tile, {n} went under the stack.", { name: p, n: e.returned }) : t("{name} kept a tile.", { name: p });
    case "equip":
      return t("{name} put {tile} on {card}.", { name: p, tile: tileOf(st, e.tile).name, card: card(e.card) });
    case "set-aside":
      return t("{name} set {tile} aside.", { name: p, tile: tileOf(st, e.tile).name });
    case "skip-attach":
      return t("{name} attached no more equipment to {card}.", { name: p, card: card(e.card) });
    case "choose":
      return t("{name} chose option {n}.", { name: p, n: e.index + 1 });
    case "pay":
      return t("{name} paid for {card}'s ability.", { name: p, card: card(e.card) });
    case "skip":
      return t("{name} skipped {card}'s optional ability.", { name: p, card: card(e.card) });
    case "harvest-phase":
      return t("Harvest of year {year}.", { year: e.year });
    case "harvest":
      if (e.tile !== -1 && e.tile !== null && e.tile !== undefined) return e.paid ? t("{name} used {tile}.", { name: p, tile: tileName(st, e.tile) }) : t("{name} did not use {tile}.", { name: p, tile: tileName(st, e.tile) });
      return e.paid ? t("{name} harvested {card}.", { name: p, card: card(e.card) }) : t("{name} declined {card}.", { name: p, card: card(e.card) });
    case "open-area":
      return e.discarded_tiles && e.discarded_tiles.length ? t("{name}: {card} became an Open Area (its equipment is discarded).", { name: p, card: card(e.card) }) : t("{name}: {card} became an Open Area.", { name: p, card: card(e.card) });
    case "end-harvest":
      return t("{name} ended the harvest.", { name: p });
    case "final-choices":
      return t("Final choices: optional game-end costs.");
    case "pay-end":
      return t("{name} paid for {thing} at game end.", { name: p, thing: e.tile !== -1 && e.tile !== null ? tileName(st, e.tile) : card(e.card) });
    case "end-scoring":
      return t("{name} finished the final choices.", { name: p });
    case "game-over": {
      const scores = e.scores.map((sc, q) => t("{name} {n} VP", { name: name(q), n: sc }));
      return t("Game over. {scores}.", { scores: scores.join(", ") });
    }
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
  const name = (q) => (q === viewer ? t("You") : playerName(st.players, q));
  const whose = (q, thing) => (q === viewer ? t("your {card}", { card: thing }) : t("{name}'s {card}", { name: playerName(st.players, q), card: thing }));
  const line = eventLine(event, name, st, whose);
  return line === null ? null : line || ""; // null: nothing worth a log line
}

/** The end screen's tie-break column (F-75, published rules): the locations of the
 *  outcome's tiebreak, then coins. */
export function resultDetail({ seat, view, outcome }) {
  const tiebreak = outcome.tiebreak || [];
  return tiebreak.length ? plural(tiebreak[seat], "{n} location", "{n} locations") + ", " + resourceText(view.players[seat].coins, "coins") : "";
}
