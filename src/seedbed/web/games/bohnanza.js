// Bohnanza table view. Rules: docs of the engine (clauses B-…); what the server sends:
// docs/protocol.md. The view is redrawn whole on every message; half-done choices (a card
// picked for planting, an offer being composed, the cards picked to accept an offer) live in
// module state keyed by table id, so a redraw never loses them.

import { h, s, actionButton as shellButton, plural, seatDot, seatName, tableStore } from "../common.js";
import { glyph as typeGlyph, installPatterns, shape, badge } from "../glyphs.js";

// ------------------------------------------------------------------ beans (B-7)

// Canonical order (index 0 = coffee). meter = cards needed for 1, 2, 3, 4 coins; 0 = not printed.
const BEANS = [
  { id: "coffee", name: "Coffee Bean", short: "Coffee", count: 24, meter: [4, 7, 10, 12] },
  { id: "wax", name: "Wax Bean", short: "Wax", count: 22, meter: [4, 7, 9, 11] },
  { id: "blue", name: "Blue Bean", short: "Blue", count: 20, meter: [4, 6, 8, 10] },
  { id: "chili", name: "Chili Bean", short: "Chili", count: 18, meter: [3, 6, 8, 9] },
  { id: "stink", name: "Stink Bean", short: "Stink", count: 16, meter: [3, 5, 7, 8] },
  { id: "green", name: "Green Bean", short: "Green", count: 14, meter: [3, 5, 6, 7] },
  { id: "soy", name: "Soy Bean", short: "Soy", count: 12, meter: [2, 4, 6, 7] },
  { id: "black_eyed", name: "Black-eyed Bean", short: "Black-eyed", count: 10, meter: [2, 4, 5, 6] },
  { id: "red", name: "Red Bean", short: "Red", count: 8, meter: [2, 3, 4, 5] },
  { id: "garden", name: "Garden Bean", short: "Garden", count: 6, meter: [0, 2, 3, 0] },
  { id: "cocoa", name: "Cocoa Bean", short: "Cocoa", count: 4, meter: [0, 2, 3, 4] },
];
const BEAN = Object.fromEntries(BEANS.map((b) => [b.id, b]));
const CLASSIC = ["blue", "chili", "stink", "green", "soy", "black_eyed", "red", "garden"];

// One glyph per variety (24×24, drawn in currentColor) so no bean depends on its colour alone.
// Each entry: [tag, attributes, "fill" | "stroke"].
const GLYPHS = {
  coffee: [
    ["path", { d: "M4 10h12v4a5 5 0 0 1-5 5h-2a5 5 0 0 1-5-5z" }, "fill"],
    ["path", { d: "M16 11h1.5a2.5 2.5 0 0 1 0 5H16" }, "stroke"],
    ["path", { d: "M8 3c-1 1.5 1 2.5 0 4.5M12 3c-1 1.5 1 2.5 0 4.5" }, "stroke"],
  ],
  wax: [["path", { d: "M12 2.5C9 8 5.5 11 5.5 15a6.5 6.5 0 0 0 13 0c0-4-3.5-7-6.5-12.5z" }, "fill"]],
  blue: [["path", { d: "M2.5 8.5c3-3 6.5 3 9.5 0s6.5 3 9.5 0M2.5 15.5c3-3 6.5 3 9.5 0s6.5 3 9.5 0" }, "stroke"]],
  chili: [["path", { d: "M12 2c1.5 4 6.5 6 6.5 12a6.5 6.5 0 0 1-13 0c0-3 2-5 3.2-6.2.1 2.2 1 3.2 2.3 3.2 0-3-1.5-5.5 1-9z" }, "fill"]],
  stink: [["path", { d: "M6.5 21c-2.5-3 2.5-5 0-8.5s2.5-5 0-9M12 21c-2.5-3 2.5-5 0-8.5s2.5-5 0-9M17.5 21c-2.5-3 2.5-5 0-8.5s2.5-5 0-9" }, "stroke"]],
  green: [
    ["path", { d: "M4 20C4 9.5 10.5 4 20.5 3.5 20.5 13.5 14.5 20 4 20z" }, "fill"],
  ],
  soy: [
    ["path", { d: "M2.5 12c0-4 4.5-5.5 9.5-5.5s9.5 1.5 9.5 5.5-4.5 5.5-9.5 5.5-9.5-1.5-9.5-5.5z" }, "stroke"],
    ["circle", { cx: 7, cy: 12, r: 2.2 }, "fill"],
    ["circle", { cx: 12, cy: 12, r: 2.2 }, "fill"],
    ["circle", { cx: 17, cy: 12, r: 2.2 }, "fill"],
  ],
  black_eyed: [
    ["path", { d: "M1.5 12c3-5 7-7.5 10.5-7.5s7.5 2.5 10.5 7.5c-3 5-7 7.5-10.5 7.5S4.5 17 1.5 12z" }, "stroke"],
    ["circle", { cx: 12, cy: 12, r: 3.6 }, "fill"],
  ],
  red: [["path", { d: "M12 20.5s-8.5-5-8.5-11.2A4.6 4.6 0 0 1 12 6.6a4.6 4.6 0 0 1 8.5 2.7c0 6.2-8.5 11.2-8.5 11.2z" }, "fill"]],
  garden: [
    ["circle", { cx: 12, cy: 6.5, r: 3.3 }, "fill"],
    ["circle", { cx: 17.2, cy: 10.3, r: 3.3 }, "fill"],
    ["circle", { cx: 15.2, cy: 16.5, r: 3.3 }, "fill"],
    ["circle", { cx: 8.8, cy: 16.5, r: 3.3 }, "fill"],
    ["circle", { cx: 6.8, cy: 10.3, r: 3.3 }, "fill"],
  ],
  cocoa: [
    ["rect", { x: 5, y: 3.5, width: 14, height: 17, rx: 1.5 }, "stroke"],
    ["path", { d: "M5 9.2h14M5 14.8h14M12 3.5v17" }, "stroke"],
  ],
};

/** Varieties in this game (B-13): classic has 8; standard removes some by player count. */
function varietiesInGame(view) {
  if (view.edition === "classic") return CLASSIC;
  const n = view.num_players;
  const removed = n === 2 || n >= 6 ? ["garden", "cocoa"] : n === 3 ? ["cocoa"] : ["coffee"];
  return BEANS.map((b) => b.id).filter((id) => !removed.includes(id));
}

/** Coins a harvested field of n cards of `variety` pays (B-8). */
function payout(variety, n) {
  let coins = 0;
  BEAN[variety].meter.forEach((need, i) => {
    if (need && n >= need) coins = i + 1;
  });
  return coins;
}

/** The next coin step above n cards: {coins, need} or null when 4 coins (or the top) is reached. */
function nextStep(variety, n) {
  const meter = BEAN[variety].meter;
  for (let i = 0; i < 4; i++) if (meter[i] && meter[i] > n) return { coins: i + 1, need: meter[i] };
  return null;
}

const coinsText = (n) => plural(n, "coin");

function ensureStyles() {
  installPatterns();
  if (document.getElementById("bn-styles")) return;
  const href = new URL("./bohnanza.css", import.meta.url).href;
  document.head.append(h("link", { id: "bn-styles", rel: "stylesheet", href }));
}

