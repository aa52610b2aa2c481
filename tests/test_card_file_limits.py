"""Issue 12, defects 1 and 2 (card-file half): adversarial card-set files are refused by a shape
scanner before ``tomllib`` or ``json`` see them, so reading any file costs bounded time and
memory. The decoders are replaced by tripwires here: a shape that must never reach them fails
the test if it does."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from seedbed import data_files
from seedbed.games.fields_of_green.card_file_limits import (
    MAX_ENTRIES,
    MAX_FILE_BYTES,
    MAX_KEY_PARTS,
    MAX_LINES,
    MAX_NESTING,
    MAX_NUMBER_CHARS,
    MAX_STRING_TEXT_CHARS,
    MAX_TABLES_AND_LISTS,
    MAX_WORD_CHARS,
    check_card_text,
)
from seedbed.games.fields_of_green.card_text import parse_card_text
from seedbed.games.fields_of_green.cards import CardDataError, CardSet, parse_card_set
from seedbed.games.fields_of_green.spec import SPEC, original_card_set


def load_card_data(path: Path) -> dict[str, Any]:
    """A card file read as the CLI's ``card_set=PATH`` reads it."""
    return dict(data_files.load(SPEC.data_files[0], path))


def load_card_set(path: Path) -> CardSet:
    return parse_card_set(load_card_data(path))


MIB = 1024 * 1024
ORIGINAL = resources.files("seedbed.games.fields_of_green") / "data" / "original.toml"
ORIGINAL_TEXT = ORIGINAL.read_text(encoding="utf-8")

NESTED = f"nested deeper than the limit of {MAX_NESTING}"
DOTTED = f"more parts than the limit of {MAX_KEY_PARTS}"
NUMBER = f"longer than the limit of {MAX_NUMBER_CHARS} characters"
WORD = f"longer than the limit of {MAX_WORD_CHARS} characters"
CONTAINERS = f"more tables/lists than the limit of {MAX_TABLES_AND_LISTS}"
ENTRIES = f"more keys and list items than the limit of {MAX_ENTRIES}"
LINES = f"more lines than the limit of {MAX_LINES}"
STRING = f"a string written in more than the limit of {MAX_STRING_TEXT_CHARS} characters"

