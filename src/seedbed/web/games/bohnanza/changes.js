// What just happened at a Bohnanza table (issue 17), for the shell's change marks
// (changes.js): each event names the place it touched — the field planted or harvested and
// what it paid, the offer made, accepted or declined, the cards drawn — and a short tag.
// Also the offers waiting for the viewer (for the tab title and the chime) and the words of a
// hinted action.

import { plural, t } from "../../i18n.js";
import { listed } from "../../words.js";
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
        out.push({ selector: field(e.player, e.field), label: t("harvested: {coins}", { coins: coinsText(e.coins) }) });
        if (e.coins) out.push({ selector: `[data-testid="bn-coins-${e.player}"]`, label: `+${e.coins}` });
        break;
      case "buy-field":
        out.push({ selector: field(e.player, 2), label: t("bought") });
        break;
      case "offer":
        out.push({ selector: `[data-testid="bn-offer-${e.offer_id}"]`, label: t("new offer") });
        break;
      case "accept":
        out.push({ selector: `[data-testid="bn-offer-${e.offer_id}"]`, label: t("accepted") });
        out.push({ selector: `[data-testid="bn-trade-area-${e.acceptor}"]`, label: plural(e.to_acceptor.length, "+{n} card", "+{n} cards") });
        out.push({ selector: `[data-testid="bn-trade-area-${e.proposer}"]`, label: plural(e.to_proposer.length, "+{n} card", "+{n} cards") });
        break;
      case "decline":
        out.push({ selector: `[data-testid="bn-offer-${e.offer_id}"]`, label: t("declined") });
        break;
      case "withdraw":
        out.push({ selector: `[data-testid="bn-offer-${e.offer_id}"]`, label: t("withdrawn") });
        break;
      case "draw":
        out.push({ selector: e.player === viewer ? '[data-testid="bn-hand"]' : `[data-testid="bn-player-${e.player}"]`, label: plural(e.count, "+{n} card", "+{n} cards") });
        break;
      case "reveal":
        // the cards glow; the tag goes on the row, which has room for it
        out.push({ selector: '[data-testid="bn-faceup-0"]', label: "" }, { selector: '[data-testid="bn-faceup-1"]', label: "" }, { selector: '[data-testid="bn-faceup"]', label: t("revealed") }, { selector: '[data-testid="bn-revealed"]', label: t("revealed") });
        break;
      case "discard":
      case "discard-offered":
        out.push({ selector: '[data-testid="bn-discard"]', label: t("discarded") });
        break;
      case "reshuffle":
        out.push({ selector: '[data-testid="bn-deck"]', label: t("reshuffled") });
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
      return t("Plant your front card ({bean}) in field {field}", { bean: front, field: a.field + 1 });
    case "plant-traded":
    case "plant-offered":
    case "plant-revealed":
      return t("Plant the {bean} in field {field}", { bean: cardVariety(view, a.card), field: a.field + 1 });
    case "harvest":
      return t("Harvest field {field}", { field: a.field + 1 });
    case "buy-field":
      return t("Buy the third field");
    case "end-planting":
      return t("End planting");
    case "end-trading":
      return t("End trading");
    case "pass":
      return t("Pass for now");
    case "finish-turn":
      return t("Draw and end your turn");
    case "accept":
      return dealt(view, a.offer_id, true, t("Accept offer #{id}", { id: a.offer_id }));
    case "decline":
      return dealt(view, a.offer_id, true, t("Decline offer #{id}", { id: a.offer_id }));
    case "withdraw":
      return dealt(view, a.offer_id, false, t("Withdraw your offer #{id}", { id: a.offer_id }));
    case "discard":
      return t("Discard hand card #{n}", { n: a.position + 1 });
    case "offer": {
      const faceUp = (slot) => t("{bean} (face-up)", { bean: short(view.faceup[slot]?.variety) });
      const give = [...(a.give_hand || []).map((p) => short(view.hand[p]?.variety)), ...(a.give_faceup || []).map(faceUp)];
      const want = [...(a.want || []).map(short), ...(a.want_faceup || []).map(faceUp)];
      const nothing = t("nothing");
      return t("Offer {give} to {name} for {want}", { give: listed(give) || nothing, name: nameOf(a.to, view.viewer), want: listed(want) || nothing });
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

/** "Accept offer #3 from Ann: you get Wax, you give Blue" for an offer of the view (the
 *  viewer answering it when `answering`, else its proposer); `what` alone for an offer the
 *  view does not hold. One sentence with placeholders (issue 36). */
function dealt(view, id, answering, what) {
  const o = (view.offers || []).find((x) => x.offer_id === id);
  if (!o) return what;
  const nothing = t("nothing");
  const faceUp = (f) => t("{bean} (face-up)", { bean: short(f.variety) });
  const gives = listed([...(o.give_hand || []).map(short), ...(o.give_faceup || []).map(faceUp)]) || nothing;
  const wants = listed([...(o.want || []).map(short), ...(o.want_faceup || []).map(faceUp)]) || nothing;
  if (answering) return t("{what} from {name}: you get {gives}, you give {wants}", { what, name: nameOf(o.proposer, view.viewer), gives, wants });
  return t("{what} to {name}: you give {gives}, you get {wants}", { what, name: nameOf(o.to, view.viewer), gives, wants });
}

/** The variety of a card of a zone the viewer plants from (trade area, offer area, revealed). */
function cardVariety(view, id) {
  const me = view.viewer;
  const zones = [view.revealed || [], view.offer_area || [], me !== null && me !== undefined ? view.players[me].trade_area : []];
  for (const zone of zones) for (const c of zone) if (c.id === id) return short(c.variety);
  return t("card #{id}", { id });
}
