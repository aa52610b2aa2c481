// Bohnanza trading (B-34 … B-50): the offers panel, each offer with its answers (accept with
// a choice of cards, decline, withdraw) and the counter-offer that fills the composer.

import { h } from "../../common.js";
import { t } from "../../i18n.js";
import { BEAN, chip } from "./beans.js";
import { actionButton, emptyCompose, rerender } from "./choices.js";
import { composer, composerOpen } from "./composer.js";
import { named, nameOf } from "./names.js";

// a function: the words are looked up when drawn (the catalog loads after the import)
const STATUS_TEXT = () => ({
  open: t("open"),
  accepted: t("accepted"),
  declined: t("declined"),
  withdrawn: t("withdrawn"),
  unavailable: t("withdrawn (cards gone)"),
  expired: t("expired"),
});

export function offersPanel(env) {
  const { view } = env;
  const trading = view.phase === "trade";
  const incoming = view.offers.filter((o) => toAnswer(env, o)).reverse();
  const rest = view.offers.filter((o) => !toAnswer(env, o)).reverse();
  return h(
    "div",
    { class: "bn-offers", "data-testid": "bn-offers" },
    h("h2", {}, trading ? t("Trading") : t("Offers")),
    incoming.length ? h("h3", {}, t("Offers for you ({n})", { n: incoming.length })) : null,
    incoming.length ? h("ol", { class: "bn-offer-list" }, incoming.map((o) => offerItem(env, o))) : null,
    trading ? composer(env) : h("p", { class: "bn-note" }, view.offers.length ? t("Trading is over for this turn.") : t("Trading opens after the active player has planted and revealed two cards.")),
    rest.length ? h("h3", { class: "bn-offers-older" }, trading ? t("Offers this trading phase") : t("Last trading phase")) : null,
    rest.length ? h("ol", { class: "bn-offer-list" }, rest.map((o) => offerItem(env, o))) : trading && !incoming.length ? h("p", { class: "bn-note" }, t("No offers yet.")) : null,
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
    for (const f of o.give_faceup) chips.push(chip(f.variety, t("{bean} (face-up)", { bean: BEAN[f.variety].short })));
    for (const v of o.give_hand) chips.push(chip(v));
  } else {
    for (const f of o.want_faceup) chips.push(chip(f.variety, t("{bean} (face-up)", { bean: BEAN[f.variety].short })));
    for (const v of o.want) chips.push(chip(v));
  }
  return chips.length ? chips : [h("span", { class: "bn-nothing" }, t("nothing"))];
}

function offerItem(env, o) {
  const { view, me } = env;
  const gift = !o.want.length && !o.want_faceup.length;
  const ask = !o.give_hand.length && !o.give_faceup.length;
  const kind = gift ? t("— a gift") : ask ? t("— a request") : "";
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
    h("div", { class: "bn-offer-side" }, h("span", { class: "bn-side-label" }, o.proposer === me ? t("you give") : t("gives")), sideChips(o, "give")),
    h("div", { class: "bn-offer-side" }, h("span", { class: "bn-side-label" }, o.proposer === me ? t("you want") : t("wants")), sideChips(o, "want")),
    offerButtons(env, o),
  );
}

function statusText(o) {
  if (o.status === "accepted" && o.accepted_by !== undefined) return t("accepted by {name}", { name: nameOf(o.accepted_by) });
  return STATUS_TEXT()[o.status] ?? o.status;
}

function offerButtons(env, o) {
  const { ctx, view, me, legal } = env;
  if (o.status !== "open" || me === null) return null;
  const buttons = [];
  const withdraw = legal.find("withdraw", { offer_id: o.offer_id });
  if (withdraw) buttons.push(actionButton(ctx, withdraw, t("Withdraw"), { testid: `bn-withdraw-${o.offer_id}` }));
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
        o.want.length ? t("Accept (give {beans})", { beans: o.want.map((v) => BEAN[v].short).join(", ") }) : t("Accept"),
      ),
    );
  } else if (toAnswer(env, o) && env.onMove) {
    const missing = missingFor(view.hand || [], o.want);
    if (missing.length) buttons.push(h("span", { class: "bn-note" }, t("You have no {beans} to give.", { beans: missing.map((v) => BEAN[v].short).join(", ") })));
  }
  const decline = legal.find("decline", { offer_id: o.offer_id });
  if (decline) buttons.push(actionButton(ctx, decline, t("Decline"), { testid: `bn-decline-${o.offer_id}` }));
  if (canCounter(env, o)) {
    buttons.push(
      h(
        "button",
        { type: "button", class: "btn", "data-testid": `bn-counter-${o.offer_id}`, title: t("Fill the offer form with the reverse of this offer; change it, then send it"), onclick: () => counter(env, o) },
        t("Counter…"),
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
    h("span", { class: "bn-side-label" }, t("hand over")),
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
        chip(c.variety, t("{bean} #{n}", { bean: BEAN[c.variety].short, n: c.pos + 1 })),
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
