// Whose turn it is, apart from who may move (issue 38 item 3). In some games others may act
// during a player's turn (Bohnanza's trading): they are on the move, but it is not their turn.
// A game module may say whose turn a view is with turnOwner(view) -> seat (null: the game has
// no such notion, every seat on the move has a turn of its own) and what the others may do
// then with sideMove(view) -> a verb ("trade"); the banner, the players list and the tab's
// title read it from here, so "Your turn" means your own turn only.

import { t } from "./i18n.js";

/** The side move's verb in the chosen language, for "You may {verb}" (issue 36). */
export function verbText(verb) {
  return verb === "trade" ? t("trade") : verb === "move" ? t("move") : verb;
}

/** {mine, own, owner, verb} for the viewer of `msg`: whether the viewer is on the move,
 *  whether it is the viewer's own turn, whose turn it is (or null) and the side move's verb. */
export function turnOf(module, msg) {
  const seat = msg.seat;
  const mine = seat !== null && seat !== undefined && (msg.to_move || []).includes(seat);
  let owner = null;
  let verb = "move";
  try {
    const found = module && module.turnOwner ? module.turnOwner(msg.view) : null;
    owner = Number.isInteger(found) ? found : null;
    verb = (module && module.sideMove && module.sideMove(msg.view)) || "move";
  } catch {
    owner = null;
  }
  const own = mine && (owner === null || owner === seat);
  return { mine, own, owner, verb };
}
