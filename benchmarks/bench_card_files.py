"""Time and peak memory to read adversarial card-set files (issue 12, defects 1 and 2).

Each shape is about 1 MiB (the size limit) unless named otherwise (or smaller, where another
limit binds first), and goes through
``seedbed.games.fields_of_green.card_text.parse_card_text``, as an upload does: the shape
scanner, the decoder, the value bounds, the validator and, on an error, the search for its
line. Printed, never asserted (DESIGN §6.6): the time is the best of a few runs, the memory
the peak that ``tracemalloc`` saw in one more run (Python allocations only).

    .venv/bin/python benchmarks/bench_card_files.py [RUNS]
    .venv/bin/python benchmarks/bench_card_files.py --server [SECONDS]

``--server`` (issue 37 item 9): the round trip of another player's moves (4 tables of 2
human seats of Stalk Exchange, ``seedbed.server.bench``) on a real server while 8 uploaders
post card files back to back, for SECONDS (default 15) per case: none; the reported 20,000
dotted headers at the server's default limits; and the slowest file the scanner lets through
(49,999 keys) with the per-address upload limit lifted. The same script measures the code
before issue 37 (whose server takes no upload flags) for the "before" figures.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import multiprocessing
import os
import sys
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable
from multiprocessing.queues import Queue
from typing import Any

import httpx

from seedbed.games.fields_of_green.card_file_limits import MAX_FILE_BYTES
from seedbed.games.fields_of_green.card_limits import MAX_CARDS
from seedbed.games.fields_of_green.card_text import CardDataError, parse_card_text
from seedbed.games.fields_of_green.game import FieldsOfGreen
from seedbed.games.fields_of_green.spec import original_card_set
from seedbed.server import bench

MIB = MAX_FILE_BYTES
HEAD = 'format = "seedbed.fields_of_green.cards"\nversion = 1\nname = "x"\n'


def _original_toml() -> str:
    from importlib import resources

    data = resources.files("seedbed.games.fields_of_green") / "data" / "original.toml"
    return data.read_text(encoding="utf-8")


def _fill(unit: str, head: str = "", tail: str = "") -> str:
    """``head``, ``unit`` as many times as fit in 1 MiB with ``tail``, then ``tail``."""
    room = MIB - len((head + tail).encode())
    return head + unit * (room // len(unit.encode())) + tail


def largest_set() -> dict[str, Any]:
    """The shipped set grown to ``MAX_CARDS`` designs of one copy each, half locations and half
    tiles: the most designs the limits allow."""
    data = original_card_set().to_json()
    half = MAX_CARDS // 2
    for section, prefix in (("locations", "l"), ("equipment", "t")):
        designs = [{**d, "copies": 1} for d in data[section]]
        extra = [{**designs[i % len(designs)], "id": f"{prefix}{i}"} for i in range(half)]
        data[section] = (designs + extra)[:half]
    return data


def shapes() -> list[tuple[str, str, str]]:
    """(what, format, text) of every shape measured."""
    toml = _original_toml()
    as_json = json.dumps(original_card_set().to_json(), indent=2)
    header = '[[locations]]\nid = "x"\n'
    return [
        ("shipped set, TOML (21 KB)", "toml", toml),
        ("shipped set, indented JSON (43 KB)", "json", as_json),
        ("shipped set padded with comments", "toml", _fill("#" * 99 + "\n", toml)),
        ("reported dotted key (100 KB)", "toml", "a" + ".a" * 50_000 + " = 1"),
        ("a.a.a… dotted key", "toml", _fill("a.", "", "a = 1")),
        ("[[[… TOML", "toml", _fill("[")),
        ("{{{… JSON", "json", _fill("{")),
        ("JSON nested 100k deep (200 KB)", "json", "[" * 100_000 + "]" * 100_000),
        ("TOML inline tables 5,000 deep", "toml", "a = " + "{b = " * 5000 + "1" + "}" * 5000),
        ("JSON 5,000-digit integer", "json", '{"version": ' + "9" * 5000 + "}"),
        ("TOML 5,000-digit integer", "toml", "version = " + "9" * 5000),
        ("one bare word", "toml", _fill("a", "", " = 1")),
        ("one string, TOML", "toml", _fill("x", 'name = "', '"')),
        ("one string of escapes, TOML", "toml", _fill("\\n", 'name = "', '"')),
        ("one string of escapes, JSON", "json", _fill("\\n", '{"name": "', '"}')),
        ("empty lists [],[],…", "toml", _fill("[],", "a = [", "]")),
        ("list items 0,0,…", "json", _fill("0,", "[", "0]")),
        ("49k strings in one list, JSON", "json",
         '{"locations": [' + ",".join(['"' + "x" * 16 + '"'] * 49_000) + "]}"),
        ("49k strings in one list, TOML", "toml",
         HEAD + "locations = [" + ",".join(['"' + "x" * 16 + '"'] * 49_000) + "]"),
        ("645 lists 31 deep (20k lists)", "toml",
         "".join(f"a{i} = " + "[" * 31 + "]" * 31 + "\n" for i in range(645))),
        ("9,999 [[locations]] headers", "toml", HEAD + header * 9_999),
        ("19,999 inline tables, TOML", "toml", "a = [" + "{b = 1}," * 19_999 + "]"),
        ("19,997 objects, JSON", "json", '{"a": [' + ",".join(['{"b": 1}'] * 19_997) + "]}"),
        ("largest set allowed, indented JSON", "json", json.dumps(largest_set(), indent=2)),
        ("49,999 keys, TOML", "toml", "".join(f"k{i} = 1\n" for i in range(49_999))),
        ("newlines", "toml", _fill("\n")),
        ("20k [kN.a.b.c.d.e.f.g] headers (issue 37)", "toml",
         "".join(f"[k{i}.a.b.c.d.e.f.g]\n" for i in range(19_999))),
        ("571 8-part headers, 3,428 plain headers", "toml",
         "".join(f"[k{i}.a.b.c.d.e.f.g]\n" for i in range(571))
         + "".join(f"[j{i}]\n" for i in range(3_428))),
        ("19,999 plain headers", "toml", "".join(f"[j{i}]\n" for i in range(19_999))),
        ("4k dots in 571 keys, 49k keys", "toml",
         "".join(f"k{i}.a.b.c.d.e.f.g = 1\n" for i in range(571))
         + "".join(f"j{i} = 1\n" for i in range(49_000))),
        ("deep value after 1 MiB of comments", "toml",
         _fill("#" * 99 + "\n", HEAD, "a.a.a.a.a.a.a.a = " + "[" * 31 + "]" * 31 + "\n")),
    ]  # fmt: skip


def outcome(text: str, fmt: str) -> str:
    """``parsed`` or the refusal, shortened."""
    try:
        parse_card_text(text, f"f.{fmt}", fmt)
    except CardDataError as error:
        message = str(error).split(": ", 1)[1]
        return "refused: " + (message if len(message) <= 60 else message[:57] + "...")
    return "parsed"


def best_time(run: Callable[[], object], runs: int) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def peak_memory(run: Callable[[], object]) -> int:
    tracemalloc.start()
    try:
        run()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def cards_option_lines(runs: int) -> list[str]:
    """The ``cards`` option path (a client's object, no file): the game's normalisation."""
    lines = []
    for what, cards in (
        ("shipped set", original_card_set().to_json()),
        ("largest set", largest_set()),
    ):

        def run(cards: dict[str, Any] = cards) -> object:
            return FieldsOfGreen().normalize_options({"cards": cards})

        seconds, peak = best_time(run, runs), peak_memory(run)
        lines.append(_row(f"cards option: {what} object", "-", 0, "parsed", seconds, peak))
    return lines


def _row(what: str, fmt: str, size: int, result: str, seconds: float, peak: int) -> str:
    kb = f"{size / 1024:7.0f}" if size else "      -"
    return f"{what:38} {fmt:4} {kb} KB {seconds * 1000:8.1f} ms {peak / 2**20:7.1f} MB  {result}"


UPLOADERS = 8
REPORTED = "".join(f"[k{i}.a.b.c.d.e.f.g]\n" for i in range(19_999))
MOST_KEYS = "".join(f"k{i} = 1\n" for i in range(49_999))
URL = "/api/games/fields_of_green/files/card_set"


def uploader(base: str, text: str, until: float, codes: Queue[int]) -> None:
    """In a process of its own, niced (so the players measure the server, not the uploads):
    post ``text`` back to back until ``until`` (``time.time()``), then the count of each
    status code."""
    os.nice(19)  # remote clients, in effect: the server and the players come first
    body = json.dumps({"name": "bomb.toml", "format": "toml", "text": text}).encode()
    headers = {"content-type": "application/json"}
    seen: Counter[int] = Counter()
    with httpx.Client(timeout=60) as client:
        while time.time() < until:
            seen[client.post(base + URL, content=body, headers=headers).status_code] += 1
    for code, n in seen.items():
        codes.put(code * 1_000_000 + n)


async def moves_beside(base: str, text: str | None, seconds: float) -> tuple[list[float], str]:
    config = bench.BenchConfig("stalk_exchange", tables=4, players=2, think=0.05,
                               seconds=seconds, warmup=1.0)  # fmt: skip
    tally, context = bench.Tally(), multiprocessing.get_context("spawn")
    codes: Queue[int] = context.Queue()
    until = time.time() + config.warmup + seconds
    posts = [
        context.Process(target=uploader, args=(base, text, until, codes))
        for _ in range(UPLOADERS if text is not None else 0)
    ]
    for post in posts:
        post.start()
    await bench.drive(base, config, tally, lambda _: None)
    counted: Counter[int] = Counter()
    for post in posts:
        post.join()
    while not codes.empty():
        packed = codes.get()
        counted[packed // 1_000_000] += packed % 1_000_000
    return tally.latencies, ", ".join(f"{n} x {code}" for code, n in sorted(counted.items()))


def server_lines(seconds: float) -> None:
    takes_flags = "extra" in inspect.signature(bench.running_server).parameters
    cases = [("no uploads", None, ()), ("reported dotted headers, default limits", REPORTED, ()),
             ("49,999 keys, upload rate unlimited", MOST_KEYS,
              ("--uploads-per-minute", "1000000"))]  # fmt: skip
    for what, text, extra in cases:
        with bench.running_server(None, *((extra,) if takes_flags else ())) as (base, _):
            latencies, codes = asyncio.run(moves_beside(base, text, seconds))
        p50, p99 = (1000 * bench.percentile(latencies, q) for q in (50, 99))
        print(f"{what:42} {len(latencies):5} moves: ack p50 {p50:6.1f} ms, p99 {p99:7.1f} ms,"
              f" max {1000 * max(latencies, default=0):7.1f} ms; uploads {codes or '-'}",
              flush=True)  # fmt: skip


def main(argv: list[str]) -> None:
    if argv[:1] == ["--server"]:
        server_lines(float(argv[1]) if len(argv) > 1 else 15.0)
        return
    runs = int(argv[0]) if argv else 3
    print(f"{'shape':38} {'fmt':4} {'size':>10} {'time':>11} {'peak':>10}  outcome")
    for what, fmt, text in shapes():
        size = len(text.encode("utf-8"))

        def run(text: str = text, fmt: str = fmt) -> object:
            return outcome(text, fmt)

        result = outcome(text, fmt)
        print(_row(what, fmt, size, result, best_time(run, runs), peak_memory(run)), flush=True)
    for line in cards_option_lines(runs):
        print(line, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
