// Bohnanza bean fields: the stack, the bean-o-meter, what a harvest pays now and the next coin,
// the single-bean protection, the field buttons and the third field. Payouts and protection
// come from the server's display (games/bohnanza/display.py); nothing here computes them.

import { h, s } from "../../common.js";
import { plural, t } from "../../i18n.js";
import { BEAN, beanCard, coinIcon, coinsText, meterText } from "./beans.js";
import { guardedButton } from "../../confirm.js";
import { actionButton, rerender } from "./choices.js";
import { frontCard } from "./status.js";

/** What a protecting clause says (the display names the clause protecting a field). */
const PROTECTION_RULES = () => ({
  "B-24": t("A field with a single bean may not be harvested while another of the same player's fields holds 2 or more beans [B-24]."),
});

export function fieldView(env, player, f, { mine }) {
  const field = player.fields[f];
  const n = field.cards.length;
  const variety = field.variety;
  const shown = env.display.fields[player.seat][f]; // null for an empty field
  const blocked = shown ? shown.protected : null;
  const children = [h("div", { class: "bn-field-title" }, t("Field {n}", { n: f + 1 }))];
  if (!n) {
    children.push(h("div", { class: "bn-field-bed bn-field-empty" }, t("empty field")));
  } else {
    children.push(
      h(
        "div",
        { class: "bn-field-bed" },
        h("div", { class: "bn-stack", style: { "--depth": Math.min(n - 1, 5) } }, beanCard(variety, { size: mine ? "m" : "s", badge: h("span", { class: "bn-stack-n" }, `×${n}`) })),
        meter(variety, shown.payout),
      ),
    );
    const next = shown.next;
    children.push(
      h(
        "div",
        { class: "bn-field-pay", "data-testid": `bn-pay-${player.seat}-${f}` },
        h("div", {}, t("Harvest now: "), h("b", {}, coinsText(shown.payout))),
        next ? h("div", { class: "bn-next" }, plural(next.more, "{n} more card → {coins}", "{n} more cards → {coins}", { coins: coinsText(next.coins) })) : h("div", { class: "bn-next" }, t("top of the bean-o-meter")),
      ),
    );
    if (blocked) {
      children.push(h("div", { class: "bn-protected", title: PROTECTION_RULES()[blocked], "data-testid": `bn-protected-${player.seat}-${f}`, "data-clause": blocked }, lockIcon(), t("Protected: single bean")));
    }
  }
  if (mine) children.push(fieldButtons(env, f, variety, n, shown ? shown.payout : 0));
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

/** The bean-o-meter: cards needed for 1…4 coins, the steps up to the payout now filled. */
export function meter(variety, pays) {
  return h(
    "div",
    { class: "bn-meter", title: t("Bean-o-meter: {steps} (cards → coins)", { steps: meterText(variety) }) },
    BEAN[variety].meter.map((need, i) =>
      h(
        "div",
        { class: `bn-meter-step ${!need ? "bn-off" : i < pays ? "bn-reached" : ""}` },
        h("span", { class: "bn-meter-need" }, need || "–"),
        coinIcon(i + 1),
      ),
    ),
  );
}

function fieldButtons(env, f, variety, n, pays) {
  const { ctx, view, legal, ts } = env;
  const buttons = [];
  const plant = legal.find("plant", { field: f });
  if (plant) buttons.push(plantButton(env, plant, f, n && variety !== frontCard(view), BEAN[frontCard(view)].short, pays, `bn-plant-${f}`, t("Plant your front card here")));
  const pick = ts.pick;
  if (pick) {
    const a = legal.find(pick.type, { card: pick.card, field: f });
    if (a) buttons.push(plantButton(env, a, f, n && variety !== pick.variety, BEAN[pick.variety]?.short ?? t("card"), pays, `bn-${pick.type}-${f}`, null));
  }
  const harvest = legal.find("harvest", { field: f });
  if (harvest) {
    const label = t("Harvest: {coins}", { coins: coinsText(pays) });
    buttons.push(
      pays
        ? actionButton(ctx, harvest, label, { testid: `bn-harvest-${f}`, cls: "bn-harvest" })
        : guardedButton({
            label,
            action: harvest,
            act: ctx.act,
            testid: `bn-harvest-${f}`,
            question: n === 1 ? t("Harvest field {field} for nothing? Its one card goes to the discard pile.", { field: f + 1 }) : t("Harvest field {field} for nothing? All {n} cards go to the discard pile.", { field: f + 1, n }),
            yes: t("Yes, harvest for 0"),
            extraClass: "bn-harvest",
            rerender: () => rerender(ctx),
          }),
    );
  }
  return buttons.length ? h("div", { class: "bn-field-buttons" }, buttons) : null;
}


/** "Plant X here" (the safe move: primary, with the field's key), or, on a field of another
 *  variety, "Harvest & plant X here": it harvests the field first [B-21], so it is a secondary
 *  button that asks before it throws the field's beans away. */
function plantButton(env, action, f, convenience, name, pays, testid, title) {
  const { ctx } = env;
  if (!convenience) return actionButton(ctx, action, t("Plant {bean} here", { bean: name }), { testid, primary: true, key: String(f + 1), title });
  const n = env.view.players[env.me].fields[f].cards.length;
  const lost = n - pays;
  return guardedButton({
    label: t("Harvest & plant {bean} here", { bean: name }),
    action,
    act: ctx.act,
    testid,
    question: !pays
      ? n === 1
        ? t("Harvest field {field} for nothing (its one card goes to the discard pile)?", { field: f + 1 })
        : t("Harvest field {field} for nothing (all {n} cards go to the discard pile)?", { field: f + 1, n })
      : lost
        ? plural(lost, "Harvest field {field} first for {coins} ({n} card to the discard pile)?", "Harvest field {field} first for {coins} ({n} cards to the discard pile)?", { field: f + 1, coins: coinsText(pays) })
        : t("Harvest field {field} first for {coins}?", { field: f + 1, coins: coinsText(pays) }),
    yes: t("Yes, harvest & plant {bean}", { bean: name }),
    title: t("Harvests this field first ({coins}), then plants [B-21]", { coins: coinsText(pays) }),
    key: String(f + 1), // the field's key only asks
    extraClass: "bn-harvest",
    rerender: () => rerender(ctx),
  });
}

export function thirdFieldSlot(env, player, mine) {
  const { ctx, view, legal } = env;
  if (player.third_field || view.field_cost === null) return null;
  const buy = mine ? legal.find("buy-field") : null;
  const coins = player.coins;
  return h(
    "div",
    { class: "bn-field bn-field-locked", "data-testid": `bn-third-${player.seat}` },
    h("div", { class: "bn-field-title" }, h("span", {}, t("Field {n}", { n: 3 }))),
    h("div", { class: "bn-field-bed bn-field-empty" }, t("not bought · {coins}", { coins: coinsText(view.field_cost) })),
    buy
      ? actionButton(ctx, buy, t("Buy third field ({coins})", { coins: coinsText(view.field_cost) }), { testid: "bn-buy-field", cls: "bn-harvest" })
      : mine && view.phase !== "over" // nothing to buy once the game is over (issue 38)
        ? h("div", { class: "bn-note" }, coins !== undefined && coins < view.field_cost ? t("You have {coins}.", { coins: coinsText(coins) }) : view.duel ? t("Buy on your own turn.") : t("Buy when you are on the move."))
        : null,
  );
}

/** The rule of the clauses protecting any of your fields, once each. */
export function protectionNote(fields) {
  const clauses = [...new Set(fields.map((f) => f && f.protected).filter(Boolean))];
  if (!clauses.length) return null;
  return clauses.map((clause) => h("p", { class: "bn-rule", "data-testid": "bn-protection-rule" }, lockIcon(), PROTECTION_RULES()[clause]));
}
