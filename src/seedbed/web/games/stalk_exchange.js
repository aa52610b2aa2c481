// Stalk Exchange table view: the hex Garden (bulbs and blooms), the Exchange row, the Market
// board (stalk values, the market track and the crash distance), your hidden portfolio and
// everyone's Seedy Business tokens. To act: pick a token in the Exchange (click, or keys 1–6),
// then an empty Garden space to plant it, or a flower of your portfolio to swap for it.
// Only actions in ctx.legal are offered. Rules clauses: S-11 … S-48 (docs/rules/stalk_exchange.md).

import { actionButton, h, plural, s, seatDot, seatLabel, seatName, tableStore } from "../common.js";
import { badge, glyph, letters, shape } from "../glyphs.js";

const FLOWERS = ["dahlia", "daffodil", "globemaster", "snowdrop", "tulip"];
const HEX = 30; // hex radius in SVG units (pointy-top)
const SQRT3 = Math.sqrt(3);

// ------------------------------------------------------------------ small helpers

function flowerName(name) {
  return glyph("flower", name).label;
}

function plantKey(slot, q, r) {
  return `${slot}:${q},${r}`;
}

/** The legal actions grouped for the view: plants by slot and space, swaps by slot. */
function menu(legal) {
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

/** S-41: the values after the Bust (every type tied for the highest value halves, floor). */
function bust(values) {
  const top = Math.max(...FLOWERS.map((f) => values[f]));
  const out = {};
  for (const f of FLOWERS) out[f] = top > 0 && values[f] === top ? Math.floor(values[f] / 2) : values[f];
  return out;
}

function worth(values, portfolio) {
  return FLOWERS.reduce((sum, f) => sum + values[f] * (portfolio[f] || 0), 0);
}

/** S-43: tokens held at each distinct final value, highest value first. */
function levels(values, portfolio) {
  const distinct = [...new Set(FLOWERS.map((f) => values[f]))].sort((a, b) => b - a);
  return distinct.map((v) => FLOWERS.filter((f) => values[f] === v).reduce((n, f) => n + (portfolio[f] || 0), 0));
}

function compareKeys(a, b) {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    if ((a[i] || 0) !== (b[i] || 0)) return (b[i] || 0) - (a[i] || 0);
  }
  return 0;
}

/** Per-table UI state: the Exchange slot picked, for the version it was picked at. */
function uiState(ctx) {
  const store = tableStore(ctx.tableId, "stalk_exchange");
  if (store.version !== ctx.msg.version) {
    store.version = ctx.msg.version;
    store.slot = null;
  }
  return store;
}

// ------------------------------------------------------------------ the Garden

function hexCentre(q, r) {
  return [HEX * SQRT3 * (q + r / 2), HEX * 1.5 * r];
}

function hexPath(cx, cy, size = HEX) {
  const points = [];
  for (let i = 0; i < 6; i += 1) {
    const angle = (Math.PI / 180) * (60 * i - 30);
    points.push(`${(cx + size * Math.cos(angle)).toFixed(2)},${(cy + size * Math.sin(angle)).toFixed(2)}`);
  }
  return `M${points.join("L")}Z`;
}

function gardenSpaces(radius) {
  const spaces = [];
  for (let r = -radius; r <= radius; r += 1) {
    for (let q = -radius; q <= radius; q += 1) {
      if (Math.abs(q + r) <= radius) spaces.push([q, r]);
    }
  }
  return spaces;
}

/** A bulb: an onion shape in the flower's colour and pattern, on dark soil. */
function bulbToken(flower, cx, cy) {
  const d = `M${cx},${cy - 17} C${cx + 5},${cy - 9} ${cx + 15},${cy - 3} ${cx + 13},${cy + 7} C${cx + 11},${cy + 16} ${cx - 11},${cy + 16} ${cx - 13},${cy + 7} C${cx - 15},${cy - 3} ${cx - 5},${cy - 9} ${cx},${cy - 17} Z`;
  return s("g", {}, shape("flower", flower, s("path", { d })), letters("flower", flower, cx, cy + 4, glyph("flower", flower).letter.length > 1 ? 11 : 13));
}