// ------------------------------------------------------------------ bean drawings

/** The variety's pictogram as SVG children (drawn in currentColor by the CSS classes). */
function pictogram(variety) {
  return GLYPHS[variety].map(([tag, attrs, paint]) => s(tag, { ...attrs, class: paint === "fill" ? "bn-g-fill" : "bn-g-stroke" }));
}

// A kidney bean, dented on top (the hilum), lying on its side.
const BEAN_BODY = "M8 40C5 22 22 8 39 14c6 2.6 12 4.5 19 1.5C73 6 91 16 88 37c-3 21-23 31-43 30C25 66 10 56 8 40z";

/** The bean: a kidney bean in the variety's colour and pattern (glyphs.js) with its pictogram
 *  on a round badge, so a bean is known by colour, pattern, pictogram and name. */
function beanArt(variety) {
  return s(
    "svg",
    { class: "bn-bean", viewBox: "0 0 96 76", "aria-hidden": "true" },
    shape("bean", variety, s("path", { d: BEAN_BODY }), { stroke: "#2a2118", strokeWidth: 2.2 }),
    s("path", { class: "bn-bean-shine", d: "M16 30c3-9 12-13 20-10-9 1-15 5-18 12z" }),
    s("circle", { class: "bn-bean-badge", cx: 48, cy: 42, r: 16 }),
    s("g", { transform: "translate(36 30)" }, pictogram(variety)),
  );
}

/** A bean card: name and copies in the game on a band of its colour, the drawing, and
 *  optionally the bean-o-meter (cards needed for 1, 2, 3, 4 coins). */
function beanCard(variety, { size = "m", meter = false, badge: corner = null } = {}) {
  const b = BEAN[variety];
  const g = typeGlyph("bean", variety);
  return h(
    "div",
    { class: `bn-card bn-card-${size}`, "data-variety": variety, title: `${b.name}: ${b.count} in the game; ${meterText(variety)}` },
    h(
      "div",
      { class: "bn-card-top", style: { background: g.colour, color: g.textColour } },
      h("span", { class: `bn-card-name ${b.short.length > 7 ? "bn-long" : ""}` }, b.short),
    ),
    h("div", { class: "bn-card-art" }, beanArt(variety), h("span", { class: "bn-card-count", title: `${b.count} ${b.short} cards in the game` }, b.count)),
    meter ? cardMeter(variety) : null,
    corner,
  );
}

function meterText(variety) {
  const steps = BEAN[variety].meter.map((need, i) => (need ? `${need} cards → ${coinsText(i + 1)}` : null));
  return steps.filter(Boolean).join(", ");
}

/** The printed bean-o-meter: "cards:coins" for each printed step. */
function cardMeter(variety) {
  return h(
    "div",
    { class: "bn-card-meter", "aria-label": meterText(variety) },
    BEAN[variety].meter.map((need, i) => (need ? h("span", {}, h("b", {}, need), coinIcon(i + 1)) : null)),
  );
}

function cardBack() {
  return h(
    "div",
    { class: "bn-card bn-card-s bn-back", "aria-hidden": "true" },
    s("svg", { viewBox: "0 0 96 76" }, s("path", { d: BEAN_BODY, class: "bn-back-bean" })),
  );
}

/** A small inline chip naming a variety: its badge (colour, pattern, letters) and its name. */
function chip(variety, label = null) {
  return h("span", { class: "bn-chip" }, badge("bean", variety, { size: 18 }), h("span", {}, label ?? BEAN[variety].short));
}

function coinIcon(n = null) {
  return h("span", { class: "bn-coin", "aria-hidden": "true" }, n ?? "");
}

// ------------------------------------------------------------------ module state

let players = []; // the table's seats [{seat, kind, name}] from the latest ctx (for describeEvent)

/** Half-done choices of this table, kept across renders: the card picked for planting, the
 *  offer being composed, the cards picked to accept an offer. */
function tableState(ctx) {
  const ts = tableStore(ctx.tableId ?? "local", "bohnanza");
  if (!ts.compose) Object.assign(ts, { turn: null, phase: null, compose: emptyCompose(), pick: null, accept: {} });
  return ts;
}

function emptyCompose() {
  return { to: null, giveHand: [], giveFaceup: [], want: {}, wantFaceup: [] };
}

// ------------------------------------------------------------------ names

/** A seat's display name (the shell's seatName adds "(seat N)" to namesakes), "(you)" for the
viewer. */
function nameOf(seat, viewer = null) {
  if (seat === null || seat === undefined || seat === "any") return "anyone";
  const base = seatName(players, seat);
  return seat === viewer ? `${base} (you)` : base;
}

/** The name with the seat's colour dot (the shell's players list uses the same colours). */
function named(seat, viewer = null) {
  if (seat === "any" || seat === null || seat === undefined) return h("span", {}, "anyone");
  return h("span", { class: "bn-name" }, seatDot(seat), nameOf(seat, viewer));
}

// ------------------------------------------------------------------ legal actions

class Legal {
  constructor(list) {
    this.list = list || [];
  }
  of(type) {
    return this.list.filter((a) => a.type === type);
  }
  has(type, match = {}) {
    return this.find(type, match) !== undefined;
  }
  find(type, match = {}) {
    return this.list.find((a) => a.type === type && Object.entries(match).every(([k, v]) => a[k] === v));
  }
}

/** A button that sends `action` (always one of the legal actions), styled by the shell. */
function actionButton(ctx, action, label, { testid, cls = "", title = null, primary = false, key = null } = {}) {
  return shellButton({ label, action, act: ctx.act, testid, key, primary, title, extraClass: cls });
}

// ------------------------------------------------------------------ render

function render(ctx) {
  ensureStyles();
  players = ctx.players || players;
  const msg = ctx.msg;
  const view = msg.view;
  const me = view.viewer ?? null;
  const ts = tableState(ctx);
  if (ts.turn !== view.turn || ts.phase !== view.phase) {
    if (ts.turn !== view.turn || view.phase !== "trade") {
      ts.compose = emptyCompose();
      delete ts.sentWith;
    }
    if (ts.turn !== view.turn) ts.accept = {};
    ts.turn = view.turn;
    ts.phase = view.phase;
  }
  if (ts.sentWith !== undefined && me !== null && view.players[me].offers_made !== ts.sentWith) {
    ts.compose = emptyCompose();
    delete ts.sentWith;
  }
  const legal = new Legal(ctx.legal ?? msg.legal_actions);
  const interactive = ctx.mode !== "replay" && me !== null;
  const env = { ctx, view, me, legal, ts, onMove: interactive && (msg.to_move || []).includes(me) };
  ensurePick(env);

  const table = h(
    "div",
    {
      class: `bn-table ${view.duel ? "bn-duel" : ""} ${me === null ? "bn-spectator" : ""} ${view.phase === "trade" ? "bn-trading" : ""}`,
      "data-testid": "bn-table",
      "data-version": msg.version,
      "data-phase": view.phase,
    },
    statusBar(env),
    actionBar(env),
    layout(env),
  );
  ctx.root.replaceChildren(table);
}

