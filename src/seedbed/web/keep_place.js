// A redraw keeps the page where the player looks (issue 38 item 5). The shell draws every
// view into a fresh element, which used to reset the scroll position of the panels that scroll
// by themselves (the phone's trading sheet) and move the control just used (an offer's "Send")
// out of sight. Before the swap we note the scroll offsets of the old drawing's scrolled
// elements (by data-testid, else class) and where the focused control stood; after it we put
// the offsets back and scroll so that control stands where it stood (the window only when it
// was scrolled: a page read from its top stays at its top).

/** A stable key of an element of a drawing: its data-testid, else its class list. */
function keyOf(el) {
  return el.dataset && el.dataset.testid ? `#${el.dataset.testid}` : `.${el.className}`;
}

function scrolled(root) {
  return [...root.querySelectorAll("*")].filter((el) => el.scrollTop > 0 || el.scrollLeft > 0);
}

/** The nearest ancestor of `el` that scrolls its content, else null (the window scrolls). */
function scroller(el) {
  for (let p = el.parentElement; p; p = p.parentElement) {
    const style = getComputedStyle(p);
    if (/(auto|scroll)/.test(style.overflowY) && p.scrollHeight > p.clientHeight) return p;
  }
  return null;
}

/** Note the place of the drawing `root`: call the result with the new drawing after the swap. */
export function notePlace(root, focusedTestid) {
  const offsets = root ? scrolled(root).map((el) => [keyOf(el), el.scrollTop, el.scrollLeft]) : [];
  const focused = root && focusedTestid ? root.querySelector(`[data-testid="${CSS.escape(focusedTestid)}"]`) : null;
  const top = focused ? focused.getBoundingClientRect().top : null;
  const pageScrolled = window.scrollY > 0; // at the top of the page, the page stays at its top
  return (fresh) => {
    for (const [key, y, x] of offsets) {
      const el = key.startsWith("#") ? fresh.querySelector(`[data-testid="${CSS.escape(key.slice(1))}"]`) : [...fresh.querySelectorAll("*")].find((e) => `.${e.className}` === key);
      if (el) {
        el.scrollTop = y;
        el.scrollLeft = x;
      }
    }
    if (top === null) return;
    const again = fresh.querySelector(`[data-testid="${CSS.escape(focusedTestid)}"]`);
    if (!again || !again.getClientRects().length) return;
    const shift = again.getBoundingClientRect().top - top;
    if (Math.abs(shift) < 1) return;
    const box = scroller(again);
    if (box) box.scrollTop += shift;
    else if (pageScrolled) window.scrollBy(0, shift);
  };
}
