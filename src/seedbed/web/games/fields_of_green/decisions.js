// Fields of Green decisions inside a turn: water to place, equipment to keep, place or attach,
// a choice of effects, an optional cost, the harvest (F-58 … F-62) and the final choices (F-72).

import { actionButton, h, s } from "../../common.js";
import { plural, t, tn } from "../../i18n.js";
import { guardedButton } from "../../confirm.js";
import { glyph } from "../../glyphs.js";
import { bareText, cardName, designOf, effectsText, findChoice, key, kindOf, tileName, tileOf } from "./cards.js";
import { tileFace, title } from "./faces.js";
import { towerLabels, waterText } from "./farm.js";
import { ofType } from "./menu.js";
import { resources } from "./panels.js";

export function waterPrompt(ctx, st) {
  const v = ctx.msg.view;
  const d = v.decision || {};
  const labels = towerLabels(v.players[ctx.seat].farm);
  const options = ofType(ctx.legal, "place-water");
  return [
    ...title(t("Place {n} water on your Water Towers", { n: d.amount || 0 }), t("Water never moves between towers later; what does not fit is lost.")),
    h(
      "div",
      { class: "fog-buttons" },
      options.map((a, i) => {
        const parts = Object.entries(a.water).map(([cell, n]) => t("{n} on {tower}", { n, tower: labels.get(cell) || cell }));
        return actionButton({ label: parts.length ? parts.join(", ") : t("nothing fits"), action: a, act: ctx.act, testid: `fog-place-water-${i}`, primary: i === 0 });
      }),
    ),
  ];
}

export function keepPrompt(ctx, st) {
  const v = ctx.msg.view;
  const tiles = (v.decision && v.decision.tiles) || [];
  const keep = new Map(ofType(ctx.legal, "keep").map((a) => [a.tile, a]));
  return [
    ...title(t("Keep one equipment tile"), t("The others go to the bottom of the stack. Next you place the kept tile on a card it fits, or set it aside.")),
    h("div", { class: "fog-row" }, tiles.filter((t) => keep.has(t.id)).map((t) => tileFace(st, t, { testid: `fog-keep-${t.id}`, action: keep.get(t.id), act: ctx.act, label: t("Keep") }))),
  ];
}

export function placePrompt(ctx, st) {
  const v = ctx.msg.view;
  const tile = v.decision && v.decision.tile;
  const aside = ofType(ctx.legal, "set-aside")[0];
  const places = ofType(ctx.legal, "place");
  return [
    ...title(
      tile ? t("Place {tile}", { tile: tileName(st, tile.id) }) : t("Place your equipment tile"),
      places.length ? t("Choose a highlighted card of your farm to put the tile on it, or set it aside (1 VP at the end unless you attach it to a card you build later).") : t("No card of your farm fits this tile: set it aside (1 VP at the end unless attached later)."),
    ),
    tile ? h("div", { class: "fog-row" }, tileFace(st, tile)) : null,
    h("div", { class: "fog-buttons" }, aside ? actionButton({ label: t("Set it aside"), action: aside, act: ctx.act, testid: "fog-set-aside", key: "s" }) : null),
  ];
}

export function attachPrompt(ctx, st) {
  const v = ctx.msg.view;
  const card = v.decision && v.decision.card;
  const me = v.players[ctx.seat];
  const skip = ofType(ctx.legal, "skip-attach")[0];
  const tiles = ofType(ctx.legal, "attach").map((a) => tileFace(st, me.set_aside.find((t) => t.id === a.tile) || { id: a.tile, design: st.tiles.get(a.tile) }, { testid: `fog-attach-${a.tile}`, action: a, act: ctx.act, label: t("Attach") }));
  return [
    ...title(t("Attach set-aside equipment to {card}?", { card: cardName(st, card) }), t("Set-aside tiles can only be attached now, while you build a card they fit.")),
    h("div", { class: "fog-row" }, tiles),
    h("div", { class: "fog-buttons" }, actionButton({ label: t("Done, attach nothing more"), action: skip, act: ctx.act, testid: "fog-skip-attach", key: "s" })),
  ];
}

export function choosePrompt(ctx, st) {
  const v = ctx.msg.view;
  const card = v.decision && v.decision.card;
  const d = designOf(st, st.cards.get(card)?.design);
  const options = findChoice(d.ability && d.ability.effects);
  return [
    ...title(t("{card}: choose one", { card: d.name }), d.text || null),
    h(
      "div",
      { class: "fog-buttons" },
      ofType(ctx.legal, "choose").map((a) => actionButton({ label: options && options[a.index] ? effectsText(options[a.index]) : t("Option {n}", { n: a.index + 1 }), action: a, act: ctx.act, testid: `fog-choose-${a.index}`, primary: a.index === 0 })),
    ),
  ];
}

export function optionalPrompt(ctx, st) {
  const v = ctx.msg.view;
  const card = v.decision && v.decision.card;
  const d = designOf(st, st.cards.get(card)?.design);
  const labels = towerLabels(v.players[ctx.seat].farm);
  const pays = ofType(ctx.legal, "pay");
  return [
    ...title(t("Pay for {card}'s ability?", { card: d.name }), d.text || t("This ability has a cost; you may pay it or skip it.")),
    h(
      "div",
      { class: "fog-buttons" },
      pays.map((a, i) => actionButton({ label: Object.keys(a.water || {}).length ? t("Pay ({water})", { water: waterText(a.water, labels) }) : t("Pay"), action: a, act: ctx.act, testid: `fog-pay-${i}`, primary: i === 0 })),
      actionButton({ label: t("Skip"), action: ofType(ctx.legal, "skip")[0], act: ctx.act, testid: "fog-skip", key: "s" }),
    ),
  ];
}

