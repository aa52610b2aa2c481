// Bohnanza log lines for the shell's game log and the end screen's tie-break column.

import { plural } from "../../words.js";
import { BEAN, coinsText } from "./beans.js";
import { nameOf, setPlayers } from "./names.js";

function cardsText(cards) {
  return cards.map((c) => BEAN[c.variety]?.short ?? c.variety).join(", ");
}

const SOURCES = {
  hand: " from the hand",
  trade: " from the trade area",
  "offer-area": " from the opponent's offer",
  revealed: " from the revealed cards",
};

export function describeEvent(e, view, seats = null) {
  setPlayers(seats);
  const who = (seat) => nameOf(seat, view?.viewer ?? null);
  switch (e.kind) {
    case "turn":
      return `Turn ${e.turn + 1}: ${who(e.active)} is the active player.`;
    case "plant":
      return `${who(e.player)} planted a ${BEAN[e.card.variety].name} in field ${e.field + 1}${SOURCES[e.from] ?? ""}.`;
    case "harvest":
      return `${who(e.player)} harvested ${e.count} ${BEAN[e.variety].short} from field ${e.field + 1} for ${coinsText(e.coins)}${e.at_end ? " (final harvest)" : ""}.`;
    case "buy-field":
      return `${who(e.player)} bought a third field for ${coinsText(e.cost)}.`;
    case "reveal":
      return e.cards.length || e.pulled?.length
        ? `Revealed: ${cardsText(e.cards)}${e.pulled?.length ? `; pulled from the discard pile: ${cardsText(e.pulled)}` : ""}.`
        : "No card could be revealed.";
    case "offer": {
      const give = [...e.give_faceup.map((f) => `${BEAN[f.variety].short} (face-up)`), ...e.give_hand.map((v) => BEAN[v].short)];
      const want = [...e.want_faceup.map((f) => `${BEAN[f.variety].short} (face-up)`), ...e.want.map((v) => BEAN[v].short)];
      return `Offer #${e.offer_id}: ${who(e.proposer)} → ${e.to === "any" ? "anyone" : who(e.to)}: gives ${give.join(", ") || "nothing"}, wants ${want.join(", ") || "nothing"}.`;
    }
    case "accept":
      return `${who(e.acceptor)} accepted offer #${e.offer_id} from ${who(e.proposer)}: ${cardsText(e.to_acceptor) || "nothing"} ↔ ${cardsText(e.to_proposer) || "nothing"}.`;
    case "decline":
      return `${who(e.player)} declined offer #${e.offer_id}.`;
    case "withdraw":
      return `${who(e.player)} withdrew offer #${e.offer_id}.`;
    case "pass":
      return `${who(e.player)} passed.`;
    case "end-trading":
      return `Trading ended${e.kept.length ? `; face-up cards kept: ${cardsText(e.kept)}` : ""}${e.expired.length ? `; ${plural(e.expired.length, "offer")} expired` : ""}.`;
    case "end-planting":
      return `${who(e.player)} ended planting.`;
    case "draw":
      return `${who(e.player)} drew ${plural(e.count, "card")}${e.cards && e.cards.length ? `: ${cardsText(e.cards)}` : ""}.`;
    case "discard":
      return `${who(e.player)} discarded a ${BEAN[e.card.variety].name}${SOURCES[e.from] ?? ""}.`;
    case "leave-offer":
      return e.cards.length ? `Left for the opponent: ${cardsText(e.cards)}.` : "Nothing left for the opponent.";
    case "exhaustion":
      return e.final ? "The deck ran out for the last time: the game ends." : `The deck ran out (${e.count}×).`;
    case "reshuffle":
      return `The discard pile was shuffled into a new deck of ${e.deck_size}.`;
    case "game-over":
      return `Game over: ${e.scores.map((sc, seat) => `${who(seat)} ${sc}`).join(", ")}.`;
    default:
      return e.kind;
  }
}

/** The end screen's tie-break column: the cards in hand that break ties in the standard
 *  edition (B-65, B-66; the outcome's tiebreak), nothing in the classic edition. */
export function resultDetail({ seat, outcome }) {
  const tiebreak = outcome.tiebreak || [];
  return tiebreak.length ? `${plural(tiebreak[seat], "card")} in hand` : "";
}