/** A bloom: six petals in the flower's colour and pattern around a pale centre. */
function bloomToken(flower, cx, cy) {
  const petals = s("g", {});
  for (let i = 0; i < 6; i += 1) {
    const a = (Math.PI / 3) * i;
    petals.append(s("circle", { cx: (cx + 12 * Math.cos(a)).toFixed(2), cy: (cy + 12 * Math.sin(a)).toFixed(2), r: 9.5 }));
  }
  return s(
    "g",
    {},
    shape("flower", flower, petals, { strokeWidth: 1 }),
    s("circle", { cx, cy, r: 10, fill: "#fffbe6", stroke: "#6b5a2a", "stroke-width": 1 }),
    s("text", { x: cx, y: cy + 0.5, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 11, "font-weight": 700, fill: "#1d261d", "pointer-events": "none" }, glyph("flower", flower).letter),
  );
}

function recentSpaces(events) {
  const planted = new Set();
  for (const e of events || []) {
    if (e.kind === "plant") planted.add(`${e.space[0]},${e.space[1]}`);
  }
  return planted;
}

function garden(ctx, m, ui) {
  const view = ctx.view;
  const radius = view.garden.radius;
  const tokens = new Map(view.garden.tokens.map((t) => [`${t.space[0]},${t.space[1]}`, t]));
  const recent = recentSpaces(ctx.msg.events);
  const width = HEX * SQRT3 * (2 * radius + 1) + 8;
  const height = HEX * (3 * radius + 2) + 8;
  const root = s("svg", {
    viewBox: `${-width / 2} ${-height / 2} ${width} ${height}`,
    class: "se-board",
    role: "group",
    "aria-label": "The Garden",
    "data-testid": "se-garden",
  });
  const picking = ui.slot !== null && m.plantSlots.has(ui.slot);
  for (const [q, r] of gardenSpaces(radius)) {
    const [cx, cy] = hexCentre(q, r);
    const token = tokens.get(`${q},${r}`);
    const key = `${q},${r}`;
    if (token) {
      const side = token.side;
      const bg = s("path", { d: hexPath(cx, cy), fill: side === "bulb" ? "#a98b61" : "#cfe6bf", stroke: "#7d6a48", "stroke-width": 1.5 });
      const label = `${flowerName(token.flower)} ${side} at ${q},${r}`;
      root.append(
        s(
          "g",
          { "data-testid": `se-space-${q}_${r}`, "data-flower": token.flower, "data-side": side, "aria-label": label },
          s("title", {}, label),
          bg,
          side === "bulb" ? bulbToken(token.flower, cx, cy) : bloomToken(token.flower, cx, cy),
          recent.has(key) ? s("path", { d: hexPath(cx, cy, HEX - 3), fill: "none", stroke: "#ff9f1c", "stroke-width": 3, "stroke-dasharray": "6 3" }) : null,
        ),
      );
      continue;
    }
    const legal = picking && m.plants.has(plantKey(ui.slot, q, r));
    const cell = s(
      "g",
      {
        class: legal ? "legal" : "",
        "data-testid": `se-space-${q}_${r}`,
        "data-action": legal ? "plant" : null,
        tabindex: legal ? 0 : null,
        role: legal ? "button" : null,
        "aria-label": legal ? `Plant here (${q},${r})` : `Empty space ${q},${r}`,
      },
      s("path", { class: "hex-empty", d: hexPath(cx, cy) }),
      legal ? s("text", { x: cx, y: cy + 1, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 22, "font-weight": 700, fill: "#1b6cff", "pointer-events": "none" }, "+") : null,
      s("path", { class: "hit", d: hexPath(cx, cy) }),
    );
    if (legal) {
      const action = { type: "plant", slot: ui.slot, space: [q, r] };
      cell.addEventListener("click", () => ctx.act(action));
      cell.addEventListener("keydown", (e) => {
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          ctx.act(action);
        }
      });
    }
    root.append(cell);
  }
  const legend = h(
    "div",
    { class: "stack small muted", style: { gap: "4px" } },
    h("span", { class: "row", style: { "flex-wrap": "nowrap" } }, miniToken("bulb"), "Bulb: planted this turn; blooms at upkeep if a neighbouring space is empty."),
    h("span", { class: "row", style: { "flex-wrap": "nowrap" } }, miniToken("bloom"), "Bloom: a group of one flower with no empty space next to it is harvested at upkeep."),
  );
  return h("section", { class: "panel se-garden" }, h("div", { class: "panel-title" }, `The Garden — ${plural(view.garden.tokens.length, "token")} planted`), root, legend);
}