/** Two columns (one on narrow screens): the table centre and your farm on the left; trading
 *  and the other players on the right. Spectators see every farm on the left. */
function layout(env) {
  const { view, me } = env;
  const centreArea = h("section", { class: "bn-area-center bn-panel", "aria-label": "Table centre" }, centre(env));
  const offers = view.duel ? null : h("section", { class: "bn-area-offers bn-panel", "aria-label": "Trading" }, offersPanel(env));
  const farms = h("section", { class: "bn-area-others", "aria-label": me === null ? "Players" : "Other players" }, others(env));
  if (me === null) {
    return h("div", { class: `bn-layout ${offers ? "" : "bn-one-col"}` }, h("div", { class: "bn-col" }, centreArea, farms), offers ? h("div", { class: "bn-col" }, offers) : null);
  }
  const mine = h("section", { class: "bn-area-me bn-panel", "aria-label": "Your farm" }, myArea(env));
  return h("div", { class: "bn-layout" }, h("div", { class: "bn-col" }, centreArea, mine), h("div", { class: "bn-col" }, offers, farms));
}

// ------------------------------------------------------------------ status and prompt

const STEPS = ["Plant from hand", "Reveal & trade", "Plant traded cards", "Draw"];
const DUEL_STEPS = ["Opponent's offer", "Plant from hand", "Reveal & plant", "Draw"];
const STEP_OF = {
  plant: 0, trade: 1, "plant-traded": 2, draw: 3,
  "duel-offered": 0, "duel-plant": 1, "duel-revealed": 2, "duel-draw": 3,
};

function statusBar({ view, me }) {
  const steps = view.duel ? DUEL_STEPS : STEPS;
  const current = STEP_OF[view.phase];
  const over = view.phase === "over";
  const whose = over ? "Game over" : `Turn ${view.turn + 1} · ${view.active === me ? "your turn" : nameOf(view.active) + "'s turn"}`;
  return h(
    "div",
    { class: "bn-status" },
    h("div", { class: "bn-whose", "data-testid": "bn-whose" }, whose),
    over
      ? null
      : h(
      "ol",
      { class: "bn-steps", "aria-label": view.duel ? "Duel steps" : "Phases" },
      steps.map((label, i) =>
        h("li", { class: i === current && !over ? "bn-step-now" : i < current ? "bn-step-done" : "", "aria-current": i === current ? "step" : null }, h("b", {}, i + 1), " ", label),
      ),
    ),
  );
}

function frontCard(view) {
  return view.hand && view.hand.length ? view.hand[0].variety : null;
}

function promptText(env) {
  const { view, me, onMove } = env;
  const active = view.active === me;
  const front = frontCard(view);
  const frontName = front ? BEAN[front].short : "";
  if (view.phase === "over") return "The game is over: every field was harvested. See the scores.";
  if (me === null) return "";
  if (!onMove) {
    if (view.phase === "trade" && view.players[me].passed) return "You passed; you are asked again after the next change (an offer, an answer, a harvest).";
    if (view.phase === "trade") return "Trading is on; you can act again after the next change.";
    return "";
  }
  switch (view.phase) {
    case "plant":
    case "duel-plant":
      if (view.planted === 0) return `Plant your front card (${frontName}): choose a field below.`;
      if (view.duel && view.planted >= 2) return "You may discard one hand card (any position), or end planting.";
      return view.duel
        ? `You may plant your next front card (${frontName}), discard one hand card, or end planting.`
        : `You may plant your next front card (${frontName}) too, or end planting.`;
    case "trade":
      return active
        ? "Trade: offer your face-up cards and hand cards to the others, answer their offers, then end trading. Face-up cards nobody takes are yours to plant."
        : `${nameOf(view.active)} is trading. Make an offer to them, answer offers, or pass.`;
    case "plant-traded":
      return "Plant every card in your trade area: pick a card, then a field.";
    case "draw":
    case "duel-draw":
      return `Draw ${view.duel ? 2 : drawCount(view)} cards to the back of your hand to end your turn.`;
    case "duel-offered":
      return "Step 1: plant or discard each card your opponent left for you.";
    case "duel-revealed":
      return "Step 3: plant any revealed cards you want (pick a card, then a field); the rest become your opponent's offer.";
    default:
      return "";
  }
}

function drawCount(view) {
  return view.edition === "standard" && view.num_players >= 6 ? 4 : 3;
}

/** The buttons that end a step (planting, trading, the turn), kept in one bar at the top. */
function actionBar(env) {
  const { ctx, view, legal } = env;
  const buttons = [];
  const add = (type, label, opts) => {
    const a = legal.find(type);
    if (a) buttons.push(actionButton(ctx, a, label, opts));
  };
  const endPlanting = view.duel ? (view.planted >= 2 ? "Keep my hand (no discard)" : "End planting (no discard)") : "End planting";
  add("end-planting", endPlanting, { testid: "bn-end-planting", primary: true, key: "e" });
  add("end-trading", "End trading", { testid: "bn-end-trading", primary: true, key: "e" });
  add("pass", "Pass for now", { testid: "bn-pass", key: "p", title: "Nothing more from me until someone changes something [B-43]" });
  add("leave-offer", `Leave ${plural(view.revealed.length, "card")} for your opponent`, { testid: "bn-leave-offer", primary: true, key: "l" });
  add("finish-turn", `Draw ${view.duel ? 2 : drawCount(view)} & end turn`, { testid: "bn-finish-turn", primary: true, key: "d" });
  if (!buttons.length) return null;
  return h("div", { class: "bn-actions", "data-testid": "bn-actions" }, buttons);
}

// ------------------------------------------------------------------ table centre

function centre(env) {
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
      ? "Deck used up"
      : left <= 1
        ? `Last pass: the game ends when the deck runs out`
        : `Deck pass ${pass} of ${view.final_exhaustion} · ${plural(left - 1, "reshuffle")} left`;
  return h(
    "div",
    { class: "bn-piles" },
    h(
      "div",
      { class: "bn-pile", "data-testid": "bn-deck" },
      h("div", { class: "bn-pile-label" }, "Deck"),
      cardBack(),
      h("div", { class: "bn-pile-count" }, plural(view.deck_size, "card")),
    ),
    h(
      "div",
      { class: "bn-pile", "data-testid": "bn-discard" },
      h("div", { class: "bn-pile-label" }, "Discard"),
      view.discard_top ? beanCard(view.discard_top.variety, { size: "s" }) : h("div", { class: "bn-card bn-card-s bn-slot-empty" }, "empty"),
      h("div", { class: "bn-pile-count" }, plural(view.discard_size, "card")),
    ),
    h(
      "div",
      { class: `bn-passes ${left <= 1 && view.phase !== "over" ? "bn-last" : ""}`, "data-testid": "bn-passes", title: "The game ends when the deck runs out for the last time [B-13, B-62]" },
      passText,
    ),
  );
}

