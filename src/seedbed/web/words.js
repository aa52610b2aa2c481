// The table's words in one place (issue 38 item 12): counts with their plural, verbs that
// agree with a count, possessives (with "your" for the viewer) and lists, so that every game
// says "1 card becomes", "Ann's turn", "your turn" and "Ann, Bob and Cy" the same way.
// Lists end with the chosen language's "and" (issue 36); the counts here are English words
// (a translated view uses i18n.js's plural with whole messages instead).

import { t } from "./i18n.js";

/** "3 tokens", "1 token", "0 cards" (an irregular plural as `many`). */
export function plural(n, word, many) {
  return `${n} ${n === 1 ? word : many || `${word}s`}`;
}

/** The verb that agrees with a count: agree(1, "becomes", "become") -> "becomes". */
export function agree(n, one, many) {
  return n === 1 ? one : many;
}

/** What makes a name possessive (after a name drawn as a node: a name chip). */
export const POSSESSIVE = "'s";

/** "Ann's", "Iris's"; "your" for the viewer's own seat (never "Me's" for a player called Me). */
export function possessive(name, { you = false, capital = false } = {}) {
  if (you) return capital ? "Your" : "your";
  return `${name}${POSSESSIVE}`;
}

/** Texts joined with commas and a final "and": ["a", "b", "c"] -> "a, b and c". */
export function listed(items) {
  const parts = items.filter((x) => x !== null && x !== undefined && x !== "");
  if (parts.length <= 1) return parts.join("");
  return t("{items} and {last}", { items: parts.slice(0, -1).join(", "), last: parts[parts.length - 1] });
}

/** A count of things and their list: "2 cards: Blue and Wax", "no cards" when there are none. */
export function counted(items, word, many) {
  if (!items.length) return `no ${many || `${word}s`}`;
  return `${plural(items.length, word, many)}: ${listed(items)}`;
}

/** "Click" with a mouse, "Tap" on a touch screen (a prompt's first word: "Tap a card …"). */
export function pointVerb() {
  const touch = typeof matchMedia === "function" && (matchMedia("(pointer: coarse)").matches || matchMedia("(hover: none)").matches);
  return touch ? "Tap" : "Click";
}
