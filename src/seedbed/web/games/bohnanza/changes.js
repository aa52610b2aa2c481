// What just happened at a Bohnanza table (issue 17), for the shell's change marks
// (changes.js): each event names the place it touched — the field planted or harvested and
// what it paid, the offer made, accepted or declined, the cards drawn — and a short tag.
// Also the offers waiting for the viewer (for the tab title and the chime) and the words of a
// hinted action.

import { listed, plural } from "../../words.js";
import { BEAN, coinsText } from "./beans.js";
import { nameOf, setPlayers } from "./names.js";

const field = (seat, f) => `[data-testid="bn-field-${seat}-${f}"]`;
const short = (variety) => BEAN[variety]?.short ?? variety;

/** [{selector, label}] for the events of a view, as `viewer` sees them. */
export function changesOf(events, viewer) {
  const out = [];
  for (const e of events || []) {
    switch (e.kind) {
      case "plant":
        out.push({ selector: field(e.player, e.field), label: `+ ${short(e.card.variety)}` });
        break;
      case "harvest":
        out.push({ selector: field(e.player, e.field), label: `harvested: ${coinsText(e.coins)}` });
        if (e.coins) out.push({ selector: `[data-testid="bn-coins-${e.player}"]`, label: `+${e.coins}` });
        break;
      case "buy-field":
        out.push({ selector: field(e.player, 2), label: "bought" });
        break;
      case "offer":
        out.push({ selector: `[data-testid="bn-offer-${e.offer_id}"]`, label: "new offer" });
        break;
      case "accept":
        out.push({ selector: `[data-testid="bn-offer-${e.offer_id}"]`, label: "accepted" });
        out.push({ selector: `[data-testid="bn-trade-area-${e.acceptor}"]`, label: `+${plural(e.to_acceptor.length, "card")}` });
        out.push({ selector: `[data-testid="bn-trade-area-${e.proposer}"]`, label: `+${plural(e.to_proposer.length, "card")}` });
        break;
      case "decline":
        out.push({ selector: `[data-testid="bn-offer-${e.offer_id}"]`, label: "declined" });
        break;
      case "withdraw":
        out.push({ selector: `[data-testid="bn-offer-${e.offer_id}"]`, label: "withdrawn" });
        break;
      case "draw":
        out.push({ selector: e.player === viewer ? '[data-testid="bn-hand"]' : `[data-testid="bn-player-${e.player}"]`, label: `+${plural(e.count, "card")}` });
        break;
      case "reveal":
        // the cards glow; the tag goes on the row, which has room for it
        out.push({ selector: '[data-testid="bn-faceup-0"]', label: "" }, { selector: '[data-testid="bn-faceup-1"]', label: "" }, { selector: '[data-testid="bn-faceup"]', label: "revealed" }, { selector: '[data-testid="bn-revealed"]', label: "revealed" });
        break;
      case "discard":
      case "discard-offered":
        out.push({ selector: '[data-testid="bn-discard"]', label: "discarded" });
        break;
      case "reshuffle":
        out.push({ selector: '[data-testid="bn-deck"]', label: "reshuffled" });
        break;
      default:
        break;
    }
  }
  return out;
}

/** Open offers the viewer may answer now (addressed to them, or to anyone while they are not
 *  the active player [B-39]): their ids. */
export function offersForYou(msg) {
  const view = msg.view;
  const me = view.viewer ?? null;
  if (me === null || view.phase !== "trade") return [];
  return (view.offers || [])
    .filter((o) => o.status === "open" && o.proposer !== me && (o.to === me || (o.to === "any" && me !== view.active)))
    .map((o) => o.offer_id);
}

/** Words for an action (a hint): "Plant your front card (Chili) in field 1"; a trade names
 *  its cards and partner, "Offer Wax and Chili (face-up) to Ann for Blue" (issue 38 item 10).
 *  What a move harvests and pays is in the hint's reason (the server's words). */
export function describeAction(a, msg, players = null) {
  const view = msg.view;
  setPlayers(players);
  const front = view.hand && view.hand.length ? short(view.hand[0].variety) : "";
  switch (a.type) {
    case "plant":
      return `Plant your front card (${front}) in field ${a.field + 1}`;
    case "plant-traded":
    case "plant-offered":
    case "plant-revealed":
      return `Plant the ${cardVariety(view, a.card)} in field ${a.field + 1}`;
    case "harvest":
      return `Harvest field ${a.field + 1}`;
    case "buy-field":
      return "Buy the third field";
    case "end-planting":
      return "End planting";
    case "end-trading":
      return "End trading";
    case "pass":
      return "Pass for now";
    case "finish-turn":
      return "Draw and end your turn";
    case "accept":
      return `Accept offer #${a.offer_id}${dealWords(view, a.offer_id, true)}`;
    case "decline":
      return `Decline offer #${a.offer_id}${dealWords(view, a.offer_id, true)}`;
    case "withdraw":
      return `Withdraw your offer #${a.offer_id}${dealWords(view, a.offer_id, false)}`;
    case "discard":
      return `Discard hand card #${a.position + 1}`;
    case "offer": {
      const faceUp = (slot) => `${short(view.faceup[slot]?.variety)} (face-up)`;
      const give = [...(a.give_hand || []).map((p) => short(view.hand[p]?.variety)), ...(a.give_faceup || []).map(faceUp)];
      const want = [...(a.want || []).map(short), ...(a.want_faceup || []).map(faceUp)];
      return `Offer ${listed(give) || "nothing"} to ${nameOf(a.to, view.viewer)} for ${listed(want) || "nothing"}`;
    }
    default:
      return "";
  }
}

/** The places a hinted action concerns (marked on the table): the field it plants in or
 *  harvests, the offer it answers, the button it presses. */
export function hintTargets(a, msg) {
  const me = msg.view.viewer;
  if (a.field !== undefined && me !== null && me !== undefined) return [field(me, a.field)];
  if (a.offer_id !== undefined) return [`[data-testid="bn-offer-${a.offer_id}"]`];
  const buttons = { "buy-field": "bn-buy-field", "end-planting": "bn-end-planting", "end-trading": "bn-end-trading", "finish-turn": "bn-finish-turn" };
  return buttons[a.type] ? [`[data-testid="${buttons[a.type]}"]`] : [];
}

/** ": from Ann, you get Wax, you give Blue" for an offer of the view (the viewer answering it
 *  when `answering`, else its proposer); "" for an offer the view does not hold. */
function dealWords(view, id, answering) {
  const o = (view.offers || []).find((x) => x.offer_id === id);
  if (!o) return "";
  const faceUp = (f) => `${short(f.variety)} (face-up)`;
  const gives = listed([...(o.give_hand || []).map(short), ...(o.give_faceup || []).map(faceUp)]) || "nothing";
  const wants = listed([...(o.want || []).map(short), ...(o.want_faceup || []).map(faceUp)]) || "nothing";
  if (answering) return ` from ${nameOf(o.proposer, view.viewer)}: you get ${gives}, you give ${wants}`;
  return ` to ${nameOf(o.to, view.viewer)}: you give ${gives}, you get ${wants}`;
}

/** The variety of a card of a zone the viewer plants from (trade area, offer area, revealed). */
function cardVariety(view, id) {
  const me = view.viewer;
  const zones = [view.revealed || [], view.offer_area || [], me !== null && me !== undefined ? view.players[me].trade_area : []];
  for (const zone of zones) for (const c of zone) if (c.id === id) return short(c.variety);
  return `card #${id}`;
}
