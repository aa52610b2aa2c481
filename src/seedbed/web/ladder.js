// The ladder's pages (issue 30 items 3 and 4): "/ladder/{game}" lists a game's rated players,
// people and bot presets together, by the rating shown (mu - 3 sigma) with their games;
// "/players/{name}" is a player's profile: each game's rating with the plot of its history
// (an SVG the server draws with matplotlib) and the recent rated games with replay links.
// Also the "rated"/"unrated" label of a table and the text of a rating, for the lobby.

import { botName, clear, fetchJson, gameCatalogue, gameTitle, h, ordinal } from "./common.js";
import { formatDate, formatNumber, language, languageSwitch, plural, t } from "./i18n.js";

const ONE_DECIMAL = { minimumFractionDigits: 1, maximumFractionDigits: 1 };

/** "12.3 (4 games, provisional)" for a rating of the API (ShownRating). */
export function ratingText(r) {
  const rating = formatNumber(r.rating, ONE_DECIMAL);
  return r.provisional
    ? plural(r.games, "{rating} ({n} game, provisional)", "{rating} ({n} games, provisional)", { rating })
    : plural(r.games, "{rating} ({n} game)", "{rating} ({n} games)", { rating });
}

/** A table's ladder label, shown before anyone joins: "rated" or "unrated". */
export function ratedBadge(summary) {
  const rated = Boolean(summary.rated);
  const title = rated
    ? t("Counts for the ladder: default options, no hints, rated bots")
    : t("Does not count for the ladder");
  return h("span", { class: `rated-badge${rated ? " is-rated" : ""}`, "data-testid": `rated-${summary.table_id}`, title }, rated ? t("rated") : t("unrated"));
}

function topbar(title) {
  return h("header", { class: "topbar" }, h("a", { class: "brand", href: "/" }, "seedbed"), h("span", { class: "title" }, title), h("span", { class: "spacer" }), languageSwitch());
}

function failed(root, title, err) {
  clear(root).append(topbar(title), h("main", { class: "page" }, h("div", { class: "notice error", "data-testid": "ladder-error" }, err.message)));
}

function profileLink(shown, url, name) {
  return h("a", { href: url, "data-testid": `player-link-${name}` }, shown);
}

/** The ladder page of one game. */
export async function openLadder(root, game) {
  await gameCatalogue().catch(() => null); // the games' titles
  const title = t("{game} ladder", { game: gameTitle(game) });
  document.title = `${title} — seedbed`;
  let page;
  try {
    page = await fetchJson(`/api/ladder/${encodeURIComponent(game)}?limit=100`);
  } catch (err) {
    failed(root, title, err);
    return;
  }
  const rows = page.players.map((p) =>
    h(
      "tr",
      { "data-testid": `ladder-row-${p.player}` },
      h("td", { class: "num" }, String(p.place)),
      h("td", {}, profileLink(p.kind === "bot" ? botName(p.name) : p.name, p.profile_url, p.name), p.kind === "bot" ? h("span", { class: "small muted" }, ` · ${t("bot")}`) : null),
      h("td", { class: "num" }, formatNumber(p.rating.rating, ONE_DECIMAL)),
      h("td", { class: "num" }, formatNumber(p.rating.games)),
      h("td", {}, p.rating.provisional ? h("span", { class: "small muted" }, t("provisional")) : ""),
    ),
  );
  const table = h(
    "table",
    { class: "ladder-table", "data-testid": "ladder-table" },
    h("thead", {}, h("tr", {}, h("th", { class: "num" }, "#"), h("th", {}, t("Player")), h("th", { class: "num" }, t("Rating")), h("th", { class: "num" }, t("Games")), h("th", {}, ""))),
    h("tbody", {}, rows),
  );
  clear(root).append(
    topbar(title),
    h(
      "main",
      { class: "page stack" },
      h(
        "section",
        { class: "panel stack" },
        h("h2", {}, title),
        h("p", { class: "muted small" }, t("People and bots on one OpenSkill ladder. The rating shown is the conservative mu − 3 sigma; below 10 games it is provisional. Only rated tables count: default options, no hints, the lobby's bots.")),
        page.players.length ? table : h("p", { class: "muted", "data-testid": "ladder-empty" }, t("No rated game of this game has finished yet.")),
      ),
    ),
  );
}

/** The profile page of a player (a person or a bot preset). */
export async function openProfile(root, name) {
  await gameCatalogue().catch(() => null);
  document.title = `${name} — seedbed`;
  let player;
  try {
    player = await fetchJson(`/api/players/${encodeURIComponent(name)}`);
  } catch (err) {
    failed(root, name, err);
    return;
  }
  const shown = player.kind === "bot" ? botName(player.name) : player.name;
  document.title = `${shown} — seedbed`;
  const games = player.games.map((g) =>
    h(
      "section",
      { class: "panel stack", "data-testid": `profile-game-${g.game}` },
      h("h3", {}, h("a", { href: `/ladder/${g.game}` }, g.title), " · ", h("span", { "data-testid": `profile-rating-${g.game}` }, ratingText(g.rating))),
      h("img", { class: "rating-plot", src: `${g.plot_url}?lang=${encodeURIComponent(language())}`, alt: t("{name}'s rating in {game}, game by game", { name: shown, game: g.title }), width: 640, height: 280, "data-testid": `plot-${g.game}` }),
    ),
  );
  const recent = player.recent.map((r) =>
    h(
      "li",
      { "data-testid": `recent-${r.table_id}` },
      h("div", { class: "what" }, h("strong", {}, gameTitle(r.game)), ` · ${r.rank > r.players ? t("abandoned (ranked last)") : t("{place} of {players}", { place: ordinal(r.rank), players: r.players })} · ${t("rating {rating}", { rating: formatNumber(r.rating, ONE_DECIMAL) })}`, h("div", { class: "small muted" }, formatDate(r.at))),
      h("a", { class: "btn btn-small", href: r.replay_url, "data-testid": `recent-replay-${r.table_id}` }, t("Replay")),
    ),
  );
  clear(root).append(
    topbar(shown),
    h(
      "main",
      { class: "page stack", "data-testid": "profile" },
      h("h2", {}, shown, h("span", { class: "small muted" }, player.kind === "bot" ? ` · ${t("bot (a rated player on every game's ladder)")}` : ` · ${t("person")}`)),
      games.length ? games : h("p", { class: "muted" }, t("No rated game yet.")),
      h("section", { class: "panel stack" }, h("h3", {}, t("Recent rated games")), recent.length ? h("ul", { class: "tables-list" }, recent) : h("p", { class: "muted" }, t("None yet."))),
    ),
  );
}
