// The Stalk Exchange row and the actions: the legal actions grouped by slot, the slot picked
// (kept per table and version), the swap picker and the actions bar (Flush, End actions).

import { actionButton, h, seatName, tableStore } from "../../common.js";
import { badge } from "../../glyphs.js";
import { t } from "../../i18n.js";
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
      "aria-label": flower ? t("Slot {n}: {flower}", { n: slot + 1, flower: flowerName(flower) }) : t("Slot {n}: empty", { n: slot + 1 }),
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
        h("span", { class: "slot-no" }, legal ? h("kbd", {}, String(slot + 1)) : t("slot {n}", { n: slot + 1 })),
        flower ? badge("flower", flower, { size: 38 }) : h("span", { class: "muted", style: { height: "38px", display: "grid", "place-items": "center" } }, "—"),
        h("span", { class: "slot-name" }, flower ? flowerName(flower) : t("empty")),
        slot === lastOccupied ? h("span", { class: "compost-note", title: t("At the end of the turn the rightmost token is composted (S-36)") }, t("composted at turn end")) : null,
      ),
    );
  });
  return h("section", { class: "panel stack" }, h("div", { class: "panel-title" }, t("Stalk Exchange row")), row, swapPicker(ctx, m, ui));
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
    h("strong", {}, t("{flower} from slot {n}:", { flower: flowerName(taken), n: ui.slot + 1 })),
    h("span", {}, pickerWhat(canPlant, gives.length > 0)),
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
        t("give {flower}", { flower: flowerName(give) }),
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
      t("Cancel"),
    ),
  );
}

function pickerWhat(canPlant, canSwap) {
  if (canPlant && canSwap) return t("plant it on a + space of the Garden, or swap it for one of yours:");
  if (canPlant) return t("plant it on a + space of the Garden:");
  return t("swap it for one of yours:");
}

export function actionsBar(ctx, m, ui) {
  const view = ctx.view;
  if (view.over) return null;
  const active = view.active;
  const me = ctx.seat;
  const left = Math.max(0, view.basic_actions - view.basic_taken);
  const seedy = view.players[active].seedy_unspent;
  const counts = { taken: view.basic_taken, total: view.basic_actions, name: seatName(ctx.players, active) };
  const steps = h(
    "div",
    { class: "se-step" },
    h("strong", {}, t("Round {n}", { n: view.round })),
    " · ",
    active === me ? t("You: {taken} of {total} basic actions taken", counts) : t("{name}: {taken} of {total} basic actions taken", counts),
    left === 0 && seedy > 0 && active === me ? " · " + t("extra plants and swaps cost 1 Seedy Business token each") : "",
  );
  const bar = h("div", { class: "se-actions" });
  if (ctx.legal.length) {
    let hint;
    if (ui.slot !== null) hint = "";
    else if (m.plantSlots.size || m.swaps.size) hint = left > 0 ? t("Pick a token in the Exchange (keys 1–{n}).", { n: view.exchange.length }) : t("Pick a token for an extra action, or end your actions.");
    else hint = t("No plant or swap is possible.");
    if (hint) bar.append(h("span", { class: "muted", "data-testid": "se-hint" }, hint));
    if (m.flush) {
      bar.append(actionButton({ label: t("Flush the Exchange (1 Seedy token, {n} left)", { n: seedy }), action: m.flush, act: ctx.act, testid: "se-flush", key: "f", title: t("Compost every Exchange token and refill the row (S-26)") }));
    }
    if (m.end) {
      const label = left > 0 ? t("End actions (forfeit {n})", { n: left }) : t("End actions");
      bar.append(actionButton({ label, action: m.end, act: ctx.act, testid: "se-end", key: "e", primary: left === 0 }));
    }
  }
  return h("section", { class: "panel se-actions-panel", "data-testid": "se-actions" }, steps, bar.childNodes.length ? bar : null);
}