function faceUp(env) {
  const { view, me, ts } = env;
  const owner = view.active === me ? "Your" : `${nameOf(view.active)}'s`;
  const inTrade = view.phase === "trade";
  const slots = view.faceup.map((card, slot) => {
    if (!card) return h("div", { class: "bn-slot" }, h("div", { class: "bn-card bn-card-m bn-slot-empty" }, inTrade ? "taken" : "—"));
    const picked = ts.compose.giveFaceup.includes(slot) || ts.compose.wantFaceup.includes(slot);
    return h(
      "div",
      { class: `bn-slot ${picked ? "bn-picked" : ""}`, "data-testid": `bn-faceup-${slot}` },
      beanCard(card.variety, { size: "m", meter: true }),
      h("div", { class: "bn-slot-label" }, `slot ${slot + 1}`),
    );
  });
  const note =
    view.phase === "trade"
      ? view.active === me
        ? "Give them away in offers, or keep them: they go to your trade area when trading ends."
        : "The active player may give these away; ask for them in an offer."
      : "Two cards are revealed after planting; trading follows.";
  return h(
    "div",
    { class: "bn-faceup" },
    h("h3", {}, `${owner} face-up cards`),
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
        h("h3", {}, mine ? "Step 3 — revealed for you" : `Revealed for ${nameOf(view.active)}`),
        zoneCards(env, view.revealed, "plant-revealed", "revealed"),
        h("p", { class: "bn-note" }, "Matching cards from the top of the discard pile join the row [B-56]. Cards not planted become the opponent's offer."),
      ),
    );
  }
  const opponent = (view.active + 1) % 2;
  const offerTitle =
    view.phase === "duel-offered"
      ? mine
        ? "Step 1 — your opponent's offer: plant or discard each card"
        : `Step 1 — the offer for ${nameOf(view.active)}`
      : view.offer_area.length
        ? `Left for ${nameOf(opponent, me)} (their step 1)`
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

// ------------------------------------------------------------------ planting sources

/** Cards of a zone (trade area, offer area, revealed row) that the player can pick to plant. */
function zoneCards(env, cards, plantType, zone) {
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
                title: "Pick this card, then a field",
                onclick: () => {
                  ts.pick = { type: plantType, card: card.id, variety: card.variety };
                  rerender(ctx);
                },
              },
              beanCard(card.variety, { size: "m", meter: true }),
            )
          : beanCard(card.variety, { size: "m", meter: true }),
        selected ? h("div", { class: "bn-pick-note" }, "picked → choose a field") : null,
        discard ? actionButton(ctx, discard, "Discard", { testid: `bn-discard-offered-${card.id}`, cls: "btn-small" }) : null,
      );
    }),
  );
}