LINES_OF_X = ("x" * 99 + "\n") * (MIB // 100 - 1)
THIRTY_THOUSAND_KEYS = ", ".join(f"k{i} = 1" for i in range(30_000))

# (what, format, text, the limit the error must name); every text here is refused unparsed.
SHAPES: list[tuple[str, str, str, str]] = [
    ("the reported 50,000-part dotted key", "toml", "a" + ".a" * 50_000 + " = 1", DOTTED),
    ("1 MiB of a.a.a", "toml", "a." * (MIB // 2 - 4) + "a = 1", DOTTED),
    ("a dotted key with spaces", "toml", "a . " * 9 + "a = 1", DOTTED),
    ("a dotted key of quoted parts", "toml", '"a".' * 9 + '"a" = 1', DOTTED),
    ("a dotted table header", "toml", "[" + "a." * 9 + "a]", DOTTED),
    ("JSON arrays 100k deep", "json", "[" * 100_000 + "]" * 100_000, NESTED),
    ("JSON objects 100k deep", "json", '{"a":' * 100_000 + "1" + "}" * 100_000, NESTED),
    ("TOML inline tables 5,000 deep", "toml", "a = " + "{b = " * 5000 + "1" + "}" * 5000, NESTED),
    ("TOML arrays 5,000 deep", "toml", "a = " + "[" * 5000 + "]" * 5000, NESTED),
    ("1 MiB of [", "toml", "[" * MIB, NESTED),
    ("1 MiB of {", "json", "{" * MIB, NESTED),
    ("JSON 5,000-digit integer", "json", '{"version": ' + "9" * 5000 + "}", NUMBER),
    ("TOML 5,000-digit integer", "toml", "version = " + "9" * 5000, NUMBER),
    ("TOML 5,000-digit hex integer", "toml", "version = 0x" + "f" * 5000, NUMBER),
    ("JSON negative 5,000-digit", "json", '{"vp": -' + "9" * 5000 + "}", NUMBER),
    ("TOML 1 MiB float", "toml", "vp = 1." + "5" * (MIB - 8), NUMBER),
    ("1 MiB bare key", "toml", "a" * (MIB - 4) + " = 1", WORD),
    ("1 MiB JSON word", "json", "t" * MIB, WORD),
    ("200k empty lists", "toml", "a = [" + "[]," * 200_000 + "]", CONTAINERS),
    ("200k empty objects", "json", "[" + "{}," * 200_000 + "{}]", CONTAINERS),
    ("500k list items", "json", "[" + "0," * (MIB // 2 - 2) + "0]", ENTRIES),
    ("1 MiB basic string", "toml", 'name = "' + "x" * (MIB - 9) + '"', STRING),
    ("1 MiB of escapes", "toml", 'name = "' + "\\n" * (MIB // 2 - 5) + '"', STRING),
    ("1 MiB literal string", "toml", "name = '" + "x" * (MIB - 9) + "'", STRING),
    ("1 MiB multi-line string", "toml", 'name = """\n' + LINES_OF_X + '"""', STRING),
    ("1 MiB multi-line literal", "toml", "name = '''" + "x" * (MIB - 16) + "'''", STRING),
    ("1 MiB JSON string", "json", '{"name": "' + "x" * (MIB - 12) + '"}', STRING),
    ("1 MiB JSON key", "json", '{"' + "x" * (MIB - 12) + '": 1}', STRING),
    ("1 MiB of newlines", "toml", "\n" * MIB, LINES),
    ("1 MiB of JSON lines", "json", "[" + "0,\n" * (MIB // 3 - 1) + "0]", LINES),
    ("30k keys of an inline table", "toml", "a = {" + THIRTY_THOUSAND_KEYS + "}", ENTRIES),
]


@pytest.fixture
def no_decoder(monkeypatch: pytest.MonkeyPatch) -> None:
    """``tomllib.loads`` and ``json.loads`` as seen by the file layer fail if called."""

    def tripwire(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the decoder was handed a shape the scanner must refuse")

    monkeypatch.setattr(tomllib, "loads", tripwire)
    monkeypatch.setattr(json, "loads", tripwire)


@pytest.mark.parametrize(("what", "fmt", "text", "limit"), SHAPES, ids=[s[0] for s in SHAPES])
def test_an_adversarial_shape_is_refused_before_decoding(
    no_decoder: None, what: str, fmt: str, text: str, limit: str
) -> None:
    """Issue 12, defects 1 and 2: a dotted-key bomb (quadratic in tomllib), deep nesting
    (RecursionError), huge numbers (int max str digits) and megabyte-wide shapes are refused
    by the scanner, one line naming the limit, without the decoder ever running."""
    with pytest.raises(CardDataError) as caught:
        parse_card_text(text, f"f.{fmt}", fmt)
    message = str(caught.value)
    assert limit in message and "\n" not in message, message
    assert message.startswith(f"f.{fmt}:"), message


def test_a_refusal_names_the_line_where_the_limit_is_passed(no_decoder: None) -> None:
    """Issue 12, defect 2: the error says where (file:line), as syntax errors do."""
    text = 'name = "x"\n# a [ in a comment\ntext = """\n[ in a\n{ string\n"""\nbad = ' + "[" * 40
    with pytest.raises(CardDataError, match=r"^deep\.toml:7: .*" + NESTED):
        parse_card_text(text, "deep.toml", "toml")
    digits = '{\n  "format": "x",\n  "vp": ' + "1" * 30 + "\n}"
    with pytest.raises(CardDataError, match=r"^big\.json:3: .*" + NUMBER):
        parse_card_text(digits, "big.json", "json")


@pytest.mark.parametrize(
    ("fmt", "text"),
    [
        ("toml", 'a = "' + "[{" * 100 + '"'),
        ("toml", "a = '" + "[{" * 100 + "'"),
        ("toml", 'a = """\n' + "[{" * 100 + '\n"""'),
        ("toml", "a = '''\n" + "[{" * 100 + "\n'''"),
        ("toml", 'a = """x\\"""' + "[{" * 100 + '"""'),
        ("toml", "# " + "[{" * 100 + " a.a.a.a.a.a.a.a.a.a " + "9" * 100),
        ("toml", 'a = "a.a.a.a.a.a.a.a.a.a.a ' + "x" * 200 + '"'),
        ("json", '{"a": "' + "[{" * 100 + '\\"' + "[" * 100 + '"}'),
        ("json", '{"' + "9" * 100 + '": 1}'),
    ],
    ids=["basic", "literal", "multi-line", "multi-line literal", "escaped quote", "comment",
         "dots and length in a string", "JSON escaped quote", "JSON digits in a key"],
)  # fmt: skip
def test_brackets_dots_and_digits_in_strings_and_comments_are_not_counted(
    fmt: str, text: str
) -> None:
    """Issue 12, defect 1: the scanner skips strings of every kind and comments the way the
    decoders do, so ``[`` or ``.`` inside them is not nesting and not a dotted key."""
    check_card_text(text, f"f.{fmt}", fmt)


def test_a_long_comment_is_not_a_long_string() -> None:
    """Comments cost the decoder nothing (it skips to the line's end): they have no limit."""
    check_card_text("# " + "x" * (MIB - 4), "f.toml", "toml")


def test_the_shipped_set_passes_the_scanner_in_both_formats() -> None:
    """The limits are far above what a real set needs: the shipped set, as TOML and as
    indented JSON, passes, and so does a file of the shipped set padded to just under 1 MiB."""
    check_card_text(ORIGINAL_TEXT, "original.toml", "toml")
    as_json = json.dumps(original_card_set().to_json(), indent=2)
    check_card_text(as_json, "original.json", "json")
    padding = "#" * 99 + "\n"
    padded = ORIGINAL_TEXT + padding * ((MAX_FILE_BYTES - len(ORIGINAL_TEXT.encode())) // 100)
    assert parse_card_text(padded, "padded.toml").name == "original"


def test_text_over_the_size_limit_is_refused_unread(no_decoder: None) -> None:
    """Issue 12, defect 1: the size limit holds for text given directly too (in UTF-8 bytes)."""
    with pytest.raises(CardDataError, match=f"longer than the limit of {MAX_FILE_BYTES} bytes"):
        parse_card_text("# " + "é" * (MAX_FILE_BYTES // 2), "wide.toml")


def test_a_file_over_the_size_limit_is_refused_after_reading_just_past_the_limit(
    tmp_path: Path,
) -> None:
    """Issue 12, defect 1 (the CLI's ``card_set=PATH``): ``load_card_set`` and
    ``load_card_data`` never read more than the limit plus one byte, so a huge file (or an
    endless one such as /dev/zero) is refused without filling memory."""
    big = tmp_path / "big.toml"
    big.write_text("#" * (MAX_FILE_BYTES + 1), encoding="utf-8")
    for load in (load_card_set, load_card_data):
        with pytest.raises(ValueError, match=f"^{big}: .*limit of {MAX_FILE_BYTES} bytes"):
            load(big)
    endless = tmp_path / "endless.json"
    endless.symlink_to("/dev/zero")
    with pytest.raises(ValueError, match=f"limit of {MAX_FILE_BYTES} bytes"):
        load_card_set(endless)


def test_a_bomb_file_is_refused_by_load_card_set(tmp_path: Path, no_decoder: None) -> None:
    """Issue 12, defect 1: the CLI path goes through the same scanner as an upload."""
    bomb = tmp_path / "bomb.toml"
    bomb.write_text("a" + ".a" * 50_000 + " = 1", encoding="utf-8")
    with pytest.raises(CardDataError, match=f"^{bomb}:1: .*{DOTTED}"):
        load_card_set(bomb)


WATCHDOG = textwrap.dedent(
    """
    import resource, sys
    resource.setrlimit(resource.RLIMIT_AS, (768 * 2**20, 768 * 2**20))
    from seedbed.games.fields_of_green.card_text import CardDataError, parse_card_text
    try:
        parse_card_text("a" + ".a" * 50_000 + " = 1", "f.toml", "toml")
    except CardDataError as error:
        print(error)
    """
)


def test_the_reported_bomb_is_refused_under_a_memory_cap_and_a_watchdog() -> None:
    """Issue 12, defect 1: the reported file, through the real decoders, in a child process
    held to 768 MB of address space; the timeout is only a hang guard (the old code ran out
    of memory here instead of answering)."""
    done = subprocess.run(
        [sys.executable, "-c", WATCHDOG], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert DOTTED in done.stdout, done.stdout
