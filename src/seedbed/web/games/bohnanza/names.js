// Seat names in the Bohnanza view: the shell's names (namesakes told apart by seat), "(you)"
// for the viewer, and the seat's colour dot.

import { h, seatDot, seatName } from "../../common.js";
import { t } from "../../i18n.js";

let players = []; // the table's seats [{seat, kind, name}] from the latest ctx (for describeEvent)

/** Remember the table's seats (the shell passes them to render, prompt and describeEvent). */
export function setPlayers(seats) {
  if (seats) players = seats;
}

/** A seat's display name (the shell's seatName adds "(seat N)" to namesakes), "(you)" for the
viewer. */
export function nameOf(seat, viewer = null) {
  if (seat === null || seat === undefined || seat === "any") return t("anyone");
  const base = seatName(players, seat);
  return seat === viewer ? t("{name} (you)", { name: base }) : base;
}

/** The name with the seat's colour dot (the shell's players list uses the same colours). */
export function named(seat, viewer = null) {
  if (seat === "any" || seat === null || seat === undefined) return h("span", {}, t("anyone"));
  return h("span", { class: "bn-name" }, seatDot(seat), nameOf(seat, viewer));
}
