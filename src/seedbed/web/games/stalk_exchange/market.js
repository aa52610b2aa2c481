// The Stalk Exchange Market board: stalk values, the top types and their values after the Bust
// (from the server's display, S-41), the market track and the crash distance.

import { h } from "../../common.js";
import { badge } from "../../glyphs.js";
import { flowerName, FLOWERS } from "./flowers.js";

export function market(ctx) {
  const view = ctx.view;
  const mk = view.market;
  const values = mk.values;
  const { top: highest, after_bust: afterBust } = ctx.display; // S-41, from the server
  const top = highest.value;
  const mine = view.portfolio;
  const rows = FLOWERS.map((f) => {
    const isTop = highest.flowers.includes(f);
    const notes = [mine && mine[f] ? `yours × ${mine[f]}` : null, isTop ? `top: ${afterBust[f]} after the Bust` : null].filter(Boolean);
    return h(
      "tr",
      { class: isTop ? "top" : "", "data-testid": `se-value-${f}` },
      h("td", { class: "nowrap" }, h("span", { class: "row" }, badge("flower", f, { size: 24 }), flowerName(f))),
      h("td", { class: "num" }, String(values[f])),
      h("td", { class: "small" }, notes.map((n) => h("div", {}, n))),
    );
  });
  return h(
    "section",
    { class: "panel se-market", "data-testid": "se-market" },
    h("div", { class: "panel-title" }, "Market board — stalk values"),
    h("table", {}, h("tbody", {}, rows)),
    track(mk, top),
    crashNote(mk, top, view),
  );
}

function track(mk, top) {
  const cells = h("div", { class: "se-track", "aria-label": "Market track", "data-testid": "se-track" });
  const lowest = Math.max(1, Math.min(top, mk.next_cell));
  for (let cell = mk.start; cell >= lowest; cell -= 1) {
    const index = mk.start - cell;
    const laid = mk.track[index];
    const classes = ["cell", cell === mk.next_cell ? "next" : ""].join(" ");
    const zone = cell <= top ? { background: "#fde8e6" } : null;
    cells.append(
      h(
        "div",
        { class: classes, style: zone, title: laid ? `cell ${cell}: ${flowerName(laid)}` : cell === mk.next_cell ? `cell ${cell}: the next harvested token goes here` : `cell ${cell}` },
        laid ? badge("flower", laid, { size: 22 }) : String(cell),
      ),
    );
  }
  return h("div", {}, h("div", { class: "small muted", style: { "margin-top": "8px" } }, `Market track: harvested tokens from cell ${mk.start} down; the next goes to cell ${mk.next_cell} (red). Shaded cells are at or below the highest value.`), cells);
}

function crashNote(mk, top, view) {
  if (view.crash) {
    const why = view.crash.triggers.map((t) => (t === 1 ? "the market met the values" : "the Greenhouse ran out")).join(" and ");
    return h("div", { class: "se-crash near", "data-testid": "se-crash" }, view.over ? `Market crash: ${why}. The game is over.` : `Market crash: ${why}. The game ends after this turn.`);
  }
  const d = mk.crash_distance;
  const near = d <= 2;
  return h(
    "div",
    { class: `se-crash ${near ? "near" : ""}`, "data-testid": "se-crash" },
    `Crash distance ${d}`,
    h("div", { class: "small", style: { "font-weight": 500 } }, `Next cell ${mk.next_cell} − highest value ${top}. Each harvested token lowers it by 1 (by 2 for a top-valued flower); a harvest that brings it below 1 crashes the market and ends the game.`),
  );
}
