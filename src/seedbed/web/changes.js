// What just happened, shown where it happened (issue 17): a game view names the places its
// latest events touched (a field planted or harvested, the offer accepted, a player's coins)
// and a short tag ("+2 coins"); the element glows for a moment and the tag shows on its top
// edge at the right (on the enclosing panel's for an element too small to hold it), never
// over a neighbour's text.
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

/** An undo took back the moves from `version` on (issue 38 item 11): their marks go, and a
 *  move played again at that version is noted afresh. */
export function forgetChanges(version) {
  for (const id of [...noted]) if (Number(id.slice(id.lastIndexOf("#") + 1)) >= version) noted.delete(id);
  marks = marks.filter((m) => m.version < version);
}

/** An element smaller than this (px) cannot hold a tag: its tag goes on its panel. */
const ROOMY = { width: 90, height: 40 };
/** The most of its element's width a tag may take (its title and name stay readable). */
const SHARE = 0.7;

/** The width of a tag on one line (measured off-screen, in the page's fonts). */
function lineWidth(tag) {
  const probe = tag.cloneNode(true);
  probe.style.cssText = "position:absolute;left:-9999px;top:0;visibility:hidden;animation:none;max-width:none";
  document.body.append(probe);
  const width = probe.getBoundingClientRect().width;
  probe.remove();
  return width;
}

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
    if (m.label) tags.push(makeTag(target, m.label, delay));
  }
  // views are drawn into a detached root: measure once it is in the page, before it is painted
  queueMicrotask(() => place(root, tags));
}

function makeTag(target, label, delay) {
  const tag = document.createElement("span");
  tag.className = "change-tag";
  tag.setAttribute("aria-hidden", "true");
  tag.setAttribute("data-testid", "change-tag");
  tag.textContent = label;
  tag.style.setProperty("--change-delay", delay);
  tag.target = target; // where it belongs; `place` puts it there or on the enclosing panel
  return tag;
}

/** Each tag goes into its element's tag holder (on the element's top edge, at the right,
 *  tags stacked by layout so they never cover each other); the tag of an element too small to
 *  hold it goes to the nearest enclosing element that can (its panel), else just above. */
function place(root, tags) {
  if (!root.isConnected) return; // a view drawn and replaced at once
  // a tag stays on one line and takes at most most of its element's width, so it neither
  // wraps into a column over the element's title nor covers its name (issue 38: "harvested:
  // 0 coins" in three lines over "Field 1" on a phone); else it goes up to the panel
  const roomy = (el, need) => {
    const box = el.getBoundingClientRect();
    return box.width >= ROOMY.width && box.height >= ROOMY.height && need <= box.width * SHARE;
  };
  for (const tag of tags) {
    const need = lineWidth(tag);
    let home = tag.target;
    for (;;) {
      while (home !== root && !roomy(home, need)) home = home.parentElement;
      if (home === root) {
        holder(tag.target, true).append(tag);
        break;
      }
      // a tag that would cover a text there (a title, a neighbour's name: the French « Cartes
      // retournées de … » reach the right edge on a phone, issue 36) goes up once more
      const box = holder(home, false);
      box.append(tag);
      if (!coversText(tag, home.parentElement || home)) break;
      tag.remove();
      if (!box.children.length) {
        box.remove();
        home.classList.remove("change-anchor");
      }
      home = home.parentElement;
    }
  }
}

/** Whether `tag`, in place, covers a text under `around` (a third of its line or more, so a
 *  tag touching the top of a title's letters stays), tags left out. */
function coversText(tag, around) {
  const t = tag.getBoundingClientRect();
  const walker = document.createTreeWalker(around, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.textContent.trim() || !n.parentElement || n.parentElement.closest(".change-tags")) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    for (const r of range.getClientRects()) {
      const wide = Math.min(t.right, r.right) - Math.max(t.left, r.left);
      const high = Math.min(t.bottom, r.bottom) - Math.max(t.top, r.top);
      if (wide > 2 && high > Math.max(3, r.height / 3)) return true;
    }
  }
  return false;
}

/** The element's holder of change tags (made on first use). */
function holder(el, above) {
  let box = [...el.children].find((c) => c.classList.contains("change-tags"));
  if (!box) {
    box = document.createElement("span");
    box.className = above ? "change-tags change-tags-above" : "change-tags";
    box.setAttribute("aria-hidden", "true");
    el.classList.add("change-anchor"); // position: relative, unless the element is placed
    el.append(box);
  }
  return box;
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
