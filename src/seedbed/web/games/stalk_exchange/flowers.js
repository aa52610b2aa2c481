// Stalk Exchange's five flower types, in the rules' order (S-1), and their names.

import { glyph } from "../../glyphs.js";

export const FLOWERS = ["dahlia", "daffodil", "globemaster", "snowdrop", "tulip"];

export function flowerName(name) {
  return glyph("flower", name).label;
}
