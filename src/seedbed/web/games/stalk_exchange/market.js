// The Stalk Exchange Market board: stalk values, the top types and their values after the Bust
// (from the server's display, S-41), the market track and the crash distance.

import { h } from "../../common.js";
import { badge } from "../../glyphs.js";
import { language, t } from "../../i18n.js";
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
    const notes = [mine && mine[f] ? t("yours × {n}", { n: mine[f] }) : null, isTop ? t("top: {value} after the Bust", { value: afterBust[f] }) : null].filter(Boolean);
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
    h("div", { class: "panel-title" }, t("Market board — stalk values")),
    h("table", {}, h("tbody", {}, rows)),
    track(mk, top),
    crashNote(mk, top, view),
  );
}

function track(mk, top) {
  const cells = h("div", { class: "se-track", "aria-label": t("Market track"), "data-testid": "se-track" });
  const lowest = Math.max(1, Math.min(top, mk.next_cell));
  for (let cell = mk.start; cell >= lowest; cell -= 1) {
    const index = mk.start - cell;
    const laid = mk.track[index];
    const classes = ["cell", cell === mk.next_cell ? "next" : ""].join(" ");
    const zone = cell <= top ? { background: "#fde8e6" } : null;
    cells.append(
      h(
        "div",
        { class: classes, style: zone, title: laid ? t("cell {n}: {flower}", { n: cell, flower: flowerName(laid) }) : cell === mk.next_cell ? t("cell {n}: the next harvested token goes here", { n: cell }) : t("cell {n}", { n: cell }) },
        laid ? badge("flower", laid, { size: 22 }) : String(cell),
      ),
    );
  }
  return h("div", {}, h("div", { class: "small muted", style: { "margin-top": "8px" } }, t("Market track: harvested tokens from cell {start} down; the next goes to cell {next} (red). Shaded cells are at or below the highest value.", { start: mk.start, next: mk.next_cell })), cells);
}

function crashNote(mk, top, view) {
  if (view.crash) {
    const why = new Intl.ListFormat(language() === "en" ? "en-GB" : language()).format(view.crash.triggers.map((trigger) => (trigger === 1 ? t("the market met the values") : t("the Greenhouse ran out"))));
    return h("div", { class: "se-crash near", "data-testid": "se-crash" }, view.over ? t("Market crash: {why}. The game is over.", { why }) : t("Market crash: {why}. The game ends after this turn.", { why }));
  }
  const d = mk.crash_distance;
  const near = d <= 2;
  return h(
    "div",
    { class: `se-crash ${near ? "near" : ""}`, "data-testid": "se-crash" },
    t("Crash distance {n}", { n: d }),
    h("div", { class: "small", style: { "font-weight": 500 } }, t("Next cell {next} − highest value {top}. Each harvested token lowers it by 1 (by 2 for a top-valued flower); a harvest that brings it below 1 crashes the market and ends the game.", { next: mk.next_cell, top })),
  );
}
