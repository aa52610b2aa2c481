// The Stalk Exchange Garden: pointy-top hexes in axial coordinates, bulbs as onion shapes on soil,
// blooms as six-petal flowers, the spaces planted last ringed, and with a token picked the spaces
// it may be planted on (a blue +).

import { h, s } from "../../common.js";
import { plural, t } from "../../i18n.js";
import { glyph, letters, shape } from "../../glyphs.js";
import { plantKey } from "./exchange.js";
import { flowerName, flowerTip } from "./flowers.js";

const HEX = 30; // hex radius in SVG units (pointy-top)

const SQRT3 = Math.sqrt(3);

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

export function garden(ctx, m, ui) {
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
    "aria-label": t("The Garden"),
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
      const label = side === "bulb" ? t("{tip} — bulb at {q},{r}", { tip: flowerTip(view, token.flower), q, r }) : t("{tip} — bloom at {q},{r}", { tip: flowerTip(view, token.flower), q, r });
      root.append(
        s(
          "g",
          { "data-testid": `se-space-${q}_${r}`, "data-flower": token.flower, "data-side": side, role: "img", "aria-label": label },
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
        role: legal ? "button" : "img",
        "aria-label": legal ? t("Plant here ({q},{r})", { q, r }) : t("Empty space {q},{r}", { q, r }),
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
    h("span", { class: "row", style: { "flex-wrap": "nowrap" } }, miniToken("bulb"), t("Bulb: blooms at the next upkeep with an empty space next to it, and stays a bulb until then; bulbs are never harvested.")),
    h("span", { class: "row", style: { "flex-wrap": "nowrap" } }, miniToken("bloom"), t("Bloom: a group of one flower with no empty space next to it is harvested at upkeep.")),
  );
  return h("section", { class: "panel se-garden" }, h("div", { class: "panel-title" }, plural(view.garden.tokens.length, "The Garden — {n} token planted", "The Garden — {n} tokens planted")), root, legend);
}

function miniToken(side) {
  const svgEl = s("svg", { viewBox: "-31 -31 62 62", width: 34, height: 34, "aria-hidden": "true", style: { flex: "none" } });
  svgEl.append(s("path", { d: hexPath(0, 0, 30), fill: side === "bulb" ? "#a98b61" : "#cfe6bf", stroke: "#7d6a48", "stroke-width": 1.5 }));
  const inner = side === "bulb" ? bulbToken("tulip", 0, 0) : bloomToken("tulip", 0, 0);
  svgEl.append(inner);
  return svgEl;
}
