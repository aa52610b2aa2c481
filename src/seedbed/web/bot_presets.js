// The lobby's bot presets in the reader's language (issue 36 item 2). The server sends each
// preset's name and what was measured of it as numbers (GET /api/games, BotPreset.measured
// and .budget) beside its English label and detail; the lobby writes them here, one whole
// sentence per opponent kind and search unit. A server without those numbers keeps its
// English texts.

import { botName } from "./common.js";
import { formatNumber, plural, t } from "./i18n.js";

const percent = (x) => formatNumber(x, { style: "percent", maximumFractionDigits: 0 });

/** The preset's name for the seat's menu, with its measured share: "Greedy bot: won 81% vs
 *  random". */
export function presetLabel(b) {
  if (!b.name) return b.label;
  const name = botName(b.name);
  if (b.spec === "random") return t("{name} (any legal move)", { name });
  const m = b.measured;
  if (!m) return t("{name}: not measured here yet", { name });
  const share = percent(m.share);
  if (m.opponent === "random") return t("{name}: won {share} vs random", { name, share });
  if (m.opponent === "greedy") return t("{name}: won {share} vs greedy", { name, share });
  return t("{name}: won {share} vs {opponent}", { name, share, opponent: m.opponent });
}

/** One sentence on what was measured of the preset, and what bounds a search's moves at this
 *  server; null for random. */
export function presetDetail(b) {
  if (!b.name) return b.detail;
  if (b.spec === "random") return null;
  const said = measuredSentence(b);
  const bound = budgetSentence(b.budget);
  return bound ? `${said} ${bound}` : said;
}

function measuredSentence(b) {
  const name = botName(b.name);
  const m = b.measured;
  if (!m) return t("{name} has not been measured in this game yet.", { name });
  const params = { name, share: percent(m.share), games: formatNumber(m.games), players: formatNumber(m.players), low: percent(m.low), high: percent(m.high) };
  const n = m.players - 1;
  if (m.opponent === "random")
    return plural(n, "{name} won {share} of {games} {players}-player games against {n} random bot (95% interval {low}–{high}).", "{name} won {share} of {games} {players}-player games against {n} random bots (95% interval {low}–{high}).", params);
  if (m.opponent === "greedy")
    return plural(n, "{name} won {share} of {games} {players}-player games against {n} greedy bot (95% interval {low}–{high}).", "{name} won {share} of {games} {players}-player games against {n} greedy bots (95% interval {low}–{high}).", params);
  return plural(n, "{name} won {share} of {games} {players}-player games against {n} {opponent} bot (95% interval {low}–{high}).", "{name} won {share} of {games} {players}-player games against {n} {opponent} bots (95% interval {low}–{high}).", { ...params, opponent: m.opponent });
}

function budgetSentence(budget) {
  if (!budget) return "";
  const seconds = formatNumber(budget.seconds);
  if (!budget.iterations) return t("It stops at {seconds} s a move (this server's think budget).", { seconds });
  if (budget.unit === "rollouts")
    return plural(budget.iterations, "It tries up to {n} rollout a move and stops at {seconds} s a move (this server's think budget).", "It tries up to {n} rollouts a move and stops at {seconds} s a move (this server's think budget).", { seconds });
  return plural(budget.iterations, "It tries up to {n} iteration a move and stops at {seconds} s a move (this server's think budget).", "It tries up to {n} iterations a move and stops at {seconds} s a move (this server's think budget).", { seconds });
}
