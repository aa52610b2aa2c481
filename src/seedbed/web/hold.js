// The hold of a bot's move (issue 38 item 1): at a table with people the server keeps back a
// bot's move that its game says must wait (Bohnanza: the active bot ending its trading phase
// while a person may still trade) and sends with each view when it will be played: hold =
// {seat, seconds, remaining}. The banner shows it as a countdown on this device's clock from
// there ("Trading closes in 7 s": the words are the game module's holdWords(view, seat)).

import { h, seatName } from "./common.js";
import { t } from "./i18n.js";

export class HoldClock {
  constructor() {
    this.node = h("span", { class: "hold-clock", "data-testid": "hold-clock", role: "timer", "aria-live": "off", hidden: true });
    this.hold = null;
    this.deadline = null;
    this.words = "";
    this.tick = setInterval(() => this.draw(), 250);
  }

  /** A new view: its hold (or none), in the game module's words. */
  update(msg, module, players) {
    const hold = msg.status === "running" ? msg.hold : null;
    this.hold = hold || null;
    this.deadline = hold ? performance.now() + hold.remaining * 1000 : null;
    if (hold) {
      let words = "";
      try {
        words = module && module.holdWords ? module.holdWords(msg.view, hold.seat) || "" : "";
      } catch {
        words = "";
      }
      this.words = words || t("{name} moves", { name: seatName(players, hold.seat) });
    }
    this.draw();
  }

  draw() {
    const left = this.hold ? Math.max(0, (this.deadline - performance.now()) / 1000) : 0;
    this.node.hidden = !this.hold || left <= 0;
    if (this.node.hidden) return;
    this.node.textContent = t("{what} in {n} s", { what: this.words, n: Math.ceil(left) });
  }
}
