// "Pass automatically when nothing is addressed to me" (issue 31 item 4): a person's own
// setting at a table whose game has it (the view's `auto_pass`; the server stores it, on by
// default at turn-based tables). The table then passes for them in the other players' trading
// whenever no offer waits for their answer, and says so in the log.

import { h } from "./common.js";
import { t } from "./i18n.js";

export class AutoPassToggle {
  /** `send(message)`: sends a message on the table's socket; whether it went. */
  constructor(send) {
    this.box = h("input", { type: "checkbox", "data-testid": "auto-pass" });
    this.node = h(
      "label",
      {
        class: "auto-pass small",
        hidden: true,
        title: t("The table passes for you in the other players' trading when no offer waits for your answer; offers to you still wait for you."),
      },
      this.box,
      " ",
      t("Pass automatically when nothing is addressed to me"),
    );
    this.box.addEventListener("change", () => {
      if (!send({ type: "settings", auto_pass: this.box.checked })) this.box.checked = !this.box.checked;
    });
  }

  /** Show the seat's setting as the server has it (hidden where the game has none). */
  update(msg) {
    const on = msg.auto_pass;
    this.node.hidden = on === null || on === undefined || msg.status === "finished";
    if (!this.node.hidden) this.box.checked = Boolean(on);
  }
}