/** Keep the card picked for planting if it can still be planted; else pick the first one. */
function ensurePick(env) {
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

// ------------------------------------------------------------------ fields

/** Why field f of this player may not be harvested now by the single-bean protection (B-24). */
function harvestBlock(player, f) {
  const field = player.fields[f];
  if (field.cards.length !== 1) return false;
  return player.fields.some((g, i) => i !== f && g.cards.length >= 2);
}

const PROTECTION_RULE = "A field with a single bean may not be harvested while another of the same player's fields holds 2 or more beans [B-24].";

function fieldView(env, player, f, { mine }) {
  const field = player.fields[f];
  const n = field.cards.length;
  const variety = field.variety;
  const blocked = harvestBlock(player, f);
  const children = [h("div", { class: "bn-field-title" }, `Field ${f + 1}`)];
  if (!n) {
    children.push(h("div", { class: "bn-field-bed bn-field-empty" }, "empty field"));
  } else {
    children.push(
      h(
        "div",
        { class: "bn-field-bed" },
        h("div", { class: "bn-stack", style: { "--depth": Math.min(n - 1, 5) } }, beanCard(variety, { size: mine ? "m" : "s", badge: h("span", { class: "bn-stack-n" }, `×${n}`) })),
        meter(variety, n),
      ),
    );
    const pays = payout(variety, n);
    const next = nextStep(variety, n);
    children.push(
      h(
        "div",
        { class: "bn-field-pay", "data-testid": `bn-pay-${player.seat}-${f}` },
        h("div", {}, "Harvest now: ", h("b", {}, coinsText(pays))),
        next ? h("div", { class: "bn-next" }, `${plural(next.need - n, "more card")} → ${coinsText(next.coins)}`) : h("div", { class: "bn-next" }, "top of the bean-o-meter"),
      ),
    );
    if (blocked) {
      children.push(h("div", { class: "bn-protected", title: PROTECTION_RULE, "data-testid": `bn-protected-${player.seat}-${f}` }, lockIcon(), "Protected: single bean"));
    }
  }
  if (mine) children.push(fieldButtons(env, f, variety, n));
  return h(
    "div",
    { class: `bn-field ${n ? "" : "bn-is-empty"} ${blocked ? "bn-is-protected" : ""}`, "data-testid": `bn-field-${player.seat}-${f}` },
    children,
  );
}

function lockIcon() {
  const svg = s("svg", { class: "bn-lock", viewBox: "0 0 16 16", width: 14, height: 14, "aria-hidden": "true" });
  svg.append(s("rect", { x: 3, y: 7, width: 10, height: 8, rx: 1.5 }), s("path", { d: "M5 7V5a3 3 0 0 1 6 0v2", fill: "none" }));
  return svg;
}

/** The bean-o-meter: cards needed for 1…4 coins, the reached steps filled. */
function meter(variety, n) {
  return h(
    "div",
    { class: "bn-meter", title: `Bean-o-meter: ${meterText(variety)} (cards → coins)` },
    BEAN[variety].meter.map((need, i) =>
      h(
        "div",
        { class: `bn-meter-step ${!need ? "bn-off" : n >= need ? "bn-reached" : ""}` },
        h("span", { class: "bn-meter-need" }, need || "–"),
        coinIcon(i + 1),
      ),
    ),
  );
}

function fieldButtons(env, f, variety, n) {
  const { ctx, view, legal, ts } = env;
  const buttons = [];
  const plant = legal.find("plant", { field: f });
  if (plant) {
    const front = frontCard(view);
    const convenience = n && variety !== front;
    buttons.push(
      actionButton(ctx, plant, convenience ? `Harvest & plant ${BEAN[front].short} here` : `Plant ${BEAN[front].short} here`, {
        testid: `bn-plant-${f}`,
        primary: true,
        key: String(f + 1),
        title: convenience ? `Harvests this field first (${coinsText(payout(variety, n))}), then plants [B-21]` : "Plant your front card here",
      }),
    );
  }
  const pick = ts.pick;
  if (pick) {
    const a = legal.find(pick.type, { card: pick.card, field: f });
    if (a) {
      const convenience = n && variety !== pick.variety;
      const name = BEAN[pick.variety]?.short ?? "card";
      buttons.push(
        actionButton(ctx, a, convenience ? `Harvest & plant ${name} here` : `Plant ${name} here`, {
          testid: `bn-${pick.type}-${f}`,
          primary: true,
          key: String(f + 1),
          title: convenience ? `Harvests this field first (${coinsText(payout(variety, n))}) [B-21]` : null,
        }),
      );
    }
  }
  const harvest = legal.find("harvest", { field: f });
  if (harvest) {
    buttons.push(actionButton(ctx, harvest, `Harvest: ${coinsText(payout(variety, n))}`, { testid: `bn-harvest-${f}`, cls: "bn-harvest" }));
  }
  return buttons.length ? h("div", { class: "bn-field-buttons" }, buttons) : null;
}

function thirdFieldSlot(env, player, mine) {
  const { ctx, view, legal } = env;
  if (player.third_field || view.field_cost === null) return null;
  const buy = mine ? legal.find("buy-field") : null;
  const coins = player.coins;
  return h(
    "div",
    { class: "bn-field bn-field-locked", "data-testid": `bn-third-${player.seat}` },
    h("div", { class: "bn-field-title" }, h("span", {}, "Field 3")),
    h("div", { class: "bn-field-bed bn-field-empty" }, `not bought · ${coinsText(view.field_cost)}`),
    buy
      ? actionButton(ctx, buy, `Buy third field (${coinsText(view.field_cost)})`, { testid: "bn-buy-field", cls: "bn-harvest" })
      : mine
        ? h("div", { class: "bn-note" }, coins !== undefined && coins < view.field_cost ? `You have ${coinsText(coins)}.` : view.duel ? "Buy on your own turn." : "Buy when you are on the move.")
        : null,
  );
}

// ------------------------------------------------------------------ my area

function myArea(env) {
  const { view, me } = env;
  const player = view.players[me];
  return h(
    "div",
    { class: "bn-me", "data-testid": "bn-me" },
    h(
      "div",
      { class: "bn-me-head" },
      h("h2", {}, "Your farm"),
      treasury(view, player, true),
    ),
    h("div", { class: "bn-fields" }, player.fields.map((_, f) => fieldView(env, player, f, { mine: true })), thirdFieldSlot(env, player, true)),
    player.fields.some((_, f) => harvestBlock(player, f)) ? h("p", { class: "bn-rule", "data-testid": "bn-protection-rule" }, lockIcon(), PROTECTION_RULE) : null,
    tradeArea(env, player, true),
    hand(env),
  );
}

function treasury(view, player, mine) {
  const secret = view.treasury_visibility === "secret" && view.phase !== "over";
  if (player.coins === undefined) {
    return h("div", { class: "bn-treasury", title: "Treasury sizes are secret in this game [B-71]" }, coinIcon("?"), " coins secret");
  }
  return h(
    "div",
    { class: "bn-treasury", "data-testid": `bn-coins-${player.seat}` },
    coinIcon(),
    h("b", {}, player.coins),
    ` ${player.coins === 1 ? "coin" : "coins"}`,
    mine && secret ? h("span", { class: "bn-note" }, " (hidden from the others)") : null,
  );
}

function tradeArea(env, player, mine) {
  const cards = player.trade_area;
  if (!cards.length) {
    return mine && (env.view.phase === "trade" || env.view.phase === "plant-traded")
      ? h("div", { class: "bn-trade-area bn-empty-zone" }, h("h3", {}, "Trade area"), h("p", { class: "bn-note" }, "Cards you receive or keep land here and must be planted after trading."))
      : null;
  }
  return h(
    "div",
    { class: `bn-trade-area ${mine && env.view.phase === "plant-traded" ? "bn-must" : ""}`, "data-testid": `bn-trade-area-${player.seat}` },
    h("h3", {}, mine ? "Your trade area — plant these" : "Trade area"),
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
    h("h3", {}, `Your hand · ${plural(cards.length, "card")}`, h("span", { class: "bn-note" }, " — fixed order: you always plant from the front")),
    cards.length
      ? h(
          "ol",
          { class: "bn-hand", "data-testid": "bn-hand" },
          cards.map((card, pos) => {
            const discard = legal.find("discard", { position: pos });
            return h(
              "li",
              { class: `bn-hand-card ${pos === 0 ? "bn-front" : ""} ${inOffer.has(card.id) ? "bn-picked" : ""}`, "data-testid": `bn-hand-${pos}`, "data-variety": card.variety },
              pos === 0 ? h("div", { class: "bn-front-tag" }, "FRONT ▸ next") : h("div", { class: "bn-pos-tag" }, `#${pos + 1}`),
              beanCard(card.variety, { size: "m" }),
              discard ? actionButton(ctx, discard, "Discard", { testid: `bn-discard-${pos}`, cls: "btn-small" }) : null,
            );
          }),
          h("li", { class: "bn-hand-back", "aria-hidden": "true" }, "back ◂ new cards"),
        )
      : h("p", { class: "bn-note" }, "Your hand is empty."),
  );
}

// ------------------------------------------------------------------ other players

function others(env) {
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
  if (seat === view.active && view.phase !== "over") badges.push(h("span", { class: "bn-badge bn-active" }, "active"));
  if (moving) badges.push(h("span", { class: "bn-badge bn-moving" }, "on the move"));
  if (view.phase === "trade" && player.passed) badges.push(h("span", { class: "bn-badge" }, "passed"));
  if (view.phase === "trade" && view.max_offers !== null) badges.push(h("span", { class: "bn-badge" }, `offers ${player.offers_made}/${view.max_offers}`));
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
      h("span", { class: "bn-hand-count", title: "Cards in hand (hidden)" }, cardBack(), h("b", {}, player.hand_size), " in hand"),
      treasury(view, player, false),
    ),
    h("div", { class: "bn-fields bn-fields-small" }, player.fields.map((_, f) => fieldView(env, player, f, { mine: false })), thirdFieldSlot(env, player, false)),
    tradeArea(env, player, false),
  );
}

// ------------------------------------------------------------------ offers (B-34 … B-50)

const STATUS_TEXT = {
  open: "open",
  accepted: "accepted",
  declined: "declined",
  withdrawn: "withdrawn",
  unavailable: "withdrawn (cards gone)",
  expired: "expired",
};

function offersPanel(env) {
  const { view } = env;
  const trading = view.phase === "trade";
  const incoming = view.offers.filter((o) => toAnswer(env, o)).reverse();
  const rest = view.offers.filter((o) => !toAnswer(env, o)).reverse();
  return h(
    "div",
    { class: "bn-offers", "data-testid": "bn-offers" },
    h("h2", {}, trading ? "Trading" : "Offers"),
    incoming.length ? h("h3", {}, `Offers for you (${incoming.length})`) : null,
    incoming.length ? h("ol", { class: "bn-offer-list" }, incoming.map((o) => offerItem(env, o))) : null,
    trading ? composer(env) : h("p", { class: "bn-note" }, view.offers.length ? "Trading is over for this turn." : "Trading opens after the active player has planted and revealed two cards."),
    rest.length ? h("h3", { class: "bn-offers-older" }, trading ? "Offers this trading phase" : "Last trading phase") : null,
    rest.length ? h("ol", { class: "bn-offer-list" }, rest.map((o) => offerItem(env, o))) : trading && !incoming.length ? h("p", { class: "bn-note" }, "No offers yet.") : null,
  );
}

/** An open offer this viewer may answer: addressed to them, or open to anyone and they are not active (B-39). */
function toAnswer(env, o) {
  const { view, me } = env;
  if (me === null || o.status !== "open" || o.proposer === me || view.phase !== "trade") return false;
  return o.to === me || (o.to === "any" && me !== view.active);
}

