// What just happened at a Fields of Green table (issue 17), for the shell's change marks
// (changes.js): the cell a card was built on, harvested or turned face down, and the
// resources a player gained, each with a short tag.

import { t } from "../../i18n.js";
import { resourceText } from "./cards.js";

function cellOf(view, seat, card) {
  const p = view.players[seat];
  const entry = p && p.farm.find((e) => e.card && e.card.id === card);
  return entry ? entry.cell : null;
}

/** Where a player's cell is drawn: your own farm, a spectator's big farms, else the player's
 *  panel. A farm cell is small and clips what overflows it: it glows without a tag (its
 *  owner's resources carry the tag of what it paid). */
function place(view, viewer, seat, cell) {
  if (cell && seat === viewer) return `[data-testid="fog-farm-mine"] [data-cell="${cell[0]},${cell[1]}"]`;
  if (cell && viewer === null) return `[data-testid="fog-farm-big-${seat}"] [data-cell="${cell[0]},${cell[1]}"]`;
  return `[data-testid="fog-player-${seat}"]`;
}

const res = (seat) => `[data-testid="fog-res-${seat}"]`;
const tag = (view, viewer, seat, cell, label) => ({ selector: place(view, viewer, seat, cell), label: cell && (seat === viewer || viewer === null) ? "" : label });

export function changesOf(events, view) {
  const viewer = view.viewer ?? null;
  const out = [];
  for (const e of events || []) {
    switch (e.kind) {
      case "build":
      case "build-tower":
      case "build-silo":
        out.push(tag(view, viewer, e.player, e.cell, e.kind === "build" ? t("built") : e.kind === "build-tower" ? t("Water Tower") : t("Silo")));
        break;
      case "restore":
        out.push(tag(view, viewer, e.player, e.cell, t("restored")));
        break;
      case "harvest":
        if (e.paid && (e.tile === -1 || e.tile === null || e.tile === undefined)) out.push(tag(view, viewer, e.player, cellOf(view, e.player, e.card), t("harvested")));
        break;
      case "open-area":
        out.push(tag(view, viewer, e.player, cellOf(view, e.player, e.card), t("Open Area")));
        break;
      case "gain": {
        const parts = ["coins", "food", "water", "vp"].filter((r) => e[r]).map((r) => `+${resourceText(e[r], r)}`);
        if (parts.length) out.push({ selector: res(e.player), label: parts.join(" ") });
        break;
      }
      case "market":
        out.push({ selector: res(e.player), label: `+${resourceText(e.coins, "coins")}` });
        break;
      case "income":
        out.push({ selector: res(e.player), label: `+${resourceText(e.coins, "coins")}` });
        break;
      default:
        break;
    }
  }
  return out;
}
