// What the Bohnanza view keeps between renders and what it may offer: the half-done choices
// of a table (the card picked for planting, the offer being composed, the cards picked to
// accept an offer), the legal actions of the view, action buttons and the redraw.

import { actionButton as shellButton, tableStore } from "../../common.js";

/** Half-done choices of this table, kept across renders: the card picked for planting, the
 *  offer being composed, the cards picked to accept an offer. */
export function tableState(ctx) {
  const ts = tableStore(ctx.tableId ?? "local", "bohnanza");
  if (!ts.compose) Object.assign(ts, { turn: null, phase: null, compose: emptyCompose(), pick: null, accept: {} });
  return ts;
}

export function emptyCompose() {
  return { to: null, giveHand: [], giveFaceup: [], want: {}, wantFaceup: [] };
}

export class Legal {
  constructor(list) {
    this.list = list || [];
  }
  of(type) {
    return this.list.filter((a) => a.type === type);
  }
  has(type, match = {}) {
    return this.find(type, match) !== undefined;
  }
  find(type, match = {}) {
    return this.list.find((a) => a.type === type && Object.entries(match).every(([k, v]) => a[k] === v));
  }
}

/** A button that sends `action` (always one of the legal actions), styled by the shell. */
export function actionButton(ctx, action, label, { testid, cls = "", title = null, primary = false, key = null } = {}) {
  return shellButton({ label, action, act: ctx.act, testid, key, primary, title, extraClass: cls });
}

/** Draw the table again after a local choice (the shell's and the replay's ctx.rerender). */
export function rerender(ctx) {
  ctx.rerender();
}
