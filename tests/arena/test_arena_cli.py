"""The arena commands of the CLI: ``tournament``, ``match`` and ``bench ismcts``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from seedbed.cli.arena import read_results
from seedbed.cli.main import app

runner = CliRunner(env={"COLUMNS": "160"})  # a fixed width: rich wraps to the terminal


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("command", [["tournament"], ["match"], ["bench"]])
def test_help_has_an_example(command: list[str]) -> None:
    code, out, _ = run(*command, "--help")
    assert code == 0 and "Example: seedbed" in out
    assert "--report" in out if command == ["tournament"] else True


STALK = ["tournament", "stalk_exchange", "-p", "3", "--no-progress"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([*STALK, "--bots", "nosuch"], "error: unknown bot 'nosuch'; bots: "),
        ([*STALK, "--bots", "random:depth=3"], "error: bot random has no parameter 'depth'"),
        ([*STALK, "--bots", "random,,random"], "error: empty bot spec"),
        ([*STALK, "--bots", "iterations=3"], "error: 'iterations=3' starts with a parameter"),
        ([*STALK, "--bots", "random,random,random,random"], "error: 4 bots for 3 seats"),
        ([*STALK, "--games", "0"], "error: --games must be at least 1"),
        ([*STALK, "--backend", "dask"], "error: --backend must be one of local, ray"),
        ([*STALK, "--address", "auto"], "error: --address needs --backend ray"),
        ([*STALK, "--jobs", "0"], "error: --jobs must be at least 1"),
        (["tournament", "chess"], "error: unknown game 'chess'"),
        (["tournament", "bohnanza", "-p", "9"], "error: bohnanza with these options takes 2-7"),
        (["tournament", "bohnanza", "-o", "edition=nope"], "error: "),
        (["match", "random", "random", "--game", "stalk_exchange"], "error: bot A and bot B"),
        (["match", "random", "nosuch", "--game", "bohnanza"], "error: unknown bot 'nosuch'"),
        (["match", "random", "x", "--game", "bohnanza", "--p0", "0.3", "--p1", "0.2"], "error"),
        (
            ["match", "random", "random:", "--game", "stalk_exchange", "--alpha", "0"],
            "error: alpha",
        ),
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(args: list[str], message: str) -> None:
    code, _, err = run(*args)
    assert code == 2, err
    assert err.startswith(message) and len(err.strip().splitlines()) == 1


def test_tournament_prints_the_tables_and_writes_results_and_report(
    tmp_path: Path, first_bot: str
) -> None:
    out, report = tmp_path / "results.jsonl", tmp_path / "report"
    code, stdout, err = run(
        *STALK,
        "--bots",
        f"{first_bot},random",
        "--games",
        "7",  # rounded up to 3 deals of 3 rotations
        "--seed",
        "5",
        "--out",
        str(out),
        "--moves",
        "--report",
        str(report),
    )
    assert code == 0, err
    assert re.search(r"│ first\s+│\s+9 │\s+[\d.]+% │\s+[\d.]+-[\d.]+% │", stdout)
    assert re.search(r"│ random\s+│\s+18 │", stdout)
    assert len(re.findall(r"│\s+[012] │\s+9 │\s+[\d.]+% │", stdout)) == 3  # the seat rows
    assert "9 (3 deals × seat rotations)" in stdout and "parallel efficiency" in stdout
    results = read_results(out)
    assert [r.seed for r in results] == [5, 5, 5, 6, 6, 6, 7, 7, 7]
    assert all(r.record is not None and r.record.moves for r in results)
    assert (report / "index.html").exists() and (report / "seats.png").exists()
    assert f"wrote 9 results to {out}" in stdout


def test_tournament_results_do_not_depend_on_the_number_of_jobs(tmp_path: Path) -> None:
    files = []
    for jobs in ("1", "2"):
        path = tmp_path / f"jobs{jobs}.jsonl"
        code, stdout, err = run(*STALK, "--games", "12", "--jobs", jobs, "--out", str(path))
        assert code == 0, err
        assert f"local, {jobs} worker(s)" in stdout
        rows = [json.loads(line) for line in path.read_text().splitlines()]
        files.append([{k: v for k, v in row.items() if k != "seconds"} for row in rows])
    assert files[0] == files[1] and len(files[0]) == 12


def test_match_stops_when_the_sprt_decides(first_bot: str) -> None:
    args = ["match", first_bot, "random", "--game", "stalk_exchange", "-p", "3", "--no-progress"]
    code, stdout, err = run(*args, "--max-games", "300")
    assert code == 0, err
    lines = stdout.splitlines()
    assert lines[0] == (
        "match: first against 2 × random in stalk_exchange, seat rotation over shared deals"
    )
    assert re.match(r"SPRT H0 p=0\.333 against H1 p=0\.383 \(alpha 0\.05, beta 0\.05\): ", lines[1])
    decided = re.search(r"accept H[01]$", lines[1])
    games = int(re.search(r"games: (\d+)", stdout).group(1))  # type: ignore[union-attr]
    assert games % 3 == 0 and games <= 300
    assert decided or games == 300
    assert re.search(r"first win share: [\d.]+% \(95% CI [\d.]+%-[\d.]+%\), parity 33\.3%", stdout)
    assert "LLR" in stdout and re.search(r"speed: [\d.,]+ (games/s|s/game) on", stdout)


def test_match_with_a_small_budget_stays_undecided(first_bot: str) -> None:
    code, stdout, err = run(
        "match", first_bot, "random", "--game", "stalk_exchange", "-p", "3", "--no-progress",
        "--p0", "0.30", "--p1", "0.36", "--max-games", "4",
    )  # fmt: skip
    assert code == 0, err
    assert "undecided (stopped at --max-games)" in stdout and "games: 6 (2 deals)" in stdout
    # without a progress bar, each round of games reports where the test stands on stderr
    rounds = err.splitlines()
    assert rounds and all(
        re.fullmatch(r"\d+ games: first [\d.]+% \(95% CI [\d.]+%-[\d.]+%\), LLR -?[\d.]+", r)
        for r in rounds
    ), rounds
    assert rounds[-1].startswith("6 games: ")


def test_match_resumes_from_its_journal(first_bot: str, tmp_path: Path) -> None:
    journal = tmp_path / "match.jsonl"
    args = ["match", first_bot, "random", "--game", "stalk_exchange", "-p", "3", "--no-progress"]
    args += ["--p0", "0.30", "--p1", "0.36", "--max-games", "9", "--journal", str(journal)]
    code, first, err = run(*args)
    assert code == 0, err
    assert len(journal.read_text().splitlines()) == 9
    code, again, err = run(*args)  # every game read back: the same verdict, no games played
    assert code == 0, err
    assert again.splitlines() == [line for line in first.splitlines() if "speed:" not in line]
    code, _, err = run(*args[:-2], "--seed", "5", "--journal", str(journal))
    assert code == 2 and "holds another match's games: deal 0, rotation 0" in err


def test_a_match_keeps_its_think_budget_in_its_journal(first_bot: str, tmp_path: Path) -> None:
    """Issue 33 item 3: --think S gives each decision S seconds; the journal records it, and a
    resumed match with another budget (or none) is refused."""
    journal = tmp_path / "match.jsonl"
    args = ["match", first_bot, "random", "--game", "stalk_exchange", "-p", "3", "--no-progress"]
    args += ["--p0", "0.30", "--p1", "0.36", "--max-games", "3", "--journal", str(journal)]
    code, _, err = run(*args, "--think", "0.5")
    assert code == 0, err
    rows = [json.loads(line) for line in journal.read_text().splitlines()]
    assert len(rows) == 3 and {row["think"] for row in rows} == {0.5}
    code, _, err = run(*args, "--think", "0.5")
    assert code == 0, err
    for other in (["--think", "0.25"], []):
        code, _, err = run(*args, *other)
        assert code == 2 and "holds another match's games" in err and "think" in err, err
    code, _, err = run(*args, "--think", "0")
    assert code == 2 and err.startswith("error: --think must be")


def test_a_tournament_with_a_journal_resumes(tmp_path: Path) -> None:
    """Issue 33 item 3: a long tournament (search bots against greedy at --think 1) keeps its
    games in a journal and reads them back when run again; the budget reaches the workers."""
    journal = tmp_path / "t.jsonl"
    args = [*STALK, "--bots", "greedy,random", "--games", "6", "--think", "0.5", "--jobs", "2"]
    code, first, err = run(*args, "--journal", str(journal))
    assert code == 0, err
    rows = [json.loads(line) for line in journal.read_text().splitlines()]
    assert len(rows) == 6 and {row["think"] for row in rows} == {0.5}
    journal.write_text("\n".join(journal.read_text().splitlines()[:4]) + "\n")
    code, again, err = run(*args, "--journal", str(journal))
    assert code == 0, err
    assert len(journal.read_text().splitlines()) == 6
    table = [line for line in first.splitlines() if "win share" in line or "greedy" in line]
    assert table == [line for line in again.splitlines() if "win share" in line or "greedy" in line]


def test_bench_ismcts_prints_iterations_per_second() -> None:
    args = ["bench", "ismcts", "stalk_exchange", "-p", "3", "--seconds", "0.3"]
    code, stdout, err = run(*args, "--spec", "ismcts:iterations=20,tree=python")
    assert code == 0, err
    assert re.search(r"on stalk_exchange, 3 players, one core: [\d,.]+ iterations/s", stdout)
    # without a tree, both (issue 33 item 2): cutoff rollouts run natively too
    code, stdout, err = run(*args, "--spec", "ismcts:iterations=20")
    assert code == 0, err
    assert re.search(r"\n  tree=python  [\d,.]+ iterations/s", stdout)
    assert re.search(r"\n  tree=native  [\d,.]+ iterations/s", stdout)
    # where the native tree cannot run the settings, the Python tree runs, and it says so
    code, stdout, err = run(*args, "--spec", "ismcts:iterations=20,bulky=false")
    assert code == 0, err
    assert "tree=native  runs the Python tree here: bulky=false" in stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["ismcts"], "error: bench ismcts needs a game"),
        (["stalk_exchange", "bohnanza"], "error: bench takes GAME or ismcts GAME"),
        (["stalk_exchange", "--spec", "ismcts"], "error: --spec goes with bench ismcts"),
        (["ismcts", "stalk_exchange", "--spec", "random"], "error: --spec must be an ismcts"),
        (["ismcts", "chess"], "error: unknown game 'chess'"),
    ],
)
def test_bench_ismcts_errors(args: list[str], message: str) -> None:
    code, _, err = run("bench", *args)
    assert code == 2 and err.startswith(message)
