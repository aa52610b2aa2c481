// Stalk Exchange's five flower types, in the rules' order (S-1), and their names.

import { glyph } from "../../glyphs.js";

export const FLOWERS = ["dahlia", "daffodil", "globemaster", "snowdrop", "tulip"];

export function flowerName(name) {
  return glyph("flower", name).label;
}

/** A flower's numbers for its hover and long-press tip (issue 17): its stalk value now and
 *  how many the viewer holds (the view's market values and portfolio; nothing computed). */
export function flowerTip(view, flower) {
  const value = view.market && view.market.values ? view.market.values[flower] : null;
  const held = view.portfolio && view.portfolio[flower] ? `; you hold ${view.portfolio[flower]}` : "";
  return `${flowerName(flower)}: stalk value ${value ?? "?"}${held}`;
}
