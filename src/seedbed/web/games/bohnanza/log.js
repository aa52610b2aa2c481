// Bohnanza log lines for the shell's game log and the end screen's tie-break column, built
// from the structured events in the chosen language (issue 36 item 4): one whole sentence
// per event (and per variant), its names, beans and numbers as placeholders.

import { plural, t } from "../../i18n.js";
import { BEAN, coinsText } from "./beans.js";
import { nameOf, setPlayers } from "./names.js";

function cardsText(cards) {
  return cards.map((c) => BEAN[c.variety]?.short ?? c.variety).join(", ");
}

const bean = (variety) => BEAN[variety]?.name ?? variety;
const short = (variety) => BEAN[variety]?.short ?? variety;

/** "Ann planted a Chili Bean in field 1 from the hand.": one sentence per place it came from. */
function planted(e, who) {
  const p = { who, bean: bean(e.card.variety), field: e.field + 1 };
  switch (e.from) {
    case "hand":
      return t("{who} planted a {bean} in field {field} from the hand.", p);
    case "trade":
      return t("{who} planted a {bean} in field {field} from the trade area.", p);
    case "offer-area":
      return t("{who} planted a {bean} in field {field} from the opponent's offer.", p);
    case "revealed":
      return t("{who} planted a {bean} in field {field} from the revealed cards.", p);
    default:
      return t("{who} planted a {bean} in field {field}.", p);
  }
}

function discarded(e, who) {
  const p = { who, bean: bean(e.card.variety) };
  switch (e.from) {
    case "hand":
      return t("{who} discarded a {bean} from the hand.", p);
    case "offer-area":
      return t("{who} discarded a {bean} from the opponent's offer.", p);
    case "revealed":
      return t("{who} discarded a {bean} from the revealed cards.", p);
    default:
      return t("{who} discarded a {bean}.", p);
  }
}

function offered(e, who) {
  const faceUp = (f) => t("{bean} (face-up)", { bean: short(f.variety) });
  const give = [...e.give_faceup.map(faceUp), ...e.give_hand.map(short)];
  const want = [...e.want_faceup.map(faceUp), ...e.want.map(short)];
  const nothing = t("nothing");
  return t("Offer #{id}: {from} → {to}: gives {give}, wants {want}.", {
    id: e.offer_id,
    from: who(e.proposer),
    to: e.to === "any" ? t("anyone") : who(e.to),
    give: give.join(", ") || nothing,
    want: want.join(", ") || nothing,
  });
}

function revealed(e) {
  if (!e.cards.length && !e.pulled?.length) return t("No card could be revealed.");
  if (e.pulled?.length) return t("Revealed: {cards}; pulled from the discard pile: {pulled}.", { cards: cardsText(e.cards), pulled: cardsText(e.pulled) });
  return t("Revealed: {cards}.", { cards: cardsText(e.cards) });
}

function tradingEnded(e) {
  const kept = cardsText(e.kept);
  const expired = e.expired.length ? plural(e.expired.length, "{n} offer expired", "{n} offers expired") : "";
  if (kept && expired) return t("Trading ended; face-up cards kept: {cards}; {expired}.", { cards: kept, expired });
  if (kept) return t("Trading ended; face-up cards kept: {cards}.", { cards: kept });
  if (expired) return t("Trading ended; {expired}.", { expired });
  return t("Trading ended.");
}

export function describeEvent(e, view, seats = null) {
  setPlayers(seats);
  const who = (seat) => nameOf(seat, view?.viewer ?? null);
  switch (e.kind) {
    case "turn":
      return t("Turn {turn}: {who} is the active player.", { turn: e.turn + 1, who: who(e.active) });
    case "plant":
      return planted(e, who(e.player));
    case "harvest": {
      const p = { who: who(e.player), count: e.count, bean: short(e.variety), field: e.field + 1, coins: coinsText(e.coins) };
      return e.at_end ? t("{who} harvested {count} {bean} from field {field} for {coins} (final harvest).", p) : t("{who} harvested {count} {bean} from field {field} for {coins}.", p);
    }
    case "buy-field":
      return t("{who} bought a third field for {coins}.", { who: who(e.player), coins: coinsText(e.cost) });
    case "reveal":
      return revealed(e);
    case "offer":
      return offered(e, who);
    case "accept": {
      const nothing = t("nothing");
      return t("{who} accepted offer #{id} from {from}: {got} ↔ {gave}.", {
        who: who(e.acceptor),
        id: e.offer_id,
        from: who(e.proposer),
        got: cardsText(e.to_acceptor) || nothing,
        gave: cardsText(e.to_proposer) || nothing,
      });
    }
    case "decline":
      return t("{who} declined offer #{id}.", { who: who(e.player), id: e.offer_id });
    case "withdraw":
      return t("{who} withdrew offer #{id}.", { who: who(e.player), id: e.offer_id });
    case "pass":
      return t("{who} passed.", { who: who(e.player) });
    case "end-trading":
      return tradingEnded(e);
    case "end-planting":
      return t("{who} ended planting.", { who: who(e.player) });
    case "draw":
      return e.cards && e.cards.length
        ? plural(e.count, "{who} drew {n} card: {cards}.", "{who} drew {n} cards: {cards}.", { who: who(e.player), cards: cardsText(e.cards) })
        : plural(e.count, "{who} drew {n} card.", "{who} drew {n} cards.", { who: who(e.player) });
    case "discard":
      return discarded(e, who(e.player));
    case "leave-offer":
      return e.cards.length ? t("Left for the opponent: {cards}.", { cards: cardsText(e.cards) }) : t("Nothing left for the opponent.");
    case "exhaustion":
      return e.final ? t("The deck ran out for the last time: the game ends.") : t("The deck ran out ({count}×).", { count: e.count });
    case "reshuffle":
      return t("The discard pile was shuffled into a new deck of {n}.", { n: e.deck_size });
    case "game-over":
      return t("Game over: {scores}.", { scores: e.scores.map((sc, seat) => t("{who} {score}", { who: who(seat), score: sc })).join(", ") });
    default:
      return e.kind;
  }
}

/** The end screen's tie-break column: the cards in hand that break ties in the standard
 *  edition (B-65, B-66; the outcome's tiebreak), nothing in the classic edition. */
export function resultDetail({ seat, outcome }) {
  const tiebreak = outcome.tiebreak || [];
  return tiebreak.length ? plural(tiebreak[seat], "{n} card in hand", "{n} cards in hand") : "";
}
