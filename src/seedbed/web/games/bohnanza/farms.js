// Bohnanza farms: your farm (fields, trade area, hand in its fixed order) and the other
// players' panels.

import { h } from "../../common.js";
import { plural, t } from "../../i18n.js";
import { beanCard, cardBack, coinIcon } from "./beans.js";
import { zoneCards } from "./centre.js";
import { actionButton } from "./choices.js";
import { fieldView, protectionNote, thirdFieldSlot } from "./fields.js";
import { named } from "./names.js";

export function myArea(env) {
  const { view, me } = env;
  const player = view.players[me];
  return h(
    "div",
    { class: "bn-me", "data-testid": "bn-me" },
    h(
      "div",
      { class: "bn-me-head" },
      h("h2", {}, t("Your farm")),
      treasury(view, player, true),
    ),
    h("div", { class: "bn-fields" }, player.fields.map((_, f) => fieldView(env, player, f, { mine: true })), thirdFieldSlot(env, player, true)),
    protectionNote(env.display.fields[me]),
    tradeArea(env, player, true),
    hand(env),
  );
}

function treasury(view, player, mine) {
  const secret = view.treasury_visibility === "secret" && view.phase !== "over";
  if (player.coins === undefined) {
    return h("div", { class: "bn-treasury", title: t("Treasury sizes are secret in this game [B-71]") }, coinIcon("?"), " ", t("coins secret"));
  }
  return h(
    "div",
    { class: "bn-treasury", "data-testid": `bn-coins-${player.seat}` },
    coinIcon(),
    h("b", {}, player.coins),
    " ",
    plural(player.coins, "coin", "coins"),
    mine && secret ? h("span", { class: "bn-note" }, " ", t("(hidden from the others)")) : null,
  );
}

function tradeArea(env, player, mine) {
  const cards = player.trade_area;
  if (!cards.length) {
    return mine && (env.view.phase === "trade" || env.view.phase === "plant-traded")
      ? h("div", { class: "bn-trade-area bn-empty-zone" }, h("h3", {}, t("Trade area")), h("p", { class: "bn-note" }, t("cards you receive or keep land here; plant them after trading.")))
      : null;
  }
  return h(
    "div",
    { class: `bn-trade-area ${mine && env.view.phase === "plant-traded" ? "bn-must" : ""}`, "data-testid": `bn-trade-area-${player.seat}` },
    h("h3", {}, mine ? t("Your trade area — plant these") : t("Trade area")),
    mine ? zoneCards(env, cards, "plant-traded", "trade") : h("div", { class: "bn-row" }, cards.map((c) => beanCard(c.variety, { size: "s" }))),
  );
}

function hand(env) {
  const { ctx, view, legal, ts } = env;
  const cards = view.hand || [];
  const inOffer = new Set(ts.compose.giveHand);
  return h(
    "div",
    { class: "bn-hand-wrap" },
    h("h3", {}, plural(cards.length, "Your hand · {n} card", "Your hand · {n} cards"), h("span", { class: "bn-note" }, t(" — fixed order: you always plant from the front"))),
    cards.length
      ? h(
          "ol",
          { class: "bn-hand", "data-testid": "bn-hand" },
          cards.map((card, pos) => {
            const discard = legal.find("discard", { position: pos });
            return h(
              "li",
              { class: `bn-hand-card ${pos === 0 ? "bn-front" : ""} ${inOffer.has(card.id) ? "bn-picked" : ""}`, "data-testid": `bn-hand-${pos}`, "data-variety": card.variety },
              pos === 0 ? h("div", { class: "bn-front-tag" }, t("FRONT ▸ next")) : h("div", { class: "bn-pos-tag" }, `#${pos + 1}`),
              beanCard(card.variety, { size: "m", meter: true }),
              discard ? actionButton(ctx, discard, t("Discard"), { testid: `bn-discard-${pos}`, cls: "btn-small" }) : null,
            );
          }),
          h("li", { class: "bn-hand-back", "aria-hidden": "true" }, t("back ◂ new cards")),
        )
      : h("p", { class: "bn-note" }, t("Your hand is empty.")),
  );
}

export function others(env) {
  const { view, me } = env;
  const n = view.num_players;
  const start = me === null ? 0 : me + 1;
  const seats = [];
  for (let k = 0; k < n; k++) {
    const seat = (start + k) % n;
    if (seat !== me) seats.push(seat);
  }
  return h("div", { class: "bn-others" }, seats.map((seat) => playerPanel(env, view.players[seat])));
}

function playerPanel(env, player) {
  const { view } = env;
  const seat = player.seat;
  const moving = (view.to_move || []).includes(seat);
  const badges = [];
  if (seat === view.active && view.phase !== "over") badges.push(h("span", { class: "bn-badge bn-active" }, t("active")));
  if (moving) badges.push(h("span", { class: "bn-badge bn-moving" }, t("on the move")));
  if (view.phase === "trade" && player.passed) badges.push(h("span", { class: "bn-badge" }, t("passed")));
  if (view.phase === "trade" && view.max_offers !== null) badges.push(h("span", { class: "bn-badge" }, t("offers {made}/{max}", { made: player.offers_made, max: view.max_offers })));
  return h(
    "div",
    {
      class: `bn-player bn-panel ${seat === view.active && view.phase !== "over" ? "bn-player-active" : ""}`,
      style: { "--seat-color": `var(--seat-${seat % 7})` },
      "data-testid": `bn-player-${seat}`,
    },
    h(
      "div",
      { class: "bn-player-head" },
      h("h3", {}, named(seat)),
      badges,
    ),
    h(
      "div",
      { class: "bn-player-stats" },
      h("span", { class: "bn-hand-count", title: t("Cards in hand (hidden)") }, cardBack(), h("b", {}, player.hand_size), " ", t("in hand")),
      treasury(view, player, false),
    ),
    h("div", { class: "bn-fields bn-fields-small" }, player.fields.map((_, f) => fieldView(env, player, f, { mine: false })), thirdFieldSlot(env, player, false)),
    tradeArea(env, player, false),
  );
}
