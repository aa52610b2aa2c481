// Trading on a phone (issue 17): the offers panel with its composer becomes a sheet at the
// bottom of the screen, above your hand and fields, so composing an offer needs no scrolling
// between the cards and the form. It opens by itself only when an offer arrives for you (not
// when trading starts: it covered the table and "End trading", issue 38); its handle opens and
// closes it, and "End trading" / "Pass for now" stay in sight above it (style.css). On a wide
// screen the sheet is the plain panel of the right column (the handle is hidden).

import { h } from "../../common.js";
import { plural, t } from "../../i18n.js";
import { rerender } from "./choices.js";
import { offersForYou } from "./changes.js";

/** Whether the viewer may make an offer: not a spectator, nor anyone in a replay. */
function canOffer({ ctx, me }) {
  return me !== null && ctx.mode !== "replay";
}

/** Wrap the offers section of the view as the sheet; remembers open/closed per turn. */
export function tradeSheet(env, section) {
  const { ctx, view, ts } = env;
  const incoming = offersForYou({ view });
  const key = `${view.turn}:${view.phase}`;
  if (ts.sheetKey !== key) {
    ts.sheetKey = key;
    ts.sheetOpen = false;
  }
  const fresh = incoming.filter((id) => !(ts.sheetSeen || []).includes(id));
  if (fresh.length) ts.sheetOpen = true;
  ts.sheetSeen = incoming;
  const open = Boolean(ts.sheetOpen);
  const label =
    view.phase !== "trade"
      ? t("Offers")
      : incoming.length
        ? plural(incoming.length, "Trading · {n} offer for you", "Trading · {n} offers for you")
        : open || !canOffer(env)
          ? t("Trading")
          : t("Trading · make an offer");
  const handle = h(
    "button",
    {
      type: "button",
      class: "bn-sheet-handle",
      "aria-expanded": open ? "true" : "false",
      "data-testid": "bn-sheet-handle",
      onclick: () => {
        ts.sheetOpen = !open;
        rerender(ctx);
      },
    },
    h("span", { class: "bn-sheet-grip", "aria-hidden": "true" }),
    label,
    h("span", { "aria-hidden": "true" }, open ? " ▾" : " ▴"),
  );
  section.classList.add("bn-sheet");
  section.classList.toggle("bn-sheet-open", open);
  section.prepend(handle);
  return section;
}
