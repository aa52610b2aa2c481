// The turn timer's countdown (issue 17): every viewer sees how long the seats on the move
// have left and whose time it is; the player on the move is warned in its last seconds. The
// server sends the seats, the turn's length and the seconds left with each view (timer); the
// countdown runs on this device's clock from there. The deadline is taken from a view when it
// arrives, once: drawing the same view again (a click that redraws the table) must not
// restart the count from the view's seconds, and a later view of the same turn may only bring
// it closer (issue 38 item 8: the clock went up from 1:03 to 1:05).

import { clear, h, nameTag, s, seatName, svg } from "./common.js";
import { t } from "./i18n.js";

export const WARN_SECONDS = 10;

function clock(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** A turn-based table's deadline (issue 31 item 1): hours and days, not a ticking clock. */
export const LONG_SECONDS = 3600;

export function inWords(seconds) {
  if (seconds >= 2 * 86400) return t("{n} days", { n: Math.round(seconds / 86400) });
  if (seconds >= 3600) return t("{n} h", { n: Math.round(seconds / 3600) });
  return t("{n} min", { n: Math.max(1, Math.round(seconds / 60)) });
}

/** A small clock face (the system fonts may have no clock glyph). */
function clockIcon() {
  return svg(16, 16, { class: "turn-timer-icon", "aria-hidden": "true", width: 16, height: 16 },
    s("circle", { cx: 8, cy: 8, r: 6.5, fill: "none", stroke: "currentColor", "stroke-width": 1.6 }),
    s("path", { d: "M8 4.2V8l2.6 1.6", fill: "none", stroke: "currentColor", "stroke-width": 1.6, "stroke-linecap": "round" }),
  );
}

export class TurnTimer {
  constructor() {
    this.box = h("div", { class: "turn-timer", "data-testid": "turn-timer", hidden: true, role: "timer", "aria-live": "off" });
    this.warning = h("div", { class: "turn-timer-warning", "data-testid": "timer-warning", hidden: true, role: "alert" });
    this.node = h("div", { class: "turn-timer-holder", hidden: true }, this.box, this.warning);
    this.deadline = null;
    this.msg = null;
    this.turn = null;
    this.tick = setInterval(() => this.draw(), 250);
  }

  /** A new view: its timer (or none), the viewer's seat and the table's seats. */
  update(msg, players) {
    if (msg !== this.msg) this.deadline = this.deadlineOf(msg);
    this.msg = msg;
    this.timer = msg.status === "running" ? msg.timer || null : null;
    this.viewer = msg.seat;
    this.players = players;
    this.draw();
  }

  /** The deadline a newly arrived view sets, on this device's clock: the server's seconds
   *  left from now, but never later than the deadline of the same turn shown before. */
  deadlineOf(msg) {
    const timer = msg.status === "running" ? msg.timer : null;
    if (!timer) return null;
    const deadline = performance.now() + timer.remaining * 1000;
    const turn = `${msg.version}:${timer.seats.join(",")}`;
    const same = this.turn === turn && this.deadline !== null;
    this.turn = turn;
    return same ? Math.min(this.deadline, deadline) : deadline;
  }

  draw() {
    this.node.hidden = !this.timer; // no empty gap under the banner without a timer
    if (!this.timer) return;
    const left = Math.max(0, (this.deadline - performance.now()) / 1000);
    const seats = this.timer.seats;
    const mine = this.viewer !== null && seats.includes(this.viewer);
    if (this.timer.seconds >= LONG_SECONDS) return this.drawDeadline(left, seats, mine);
    const urgent = left <= WARN_SECONDS;
    this.box.hidden = false;
    this.box.className = `turn-timer${urgent ? " urgent" : ""}`;
    clear(this.box).append(
      clockIcon(),
      h("span", { class: "sr-only" }, t("Turn timer: ")),
      h("span", { class: "turn-timer-clock", "data-testid": "timer-clock" }, clock(left)),
      h(
        "span",
        { class: "turn-timer-who" },
        t("for "),
        seats.map((s, i) => [i ? ", " : "", nameTag(s, s === this.viewer ? t("you") : seatName(this.players, s))]),
      ),
    );
    this.warning.hidden = !(mine && urgent);
    if (mine && urgent) {
      this.warning.textContent = left > 0 ? t("Hurry: {n} s left, then a stand-in bot plays this move for you.", { n: Math.ceil(left) }) : t("Time is up: a stand-in bot plays this move for you.");
    }
  }

  /** A turn-based table: "Your move is due in 23 h" (or whose move it is), no warning. */
  drawDeadline(left, seats, mine) {
    this.box.hidden = false;
    this.box.className = "turn-timer turn-deadline";
    this.warning.hidden = true;
    const when = left > 0 ? t("due in {time}", { time: inWords(left) }) : t("due now: a stand-in bot plays it");
    const names = seats.map((s, i) => [i ? ", " : "", nameTag(s, seatName(this.players, s))]);
    const text = mine ? [t("Your move is "), when] : [t("Move "), when, t(" for "), names];
    clear(this.box).append(
      clockIcon(),
      h("span", { class: "turn-timer-who", "data-testid": "timer-clock" }, text),
    );
  }
}
