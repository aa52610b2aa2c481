// Turns and phases of a game's views, for the replay's jumps (issue 17). A game module may
// say where a view stands with stage(view) -> {turn, phase, label}; without one, a view's own
// fields are read: turn (or round, or year) and phase. Nothing here knows a game.

import { titleCase } from "./common.js";
import { t } from "./i18n.js";

/** {turn, phase, label} of a view. */
export function stageOf(module, view) {
  try {
    const said = module.stage ? module.stage(view) : null;
    if (said) return said;
  } catch (err) {
    console.error("stage failed", err);
  }
  const v = view || {};
  const turn = v.turn ?? v.round ?? v.year ?? null;
  const phase = v.phase ?? null;
  return { turn, phase, label: null };
}

/** "Turn 3 · trade" for the replay's position line ("" when the view says nothing). */
export function stageText(module, view) {
  const st = stageOf(module, view);
  if (st.label) return st.label;
  const parts = [];
  if (Number.isInteger(st.turn)) parts.push(t("Turn {n}", { n: st.turn + 1 }));
  if (st.phase !== null && st.phase !== undefined) parts.push(titleCase(String(st.phase)));
  return parts.join(" · ");
}

function keyOf(module, view, kind) {
  const st = stageOf(module, view);
  return kind === "turn" ? `${st.turn}` : `${st.turn}|${st.phase}`;
}

/** The step to jump to from `step`: forward, the first step of the next turn (or phase);
 *  back, the first step of this one, or of the one before when already there. */
export function stageJump(module, steps, step, kind, dir) {
  const key = (i) => keyOf(module, steps[i].view, kind);
  const last = steps.length - 1;
  if (dir > 0) {
    const here = key(step);
    for (let i = step + 1; i <= last; i += 1) if (key(i) !== here) return i;
    return last;
  }
  const startOf = (i) => {
    let j = i;
    while (j > 0 && key(j - 1) === key(i)) j -= 1;
    return j;
  };
  const start = startOf(step);
  return start < step ? start : start > 0 ? startOf(start - 1) : 0;
}
