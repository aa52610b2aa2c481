// The Fields of Green prompt: what to do now, built from the legal actions (draw split, commit,
// the revealed or picked card's modes, the water source), or whom the table waits for.

import { actionButton, h } from "../../common.js";
import { plural, t } from "../../i18n.js";
import { cardName, costText, designOf, nameList, pileName, playerName, tileOf, TYPES } from "./cards.js";
import { attachPrompt, choosePrompt, finalPrompt, harvestPrompt, keepPrompt, optionalPrompt, placePrompt, waterPrompt } from "./decisions.js";
import { cardFace, swatch, title } from "./faces.js";
import { towerLabels, waterText } from "./farm.js";
import { activeCard, cardActions, hasType, legalCardFor, ofType } from "./menu.js";
import { refresh } from "./store.js";

export function promptPanel(ctx, st) {
  const legal = ctx.legal;
  const box = h("section", { class: "fog-panel fog-prompt", "data-testid": "fog-prompt", "data-my-turn": legal.length ? "true" : "false" });
  if (!legal.length) {
    box.append(waitingText(ctx));
    return box;
  }
  const builders = [
    [["place-water"], waterPrompt],
    [["draw-split"], drawPrompt],
    [["commit"], commitPrompt],
    [["keep"], keepPrompt],
    [["place", "set-aside"], placePrompt],
    [["attach", "skip-attach"], attachPrompt],
    [["choose"], choosePrompt],
    [["pay", "skip"], optionalPrompt],
    [["pay-harvest", "decline", "end-harvest"], harvestPrompt],
    [["pay-end", "end-scoring"], finalPrompt],
    [["build", "build-tower", "build-silo", "market", "restore"], actionPrompt],
  ];
  for (const [types, build] of builders) {
    if (hasType(legal, ...types)) {
      box.append(...build(ctx, st).flat().filter(Boolean));
      return box;
    }
  }
  box.append(h("p", {}, t("Choose an action:")), h("div", { class: "fog-buttons" }, legal.map((a, i) => actionButton({ label: a.type, action: a, act: ctx.act, testid: `fog-any-${i}` }))));
  return box;
}

/** What the table waits for, by decision then by phase. */
function doing(decision, phase) {
  switch (decision) {
    case "water":
      return t("placing water");
    case "keep":
      return t("choosing an equipment tile");
    case "place":
      return t("placing equipment");
    case "attach":
      return t("attaching equipment");
    case "choose":
      return t("choosing an effect");
    case "optional":
      return t("deciding on an optional cost");
    default:
      break;
  }
  switch (phase) {
    case "draw":
      return t("choosing a draw");
    case "commit":
      return t("choosing a card");
    case "resolve":
      return t("using a revealed card");
    case "pick":
      return t("picking from the display");
    case "harvest":
      return t("harvesting");
    case "final":
      return t("making final choices");
    case "upkeep":
      return t("placing water");
    default:
      return t("thinking");
  }
}

function waitingText(ctx) {
  const v = ctx.msg.view;
  const movers = (ctx.msg.to_move || []).map((q) => playerName(ctx.players, q));
  const what = doing(v.decision && v.decision.kind, v.phase);
  const me = ctx.seat !== null && ctx.seat !== undefined ? v.players[ctx.seat] : null;
  const hint = me && v.phase === "commit" && me.committed ? t("You have committed your card; the cards are revealed when everybody has.") : null;
  return h("div", { class: "fog-waiting", "data-testid": "fog-waiting" }, ...title(movers.length ? t("Waiting for {names}: {doing}", { names: nameList(movers), doing: what }) : t("Waiting…"), hint));
}

