// Calling you back to the table (issue 17): when it becomes your turn, or an offer arrives for
// you, the tab's title and its icon change (so a tab in the background shows it) and, if you
// switched it on, a short chime plays, made in the page with WebAudio (no sound file is
// downloaded). The choice is remembered per browser (localStorage "seedbed.sound").
// A game module may name the offers waiting for the viewer: offersForYou(msg) -> [id, …].

import { h } from "./common.js";
import { turnOf } from "./turns.js";

const SOUND_KEY = "seedbed.sound";
const ICONS = {
  idle: "#9ad29a",
  turn: "#ffb000",
  offer: "#d55e00",
};

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
  const button = h("button", { type: "button", class: "btn btn-small sound-toggle", "data-testid": "sound-toggle", title: "A chime when it is your turn or an offer arrives for you" });
  const paint = () => {
    const on = soundOn();
    button.setAttribute("aria-pressed", on ? "true" : "false");
    button.textContent = on ? "♪ Sound on" : "♪ Sound off";
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
  const turnTitle = own ? "● Your turn" : `● You may ${verb}`;
  let offers = [];
  try {
    offers = playing && module.offersForYou ? module.offersForYou(msg) || [] : [];
  } catch {
    offers = [];
  }
  const fresh = offers.filter((id) => !before.offers.has(id));
  const first = before.version < 0;
  const state = offers.length ? "offer" : turn ? "turn" : "idle"; // an offer waiting for you first
  document.title = state === "offer" ? `✉ Offer for you — ${baseTitle}` : state === "turn" ? `${turnTitle} — ${baseTitle}` : baseTitle;
  setIcon(state);
  document.body.dataset.attention = state;
  if (!first && ((turn && !before.turn) || fresh.length)) chime(fresh.length ? "offer" : "turn");
  before = { turn, offers: new Set(offers), version: msg.version };
}

function setIcon(state) {
  let link = document.querySelector("link[rel=icon]");
  if (!link) {
    link = h("link", { rel: "icon" });
    document.head.append(link);
  }
  const leaf = `<path d="M4 28C4 12 14 4 28 4c0 16-10 24-24 24z" fill="#23412b"/>`;
  const dot = state === "idle" ? "" : `<circle cx="24" cy="24" r="7" fill="${ICONS[state]}" stroke="#fff" stroke-width="2"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${leaf}${dot}</svg>`;
  link.href = `data:image/svg+xml,${encodeURIComponent(svg)}`;
  link.dataset.state = state;
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
