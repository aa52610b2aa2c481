// Fields of Green card words: kinds and timings, a design's or tile's data from the catalog
// (design ids prettified until it arrives), costs and effects as text, names of seats and lists.

import { seatName, titleCase } from "../../common.js";
import { language, plural, pplural, pt, t } from "../../i18n.js";

export const TYPES = ["field", "livestock", "construction", "building"];

/** A card kind's name (F-22, F-23): each msgid written out for the extraction. */
export function typeLabel(kind) {
  switch (kind) {
    case "field":
      return t("Field");
    case "livestock":
      return t("Livestock");
    case "construction":
      return t("Construction");
    case "building":
      return t("Building");
    case "water_tower":
      return t("Water Tower");
    case "silo":
      return t("Silo");
    default:
      return kind ? titleCase(kind) : "";
  }
}

/** What an equipment tile goes on (F-24): the kind of card, and the word it needs (a timing, or
 *  a subtype of the card set), « Élevage · Récolte ». */
export function fitsLabel(placement) {
  const on = placement.on === "location" ? t("Any location") : placement.on === "location_card" ? t("Location card") : typeLabel(placement.on);
  const k = placement.keyword;
  if (!k) return on;
  const timings = ["harvest", "immediate", "game_end", "placement", "ongoing"];
  return `${on} · ${timings.includes(k) ? timingLabel(k) : titleCase(pt("fields_of_green card", k))}`;
}

/** When an ability works. */
export function timingLabel(timing) {
  switch (timing) {
    case "harvest":
      return t("Harvest");
    case "immediate":
      return t("When built");
    case "game_end":
      return t("Game end");
    case "placement":
      return t("When placed");
    case "ongoing":
      return t("Ongoing");
    default:
      return timing || "";
  }
}

/** The gettext context of the card set's texts (names, ability texts, subtypes): they are the
 *  card set's data, translated in the catalogs by their English text (D-75). */
export const CARD_CONTEXT = "fields_of_green card";

/** A card set's design with its texts in the chosen language (a text without a translation
 *  stays as the card set wrote it). */
export function translatedDesign(d) {
  const shown = { ...d, name: pt(CARD_CONTEXT, d.name) };
  if (d.text) shown.text = pt(CARD_CONTEXT, d.text);
  if (d.subtype) shown.subtype = pt(CARD_CONTEXT, d.subtype);
  return shown;
}

const escaped = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A card's or tile's text without its placement ("On a field. ") and its timing
 *  ("Harvest: ", "Game end (free): "), which the face shows apart; the card texts start so in
 *  English and in their translations (« Sur un champ. », « Récolte : »). */
export function bareText(text) {
  const on = [...new Set(["On", pt("fields_of_green card", "On")])].map(escaped).join("|");
  const timings = ["harvest", "immediate", "game_end", "placement"].flatMap((k) => [timingLabel(k), ENGLISH_TIMINGS[k]]);
  const when = [...new Set(timings)].map(escaped).join("|");
  return (text || "").replace(new RegExp(`^(?:${on}) [^.]*\\.\\s*`), "").replace(new RegExp(`^(?:${when})( \\([^)]*\\))?\\s?:\\s*`), "");
}

const ENGLISH_TIMINGS = { harvest: "Harvest", immediate: "When built", game_end: "Game end", placement: "When placed" };

/** A draw pile's name as the view gives it (F-8: "Constructions" or "Facilities"). */
export function pileName(label) {
  switch (label) {
    case "Fields":
      return t("Fields");
    case "Livestock":
      return t("Livestock");
    case "Constructions":
      return t("Constructions");
    case "Facilities":
      return t("Facilities");
    case "Buildings":
      return t("Buildings");
    default:
      return label;
  }
}

function special(designId) {
  if (designId === "water_tower") return { id: "water_tower", name: t("Water Tower"), type: "water_tower", cost: { coins: 2 }, vp: 0, text: t("Holds water (3, more with equipment) and pays it for cells within its range.") };
  if (designId === "silo") return { id: "silo", name: t("Silo"), type: "silo", cost: {}, vp: 0, text: t("Stores food: your food capacity grows by 4.") };
  return null;
}

export function designOf(st, designId) {
  const found = st.catalog && st.catalog.locations.get(designId);
  if (found) return found;
  if (special(designId)) return special(designId);
  return { id: designId, name: titleCase(designId), type: null, cost: {}, vp: null, text: "" };
}

export function tileOf(st, designId) {
  const found = st.catalog && st.catalog.tiles.get(designId);
  return found || { id: designId, name: titleCase(designId || "tile"), text: "", timing: null, placement: null };
}

export function cardName(st, cardId) {
  const c = st.cards.get(cardId);
  return c ? designOf(st, c.design).name : t("card {n}", { n: cardId });
}

export function tileName(st, tileId) {
  const d = st.tiles.get(tileId);
  return d ? tileOf(st, d).name : t("tile {n}", { n: tileId });
}

export function kindOf(card) {
  return card.kind || "field";
}

export const key = (cell) => `${cell[0]},${cell[1]}`;

/** A seat's display name; the shell's seatName tells namesakes apart ("Greedy bot (seat 4)"). */
export const playerName = seatName;

export function who(ctx, seat) {
  return seat === ctx.seat ? t("You") : playerName(ctx.players, seat);
}

export function nameList(names) {
  // "a, b and c" (British English: no serial comma, as words.js writes it), « a, b et c »
  return new Intl.ListFormat(language() === "en" ? "en-GB" : language()).format(names);
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
  if (!parts.length) return t("free");
  return parts.map(([res, n]) => resourceText(n, res)).join(", ");
}

/** "1 coin", "3 coins", "2 food", "1 VP". */
export function resourceText(n, res) {
  if (res === "vp") return t("{n} VP", { n });
  if (res === "coins") return pplural("fields_of_green", n, "{n} coin", "{n} coins");
  if (res === "water") return t("{n} water", { n });
  if (res === "food") return t("{n} food", { n });
  return `${n} ${res}`;
}

/** One line for a list of effects (used to label a choice). */
export function effectsText(effects) {
  const list = effects || [];
  if (!list.length) return t("Nothing");
  const gains = [];
  const others = [];
  for (const e of list) {
    if (e.gain) gains.push(typeof e.amount === "number" ? resourceText(e.amount, e.gain) : e.gain === "vp" ? t("some VP") : e.gain === "coins" ? t("some coins") : e.gain === "water" ? t("some water") : t("some food"));
    else if (e.gain_equipment) gains.push(plural(e.gain_equipment, "{n} equipment tile", "{n} equipment tiles"));
    else if (e.refill_towers) others.push(e.refill_towers === "all" ? t("Refill all Water Towers") : t("Refill nearby Water Towers"));
    else if (e.repeat_host) others.push(t("Repeat the card's ability"));
    else others.push(e.choose ? t("a choice") : t("an effect"));
  }
  const parts = gains.length ? [t("Gain {list}", { list: nameList(gains) }), ...others] : others;
  return parts.join("; ");
}

export function findChoice(effects) {
  for (const e of effects || []) {
    if (e.choose) return e.choose;
  }
  return null;
}