function drawPrompt(ctx, st) {
  const v = ctx.msg.view;
  const splits = ofType(ctx.legal, "draw-split");
  const asList = (a) => [a.field, a.livestock, a.construction, a.building];
  if (!st.split || st.splitVersion !== v.year) {
    const balanced = splits.find((a) => asList(a).join() === "2,2,1,1");
    st.split = asList(balanced || splits[0]);
    st.splitVersion = v.year;
  }
  const chosen = splits.find((a) => asList(a).join() === st.split.join());
  const total = st.split.reduce((a, b) => a + b, 0);
  const step = (i, d) => () => {
    st.split = st.split.map((n, j) => (j === i ? Math.max(0, n + d) : n));
    refresh(st);
  };
  const cols = v.pile_names.map((pile, i) => {
    const label = pileName(pile);
    return (
    h(
      "div",
      { class: "fog-split-col" },
      h("div", { class: "fog-split-head" }, swatch(TYPES[i], 20), h("b", {}, label)),
      h("div", { class: "fog-split-left" }, t("{n} left", { n: v.pile_sizes[i] })),
      h(
        "div",
        { class: "fog-stepper" },
        h("button", { type: "button", class: "btn", "data-testid": `fog-split-minus-${i}`, "aria-label": t("one {pile} fewer", { pile: label }), disabled: st.split[i] === 0, onclick: step(i, -1) }, "−"),
        h("output", { class: "fog-split-n", "data-testid": `fog-split-${i}`, "aria-label": t("{pile} to draw", { pile: label }) }, String(st.split[i])),
        h("button", { type: "button", class: "btn", "data-testid": `fog-split-plus-${i}`, "aria-label": t("one {pile} more", { pile: label }), disabled: st.split[i] >= v.pile_sizes[i], onclick: step(i, 1) }, "+"),
      ),
    ));
  });
  const others = v.players.filter((p) => p.split && p.seat !== ctx.seat).map((p) => t("{name} drew {split}", { name: playerName(ctx.players, p.seat), split: p.split.join(" / ") }));
  let problem = null;
  if (!chosen) problem = total < 6 ? t("Choose {n} more (6 cards in all).", { n: 6 - total }) : total > 6 ? t("Choose {n} fewer (6 cards in all).", { n: total - 6 }) : t("Take cards from at least 3 different piles.");
  const duel = v.num_players === 2 ? t("Both draws are shuffled face down into a shared pile; 6 cards are turned up as the display.") : t("They form your hand.");
  return [
    ...title(t("Draw your cards for this year"), t("Choose how many cards to take from each pile, before seeing any: 6 in all, from at least 3 piles.") + " " + duel),
    h("div", { class: "fog-split" }, cols),
    others.length ? h("p", { class: "fog-hint" }, others.join(" · ")) : null,
    h(
      "div",
      { class: "fog-buttons" },
      actionButton({ label: t("Draw these {n} cards", { n: total }), action: chosen, act: ctx.act, testid: "fog-draw-confirm", primary: true, disabled: !chosen, key: "d" }),
      problem ? h("span", { class: "fog-problem", role: "alert" }, problem) : null,
    ),
  ];
}

function commitPrompt(ctx, st) {
  const v = ctx.msg.view;
  const n = v.num_players;
  const commits = ofType(ctx.legal, "commit");
  const me = ctx.seat;
  const to = playerName(ctx.players, (me + v.direction + n) % n);
  const from = playerName(ctx.players, (me - v.direction + n) % n);
  const pickedCard = st.selected === null ? null : legalCardFor(ctx, st, st.selected, ["commit"]);
  const picked = commits.find((a) => a.card === pickedCard);
  const waiting = v.players.filter((p) => p.seat !== me && p.hand_size && !p.committed).map((p) => playerName(ctx.players, p.seat));
  const done = v.players.filter((p) => p.seat !== me && p.committed).map((p) => playerName(ctx.players, p.seat));
  return [
    ...title(t("Choose a card to play this turn"), t("Pick one card of your hand; it stays hidden until everybody has chosen. The rest of your hand then passes to {to}, and you receive {from}'s hand.", { to, from })),
    h(
      "div",
      { class: "fog-buttons" },
      actionButton({ label: picked ? t("Commit {card}", { card: cardName(st, picked.card) }) : t("Select a card in your hand"), action: picked || null, act: ctx.act, testid: "fog-commit", primary: true, disabled: !picked, key: "c" }),
    ),
    h("p", { class: "fog-hint" }, done.length ? t("Committed: {names}.", { names: nameList(done) }) + " " : "", waiting.length ? t("Still choosing: {names}.", { names: nameList(waiting) }) : ""),
  ];
}

