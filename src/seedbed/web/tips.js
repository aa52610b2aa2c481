// Card numbers on long press (issue 17): a mouse shows an element's title on hover; a finger
// cannot hover, so holding a finger on anything with a title (a bean card with its copies and
// bean-o-meter, a farm card, a flower) for half a second shows the same text in a tip above it,
// until the finger lifts. Installed once per page by the router.

import { h } from "./common.js";

const HOLD_MS = 500;
let timer = null;
let tip = null;

export function installTips() {
  if (document.body.dataset.tips) return;
  document.body.dataset.tips = "on";
  document.addEventListener("touchstart", onStart, { passive: true });
  for (const type of ["touchend", "touchcancel", "touchmove", "scroll"]) document.addEventListener(type, hide, { passive: true, capture: true });
}

function onStart(event) {
  hide();
  const text = tipText(event.target);
  if (!text) return;
  const touch = event.touches[0];
  timer = setTimeout(() => show(text, touch.clientX, touch.clientY), HOLD_MS);
}

/** The nearest title above `el`: a title attribute, or an SVG shape's <title> child. */
export function tipText(el) {
  for (let node = el instanceof Element ? el : null; node; node = node.parentElement) {
    const attr = node.getAttribute("title");
    if (attr) return attr;
    const child = [...node.children].find((c) => c.tagName.toLowerCase() === "title");
    if (child && node instanceof SVGElement && child.textContent) return child.textContent;
  }
  return "";
}

/** Show `text` in a tip near (x, y) (exported for the page's own long press, and tests). */
export function show(text, x, y) {
  hide();
  tip = h("div", { class: "card-tip", role: "tooltip", "data-testid": "card-tip" }, text);
  document.body.append(tip);
  const box = tip.getBoundingClientRect();
  const left = Math.max(8, Math.min(window.innerWidth - box.width - 8, x - box.width / 2));
  const top = y - box.height - 24 > 8 ? y - box.height - 24 : y + 24;
  tip.style.left = `${left}px`;
  tip.style.top = `${top}px`;
}

function hide() {
  if (timer) clearTimeout(timer);
  timer = null;
  if (tip) tip.remove();
  tip = null;
}
