// Fields of Green card words: kinds and timings, a design's or tile's data from the catalog
// (design ids prettified until it arrives), costs and effects as text, names of seats and lists.

import { seatName, titleCase } from "../../common.js";
import { plural } from "../../words.js";

export const TYPES = ["field", "livestock", "construction", "building"];

export const TYPE_LABEL = { field: "Field", livestock: "Livestock", construction: "Construction", building: "Building", water_tower: "Water Tower", silo: "Silo" };

export const TIMING_LABEL = { harvest: "Harvest", immediate: "When built", game_end: "Game end", placement: "When placed", ongoing: "Ongoing" };

const SPECIAL = {
  water_tower: { id: "water_tower", name: "Water Tower", type: "water_tower", cost: { coins: 2 }, vp: 0, text: "Holds water (3, more with equipment) and pays it for cells within its range." },
  silo: { id: "silo", name: "Silo", type: "silo", cost: {}, vp: 0, text: "Stores food: your food capacity grows by 4." },
};

export function designOf(st, designId) {
  const found = st.catalog && st.catalog.locations.get(designId);
  if (found) return found;
  if (SPECIAL[designId]) return SPECIAL[designId];
  return { id: designId, name: titleCase(designId), type: null, cost: {}, vp: null, text: "" };
}

export function tileOf(st, designId) {
  const found = st.catalog && st.catalog.tiles.get(designId);
  return found || { id: designId, name: titleCase(designId || "tile"), text: "", timing: null, placement: null };
}

export function cardName(st, cardId) {
  const c = st.cards.get(cardId);
  return c ? designOf(st, c.design).name : `card ${cardId}`;
}

export function tileName(st, tileId) {
  const d = st.tiles.get(tileId);
  return d ? tileOf(st, d).name : `tile ${tileId}`;
}

export function kindOf(card) {
  return card.kind || "field";
}

export const key = (cell) => `${cell[0]},${cell[1]}`;

/** A seat's display name; the shell's seatName tells namesakes apart ("Greedy bot (seat 4)"). */
export const playerName = seatName;

export function who(ctx, seat) {
  return seat === ctx.seat ? "You" : playerName(ctx.players, seat);
}

export function nameList(names) {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

export function costParts(cost) {
  const parts = [];
  for (const res of ["coins", "water", "food"]) {
    const n = cost && cost[res];
    if (typeof n === "number" && n > 0) parts.push([res, n]);
  }
  return parts;
}

export function costText(cost) {
  const parts = costParts(cost);
  if (!parts.length) return "free";
  return parts.map(([res, n]) => plural(n, { coins: "coin", water: "water", food: "food" }[res], res === "coins" ? "coins" : res)).join(", ");
}

/** "1 coin", "3 coins", "2 food", "1 VP". */
export function resourceText(n, res) {
  if (res === "vp") return `${n} VP`;
  if (res === "coins") return plural(n, "coin");
  return `${n} ${res}`;
}

/** One line for a list of effects (used to label a choice). */
export function effectsText(effects) {
  const parts = (effects || []).map((e) => {
    if (e.gain) return typeof e.amount === "number" ? resourceText(e.amount, e.gain) : `some ${e.gain === "vp" ? "VP" : e.gain}`;
    if (e.gain_equipment) return plural(e.gain_equipment, "equipment tile");
    if (e.refill_towers) return e.refill_towers === "all" ? "refill all Water Towers" : "refill nearby Water Towers";
    if (e.repeat_host) return "repeat the card's ability";
    if (e.choose) return "a choice";
    return "an effect";
  });
  return parts.length ? `Gain ${nameList(parts)}`.replace("Gain refill", "Refill").replace("Gain repeat", "Repeat") : "Nothing";
}

export function findChoice(effects) {
  for (const e of effects || []) {
    if (e.choose) return e.choose;
  }
  return null;
}
