"""Audit the trading etiquette of Bohnanza bots (issue 16, part 1) over bot-only games.

Plays games with the given bots (seat s gets the s-th spec), or reads saved game records, and
replays every game: each offer a bot made is checked against the view it was made from with
``heuristics.breaches`` (repeat of a declined offer, gives and wants one variety, wants a
variety it cannot plant, no gain by its own valuation, third open offer, fifth offer of the
trading phase). Withdrawals by bots and passes are counted too (a bot never withdraws, so no
offer is closed before a person could read it), and `unanswered`: a bot's pass while an offer
addressed to it is open (it should accept or decline it). Every count but offers, phases and
passes is a violation and should be 0.

    python scripts/audit_etiquette.py --bots greedy,greedy,greedy,greedy --games 200 --jobs 2
    python scripts/audit_etiquette.py --bots ismcts:iterations=100,greedy,greedy,greedy --games 4
    python scripts/audit_etiquette.py --games 40 --save g.jsonl --no-audit   # play, keep records
    python scripts/audit_etiquette.py --records g.jsonl     # audit them (e.g. an older checkout's)
    python scripts/audit_etiquette.py --answer-times ismcts:seconds=1 --samples 20

``--answer-times SPEC`` measures instead how long the bot of SPEC takes to answer an offer
addressed to it: in greedy games, at the first ``--samples`` decisions where an open offer is
addressed to seat 0 (or open to it), SPEC acts for seat 0 (timed; greedy's move is played).

Usage: python scripts/audit_etiquette.py [--bots SPECS] [--games 200] [--seed 1] [--jobs 1]
           [--save FILE] [--no-audit] [--records FILE] [--answer-times SPEC] [--samples 20]
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import seedbed
from seedbed.arena.play import play_game, seat_rng
from seedbed.bots import InfoSet, make_bot, parse_spec_list, with_manners
from seedbed.engine.record import GameRecord, read_records
from seedbed.engine.registry import heuristics

GAME = "bohnanza"
COUNTED = ("games", "phases", "offers", "passes")


def audit(record: GameRecord, manners: dict[str, Any] | None = None) -> Counter[str]:
    """Counts of one game: offers, trading phases, passes, and violations per rule;
    ``manners``: the table's options (``open_offers``, ``phase_offers``) if not the defaults."""
    h = heuristics(GAME)
    game = seedbed.game(GAME)
    state = game.new_state(record.num_players, record.seed, record.options)
    bots = [not str(label).startswith("human:") for label in record.seating]
    found: Counter[str] = Counter(games=1)
    trading = False
    for p, obj in record.moves:
        action = game.action_from_json(obj)
        kind = obj["type"]
        if bots[p]:
            if kind == "offer":
                found["offers"] += 1
                found.update(h.breaches(with_manners(state.observe(p), manners), action))
            elif kind == "withdraw":
                found["withdraw"] += 1
            elif kind == "pass":
                found["passes"] += 1
                found["unanswered"] += awaits_answer(state.observe(p), p)
        state.apply(p, action)
        now = state.observe(None)["phase"] == "trade"
        found["phases"] += now and not trading
        trading = now
    return found


def awaits_answer(view: dict[str, Any], seat: int) -> bool:
    """Whether an open offer is addressed to ``seat`` (only it may decline it, B-41)."""
    return any(o["status"] == "open" and o["to"] == seat for o in view["offers"])


RULES = (*heuristics(GAME).BREACHES, "withdraw", "unanswered")
"""Every count of the audit that is a violation."""


def _play(specs: list[str], seed: int) -> str:
    result = play_game(GAME, specs, seed)
    assert result.record is not None
    return result.record.to_jsonl()


def answer_times(spec: str, samples: int, seed: int) -> list[float]:
    """Seconds the bot of ``spec`` takes at seat 0's first ``samples`` decisions with an open
    offer it may answer, in 4-player greedy games from deal ``seed`` on."""
    timed = make_bot(spec, GAME)
    greedy = make_bot("greedy", GAME)
    out: list[float] = []
    while len(out) < samples:
        state = seedbed.game(GAME).new_state(4, seed)
        rngs = [seat_rng(seed, p) for p in range(4)]
        while not state.is_terminal() and len(out) < samples:
            p = state.to_move()[0]
            view = state.observe(p)
            if p == 0 and any(
                o["status"] == "open"
                and (o["to"] == 0 or (o["to"] == "any" and view["active"] != 0))
                for o in view["offers"]
            ):
                start = time.perf_counter()
                timed.act(InfoSet(state, 0), seat_rng(seed + len(out), 0))
                out.append(time.perf_counter() - start)
            state.apply(p, greedy.act(InfoSet(state, p), rngs[p]))
        seed += 1
    return out


def report(total: Counter[str], seconds: float) -> None:
    print(f"games {total['games']}, trading phases {total['phases']}, bot offers {total['offers']}")
    print(f"bot passes {total['passes']} ({total['passes'] / max(1, total['games']):.0f} a game)")
    for rule in RULES:
        print(f"  {rule:<16} {total[rule]}")
    print(f"violations {sum(total[r] for r in RULES)}  ({seconds:.0f} s)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bots", default="greedy,greedy,greedy,greedy", help="one spec per seat")
    ap.add_argument("--games", type=int, default=200, help="games to play (deals)")
    ap.add_argument("--seed", type=int, default=1, help="first deal seed")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--save", type=Path, help="write the played games' records (JSON Lines)")
    ap.add_argument("--no-audit", action="store_true", help="only play (and --save)")
    ap.add_argument("--records", type=Path, help="audit these records instead of playing")
    ap.add_argument("--answer-times", metavar="SPEC", help="time SPEC's answers to offers")
    ap.add_argument("--samples", type=int, default=20, help="answers timed (--answer-times)")
    args = ap.parse_args()
    start = time.perf_counter()
    if args.answer_times is not None:
        times = sorted(answer_times(args.answer_times, args.samples, args.seed))
        mean = sum(times) / len(times)
        print(
            f"{args.answer_times}: {len(times)} answers to offers, mean {mean:.3f} s, "
            f"median {times[len(times) // 2]:.3f} s, max {times[-1]:.3f} s"
        )
        return
    if args.records is not None:
        records = read_records(args.records.read_text(encoding="utf-8").splitlines())
    else:
        specs = [str(s) for s in parse_spec_list(args.bots)]
        seeds = range(args.seed, args.seed + args.games)
        with ProcessPoolExecutor(args.jobs) as pool:
            texts = list(pool.map(_play, [specs] * len(seeds), seeds))
        if args.save is not None:
            args.save.write_text("".join(texts), encoding="utf-8")
        records = [GameRecord.from_jsonl(t) for t in texts]
    if args.no_audit:
        print(f"played {len(records)} games ({time.perf_counter() - start:.0f} s)")
        return
    total: Counter[str] = Counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        for found in pool.map(audit, records):
            total.update(found)
    report(total, time.perf_counter() - start)


if __name__ == "__main__":
    main()