function sideChips(o, side) {
  const chips = [];
  if (side === "give") {
    for (const f of o.give_faceup) chips.push(chip(f.variety, `${BEAN[f.variety].short} (face-up)`));
    for (const v of o.give_hand) chips.push(chip(v));
  } else {
    for (const f of o.want_faceup) chips.push(chip(f.variety, `${BEAN[f.variety].short} (face-up)`));
    for (const v of o.want) chips.push(chip(v));
  }
  return chips.length ? chips : [h("span", { class: "bn-nothing" }, "nothing")];
}

function offerItem(env, o) {
  const { view, me } = env;
  const gift = !o.want.length && !o.want_faceup.length;
  const ask = !o.give_hand.length && !o.give_faceup.length;
  const kind = gift ? "— a gift" : ask ? "— a request" : "";
  const mineToAnswer = toAnswer(env, o);
  return h(
    "li",
    { class: `bn-offer bn-offer-${o.status} ${mineToAnswer ? "bn-offer-incoming" : ""} ${o.proposer === me ? "bn-offer-mine" : ""}`, "data-testid": `bn-offer-${o.offer_id}`, "data-status": o.status },
    h(
      "div",
      { class: "bn-offer-head" },
      h("b", {}, `#${o.offer_id}`),
      named(o.proposer, me),
      "→",
      named(o.to, me),
      kind,
      h("span", { class: `bn-status-chip bn-st-${o.status}` }, statusText(o)),
    ),
    h("div", { class: "bn-offer-side" }, h("span", { class: "bn-side-label" }, o.proposer === me ? "you give" : "gives"), sideChips(o, "give")),
    h("div", { class: "bn-offer-side" }, h("span", { class: "bn-side-label" }, o.proposer === me ? "you want" : "wants"), sideChips(o, "want")),
    offerButtons(env, o),
  );
}

function statusText(o) {
  if (o.status === "accepted" && o.accepted_by !== undefined) return `accepted by ${nameOf(o.accepted_by)}`;
  return STATUS_TEXT[o.status] ?? o.status;
}

function offerButtons(env, o) {
  const { ctx, view, me, legal } = env;
  if (o.status !== "open" || me === null) return null;
  const buttons = [];
  const withdraw = legal.find("withdraw", { offer_id: o.offer_id });
  if (withdraw) buttons.push(actionButton(ctx, withdraw, "Withdraw", { testid: `bn-withdraw-${o.offer_id}` }));
  const accepts = legal.list.filter((a) => a.type === "accept" && a.offer_id === o.offer_id);
  let picker = null;
  if (accepts.length) {
    const choice = acceptChoice(env, o, accepts);
    picker = choice.picker;
    buttons.push(
      h(
        "button",
        {
          type: "button",
          class: "btn btn-primary",
          "data-action": "accept",
          "data-testid": `bn-accept-${o.offer_id}`,
          disabled: choice.positions === null,
          onclick: () => ctx.act({ type: "accept", offer_id: o.offer_id, positions: choice.positions }),
        },
        o.want.length ? `Accept (give ${o.want.map((v) => BEAN[v].short).join(", ")})` : "Accept",
      ),
    );
  } else if (toAnswer(env, o) && env.onMove) {
    const missing = missingFor(view.hand || [], o.want);
    if (missing.length) buttons.push(h("span", { class: "bn-note" }, `You have no ${missing.map((v) => BEAN[v].short).join(", ")} to give.`));
  }
  const decline = legal.find("decline", { offer_id: o.offer_id });
  if (decline) buttons.push(actionButton(ctx, decline, "Decline", { testid: `bn-decline-${o.offer_id}` }));
  if (canCounter(env, o)) {
    buttons.push(
      h(
        "button",
        { type: "button", class: "btn", "data-testid": `bn-counter-${o.offer_id}`, title: "Fill the offer form with the reverse of this offer; change it, then send it", onclick: () => counter(env, o) },
        "Counter…",
      ),
    );
  }
  if (!buttons.length && !picker) return null;
  return h("div", { class: "bn-offer-actions" }, picker, h("div", { class: "bn-offer-buttons" }, buttons));
}

function missingFor(handCards, want) {
  const counts = {};
  for (const c of handCards) counts[c.variety] = (counts[c.variety] || 0) + 1;
  const missing = [];
  for (const v of want) {
    if (counts[v]) counts[v] -= 1;
    else missing.push(v);
  }
  return missing;
}

/** Which hand cards to hand over: front-most by default; a picker when there is a choice (B-39). */
function acceptChoice(env, o, accepts) {
  const { ctx, view, ts } = env;
  const handCards = view.hand || [];
  if (!o.want.length) return { positions: [], picker: null };
  const wanted = new Set(o.want);
  const candidates = handCards.map((c, pos) => ({ ...c, pos })).filter((c) => wanted.has(c.variety));
  if (candidates.length === o.want.length) return { positions: accepts[0].positions, picker: null };
  let picked = ts.accept[o.offer_id];
  if (!picked || !picked.every((id) => handCards.some((c) => c.id === id))) {
    picked = accepts[0].positions.map((p) => handCards[p].id);
    ts.accept[o.offer_id] = picked;
  }
  const positions = handCards.map((c, pos) => (picked.includes(c.id) ? pos : -1)).filter((p) => p >= 0);
  const chosen = positions.map((p) => handCards[p].variety).sort();
  const ok = JSON.stringify(chosen) === JSON.stringify([...o.want].sort());
  const picker = h(
    "div",
    { class: "bn-accept-pick" },
    h("span", { class: "bn-side-label" }, "hand over"),
    candidates.map((c) =>
      h(
        "button",
        {
          type: "button",
          class: `bn-toggle ${picked.includes(c.id) ? "bn-on" : ""}`,
          "aria-pressed": picked.includes(c.id) ? "true" : "false",
          "data-testid": `bn-accept-pick-${o.offer_id}-${c.pos}`,
          onclick: () => {
            const set = ts.accept[o.offer_id];
            ts.accept[o.offer_id] = set.includes(c.id) ? set.filter((x) => x !== c.id) : [...set, c.id];
            rerender(ctx);
          },
        },
        chip(c.variety, `${BEAN[c.variety].short} #${c.pos + 1}`),
      ),
    ),
  );
  return { positions: ok ? positions : null, picker };
}

function canCounter(env, o) {
  const { view, me } = env;
  if (!composerOpen(env) || o.proposer === me) return false;
  if (me === view.active) return true; // answer any offer made to you
  return o.proposer === view.active && (o.to === me || o.to === "any");
}

function counter(env, o) {
  const { view, me, ts, ctx } = env;
  const handCards = view.hand || [];
  const c = emptyCompose();
  c.to = me === view.active ? o.proposer : view.active;
  const used = new Set();
  for (const v of o.want) {
    const card = handCards.find((x) => x.variety === v && !used.has(x.id));
    if (card) used.add(card.id);
  }
  c.giveHand = [...used];
  if (me === view.active) c.giveFaceup = o.want_faceup.map((f) => f.slot).filter((slot) => view.faceup[slot]);
  for (const v of o.give_hand) c.want[v] = (c.want[v] || 0) + 1;
  if (me !== view.active) c.wantFaceup = o.give_faceup.map((f) => f.slot).filter((slot) => view.faceup[slot]);
  ts.compose = c;
  rerender(ctx);
  requestAnimationFrame(() => document.querySelector('[data-testid="bn-compose"]')?.scrollIntoView({ block: "nearest" }));
}

