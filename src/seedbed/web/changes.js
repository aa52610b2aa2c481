// What just happened, shown where it happened (issue 17): a game view names the places its
// latest events touched (a field planted or harvested, the offer accepted, a player's coins)
// and a short tag ("+2 coins"); the element glows for a moment and the tag shows in its top
// right corner (just above an element too small to hold it), never over a neighbour.
// Views are redrawn whole, so the marks are remembered for their few seconds and put back on
// each redraw, their animation resumed where it was. Marks never take the pointer (input is
// never blocked); with prefers-reduced-motion the glow is a still outline, the tag does not
// move (style rules in ux.css).

export const CHANGE_MS = 2400;

let marks = []; // {key, version, selector, label, at}
const noted = new Set(); // "key#version" of the views whose events are noted

/** Remember the places a view's events changed, once per view (a redraw adds nothing).
 *  `key`: the table and viewer; `items`: [{selector, label}] from the game view. */
export function noteChanges(key, version, items) {
  const id = `${key}#${version}`;
  if (noted.has(id)) return;
  noted.add(id);
  const now = performance.now();
  marks = marks.filter((m) => now - m.at < CHANGE_MS);
  for (const item of items) {
    if (!item || !item.selector) continue;
    // a newer change of the same place replaces the older one's mark; two of one view join
    const same = marks.find((m) => m.key === key && m.selector === item.selector && m.version === version);
    if (same) {
      same.label = [same.label, item.label].filter(Boolean).join(" · ");
      continue;
    }
    marks = marks.filter((m) => m.key !== key || m.selector !== item.selector);
    marks.push({ key, version, selector: item.selector, label: item.label || "", at: now });
  }
}

/** An element smaller than this (px) has its tag just above it rather than inside. */
const ROOMY = { width: 90, height: 40 };

/** Put the live marks of `key` on the freshly drawn `root`. */
export function showChanges(root, key) {
  const now = performance.now();
  const tags = [];
  for (const m of marks) {
    if (m.key !== key || now - m.at >= CHANGE_MS) continue;
    let target = null;
    try {
      target = root.querySelector(m.selector);
    } catch {
      target = null;
    }
    if (!target) continue;
    const delay = `${-Math.round(now - m.at)}ms`;
    target.classList.add("just-changed");
    target.style.setProperty("--change-delay", delay);
    target.dataset.changed = m.label || "changed";
    if (m.label) tags.push(addTag(target, m.label, delay));
  }
  // views are drawn into a detached root: measure once it is in the page, before it is painted
  queueMicrotask(() => place(tags.filter((tag) => tag.isConnected)));
}

function addTag(target, label, delay) {
  const tag = document.createElement("span");
  tag.className = "change-tag";
  tag.setAttribute("aria-hidden", "true");
  tag.setAttribute("data-testid", "change-tag");
  tag.textContent = label;
  tag.style.setProperty("--change-delay", delay);
  target.classList.add("change-anchor"); // position: relative, unless the element is placed
  target.append(tag);
  return tag;
}

/** A tag goes above an element too small to hold it; tags that would cover each other move
 *  apart: one inside its element moves down, one above its element moves up, by the overlap. */
function place(tags) {
  for (const tag of tags) {
    const box = tag.parentElement.getBoundingClientRect();
    if (box.width < ROOMY.width || box.height < ROOMY.height) tag.classList.add("change-tag-above");
  }
  const placed = [];
  for (const tag of tags) {
    let box = tag.getBoundingClientRect();
    for (const other of placed) {
      if (box.right <= other.left || other.right <= box.left || box.bottom <= other.top || other.bottom <= box.top) continue;
      const above = tag.classList.contains("change-tag-above");
      const shift = above ? other.top - box.bottom - 2 : other.bottom - box.top + 2;
      tag.style.marginTop = `${(parseFloat(tag.style.marginTop) || 0) + shift}px`;
      box = tag.getBoundingClientRect();
    }
    placed.push(box);
  }
}

/** Note a view's changes and show the live ones: what a game view calls at the end of its
 *  render(ctx), with its `changesOf(events, view)` list. */
export function markChanges(ctx, items) {
  const key = `${ctx.tableId ?? "local"}:${ctx.seat ?? "spectator"}:${ctx.mode ?? ""}`;
  if (ctx.mode === "replay") {
    // a replay step shows its own move's changes, every time it is drawn
    noted.delete(`${key}#${ctx.msg.version}`);
    marks = marks.filter((m) => m.key !== key);
  }
  noteChanges(key, ctx.msg.version, items);
  showChanges(ctx.root, key);
}
