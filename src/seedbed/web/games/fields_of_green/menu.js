// What the Fields of Green viewer may do, read from ctx.legal only: the card an action applies
// to, the action mode, the farm's clickable cells, and the local selection kept in line with
// each new view.

import { t } from "../../i18n.js";
import { key } from "./cards.js";

export const ofType = (legal, type) => legal.filter((a) => a.type === type);

export const hasType = (legal, ...types) => legal.some((a) => types.includes(a.type));

export const CARD_ACTIONS = ["build", "build-tower", "build-silo", "market", "restore"];

/** The card of a legal action with the same design as ``cardId`` (copies of a design are
 * interchangeable, and the menu lists only one of them). */
export function legalCardFor(ctx, st, cardId, types) {
  const design = st.cards.get(cardId)?.design;
  const found = ctx.legal.find((a) => types.includes(a.type) && st.cards.get(a.card)?.design === design);
  return found ? found.card : null;
}

/** The card the action buttons apply to: the revealed one, or the selected display card. */
export function activeCard(ctx, st) {
  const cards = ctx.legal.filter((a) => CARD_ACTIONS.includes(a.type)).map((a) => a.card);
  if (!cards.length) return null;
  if (ctx.msg.view.phase === "resolve") return cards[0];
  return st.selected === null ? null : legalCardFor(ctx, st, st.selected, CARD_ACTIONS);
}

export function cardActions(legal, card) {
  const of = (type) => legal.filter((a) => a.type === type && a.card === card);
  return { build: of("build"), "build-tower": of("build-tower"), "build-silo": of("build-silo"), restore: of("restore"), market: of("market") };
}

function modeLabel(mode) {
  if (mode === "build") return t("Build");
  if (mode === "build-tower") return t("Tower");
  if (mode === "build-silo") return t("Silo");
  if (mode === "restore") return t("Restore");
  return t("Place");
}

export function farmTargets(ctx, st) {
  const targets = new Map();
  const add = (cell, label, a) => {
    const k = key(cell);
    if (!targets.has(k)) targets.set(k, { label, actions: [] });
    targets.get(k).actions.push(a);
  };
  for (const a of ofType(ctx.legal, "place")) add(a.cell, t("Place"), a);
  const card = activeCard(ctx, st);
  if (card !== null && st.mode && st.mode !== "market") {
    for (const a of cardActions(ctx.legal, card)[st.mode] || []) add(a.cell, modeLabel(st.mode), a);
  }
  return targets;
}

/** Keep the local selection in line with a new view: a half-made choice (water split) is
 * dropped, a selected card that left the hand or display is forgotten. */
export function sync(ctx, st) {
  const msg = ctx.msg;
  if (st.version === msg.version) return;
  st.version = msg.version;
  st.pending = null;
  const view = msg.view;
  const shown = new Set([...(view.hand || []), ...(view.display || [])].map((c) => c.id));
  if (!shown.has(st.selected)) st.selected = null;
}

/** The action mode (which cells light up): Build by default whenever the active card changes. */
export function ensureMode(ctx, st) {
  const active = activeCard(ctx, st);
  if (active === null) {
    st.mode = null;
    st.modeCard = null;
  } else if (st.modeCard !== active) {
    st.mode = cardActions(ctx.legal, active).build.length ? "build" : null;
    st.modeCard = active;
  }
}

/** Cards with a harvest or game-end decision still open (from the legal actions). */
export function dueCards(ctx) {
  return new Set(ctx.legal.filter((a) => ["pay-harvest", "decline", "pay-end"].includes(a.type)).map((a) => a.card));
}