function rerender(ctx) {
  if (typeof ctx.rerender === "function") ctx.rerender();
  else render(ctx);
}

// ------------------------------------------------------------------ the offer composer

function composerOpen(env) {
  const { view, me } = env;
  if (view.phase !== "trade" || me === null || !env.onMove || !env.legal.list.length) return false;
  if (env.legal.has("offer")) return true;
  const made = view.players[me].offers_made;
  return view.max_offers === null || made < view.max_offers;
}

function composer(env) {
  const { ctx, view, me, ts } = env;
  if (me === null) return null;
  if (!composerOpen(env)) {
    const made = view.players[me].offers_made;
    const text = !env.onMove
      ? "You can offer again when you are back on the move."
      : `You have made all ${view.max_offers} offers allowed this trading phase [B-47].`;
    return made || !env.onMove ? h("p", { class: "bn-note", "data-testid": "bn-compose-closed" }, text) : null;
  }
  const c = ts.compose;
  const active = me === view.active;
  const targets = active ? [...otherSeats(view, me), "any"] : [view.active];
  if (!targets.includes(c.to)) c.to = targets[0];
  dropStale(c, view);
  const left = view.max_offers === null ? null : view.max_offers - view.players[me].offers_made;
  return h(
    "div",
    { class: "bn-compose", "data-testid": "bn-compose" },
    h("h3", {}, "Make an offer", left !== null ? h("span", { class: "bn-note" }, ` · ${plural(left, "offer")} left`) : null),
    h(
      "div",
      { class: "bn-compose-row" },
      h("span", { class: "bn-side-label" }, "to"),
      targets.map((t) =>
        toggle(ctx, c.to === t, t === "any" ? "Anyone" : named(t), `bn-to-${t}`, () => {
          c.to = t;
        }),
      ),
    ),
    h("div", { class: "bn-compose-row" }, h("span", { class: "bn-side-label" }, "you give"), giveChoices(env, c, active)),
    h("div", { class: "bn-compose-row" }, h("span", { class: "bn-side-label" }, "you want"), wantChoices(env, c, active)),
    h("p", { class: "bn-compose-summary", "data-testid": "bn-compose-summary" }, summary(view, c)),
    h(
      "div",
      { class: "bn-offer-buttons" },
      h(
        "button",
        {
          type: "button",
          class: "btn btn-primary",
          "data-action": "offer",
          "data-testid": "bn-offer-submit",
          disabled: isEmptyOffer(c),
          onclick: () => submitOffer(env),
        },
        "Send offer",
      ),
      h(
        "button",
        { type: "button", class: "btn", "data-testid": "bn-offer-clear", disabled: isEmptyOffer(c), onclick: () => { ts.compose = emptyCompose(); rerender(ctx); } },
        "Clear",
      ),
    ),
  );
}

function otherSeats(view, me) {
  const out = [];
  for (let k = 1; k < view.num_players; k++) out.push((me + k) % view.num_players);
  return out;
}

/** Forget picked cards that have left the hand or face-up slots since they were picked. */
function dropStale(c, view) {
  const ids = new Set((view.hand || []).map((x) => x.id));
  c.giveHand = c.giveHand.filter((id) => ids.has(id));
  c.giveFaceup = c.giveFaceup.filter((slot) => view.faceup[slot]);
  c.wantFaceup = c.wantFaceup.filter((slot) => view.faceup[slot]);
}

function toggle(ctx, on, label, testid, flip) {
  return h(
    "button",
    {
      type: "button",
      class: `bn-toggle ${on ? "bn-on" : ""}`,
      "aria-pressed": on ? "true" : "false",
      "data-testid": testid,
      onclick: () => {
        flip();
        rerender(ctx);
      },
    },
    label,
  );
}

function giveChoices(env, c, active) {
  const { ctx, view } = env;
  const out = [];
  if (active) {
    view.faceup.forEach((card, slot) => {
      if (!card) return;
      const on = c.giveFaceup.includes(slot);
      out.push(toggle(ctx, on, chip(card.variety, `${BEAN[card.variety].short} (face-up)`), `bn-give-faceup-${slot}`, () => {
        c.giveFaceup = on ? c.giveFaceup.filter((x) => x !== slot) : [...c.giveFaceup, slot];
      }));
    });
  }
  (view.hand || []).forEach((card, pos) => {
    const on = c.giveHand.includes(card.id);
    out.push(toggle(ctx, on, chip(card.variety, `${BEAN[card.variety].short} #${pos + 1}`), `bn-give-hand-${pos}`, () => {
      c.giveHand = on ? c.giveHand.filter((x) => x !== card.id) : [...c.giveHand, card.id];
    }));
  });
  return out.length ? h("div", { class: "bn-choices" }, out) : h("span", { class: "bn-nothing" }, "no cards to give");
}

function wantChoices(env, c, active) {
  const { ctx, view } = env;
  const out = [];
  if (!active) {
    view.faceup.forEach((card, slot) => {
      if (!card) return;
      const on = c.wantFaceup.includes(slot);
      out.push(toggle(ctx, on, chip(card.variety, `${BEAN[card.variety].short} (face-up)`), `bn-want-faceup-${slot}`, () => {
        c.wantFaceup = on ? c.wantFaceup.filter((x) => x !== slot) : [...c.wantFaceup, slot];
      }));
    });
  }
  for (const v of varietiesInGame(view)) {
    const n = c.want[v] || 0;
    out.push(
      h(
        "span",
        { class: `bn-want ${n ? "bn-on" : ""}` },
        n ? h("button", { type: "button", class: "bn-step-btn", "aria-label": `one ${BEAN[v].short} fewer`, "data-testid": `bn-want-less-${v}`, onclick: () => { c.want[v] = n - 1; rerender(ctx); } }, "−") : null,
        h(
          "button",
          { type: "button", class: "bn-want-name", "aria-label": `want one more ${BEAN[v].name}`, "data-testid": `bn-want-${v}`, onclick: () => { c.want[v] = n + 1; rerender(ctx); } },
          chip(v, n ? `${n}× ${BEAN[v].short}` : BEAN[v].short),
          h("span", { class: "bn-plus", "aria-hidden": "true" }, "+"),
        ),
      ),
    );
  }
  return h("div", { class: "bn-choices" }, out);
}

function wantList(c) {
  const out = [];
  for (const v of Object.keys(c.want).sort((a, b) => BEANS.findIndex((x) => x.id === a) - BEANS.findIndex((x) => x.id === b))) {
    for (let i = 0; i < c.want[v]; i++) out.push(v);
  }
  return out;
}

function isEmptyOffer(c) {
  return !c.giveHand.length && !c.giveFaceup.length && !wantList(c).length && !c.wantFaceup.length;
}