function actionPrompt(ctx, st) {
  const v = ctx.msg.view;
  const card = activeCard(ctx, st);
  if (card === null) {
    return title(t("Pick a card from the display"), t("Choose a card of the display below to see what you can do with it: build it, or discard it to build a Water Tower or Silo, restore an Open Area, or go to the market."));
  }
  const acts = cardActions(ctx.legal, card);
  const d = designOf(st, st.cards.get(card)?.design);
  const heading = v.phase === "pick" ? t("Use {card} from the display", { card: d.name }) : t("Use your revealed card: {card}", { card: d.name });
  const mode = (m, label, sub, testid) =>
    acts[m].length
      ? h("button", { type: "button", class: `btn fog-mode${st.mode === m ? " is-on" : ""}`, "data-mode": m, "data-testid": testid, "aria-pressed": st.mode === m ? "true" : "false", onclick: () => setMode(st, m) }, h("b", {}, label), h("small", {}, sub))
      : null;
  const modes = [
    mode("build", t("Build {card}", { card: d.name }), t("pay {cost}", { cost: costText(d.cost) }), "fog-mode-build"),
    mode("build-tower", t("Water Tower"), t("discard it, pay 2 coins"), "fog-mode-tower"),
    mode("build-silo", t("Silo"), t("discard it, free"), "fog-mode-silo"),
    mode("restore", t("Restore an Open Area"), t("discard it, pay 1 coin"), "fog-mode-restore"),
  ];
  const bonus = marketBonus(ctx, st);
  const market = acts.market.map((a) =>
    actionButton({
      label: h("span", {}, h("b", {}, a.food ? t("Market: sell {n} food", { n: a.food }) : t("Go to market")), h("small", {}, plural(2 + 2 * a.food + bonus, "discard it, gain {n} coin", "discard it, gain {n} coins"))),
      action: a,
      act: ctx.act,
      testid: `fog-market-${a.food}`,
      extraClass: "fog-mode",
    }),
  );
  const hint = !acts.build.length ? t("{card} cannot be built now (its cost cannot be paid, or no tower can water a free cell).", { card: d.name }) : null;
  const face = cardFace(st, st.cards.get(card) || { id: card, design: "", kind: null }, { testid: "fog-active-card" });
  return [
    h(
      "div",
      { class: "fog-active" },
      face,
      h("div", { class: "fog-active-body" }, ...title(heading, hint), h("div", { class: "fog-modes" }, modes, market), modeHint(ctx, st), pendingChoice(ctx, st)),
    ),
  ];
}

function marketBonus(ctx, st) {
  if (!st.catalog || ctx.seat === null || ctx.seat === undefined) return 0;
  let bonus = 0;
  for (const e of ctx.msg.view.players[ctx.seat].farm) {
    if (e.open_area) continue;
    for (const t of e.equipment) for (const m of tileOf(st, t.design).modifiers || []) bonus += m.market_bonus || 0;
  }
  return bonus;
}

function setMode(st, mode) {
  st.mode = mode;
  st.pending = null;
  refresh(st);
}

function modeHint(ctx, st) {
  if (!st.mode) return null;
  const text = {
    build: t("Choose a highlighted cell of your farm to build there. Cells marked with a drop are in reach of a tower with water."),
    "build-tower": t("Choose a highlighted cell of your farm for the new Water Tower (it starts with 3 water)."),
    "build-silo": t("Choose a highlighted cell of your farm for the new Silo."),
    restore: t("Choose a highlighted Open Area of your farm to turn it face up again."),
  }[st.mode];
  return h("p", { class: "fog-hint fog-mode-hint", "data-testid": "fog-mode-hint" }, text);
}

function pendingChoice(ctx, st) {
  if (!st.pending) return null;
  const labels = towerLabels(ctx.msg.view.players[ctx.seat].farm);
  return h(
    "div",
    { class: "fog-pending", "data-testid": "fog-water-choice" },
    h("p", {}, t("{action} at {cell}: where should the water come from?", { action: st.pending.label, cell: st.pending.cell })),
    h(
      "div",
      { class: "fog-buttons" },
      st.pending.actions.map((a, i) => actionButton({ label: waterText(a.water, labels), action: a, act: ctx.act, testid: `fog-water-${i}`, primary: i === 0 })),
      h("button", { type: "button", class: "btn", "data-testid": "fog-water-cancel", onclick: () => setMode(st, st.mode) }, t("Cancel")),
    ),
  );
}
