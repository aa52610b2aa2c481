// Calling you back to the table (issue 17): when it becomes your turn, or an offer arrives for
// you, the tab's title and its icon change (so a tab in the background shows it) and, if you
// switched it on, a short chime plays, made in the page with WebAudio (no sound file is
// downloaded). The choice is remembered per browser (localStorage "seedbed.sound").
// A game module may name the offers waiting for the viewer: offersForYou(msg) -> [id, …].

import { h } from "./common.js";
import { t } from "./i18n.js";
import { turnOf } from "./turns.js";
import { paintIcon } from "./your_turn.js";

const SOUND_KEY = "seedbed.sound";

let baseTitle = document.title;
let before = { turn: false, offers: new Set(), version: -1 };
let audio = null;

export function soundOn() {
  try {
    return localStorage.getItem(SOUND_KEY) === "on";
  } catch {
    return false;
  }
}

function setSound(on) {
  try {
    localStorage.setItem(SOUND_KEY, on ? "on" : "off");
  } catch {
    /* private mode: the choice lasts this page */
  }
}

/** The topbar's sound switch (a toggle button, its state in aria-pressed). */
export function soundToggle() {
  const button = h("button", { type: "button", class: "btn btn-small sound-toggle", "data-testid": "sound-toggle", title: t("A chime when it is your turn or an offer arrives for you") });
  const paint = () => {
    const on = soundOn();
    button.setAttribute("aria-pressed", on ? "true" : "false");
    button.textContent = on ? t("♪ Sound on") : t("♪ Sound off");
  };
  button.addEventListener("click", () => {
    setSound(!soundOn());
    paint();
    if (soundOn()) chime("turn"); // a sample, and the user's gesture lets the audio start
  });
  paint();
  return button;
}

/** The page's title as the shell set it, before any "Your turn" mark. */
export function setBaseTitle(text) {
  baseTitle = text;
}

/** Look at a new view: mark the tab, and chime on a new turn or a new offer for you. */
export function noticeView(msg, module) {
  const playing = msg.seat !== null && msg.status !== "finished";
  const { own, verb } = turnOf(module, msg);
  const turn = playing && msg.to_move.includes(msg.seat);
  const turnTitle = own ? t("● Your turn") : verb === "trade" ? t("● You may trade") : t("● You may move");
  let offers = [];
  try {
    offers = playing && module.offersForYou ? module.offersForYou(msg) || [] : [];
  } catch {
    offers = [];
  }
  const fresh = offers.filter((id) => !before.offers.has(id));
  const first = before.version < 0;
  const state = offers.length ? "offer" : turn ? "turn" : "idle"; // an offer waiting for you first
  document.title = state === "offer" ? t("✉ Offer for you — {title}", { title: baseTitle }) : state === "turn" ? `${turnTitle} — ${baseTitle}` : baseTitle;
  setIcon(state);
  document.body.dataset.attention = state;
  if (!first && ((turn && !before.turn) || fresh.length)) chime(fresh.length ? "offer" : "turn");
  before = { turn, offers: new Set(offers), version: msg.version };
}

function setIcon(state) {
  paintIcon(state); // with the count of tables waiting for you (your_turn.js)
}

/** Two soft notes (a rising pair for your turn, a falling pair for an offer), if sound is on. */
export function chime(kind) {
  if (!soundOn()) return;
  const count = Number(document.body.dataset.chimes || 0) + 1;
  document.body.dataset.chimes = String(count);
  document.body.dataset.lastChime = kind;
  try {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    audio = audio || new Context();
    if (audio.state === "suspended") audio.resume().catch(() => {});
    const notes = kind === "offer" ? [784, 587] : [523, 784];
    notes.forEach((freq, i) => {
      const start = audio.currentTime + i * 0.16;
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = "sine";
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.18, start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.3);
      osc.connect(gain).connect(audio.destination);
      osc.start(start);
      osc.stop(start + 0.32);
    });
  } catch {
    /* no audio in this browser: the title and icon still say it */
  }
}
