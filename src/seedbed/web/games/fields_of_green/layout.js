// The whole Fields of Green table: the prompt first, then what the player acts on next (the
// hand, the display, the revealed cards, the farm), the other farms and the supply beside.

import { scorePad } from "./scorepad.js";
import { h, seatDot } from "../../common.js";
import { t } from "../../i18n.js";
import { who } from "./cards.js";
import { cardFace } from "./faces.js";
import { CARD_ACTIONS, ensureMode, hasType, legalCardFor } from "./menu.js";
import { mainFarms, othersPanel, statusBar, supplyPanel } from "./panels.js";
import { promptPanel } from "./prompts.js";
import { refresh } from "./store.js";

/** Prompt first; then what the player acts on next (the hand to commit from, the display
 * to pick from, the farm to build on), then the rest. */
function mainColumn(ctx, st) {
  const v = ctx.msg.view;
  const display = v.phase === "pick" || (v.display || []).length ? displayRow(ctx, st) : null;
  const hand = (v.hand || []).length || v.commit ? handRow(ctx, st) : null;
  const revealed = v.phase === "resolve" ? revealedRow(ctx, st) : null;
  const farms = mainFarms(ctx, st);
  const prompt = v.phase === "over" ? null : promptPanel(ctx, st); // the shell shows the end screen
  const deciding = v.decision && ctx.legal.length;
  // the hand beside the farm (a pair: two columns on a wide screen), so both are in sight in a
  // 1280×800 window (issue 38 item 4)
  if (v.phase === "commit" || v.phase === "draw") return [prompt, hand ? h("div", { class: "fog-pair" }, hand, farms) : farms, display, revealed];
  if (v.phase === "pick" && !deciding) return [prompt, display, farms, hand];
  return [prompt, farms, revealed, display, hand];
}

function handRow(ctx, st) {
  const v = ctx.msg.view;
  const choosing = hasType(ctx.legal, "commit");
  const cards = (v.hand || []).map((c) => {
    const can = choosing && legalCardFor(ctx, st, c.id, ["commit"]) !== null;
    return cardFace(st, c, {
      testid: `fog-hand-${c.id}`,
      selected: choosing && st.selected === c.id,
      onclick: choosing ? () => selectCard(st, c.id) : null,
      disabled: choosing && !can,
    });
  });
  const committed = v.commit ? h("div", { class: "fog-committed" }, h("span", { class: "fog-face-label" }, t("Your committed card (hidden from the others until the reveal)")), cardFace(st, v.commit, { testid: "fog-committed" })) : null;
  return h("section", { class: "fog-panel fog-hand" }, h("h3", {}, t("Your hand ({n})", { n: (v.hand || []).length })), h("div", { class: "fog-row" }, cards), committed);
}

function displayRow(ctx, st) {
  const v = ctx.msg.view;
  const picking = hasType(ctx.legal, ...CARD_ACTIONS);
  const cards = (v.display || []).map((c) => {
    const can = picking && legalCardFor(ctx, st, c.id, CARD_ACTIONS) !== null;
    return cardFace(st, c, { testid: `fog-display-${c.id}`, selected: can && st.selected === c.id, onclick: can ? () => selectCard(st, c.id) : null });
  });
  return h("section", { class: "fog-panel fog-display" }, h("h3", {}, t("Display"), " ", h("small", {}, t("({n} more face down in the shared pile)", { n: v.shared_size }))), h("div", { class: "fog-row" }, cards));
}

function revealedRow(ctx, st) {
  const v = ctx.msg.view;
  const rows = v.players
    .filter((p) => p.revealed)
    .map((p) => h("div", { class: "fog-revealed" }, h("span", { class: "fog-face-label" }, seatDot(p.seat), who(ctx, p.seat)), cardFace(st, p.revealed, { testid: `fog-revealed-${p.seat}` })));
  return h("section", { class: "fog-panel fog-reveal" }, h("h3", {}, t("Revealed this turn (used in turn order)")), h("div", { class: "fog-row" }, rows));
}

function selectCard(st, cardId) {
  st.selected = cardId;
  st.pending = null;
  refresh(st);
}

export function draw(ctx, st) {
  const v = ctx.msg.view;
  ensureMode(ctx, st);
  const spectator = ctx.seat === null || ctx.seat === undefined;
  ctx.root.append(
    h(
      "div",
      { class: `fog${spectator ? " is-spectator" : ""}`, "data-testid": "fog-table", "data-phase": v.phase, "data-version": ctx.msg.version },
      statusBar(ctx, st),
      h(
        "div",
        { class: "fog-layout" },
        h("div", { class: "fog-main" }, scorePad(ctx), mainColumn(ctx, st)),
        h("div", { class: "fog-side" }, spectator ? null : othersPanel(ctx, st), supplyPanel(ctx, st)),
      ),
    ),
  );
}
