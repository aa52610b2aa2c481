"""Issue 37 item 14: names made only of invisible letters and symbols (U+3164 Hangul filler,
U+2800 braille blank…) were accepted, and so were names and chat lines holding U+2028/U+2029
(line and paragraph separators, which break a line in most clients). Both are refused now:
the separators anywhere, the known blank look-alikes anywhere in a name (a name is how a
person is told apart), and a chat line made only of blanks."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from seedbed.server.app import CLIENT_MESSAGE
from seedbed.server.protocol import CreateTableRequest, SayMessage

BLANK_LOOKALIKES = [
    "\u3164", "\u2800", "\u115f", "\u1160", "\uffa0", "\u200b", "\u200d", "\u2060", "\ufeff",
    "\u180e", "\u2063",
]  # fmt: skip


def table_for(name: str) -> dict[str, object]:
    return {
        "game": "stalk_exchange",
        "num_players": 2,
        "seats": [{"human": {"name": name}}, {"bot": "random"}],
    }


@pytest.mark.parametrize("char", BLANK_LOOKALIKES)
def test_a_name_of_blank_look_alikes_is_refused(char: str) -> None:
    for name in (char, char * 3, f" {char} "):
        with pytest.raises(ValidationError):
            CreateTableRequest.model_validate(table_for(name))


@pytest.mark.parametrize("char", BLANK_LOOKALIKES)
def test_a_blank_look_alike_cannot_make_a_second_ann(char: str) -> None:
    with pytest.raises(ValidationError):
        CreateTableRequest.model_validate(table_for(f"Ann{char}"))


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\x85"])
def test_line_separators_are_refused_in_names_and_chat(separator: str) -> None:
    with pytest.raises(ValidationError):
        CreateTableRequest.model_validate(table_for(f"Ann{separator}Bob"))
    with pytest.raises(ValidationError):
        CLIENT_MESSAGE.validate_python({"type": "chat", "text": f"one{separator}two"})


@pytest.mark.parametrize("text", ["\u3164", "\u2800\u2800", "\u3164 \u2800"])
def test_a_chat_line_of_blanks_is_refused(text: str) -> None:
    with pytest.raises(ValidationError):
        CLIENT_MESSAGE.validate_python({"type": "chat", "text": text})


@pytest.mark.parametrize("name", ["Ann", "Jörg Ü.", "김민준", "李雷", "Zoë-Anne O'Neil", "⠁⠃"])
def test_ordinary_names_are_taken(name: str) -> None:
    table = CreateTableRequest.model_validate(table_for(name))
    assert table.seats[0].human.name == name  # type: ignore[union-attr]


def test_chat_may_mention_braille() -> None:
    said = CLIENT_MESSAGE.validate_python({"type": "chat", "text": "gg \u2800 ⠁⠃"})
    assert isinstance(said, SayMessage)
