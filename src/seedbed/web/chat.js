// The table chat (issue 17): people at the table write, everyone watching reads. The server
// sends {type: "chat", enabled, lines} on connect (the last messages) and for each new one;
// a seat sends {type: "chat", text}. Messages are plain text: always added as text nodes.

import { clear, h, nameTag } from "./common.js";
import { t } from "./i18n.js";

export const MAX_CHAT_CHARS = 300; // the server's limit (protocol.MAX_CHAT_CHARS)

export class TableChat {
  constructor(send) {
    this.send = send;
    this.seen = new Set();
    this.enabled = null;
    this.list = h("ol", { class: "chat-lines", "data-testid": "chat-lines", "aria-label": t("Table chat"), "aria-live": "polite" });
    this.input = h("input", { type: "text", maxlength: MAX_CHAT_CHARS, "data-testid": "chat-input", "aria-label": t("Say something to the table"), placeholder: t("Say something…") });
    this.button = h("button", { type: "submit", class: "btn btn-small", "data-testid": "chat-send" }, t("Send"));
    this.form = h("form", { class: "chat-form", hidden: true, onsubmit: (e) => this.submit(e) }, this.input, this.button);
    this.note = h("p", { class: "small muted", "data-testid": "chat-note" }, t("Connecting…"));
    this.node = h("section", { class: "panel chat", id: "table-chat", "data-testid": "chat" }, h("div", { class: "panel-title" }, t("Chat")), this.list, this.note, this.form);
    // on a phone the chat is far below the table: new messages out of sight show in the top bar
    this.unread = 0;
    this.badge = h("a", { class: "chat-badge", href: "#table-chat", hidden: true, "data-testid": "chat-unread", onclick: () => this.markRead() });
    this.visible = false;
    if (typeof IntersectionObserver !== "undefined") {
      new IntersectionObserver((seen) => {
        this.visible = seen.some((e) => e.isIntersecting);
        if (this.visible) this.markRead();
      }).observe(this.node);
    }
  }

  markRead() {
    this.unread = 0;
    this.badge.hidden = true;
  }

  /** The connection's seat is known (null: a spectator, who reads only). */
  setSeat(seat) {
    this.seat = seat;
    this.drawNote();
  }

  onMessage(message) {
    const first = this.enabled === null;
    this.enabled = message.enabled;
    for (const line of message.lines) {
      if (this.seen.has(line.id)) continue; // a reconnect sends the last lines again
      this.seen.add(line.id);
      if (!first && !this.visible && line.seat !== this.seat) this.unread += 1;
      this.list.append(
        h("li", { "data-testid": "chat-line" }, nameTag(line.seat, line.name), ": ", h("span", { class: "chat-text" }, line.text)),
      );
    }
    this.list.scrollTop = this.list.scrollHeight;
    this.badge.hidden = this.unread === 0;
    this.badge.textContent = t("Chat: {n} new", { n: this.unread });
    this.drawNote();
  }

  drawNote() {
    const writer = this.enabled && this.seat !== null && this.seat !== undefined;
    this.form.hidden = !writer;
    if (this.enabled === false) this.note.textContent = t("Chat is off at this table.");
    else if (this.enabled && !writer) this.note.textContent = t("Spectators read the chat; the people at the table write.");
    else if (this.enabled && !this.list.childElementCount) this.note.textContent = t("No messages yet.");
    else this.note.textContent = "";
    this.note.hidden = this.note.textContent === "";
    if (this.enabled === false) clear(this.list);
  }

  submit(event) {
    event.preventDefault();
    const text = this.input.value.trim();
    if (!text) return;
    if (this.send({ type: "chat", text })) this.input.value = "";
  }
}
