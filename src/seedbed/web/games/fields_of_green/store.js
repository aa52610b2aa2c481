// Fields of Green per-table state: the table id (the replay's "<id>#replay-<seat>" keys share
// it), the local choices, the card set's catalog (GET /api/tables/{id}/catalog, asked once), the
// designs of the cards and tiles seen so far (events name them by id) and the redraw.

import { fetchJson, tableStore } from "../../common.js";
import { translatedDesign } from "./cards.js";

export const NAME = "fields_of_green";

/** The table id (the replay viewer's "<id>#replay-<seat>" keys share the table's store). */
export function tableIdOf(ctx) {
  if (ctx.tableId) return String(ctx.tableId).split("#")[0];
  const found = /\/(?:play|watch|replay)\/([^/?#]+)/.exec(window.location.pathname);
  return found ? decodeURIComponent(found[1]) : "local";
}

export function storeOf(ctx) {
  const st = tableStore(tableIdOf(ctx), NAME);
  if (!st.cards) {
    Object.assign(st, { cards: new Map(), tiles: new Map(), catalog: null, mode: null, selected: null, split: null, pending: null, version: -1 });
  }
  return st;
}

export function loadCatalog(st, tableId) {
  if (st.catalogAsked || tableId === "local") return;
  st.catalogAsked = true;
  fetchJson(`/api/tables/${encodeURIComponent(tableId)}/catalog`)
    .then((body) => {
      if (!body || !body.catalog) return;
      st.catalog = indexCatalog(body.catalog);
      refresh(st);
    })
    .catch(() => {
      /* names fall back to the design ids */
    });
}

function indexCatalog(data) {
  // the card set's texts in the chosen language (D-75)
  const locations = new Map((data.locations || []).map((d) => [d.id, translatedDesign(d)]));
  const tiles = new Map((data.equipment || []).map((d) => [d.id, translatedDesign(d)]));
  return { name: data.name, locations, tiles };
}

/** Remember the design of every card and tile the view shows (events name them by id). */
export function learn(st, view) {
  const card = (c) => c && st.cards.set(c.id, c);
  const tile = (t) => t && st.tiles.set(t.id, t.design);
  for (const c of [...(view.hand || []), ...(view.display || []), ...(view.discard || [])]) card(c);
  card(view.commit);
  for (const p of view.players || []) {
    card(p.revealed);
    for (const e of p.farm) {
      card(e.card);
      e.equipment.forEach(tile);
    }
    p.set_aside.forEach(tile);
  }
  (view.equipment_discard || []).forEach(tile);
  (view.known_stack || []).forEach(([, t]) => tile(t));
  const d = view.decision;
  if (d) {
    (d.tiles || []).forEach(tile);
    tile(d.tile);
  }
}

export function noteEvents(st, events) {
  for (const e of events || []) {
    if (e.kind === "build" && e.design && !st.cards.has(e.card)) st.cards.set(e.card, { id: e.card, design: e.design, kind: null });
    if (e.kind === "equip" || e.kind === "set-aside") st.tiles.set(e.tile_id, e.tile);
  }
}

/** Re-draw the last view after a local change (selection, mode); the shell keeps the focus. */
export function refresh(st) {
  const ctx = st.lastCtx;
  if (ctx && ctx.rerender) ctx.rerender();
}
