// The Bohnanza offer composer: to whom, the cards you give, the beans you want, a summary and
// Send. Offers are composed here because the server elides them from long menus (D-25).

import { h } from "../../common.js";
import { plural, t } from "../../i18n.js";
import { BEAN, BEANS, chip } from "./beans.js";
import { emptyCompose, rerender } from "./choices.js";
import { named, nameOf } from "./names.js";

export function composerOpen(env) {
  const { view, me } = env;
  if (view.phase !== "trade" || me === null || !env.onMove || !env.legal.list.length) return false;
  if (env.legal.has("offer")) return true;
  const made = view.players[me].offers_made;
  return view.max_offers === null || made < view.max_offers;
}

export function composer(env) {
  const { ctx, view, me, ts } = env;
  if (me === null) return null;
  if (!composerOpen(env)) {
    const made = view.players[me].offers_made;
    const text = !env.onMove
      ? t("You can offer again when you are back on the move.")
      : t("You have made all {n} offers allowed this trading phase [B-47].", { n: view.max_offers });
    return made || !env.onMove ? h("p", { class: "bn-note", "data-testid": "bn-compose-closed" }, text) : null;
  }
  const c = ts.compose;
  const active = me === view.active;
  const targets = active ? [...otherSeats(view, me), "any"] : [view.active];
  if (!targets.includes(c.to)) c.to = targets.includes("any") ? "any" : targets[0]; // "Anyone" first
  dropStale(c, view);
  const left = view.max_offers === null ? null : view.max_offers - view.players[me].offers_made;
  return h(
    "div",
    { class: "bn-compose", "data-testid": "bn-compose" },
    h("h3", {}, t("Make an offer"), left !== null ? h("span", { class: "bn-note" }, plural(left, " · {n} offer left", " · {n} offers left")) : null),
    h(
      "div",
      { class: "bn-compose-row" },
      h("span", { class: "bn-side-label" }, t("to")),
      targets.map((target) =>
        toggle(ctx, c.to === target, target === "any" ? t("Anyone") : named(target), `bn-to-${target}`, () => {
          c.to = target;
        }),
      ),
    ),
    h("div", { class: "bn-compose-row" }, h("span", { class: "bn-side-label" }, t("you give")), giveChoices(env, c, active)),
    h("div", { class: "bn-compose-row" }, h("span", { class: "bn-side-label" }, t("you want")), wantChoices(env, c, active)),
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
        t("Send offer"),
      ),
      h(
        "button",
        { type: "button", class: "btn", "data-testid": "bn-offer-clear", disabled: isEmptyOffer(c), onclick: () => { ts.compose = emptyCompose(); rerender(ctx); } },
        t("Clear"),
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
      out.push(toggle(ctx, on, chip(card.variety, t("{bean} (face-up)", { bean: BEAN[card.variety].short })), `bn-give-faceup-${slot}`, () => {
        c.giveFaceup = on ? c.giveFaceup.filter((x) => x !== slot) : [...c.giveFaceup, slot];
      }));
    });
  }
  (view.hand || []).forEach((card, pos) => {
    const on = c.giveHand.includes(card.id);
    out.push(toggle(ctx, on, chip(card.variety, t("{bean} #{n}", { bean: BEAN[card.variety].short, n: pos + 1 })), `bn-give-hand-${pos}`, () => {
      c.giveHand = on ? c.giveHand.filter((x) => x !== card.id) : [...c.giveHand, card.id];
    }));
  });
  return out.length ? h("div", { class: "bn-choices" }, out) : h("span", { class: "bn-nothing" }, t("no cards to give"));
}

function wantChoices(env, c, active) {
  const { ctx, view, display } = env;
  const out = [];
  if (!active) {
    view.faceup.forEach((card, slot) => {
      if (!card) return;
      const on = c.wantFaceup.includes(slot);
      out.push(toggle(ctx, on, chip(card.variety, t("{bean} (face-up)", { bean: BEAN[card.variety].short })), `bn-want-faceup-${slot}`, () => {
        c.wantFaceup = on ? c.wantFaceup.filter((x) => x !== slot) : [...c.wantFaceup, slot];
      }));
    });
  }
  for (const v of display.varieties) {
    const n = c.want[v] || 0;
    out.push(
      h(
        "span",
        { class: `bn-want ${n ? "bn-on" : ""}` },
        n ? h("button", { type: "button", class: "bn-step-btn", "aria-label": t("one {bean} fewer", { bean: BEAN[v].short }), "data-testid": `bn-want-less-${v}`, onclick: () => { c.want[v] = n - 1; rerender(ctx); } }, "−") : null,
        h(
          "button",
          { type: "button", class: "bn-want-name", "aria-label": t("want one more {bean}", { bean: BEAN[v].name }), "data-testid": `bn-want-${v}`, onclick: () => { c.want[v] = n + 1; rerender(ctx); } },
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

export function isEmptyOffer(c) {
  return !c.giveHand.length && !c.giveFaceup.length && !wantList(c).length && !c.wantFaceup.length;
}

function summary(view, c) {
  if (isEmptyOffer(c)) return t("Pick cards to give and/or beans you want. Either side may be empty (a gift or a request), not both.");
  const byId = Object.fromEntries((view.hand || []).map((x) => [x.id, x.variety]));
  const faceUp = (slot) => t("{bean} (face-up)", { bean: BEAN[view.faceup[slot].variety].short });
  const give = [...c.giveFaceup.map(faceUp), ...c.giveHand.map((id) => BEAN[byId[id]].short)];
  const want = [...c.wantFaceup.map(faceUp), ...wantList(c).map((v) => BEAN[v].short)];
  const to = c.to === "any" ? t("anyone") : nameOf(c.to);
  const nothing = t("nothing");
  return t("To {to}: you give {give}; you want {want}.", { to, give: give.join(", ") || nothing, want: want.join(", ") || nothing });
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