function summary(view, c) {
  if (isEmptyOffer(c)) return "Pick cards to give and/or beans you want. Either side may be empty (a gift or a request), not both.";
  const byId = Object.fromEntries((view.hand || []).map((x) => [x.id, x.variety]));
  const give = [...c.giveFaceup.map((slot) => `${BEAN[view.faceup[slot].variety].short} (face-up)`), ...c.giveHand.map((id) => BEAN[byId[id]].short)];
  const want = [...c.wantFaceup.map((slot) => `${BEAN[view.faceup[slot].variety].short} (face-up)`), ...wantList(c).map((v) => BEAN[v].short)];
  const to = c.to === "any" ? "anyone" : nameOf(c.to);
  return `To ${to}: you give ${give.join(", ") || "nothing"}; you want ${want.join(", ") || "nothing"}.`;
}

function submitOffer(env) {
  const { ctx, view, ts } = env;
  const c = ts.compose;
  const positions = (view.hand || []).map((x, pos) => (c.giveHand.includes(x.id) ? pos : -1)).filter((p) => p >= 0);
  ctx.act({
    type: "offer",
    to: c.to,
    give_faceup: [...c.giveFaceup].sort(),
    give_hand: positions,
    want: wantList(c),
    want_faceup: [...c.wantFaceup].sort(),
  });
  // cleared once the offer shows up (render); a refused offer stays to be fixed or resent
  ts.sentWith = view.players[env.me].offers_made;
}

// ------------------------------------------------------------------ log, results, options

function cardsText(cards) {
  return cards.map((c) => BEAN[c.variety]?.short ?? c.variety).join(", ");
}

const SOURCES = {
  hand: " from the hand",
  trade: " from the trade area",
  "offer-area": " from the opponent's offer",
  revealed: " from the revealed cards",
};

function describeEvent(e, view, seats = null) {
  if (seats) players = seats;
  const who = (seat) => nameOf(seat, view?.viewer ?? null);
  switch (e.kind) {
    case "turn":
      return `Turn ${e.turn + 1}: ${who(e.active)} is the active player.`;
    case "plant":
      return `${who(e.player)} planted a ${BEAN[e.card.variety].name} in field ${e.field + 1}${SOURCES[e.from] ?? ""}.`;
    case "harvest":
      return `${who(e.player)} harvested ${e.count} ${BEAN[e.variety].short} from field ${e.field + 1} for ${coinsText(e.coins)}${e.at_end ? " (final harvest)" : ""}.`;
    case "buy-field":
      return `${who(e.player)} bought a third field for ${coinsText(e.cost)}.`;
    case "reveal":
      return e.cards.length || e.pulled?.length
        ? `Revealed: ${cardsText(e.cards)}${e.pulled?.length ? `; pulled from the discard pile: ${cardsText(e.pulled)}` : ""}.`
        : "No card could be revealed.";
    case "offer": {
      const give = [...e.give_faceup.map((f) => `${BEAN[f.variety].short} (face-up)`), ...e.give_hand.map((v) => BEAN[v].short)];
      const want = [...e.want_faceup.map((f) => `${BEAN[f.variety].short} (face-up)`), ...e.want.map((v) => BEAN[v].short)];
      return `Offer #${e.offer_id}: ${who(e.proposer)} → ${e.to === "any" ? "anyone" : who(e.to)}: gives ${give.join(", ") || "nothing"}, wants ${want.join(", ") || "nothing"}.`;
    }
    case "accept":
      return `${who(e.acceptor)} accepted offer #${e.offer_id} from ${who(e.proposer)}: ${cardsText(e.to_acceptor) || "nothing"} ↔ ${cardsText(e.to_proposer) || "nothing"}.`;
    case "decline":
      return `${who(e.player)} declined offer #${e.offer_id}.`;
    case "withdraw":
      return `${who(e.player)} withdrew offer #${e.offer_id}.`;
    case "pass":
      return `${who(e.player)} passed.`;
    case "end-trading":
      return `Trading ended${e.kept.length ? `; face-up cards kept: ${cardsText(e.kept)}` : ""}${e.expired.length ? `; ${plural(e.expired.length, "offer")} expired` : ""}.`;
    case "end-planting":
      return `${who(e.player)} ended planting.`;
    case "draw":
      return `${who(e.player)} drew ${plural(e.count, "card")}${e.cards && e.cards.length ? `: ${cardsText(e.cards)}` : ""}.`;
    case "discard":
      return `${who(e.player)} discarded a ${BEAN[e.card.variety].name}${SOURCES[e.from] ?? ""}.`;
    case "leave-offer":
      return e.cards.length ? `Left for the opponent: ${cardsText(e.cards)}.` : "Nothing left for the opponent.";
    case "exhaustion":
      return e.final ? "The deck ran out for the last time: the game ends." : `The deck ran out (${e.count}×).`;
    case "reshuffle":
      return `The discard pile was shuffled into a new deck of ${e.deck_size}.`;
    case "game-over":
      return `Game over: ${e.scores.map((sc, seat) => `${who(seat)} ${sc}`).join(", ")}.`;
    default:
      return e.kind;
  }
}

/** End screen rows: coins, with cards in hand as the tie-break in the standard edition (B-65, B-66). */
function results(view) {
  const standard = view.edition === "standard";
  const rows = view.players.map((p) => ({ seat: p.seat, score: p.coins ?? 0, hand: p.hand_size }));
  const key = (r) => (standard ? [r.score, r.hand] : [r.score]);
  const better = (a, b) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i] > kb[i];
    return false;
  };
  return rows
    .map((r) => ({
      seat: r.seat, // the shell writes the seat's name
      score: r.score,
      rank: 1 + rows.filter((o) => better(o, r)).length,
      detail: standard ? `${plural(r.hand, "card")} in hand` : "", // the tie-break of B-65
    }))
    .sort((a, b) => a.rank - b.rank || a.seat - b.seat);
}

/** The banner's hint (the shell shows it next to "Your turn" / "Waiting for …"). */
function prompt(ctx) {
  players = ctx.players || players;
  const view = ctx.view ?? ctx.msg.view;
  const me = view.viewer ?? null;
  const onMove = me !== null && (ctx.msg.to_move || []).includes(me);
  return promptText({ view, me, onMove });
}

export default {
  name: "bohnanza",
  render,
  prompt,
  describeEvent,
  results,
  options: [
    {
      key: "edition",
      label: "Edition",
      type: "select",
      choices: [
        { value: "standard", label: "Standard: 154 cards, 2–7 players (2 = bean duel)" },
        { value: "classic", label: "Classic: 104 cards, 3–5 players" },
      ],
      default: "standard",
    },
    {
      key: "treasury_visibility",
      label: "Treasuries",
      type: "select",
      choices: [
        { value: "secret", label: "Secret: coin counts hidden until the end" },
        { value: "open", label: "Open: everyone sees coin counts" },
      ],
      default: "secret",
    },
    {
      key: "max_offers",
      label: "Offers per player per trading phase",
      type: "select",
      choices: [1, 2, 3, 4, 6, 8, 12].map((n) => ({ value: n, label: String(n) })),
      default: 6,
    },
    {
      key: "offer_menu.positions",
      label: "Bots consider giving",
      type: "select",
      choices: [
        { value: "frontmost", label: "the front-most cards of a variety" },
        { value: "all", label: "any card of a variety" },
      ],
      default: "frontmost",
    },
  ],
  playerCounts: [2, 3, 4, 5, 6, 7],
};

// for tests and the replay viewer
export { BEANS, payout, varietiesInGame };