function miniToken(side) {
  const svgEl = s("svg", { viewBox: "-31 -31 62 62", width: 34, height: 34, "aria-hidden": "true", style: { flex: "none" } });
  svgEl.append(s("path", { d: hexPath(0, 0, 30), fill: side === "bulb" ? "#a98b61" : "#cfe6bf", stroke: "#7d6a48", "stroke-width": 1.5 }));
  const inner = side === "bulb" ? bulbToken("tulip", 0, 0) : bloomToken("tulip", 0, 0);
  svgEl.append(inner);
  return svgEl;
}

// ------------------------------------------------------------------ the Exchange

function exchange(ctx, m, ui) {
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

// ------------------------------------------------------------------ actions bar

function actionsBar(ctx, m, ui) {
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
  return h("section", { class: "panel stack", "data-testid": "se-actions" }, steps, bar.childNodes.length ? bar : null);
}

// ------------------------------------------------------------------ the Market

function market(ctx) {
  const view = ctx.view;
  const mk = view.market;
  const values = mk.values;
  const top = Math.max(...FLOWERS.map((f) => values[f]));
  const mine = view.portfolio;
  const rows = FLOWERS.map((f) => {
    const isTop = top > 0 && values[f] === top;
    const notes = [mine && mine[f] ? `yours × ${mine[f]}` : null, isTop ? `top: ${Math.floor(values[f] / 2)} after the Bust` : null].filter(Boolean);
    return h(
      "tr",
      { class: isTop ? "top" : "", "data-testid": `se-value-${f}` },
      h("td", { class: "nowrap" }, h("span", { class: "row" }, badge("flower", f, { size: 24 }), flowerName(f))),
      h("td", { class: "num" }, String(values[f])),
      h("td", { class: "small" }, notes.map((n) => h("div", {}, n))),
    );
  });
  return h(
    "section",
    { class: "panel se-market", "data-testid": "se-market" },
    h("div", { class: "panel-title" }, "Market board — stalk values"),
    h("table", {}, h("tbody", {}, rows)),
    track(mk, top),
    crashNote(mk, top, view),
  );
}

function track(mk, top) {
  const cells = h("div", { class: "se-track", "aria-label": "Market track", "data-testid": "se-track" });
  const lowest = Math.max(1, Math.min(top, mk.next_cell));
  for (let cell = mk.start; cell >= lowest; cell -= 1) {
    const index = mk.start - cell;
    const laid = mk.track[index];
    const classes = ["cell", cell === mk.next_cell ? "next" : ""].join(" ");
    const zone = cell <= top ? { background: "#fde8e6" } : null;
    cells.append(
      h(
        "div",
        { class: classes, style: zone, title: laid ? `cell ${cell}: ${flowerName(laid)}` : cell === mk.next_cell ? `cell ${cell}: the next harvested token goes here` : `cell ${cell}` },
        laid ? badge("flower", laid, { size: 22 }) : String(cell),
      ),
    );
  }
  return h("div", {}, h("div", { class: "small muted", style: { "margin-top": "8px" } }, `Market track: harvested tokens from cell ${mk.start} down; the next goes to cell ${mk.next_cell} (red). Shaded cells are at or below the highest value.`), cells);
}

function crashNote(mk, top, view) {
  if (view.crash) {
    const why = view.crash.triggers.map((t) => (t === 1 ? "the market met the values" : "the Greenhouse ran out")).join(" and ");
    return h("div", { class: "se-crash near", "data-testid": "se-crash" }, view.over ? `Market crash: ${why}. The game is over.` : `Market crash: ${why}. The game ends after this turn.`);
  }
  const d = mk.crash_distance;
  const near = d <= 2;
  return h(
    "div",
    { class: `se-crash ${near ? "near" : ""}`, "data-testid": "se-crash" },
    `Crash distance ${d}`,
    h("div", { class: "small", style: { "font-weight": 500 } }, `Next cell ${mk.next_cell} − highest value ${top}. Each harvested token lowers it by 1 (by 2 for a top-valued flower); a harvest that brings it below 1 crashes the market and ends the game.`),
  );
}

// ------------------------------------------------------------------ portfolio and players

function portfolio(ctx) {
  const view = ctx.view;
  if (!view.portfolio) return null;
  const p = view.portfolio;
  const values = view.market.values;
  const now = worth(values, p);
  const afterBust = worth(bust(values), p);
  let who = "Your portfolio (hidden from the others)";
  if (ctx.mode === "replay") who = `${seatName(ctx.players, ctx.seat)}'s portfolio`;
  else if (view.over) who = "Your portfolio";
  return h(
    "section",
    { class: "panel stack", "data-testid": "se-portfolio" },
    h("div", { class: "panel-title" }, who),
    h("div", { class: "se-portfolio" }, FLOWERS.filter((f) => p[f]).map((f) => chipWithValue(f, p[f], values[f]))),
    h("div", { class: "small" }, `Worth now ${now}; after the Bust ${afterBust}.`),
  );
}

function chipWithValue(flower, count, value) {
  return h(
    "span",
    { class: "chip", "data-testid": `se-hold-${flower}`, title: `${count} × ${flowerName(flower)} at value ${value}` },
    badge("flower", flower, { size: 22 }),
    h("span", { class: "chip-label" }, flowerName(flower)),
    h("span", { class: "chip-count" }, `× ${count}`),
  );
}

function seedyTokens(unspent, spent) {
  const dots = [];
  for (let i = 0; i < unspent; i += 1) dots.push(h("i", { class: "unspent", title: "unspent" }));
  for (let i = 0; i < spent; i += 1) dots.push(h("i", { class: "spent", title: "spent" }));
  return h("span", { class: "se-seedy", "aria-label": `${unspent} unspent, ${spent} spent` }, dots);
}

function playersTable(ctx) {
  const view = ctx.view;
  const over = view.over;
  const final = over ? view.final_values : null;
  const head = h(
    "tr",
    {},
    h("th", {}, "Player"),
    h("th", {}, "Seedy tokens"),
    h("th", {}, over ? "Portfolio (revealed)" : "Portfolio"),
    over ? h("th", {}, "Score") : null,
  );
  const rows = view.players.map((p) => {
    const known = FLOWERS.filter((f) => p.known_to_hold[f]);
    let holding;
    if (over) {
      const port = view.portfolios[p.seat];
      holding = h("span", { class: "row" }, FLOWERS.filter((f) => port[f]).map((f) => h("span", { class: "row", title: flowerName(f) }, badge("flower", f, { size: 20 }), `×${port[f]}`)));
    } else {
      holding = h(
        "span",
        {},
        `${plural(p.portfolio_size, "token")}`,
        known.length ? h("span", { class: "small muted" }, " · known: ", known.map((f) => `${p.known_to_hold[f]} ${flowerName(f)}`).join(", ")) : null,
      );
    }
    return h(
      "tr",
      { class: !over && view.active === p.seat ? "active-seat" : "", "data-testid": `se-player-${p.seat}` },
      h("td", {}, seatDot(p.seat), " ", seatLabel(ctx.players, p.seat, ctx.seat)),
      h("td", {}, seedyTokens(p.seedy_unspent, p.seedy_spent), h("div", { class: "small muted" }, `${p.seedy_unspent} of ${p.seedy_unspent + p.seedy_spent} left`)),
      h("td", {}, holding),
      over ? h("td", { class: "num" }, String(worth(final, view.portfolios[p.seat]))) : null,
    );
  });
  return h("section", { class: "panel" }, h("div", { class: "panel-title" }, "Players"), h("table", { class: "se-players" }, h("thead", {}, head), h("tbody", {}, rows)));
}

function supplies(ctx) {
  const view = ctx.view;
  const compost = FLOWERS.filter((f) => view.compost[f]);
  return h(
    "section",
    { class: "panel small", "data-testid": "se-supplies" },
    h("div", { class: "panel-title" }, "Bags"),
    h("p", {}, h("strong", {}, "Greenhouse: "), `${plural(view.greenhouse, "token")} left to draw (when a refill cannot fill the row, the market crashes).`),
    h("p", {}, h("strong", {}, "Compost: "), compost.length ? compost.map((f) => `${view.compost[f]} ${flowerName(f)}`).join(", ") : "empty"),
  );
}

// ------------------------------------------------------------------ the module

function render(ctx) {
  const m = menu(ctx.legal);
  const ui = uiState(ctx);
  if (ui.slot !== null && !m.slotLegal(ui.slot)) ui.slot = null;
  const layout = h(
    "div",
    { class: "se-layout" },
    h("div", { class: "stack" }, garden(ctx, m, ui)),
    h("div", { class: "stack" }, market(ctx), portfolio(ctx)),
  );
  ctx.root.append(h("div", { class: "stack" }, actionsBar(ctx, m, ui), exchange(ctx, m, ui), layout, playersTable(ctx), supplies(ctx)));
}

function describeEvent(event, view, players) {
  const who = (seat) => seatName(players, seat);
  const extra = event.extra ? " (extra action: 1 Seedy Business token)" : "";
  switch (event.kind) {
    case "plant":
      return `${who(event.player)} planted a ${flowerName(event.flower)} from slot ${event.slot + 1}${extra}`;
    case "swap":
      return `${who(event.player)} took the ${flowerName(event.took)} from slot ${event.slot + 1} and put back a ${flowerName(event.gave)}${extra}`;
    case "flush":
      return `${who(event.player)} flushed the Exchange (1 Seedy token): ${plural(event.composted.length, "token")} composted, ${event.drawn.length} drawn`;
    case "end_actions":
      return `${who(event.player)} ended their actions${event.forfeited ? ` (forfeited ${event.forfeited})` : ""}`;
    case "harvest":
      return `Harvest: ${Object.entries(event.flowers).map(([f, n]) => `${n} ${flowerName(f)}`).join(", ")}`;
    case "bloom":
      return `${plural(event.spaces.length, "bulb")} bloomed`;
    case "market": {
      const raised = [...new Set(event.laid.map(([f]) => f))];
      return `Market: ${raised.map((f) => `${flowerName(f)} now ${event.values[FLOWERS.indexOf(f)]}`).join(", ")}`;
    }
    case "exchange":
      return `Upkeep: ${event.composted ? `the ${flowerName(event.composted)} in the last slot was composted` : "nothing to compost"}; ${plural(event.drawn.length, "token")} drawn`;
    case "crash":
      return `MARKET CRASH — ${event.trigger === 1 ? "the market met the values" : "the Greenhouse ran out"}: the game ends after this turn`;
    case "game_over":
      return `Game over after ${plural(event.turns, "turn")}`;
    case "turn":
      return `${who(event.player)}'s turn`;
    default:
      return String(event.kind);
  }
}

function results(view) {
  if (!view.over) return [];
  const final = view.final_values;
  const entries = view.portfolios.map((p, seat) => ({ seat, score: worth(final, p), key: [worth(final, p), ...levels(final, p)] }));
  const topValue = Math.max(...FLOWERS.map((f) => final[f]));
  const topTypes = FLOWERS.filter((f) => final[f] === topValue).map(flowerName).join("/");
  return entries.map((e) => {
    const rank = 1 + entries.filter((o) => compareKeys(o.key, e.key) < 0).length;
    const tied = entries.filter((o) => o.seat !== e.seat && o.score === e.score).length > 0;
    const detail = `${plural(e.key[1], "token")} of ${topTypes} (top value ${topValue})${tied ? "; ties are broken level by level" : ""}`;
    return { seat: e.seat, score: e.score, rank, detail };
  });
}

function prompt({ view, legal }) {
  if (!legal.length || view.over) return "";
  const left = view.basic_actions - view.basic_taken;
  if (left > 0) return `${plural(left, "basic action")} left: plant or swap a token of the Exchange`;
  return "basic actions done: end your actions, or spend a Seedy token for an extra one";
}

export default {
  name: "stalk_exchange",
  render,
  describeEvent,
  results,
  prompt,
  options: [
    { key: "garden_radius", label: "Garden radius", type: "select", choices: [{ value: 2, label: "2 (19 spaces)" }, { value: 3, label: "3 (37 spaces)" }, { value: 4, label: "4 (61 spaces)" }], default: 3 },
    { key: "exchange_slots", label: "Exchange slots", type: "select", choices: [4, 5, 6, 7, 8], default: 6 },
    { key: "basic_actions", label: "Basic actions a turn", type: "select", choices: [1, 2, 3], default: 2 },
  ],
  playerCounts: [2, 3, 4, 5],
};
