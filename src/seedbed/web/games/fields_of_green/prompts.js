// The Fields of Green prompt: what to do now, built from the legal actions (draw split, commit,
// the revealed or picked card's modes, the water source), or whom the table waits for.

import { actionButton, h } from "../../common.js";
import { pointVerb, possessive } from "../../words.js";
import { cardName, costText, designOf, nameList, playerName, tileOf, TYPES } from "./cards.js";
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
  box.append(h("p", {}, "Choose an action:"), h("div", { class: "fog-buttons" }, legal.map((a, i) => actionButton({ label: a.type, action: a, act: ctx.act, testid: `fog-any-${i}` }))));
  return box;
}

const DOING_PHASE = { draw: "choosing a draw", commit: "choosing a card", resolve: "using a revealed card", pick: "picking from the display", harvest: "harvesting", final: "making final choices", upkeep: "placing water" };

const DOING_DECISION = { water: "placing water", keep: "choosing an equipment tile", place: "placing equipment", attach: "attaching equipment", choose: "choosing an effect", optional: "deciding on an optional cost" };

function waitingText(ctx) {
  const v = ctx.msg.view;
  const movers = (ctx.msg.to_move || []).map((q) => playerName(ctx.players, q));
  const doing = (v.decision && DOING_DECISION[v.decision.kind]) || DOING_PHASE[v.phase] || "thinking";
  const me = ctx.seat !== null && ctx.seat !== undefined ? v.players[ctx.seat] : null;
  const hint = me && v.phase === "commit" && me.committed ? "You have committed your card; the cards are revealed when everybody has." : null;
  return h("div", { class: "fog-waiting", "data-testid": "fog-waiting" }, ...title(movers.length ? `Waiting for ${nameList(movers)}: ${doing}` : "Waiting…", hint));
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
  const cols = v.pile_names.map((label, i) =>
    h(
      "div",
      { class: "fog-split-col" },
      h("div", { class: "fog-split-head" }, swatch(TYPES[i], 20), h("b", {}, label)),
      h("div", { class: "fog-split-left" }, `${v.pile_sizes[i]} left`),
      h(
        "div",
        { class: "fog-stepper" },
        h("button", { type: "button", class: "btn", "data-testid": `fog-split-minus-${i}`, "aria-label": `one ${label} fewer`, disabled: st.split[i] === 0, onclick: step(i, -1) }, "−"),
        h("output", { class: "fog-split-n", "data-testid": `fog-split-${i}`, "aria-label": `${label} to draw` }, String(st.split[i])),
        h("button", { type: "button", class: "btn", "data-testid": `fog-split-plus-${i}`, "aria-label": `one ${label} more`, disabled: st.split[i] >= v.pile_sizes[i], onclick: step(i, 1) }, "+"),
      ),
    ),
  );
  const others = v.players.filter((p) => p.split && p.seat !== ctx.seat).map((p) => `${playerName(ctx.players, p.seat)} drew ${p.split.join(" / ")}`);
  const problem = chosen ? null : total !== 6 ? `Choose ${total < 6 ? `${6 - total} more` : `${total - 6} fewer`} (6 cards in all).` : "Take cards from at least 3 different piles.";
  const duel = v.num_players === 2 ? " Both draws are shuffled face down into a shared pile; 6 cards are turned up as the display." : " They form your hand.";
  return [
    ...title("Draw your cards for this year", `Choose how many cards to take from each pile, before seeing any: 6 in all, from at least 3 piles.${duel}`),
    h("div", { class: "fog-split" }, cols),
    others.length ? h("p", { class: "fog-hint" }, others.join(" · ")) : null,
    h(
      "div",
      { class: "fog-buttons" },
      actionButton({ label: `Draw these ${total} cards`, action: chosen, act: ctx.act, testid: "fog-draw-confirm", primary: true, disabled: !chosen, key: "d" }),
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
    ...title("Choose a card to play this turn", `Pick one card of your hand; it stays hidden until everybody has chosen. The rest of your hand then passes to ${to}, and you receive ${possessive(from)} hand.`),
    h(
      "div",
      { class: "fog-buttons" },
      actionButton({ label: picked ? `Commit ${cardName(st, picked.card)}` : "Select a card in your hand", action: picked || null, act: ctx.act, testid: "fog-commit", primary: true, disabled: !picked, key: "c" }),
    ),
    h("p", { class: "fog-hint" }, done.length ? `Committed: ${nameList(done)}. ` : "", waiting.length ? `Still choosing: ${nameList(waiting)}.` : ""),
  ];
}

function actionPrompt(ctx, st) {
  const v = ctx.msg.view;
  const card = activeCard(ctx, st);
  if (card === null) {
    return title("Pick a card from the display", `${pointVerb()} a card of the display below to see what you can do with it: build it, or discard it to build a Water Tower or Silo, restore an Open Area, or go to the market.`);
  }
  const acts = cardActions(ctx.legal, card);
  const d = designOf(st, st.cards.get(card)?.design);
  const heading = v.phase === "pick" ? `Use ${d.name} from the display` : `Use your revealed card: ${d.name}`;
  const mode = (m, label, sub, testid) =>
    acts[m].length
      ? h("button", { type: "button", class: `btn fog-mode${st.mode === m ? " is-on" : ""}`, "data-mode": m, "data-testid": testid, "aria-pressed": st.mode === m ? "true" : "false", onclick: () => setMode(st, m) }, h("b", {}, label), h("small", {}, sub))
      : null;
  const modes = [
    mode("build", `Build ${d.name}`, `pay ${costText(d.cost)}`, "fog-mode-build"),
    mode("build-tower", "Water Tower", "discard it, pay 2 coins", "fog-mode-tower"),
    mode("build-silo", "Silo", "discard it, free", "fog-mode-silo"),
    mode("restore", "Restore an Open Area", "discard it, pay 1 coin", "fog-mode-restore"),
  ];
  const bonus = marketBonus(ctx, st);
  const market = acts.market.map((a) =>
    actionButton({
      label: h("span", {}, h("b", {}, a.food ? `Market: sell ${a.food} food` : "Go to market"), h("small", {}, `discard it, gain ${2 + 2 * a.food + bonus} coins`)),
      action: a,
      act: ctx.act,
      testid: `fog-market-${a.food}`,
      extraClass: "fog-mode",
    }),
  );
  const hint = !acts.build.length ? `${d.name} cannot be built now (its cost cannot be paid, or no tower can water a free cell).` : null;
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
    build: `${pointVerb()} a highlighted cell of your farm to build there. Cells marked with a drop are in reach of a tower with water.`,
    "build-tower": `${pointVerb()} a highlighted cell of your farm for the new Water Tower (it starts with 3 water).`,
    "build-silo": `${pointVerb()} a highlighted cell of your farm for the new Silo.`,
    restore: `${pointVerb()} a highlighted Open Area of your farm to turn it face up again.`,
  }[st.mode];
  return h("p", { class: "fog-hint fog-mode-hint", "data-testid": "fog-mode-hint" }, text);
}

function pendingChoice(ctx, st) {
  if (!st.pending) return null;
  const labels = towerLabels(ctx.msg.view.players[ctx.seat].farm);
  return h(
    "div",
    { class: "fog-pending", "data-testid": "fog-water-choice" },
    h("p", {}, `${st.pending.label} at ${st.pending.cell}: where should the water come from?`),
    h(
      "div",
      { class: "fog-buttons" },
      st.pending.actions.map((a, i) => actionButton({ label: waterText(a.water, labels), action: a, act: ctx.act, testid: `fog-water-${i}`, primary: i === 0 })),
      h("button", { type: "button", class: "btn", "data-testid": "fog-water-cancel", onclick: () => setMode(st, st.mode) }, "Cancel"),
    ),
  );
}