/** Harvest (F-58 … F-62) and final choices (F-72): one row per item of the menu. */
function itemRows(ctx, st, payType, declineType) {
  const v = ctx.msg.view;
  const me = v.players[ctx.seat];
  const labels = towerLabels(me.farm);
  const items = new Map();
  for (const a of ctx.legal) {
    if (a.type !== payType && a.type !== declineType) continue;
    const k = `${a.card}/${a.tile ?? "-"}`;
    if (!items.has(k)) items.set(k, { card: a.card, tile: a.tile, pays: [], decline: null });
    if (a.type === payType) items.get(k).pays.push(a);
    else items.get(k).decline = a;
  }
  const list = [...items.values()].sort((a, b) => Number(!a.pays.length) - Number(!b.pays.length));
  return { rows: list.map((it) => itemRow(ctx, st, it, me, labels, payType)), items: list };
}

function itemRow(ctx, st, it, me, labels, payType) {
  const entry = me.farm.find((e) => e.card.id === it.card);
  const tile = it.tile !== null && it.tile !== undefined ? entry && entry.equipment.find((t) => t.id === it.tile) : null;
  const cardD = designOf(st, entry ? entry.card.design : st.cards.get(it.card)?.design);
  const tileD = tile ? tileOf(st, tile.design) : null;
  const id = `${it.card}-${it.tile ?? "x"}`;
  const what = tileD ? [h("b", {}, tileD.name), h("small", {}, " ", t("on {card}", { card: cardD.name }))] : [h("b", {}, cardD.name)];
  const text = bareText(tileD ? tileD.text : cardD.text);
  const pays = it.pays.map((a, i) =>
    actionButton({ label: Object.keys(a.water || {}).length ? t("Pay: {water}", { water: waterText(a.water, labels) }) : t("Pay"), action: a, act: ctx.act, testid: `fog-${payType}-${id}-${i}`, primary: i === 0, extraClass: "btn-small" }),
  );
  const declineTitle = tile ? t("Do not use this tile this harvest") : t("Decline: the card turns face down into an Open Area");
  // declining a card turns it face down for good: a guarded button that asks first (issue 17)
  const decline = !it.decline
    ? null
    : tile
      ? actionButton({ label: t("Skip"), action: it.decline, act: ctx.act, testid: `fog-decline-${id}`, title: declineTitle, extraClass: "btn-small" })
      : guardedButton({ label: t("Decline"), action: it.decline, act: ctx.act, testid: `fog-decline-${id}`, title: declineTitle, extraClass: "btn-small", question: t("Turn {card} face down into an Open Area?", { card: cardD.name }), yes: t("Yes, decline"), rerender: ctx.rerender });
  return h(
    "li",
    { class: `fog-item${pays.length ? "" : " is-stuck"}`, "data-testid": `fog-item-${id}` },
    h("div", { class: "fog-item-what" }, entry ? cardChipFromEntry(st, entry) : null, ...what, h("span", { class: "fog-item-text" }, ` ${text}`)),
    h("div", { class: "fog-buttons" }, pays.length ? pays : h("span", { class: "fog-cant" }, t("can't pay")), decline),
  );
}

function cardChipFromEntry(st, entry) {
  const kind = kindOf(entry.card);
  const g = glyph("farm", kind);
  return h("span", { class: `fog-chip-letters fog-kind-${kind}`, style: { "--kind": g.colour }, title: t("at {cell}", { cell: key(entry.cell) }) }, g.letter);
}

export function harvestPrompt(ctx, st) {
  const { rows, items } = itemRows(ctx, st, "pay-harvest", "decline");
  const unpaid = items.filter((it) => it.tile === null || it.tile === undefined).length;
  const end = ofType(ctx.legal, "end-harvest")[0];
  const me = ctx.msg.view.players[ctx.seat];
  return [
    ...title(t("Your harvest"), t("Pay each card's harvest cost to get its effect, in any order (food above your capacity is lost). A card you decline, or leave unpaid when you end the harvest, turns face down into an Open Area (no VP, no ability).")),
    h("div", { class: "fog-now" }, tn("You have {resources}", { resources: resources(me, { compact: true }) })),
    h("ul", { class: "fog-items" }, rows),
    h(
      "div",
      { class: "fog-buttons" },
      unpaid
        ? guardedButton({ label: plural(unpaid, "End harvest ({n} unpaid card becomes an Open Area)", "End harvest ({n} unpaid cards become Open Areas)"), action: end, act: ctx.act, testid: "fog-end-harvest", key: "e", extraClass: "btn-danger", question: plural(unpaid, "End the harvest? {n} unpaid card turns face down.", "End the harvest? {n} unpaid cards turn face down."), yes: t("Yes, end the harvest"), rerender: ctx.rerender })
        : actionButton({ label: t("End harvest"), action: end, act: ctx.act, testid: "fog-end-harvest", key: "e", extraClass: "btn-primary" }),
    ),
  ];
}

export function finalPrompt(ctx, st) {
  const { rows } = itemRows(ctx, st, "pay-end", null);
  const end = ofType(ctx.legal, "end-scoring")[0];
  return [
    ...title(t("Final choices"), t("Some game-end abilities score only if you pay their cost now. Pay the ones you want, then end scoring.")),
    h("ul", { class: "fog-items" }, rows),
    h("div", { class: "fog-buttons" }, actionButton({ label: t("End scoring"), action: end, act: ctx.act, testid: "fog-end-scoring", primary: true, key: "e" })),
  ];
}
