// Stalk Exchange portfolios and players: your portfolio with its worth now and after the Bust
// (the server's display, S-42), everyone's Seedy Business tokens and known tokens, the scores at
// the end (the outcome's), and the bags.

import { h, seatDot, seatLabel, seatName } from "../../common.js";
import { plural, t } from "../../i18n.js";
import { badge } from "../../glyphs.js";
import { flowerName, FLOWERS } from "./flowers.js";

export function portfolio(ctx) {
  const view = ctx.view;
  if (!view.portfolio) return null;
  const p = view.portfolio;
  const values = view.market.values;
  const worth = ctx.display.worth; // S-42, from the server
  let who = t("Your portfolio (hidden from the others)");
  if (ctx.mode === "replay") who = t("{name}'s portfolio", { name: seatName(ctx.players, ctx.seat) });
  else if (view.over) who = t("Your portfolio");
  return h(
    "section",
    { class: "panel stack", "data-testid": "se-portfolio" },
    h("div", { class: "panel-title" }, who),
    h("div", { class: "se-portfolio" }, FLOWERS.filter((f) => p[f]).map((f) => chipWithValue(f, p[f], values[f]))),
    h("div", { class: "small" }, t("Worth now {now}; after the Bust {after}.", { now: worth.now, after: worth.after_bust })),
  );
}

function chipWithValue(flower, count, value) {
  return h(
    "span",
    { class: "chip", "data-testid": `se-hold-${flower}`, title: t("{count} × {flower} at value {value}", { count, flower: flowerName(flower), value }) },
    badge("flower", flower, { size: 22 }),
    h("span", { class: "chip-label" }, flowerName(flower)),
    h("span", { class: "chip-count" }, `× ${count}`),
  );
}

function seedyTokens(unspent, spent) {
  const dots = [];
  for (let i = 0; i < unspent; i += 1) dots.push(h("i", { class: "unspent", title: t("unspent") }));
  for (let i = 0; i < spent; i += 1) dots.push(h("i", { class: "spent", title: t("spent") }));
  return h("span", { class: "se-seedy", "aria-label": t("{unspent} unspent, {spent} spent", { unspent, spent }) }, dots);
}

export function playersTable(ctx) {
  const view = ctx.view;
  const over = view.over;
  const scores = over && ctx.msg.outcome ? ctx.msg.outcome.scores : null; // S-42, the outcome's
  const head = h(
    "tr",
    {},
    h("th", {}, t("Player")),
    h("th", {}, t("Seedy tokens")),
    h("th", {}, over ? t("Portfolio (revealed)") : t("Portfolio")),
    over ? h("th", {}, t("Score")) : null,
  );
  const rows = view.players.map((p) => {
    const known = FLOWERS.filter((f) => p.known_to_hold[f]);
    let holding;
    if (over) {
      const port = view.portfolios[p.seat];
      holding = h("span", { class: "row" }, FLOWERS.filter((f) => port[f]).map((f) => h("span", { class: "row", title: flowerName(f) }, badge("flower", f, { size: 20 }), `×${port[f]}`)));
    } else {
      holding = h(
        "span",
        {},
        plural(p.portfolio_size, "{n} token", "{n} tokens"),
        known.length ? h("span", { class: "small muted" }, " · ", t("known: {list}", { list: known.map((f) => `${p.known_to_hold[f]} ${flowerName(f)}`).join(", ") })) : null,
      );
    }
    return h(
      "tr",
      { class: !over && view.active === p.seat ? "active-seat" : "", "data-testid": `se-player-${p.seat}` },
      h("td", {}, seatDot(p.seat), " ", seatLabel(ctx.players, p.seat, ctx.seat)),
      h("td", {}, seedyTokens(p.seedy_unspent, p.seedy_spent), h("div", { class: "small muted" }, t("{left} of {total} left", { left: p.seedy_unspent, total: p.seedy_unspent + p.seedy_spent }))),
      h("td", {}, holding),
      over ? h("td", { class: "num" }, scores ? String(scores[p.seat]) : "") : null,
    );
  });
  return h("section", { class: "panel" }, h("div", { class: "panel-title" }, t("Players")), h("table", { class: "se-players" }, h("thead", {}, head), h("tbody", {}, rows)));
}

export function supplies(ctx) {
  const view = ctx.view;
  const compost = FLOWERS.filter((f) => view.compost[f]);
  return h(
    "section",
    { class: "panel small", "data-testid": "se-supplies" },
    h("div", { class: "panel-title" }, t("Bags")),
    h("p", {}, h("strong", {}, t("Greenhouse:")), " ", plural(view.greenhouse, "{n} token left to draw (when a refill cannot fill the row, the market crashes).", "{n} tokens left to draw (when a refill cannot fill the row, the market crashes).")),
    h("p", {}, h("strong", {}, t("Compost:")), " ", compost.length ? compost.map((f) => `${view.compost[f]} ${flowerName(f)}`).join(", ") : t("empty")),
  );
}
