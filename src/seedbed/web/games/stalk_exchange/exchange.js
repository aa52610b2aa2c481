// The Stalk Exchange row and the actions: the legal actions grouped by slot, the slot picked
// (kept per table and version), the swap picker and the actions bar (Flush, End actions).

import { actionButton, h, seatName, tableStore } from "../../common.js";
import { badge } from "../../glyphs.js";
import { flowerName, flowerTip } from "./flowers.js";

export function plantKey(slot, q, r) {
  return `${slot}:${q},${r}`;
}

/** The legal actions grouped for the view: plants by slot and space, swaps by slot. */
export function menu(legal) {
  const plants = new Set();
  const plantSlots = new Set();
  const swaps = new Map(); // slot -> [give…]
  let flush = null;
  let end = null;
  for (const a of legal) {
    if (a.type === "plant") {
      plants.add(plantKey(a.slot, a.space[0], a.space[1]));
      plantSlots.add(a.slot);
    } else if (a.type === "swap") {
      if (!swaps.has(a.slot)) swaps.set(a.slot, []);
      swaps.get(a.slot).push(a.give);
    } else if (a.type === "flush") flush = a;
    else if (a.type === "end") end = a;
  }
  const slotLegal = (slot) => plantSlots.has(slot) || swaps.has(slot);
  return { plants, plantSlots, swaps, flush, end, slotLegal };
}

/** Per-table UI state: the Exchange slot picked, for the version it was picked at. */
export function uiState(ctx) {
  const store = tableStore(ctx.tableId, "stalk_exchange");
  if (store.version !== ctx.msg.version) {
    store.version = ctx.msg.version;
    store.slot = null;
  }
  return store;
}

export function exchange(ctx, m, ui) {
  const view = ctx.view;
  const slots = view.exchange;
  const lastOccupied = slots.reduce((last, t, i) => (t ? i : last), -1);
  const row = h("div", { class: "se-exchange", style: { "--slots": slots.length } });
  slots.forEach((flower, slot) => {
    const legal = m.slotLegal(slot);
    const selected = ui.slot === slot;
    const attrs = {
      type: "button",
      class: ["se-slot", legal ? "legal" : "", selected ? "selected" : "", flower ? "" : "empty"].join(" "),
      "data-testid": `se-slot-${slot}`,
      "data-key": legal ? String(slot + 1) : null,
      "aria-pressed": legal ? String(selected) : null,
      "aria-label": flower ? `Slot ${slot + 1}: ${flowerName(flower)}` : `Slot ${slot + 1}: empty`,
      title: flower ? flowerTip(view, flower) : null,
      disabled: !legal,
      onclick: () => {
        ui.slot = selected ? null : slot;
        ctx.rerender();
      },
    };
    row.append(
      h(
        "button",
        attrs,
        h("span", { class: "slot-no" }, legal ? h("kbd", {}, String(slot + 1)) : `slot ${slot + 1}`),
        flower ? badge("flower", flower, { size: 38 }) : h("span", { class: "muted", style: { height: "38px", display: "grid", "place-items": "center" } }, "—"),
        h("span", { class: "slot-name" }, flower ? flowerName(flower) : "empty"),
        slot === lastOccupied ? h("span", { class: "compost-note", title: "At the end of the turn the rightmost token is composted (S-36)" }, "composted at turn end") : null,
      ),
    );
  });
  return h("section", { class: "panel stack" }, h("div", { class: "panel-title" }, "Stalk Exchange row"), row, swapPicker(ctx, m, ui));
}

/** With a slot picked: the flowers of your portfolio you may give for it, and how to plant. */
function swapPicker(ctx, m, ui) {
  if (ui.slot === null || !m.slotLegal(ui.slot)) return null;
  const taken = ctx.view.exchange[ui.slot];
  const gives = m.swaps.get(ui.slot) || [];
  const canPlant = m.plantSlots.has(ui.slot);
  return h(
    "div",
    { class: "se-swap-pick", "data-testid": "se-swap-picker" },
    h("strong", {}, `${flowerName(taken)} from slot ${ui.slot + 1}:`),
    h("span", {}, [canPlant ? "plant it on a + space of the Garden" : null, gives.length ? "swap it for one of yours" : null].filter(Boolean).join(", or ") + ":"),
    gives.map((give) =>
      h(
        "button",
        {
          type: "button",
          class: "btn btn-small",
          "data-action": "swap",
          "data-testid": `se-swap-${give}`,
          onclick: () => ctx.act({ type: "swap", slot: ui.slot, give }),
        },
        badge("flower", give, { size: 22 }),
        `give ${flowerName(give)}`,
      ),
    ),
    h(
      "button",
      {
        type: "button",
        class: "btn btn-small",
        "data-testid": "se-cancel",
        onclick: () => {
          ui.slot = null;
          ctx.rerender();
        },
      },
      "Cancel",
    ),
  );
}

export function actionsBar(ctx, m, ui) {
  const view = ctx.view;
  if (view.over) return null;
  const active = view.active;
  const me = ctx.seat;
  const left = Math.max(0, view.basic_actions - view.basic_taken);
  const seedy = view.players[active].seedy_unspent;
  const whose = active === me ? "You" : seatName(ctx.players, active);
  const steps = h(
    "div",
    { class: "se-step" },
    h("strong", {}, `Round ${view.round}`),
    ` · ${whose}: ${view.basic_taken} of ${view.basic_actions} basic actions taken`,
    left === 0 && seedy > 0 && active === me ? " · extra plants and swaps cost 1 Seedy Business token each" : "",
  );
  const bar = h("div", { class: "se-actions" });
  if (ctx.legal.length) {
    let hint;
    if (ui.slot !== null) hint = "";
    else if (m.plantSlots.size || m.swaps.size) hint = left > 0 ? `Pick a token in the Exchange (keys 1–${view.exchange.length}).` : "Pick a token for an extra action, or end your actions.";
    else hint = "No plant or swap is possible.";
    if (hint) bar.append(h("span", { class: "muted", "data-testid": "se-hint" }, hint));
    if (m.flush) {
      bar.append(actionButton({ label: `Flush the Exchange (1 Seedy token, ${seedy} left)`, action: m.flush, act: ctx.act, testid: "se-flush", key: "f", title: "Compost every Exchange token and refill the row (S-26)" }));
    }
    if (m.end) {
      const label = left > 0 ? `End actions (forfeit ${left})` : "End actions";
      bar.append(actionButton({ label, action: m.end, act: ctx.act, testid: "se-end", key: "e", primary: left === 0 }));
    }
  }
  return h("section", { class: "panel se-actions-panel", "data-testid": "se-actions" }, steps, bar.childNodes.length ? bar : null);
}
