// The Bohnanza table centre: deck, discard pile and deck passes, the active player's face-up
// cards, the duel's revealed row and offer area, and the cards of a zone to pick for planting.

import { h } from "../../common.js";
import { plural, t } from "../../i18n.js";
import { beanCard, cardBack } from "./beans.js";
import { actionButton, rerender } from "./choices.js";
import { nameOf } from "./names.js";

export function centre(env) {
  const { view } = env;
  return h(
    "div",
    { class: "bn-centre" },
    piles(view),
    view.phase === "over" ? null : view.duel ? duelRows(env) : faceUp(env),
  );
}

function piles(view) {
  const left = view.final_exhaustion - view.exhaustions;
  const pass = view.exhaustions + 1;
  const passText =
    view.phase === "over"
      ? t("Deck used up")
      : left <= 1
        ? t("Last pass: the game ends when the deck runs out")
        : plural(left - 1, "Deck pass {pass} of {passes} · {n} reshuffle left", "Deck pass {pass} of {passes} · {n} reshuffles left", { pass, passes: view.final_exhaustion });
  return h(
    "div",
    { class: "bn-piles" },
    h(
      "div",
      { class: "bn-pile", "data-testid": "bn-deck" },
      h("div", { class: "bn-pile-label" }, t("Deck")),
      cardBack(),
      h("div", { class: "bn-pile-count" }, plural(view.deck_size, "{n} card", "{n} cards")),
    ),
    h(
      "div",
      { class: "bn-pile", "data-testid": "bn-discard" },
      h("div", { class: "bn-pile-label" }, t("Discard pile")),
      view.discard_top ? beanCard(view.discard_top.variety, { size: "s" }) : h("div", { class: "bn-card bn-card-s bn-slot-empty" }, t("empty")),
      h("div", { class: "bn-pile-count" }, plural(view.discard_size, "{n} card", "{n} cards")),
    ),
    h(
      "div",
      { class: `bn-passes ${left <= 1 && view.phase !== "over" ? "bn-last" : ""}`, "data-testid": "bn-passes", title: t("The game ends when the deck runs out for the last time [B-13, B-62]") },
      passText,
    ),
  );
}

function faceUp(env) {
  const { view, me, ts } = env;
  const inTrade = view.phase === "trade";
  const slots = view.faceup.map((card, slot) => {
    if (!card) return h("div", { class: "bn-slot" }, h("div", { class: "bn-card bn-card-m bn-slot-empty" }, inTrade ? t("taken") : "—"));
    const picked = ts.compose.giveFaceup.includes(slot) || ts.compose.wantFaceup.includes(slot);
    return h(
      "div",
      { class: `bn-slot ${picked ? "bn-picked" : ""}`, "data-testid": `bn-faceup-${slot}` },
      beanCard(card.variety, { size: "m", meter: true }),
      h("div", { class: "bn-slot-label" }, t("slot {n}", { n: slot + 1 })),
    );
  });
  const note =
    view.phase === "trade"
      ? view.active === me
        ? t("Give them away in offers, or keep them: they go to your trade area when trading ends.")
        : t("The active player may give these away; ask for them in an offer.")
      : t("Two cards are revealed after planting; trading follows.");
  return h(
    "div",
    { class: "bn-faceup", "data-testid": "bn-faceup" },
    h("h3", {}, view.active === me ? t("Your face-up cards") : t("{name}'s face-up cards", { name: nameOf(view.active) })),
    h("div", { class: "bn-row" }, slots),
    h("p", { class: "bn-note" }, note),
  );
}

function duelRows(env) {
  const { view, me } = env;
  const mine = view.active === me;
  const rows = [];
  if (view.phase === "duel-revealed" || view.revealed.length) {
    rows.push(
      h(
        "div",
        { class: "bn-duel-row", "data-testid": "bn-revealed" },
        h("h3", {}, mine ? t("Step 3 — revealed for you") : t("Revealed for {name}", { name: nameOf(view.active) })),
        zoneCards(env, view.revealed, "plant-revealed", "revealed"),
        h("p", { class: "bn-note" }, t("Matching cards from the top of the discard pile join the row [B-56]. Cards not planted become the opponent's offer.")),
      ),
    );
  }
  const opponent = (view.active + 1) % 2;
  const offerTitle =
    view.phase === "duel-offered"
      ? mine
        ? t("Step 1 — your opponent's offer: plant or discard each card")
        : t("Step 1 — the offer for {name}", { name: nameOf(view.active) })
      : view.offer_area.length
        ? t("Left for {name} (their step 1)", { name: nameOf(opponent, me) })
        : "";
  if (view.offer_area.length) {
    rows.push(
      h(
        "div",
        { class: "bn-duel-row", "data-testid": "bn-offer-area" },
        h("h3", {}, offerTitle),
        zoneCards(env, view.offer_area, "plant-offered", "offered"),
      ),
    );
  }
  return h("div", { class: "bn-duel-rows" }, rows);
}

/** Cards of a zone (trade area, offer area, revealed row) that the player can pick to plant. */
export function zoneCards(env, cards, plantType, zone) {
  const { ctx, legal, ts } = env;
  const plantable = new Set(legal.of(plantType).map((a) => a.card));
  return h(
    "div",
    { class: "bn-row bn-zone" },
    cards.map((card) => {
      const canPlant = plantable.has(card.id);
      const selected = ts.pick && ts.pick.card === card.id && ts.pick.type === plantType;
      const discard = legal.find("discard-offered", { card: card.id });
      return h(
        "div",
        { class: `bn-zone-card ${selected ? "bn-selected" : ""}` },
        canPlant
          ? h(
              "button",
              {
                type: "button",
                class: "bn-card-button",
                "aria-pressed": selected ? "true" : "false",
                "data-testid": `bn-pick-${zone}-${card.id}`,
                title: t("Pick this card, then a field"),
                onclick: () => {
                  ts.pick = { type: plantType, card: card.id, variety: card.variety };
                  rerender(ctx);
                },
              },
              beanCard(card.variety, { size: "m", meter: true }),
            )
          : beanCard(card.variety, { size: "m", meter: true }),
        selected ? h("div", { class: "bn-pick-note" }, t("picked → choose a field")) : null,
        discard ? actionButton(ctx, discard, t("Discard"), { testid: `bn-discard-offered-${card.id}`, cls: "btn-small" }) : null,
      );
    }),
  );
}

/** Keep the card picked for planting if it can still be planted; else pick the first one. */
export function ensurePick(env) {
  const { ts, legal, view } = env;
  if (ts.pick && legal.of(ts.pick.type).some((a) => a.card === ts.pick.card)) return;
  ts.pick = null;
  for (const type of PLANT_FROM_ZONE) {
    const first = legal.of(type)[0];
    if (first) {
      ts.pick = { type, card: first.card, variety: varietyOfCard(view, first.card) };
      return;
    }
  }
}

const PLANT_FROM_ZONE = ["plant-traded", "plant-offered", "plant-revealed"];

function varietyOfCard(view, id) {
  const me = view.viewer;
  const pools = [view.revealed, view.offer_area, me !== null ? view.players[me].trade_area : []];
  for (const pool of pools) for (const c of pool) if (c.id === id) return c.variety;
  return null;
}
