"""The written forms of a declared action kind (engine/codec.py), made once per kind:
``to_json`` and ``__str__`` as closures specialised to the kind's fields.

The engine runs no generated source (tests/engine/test_architecture.py), so instead of
compiling a method per kind as ``dataclasses`` does, a kind gets the closure for its number of
fields: one ``operator.attrgetter`` call reads every field, and a writer is called only for a
field whose written form is not the value itself. These are hot paths (every recorded move
writes its JSON, and refusals and some events print actions); the closures cost about 1.5
times a hand-written method, where a loop over the fields costs 2.5 times.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Any

from seedbed.engine.api import JsonDict

Writer = Callable[[Any], Any] | None
"""A field's written form from its value; None when it is the value itself."""


def json_writer(
    type_name: str, names: Sequence[str], writers: Sequence[Writer]
) -> Callable[[Any], JsonDict]:
    """``to_json``: ``{"type": type_name, name: written value, …}`` in field order."""
    n = len(names)
    if n == 0:
        return lambda self: {"type": type_name}
    get = attrgetter(*names)
    if n == 1:
        (k1,), (w1,) = names, writers
        if w1 is None:
            return lambda self: {"type": type_name, k1: get(self)}
        return lambda self: {"type": type_name, k1: w1(get(self))}
    if n == 2:
        return _json2(type_name, get, names, writers)
    if n == 3:
        return _json3(type_name, get, names, writers)
    if n <= 5:
        return _json5(type_name, get, (*names, "", "")[:5], (*writers, None, None)[:5], n)
    pairs = tuple(zip(names, writers, strict=True))

    def to_json(self: Any) -> JsonDict:
        out: JsonDict = {"type": type_name}
        for (key, write), value in zip(pairs, get(self), strict=True):
            out[key] = value if write is None else write(value)
        return out

    return to_json


def _json2(
    t: str, get: Callable[[Any], Any], names: Sequence[str], writers: Sequence[Writer]
) -> Callable[[Any], JsonDict]:
    (k1, k2), (w1, w2) = names, writers

    def to_json(self: Any) -> JsonDict:
        v1, v2 = get(self)
        return {"type": t, k1: v1 if w1 is None else w1(v1), k2: v2 if w2 is None else w2(v2)}

    return to_json


def _json3(
    t: str, get: Callable[[Any], Any], names: Sequence[str], writers: Sequence[Writer]
) -> Callable[[Any], JsonDict]:
    (k1, k2, k3), (w1, w2, w3) = names, writers

    def to_json(self: Any) -> JsonDict:
        v1, v2, v3 = get(self)
        return {
            "type": t,
            k1: v1 if w1 is None else w1(v1),
            k2: v2 if w2 is None else w2(v2),
            k3: v3 if w3 is None else w3(v3),
        }

    return to_json


def _json5(
    t: str, get: Callable[[Any], Any], names: Sequence[str], writers: Sequence[Writer], n: int
) -> Callable[[Any], JsonDict]:
    """Four or five fields (the last name is "" and dropped when there are four)."""
    (k1, k2, k3, k4, k5), (w1, w2, w3, w4, w5) = names, writers
    if n == 4:

        def to_json4(self: Any) -> JsonDict:
            v1, v2, v3, v4 = get(self)
            return {
                "type": t,
                k1: v1 if w1 is None else w1(v1),
                k2: v2 if w2 is None else w2(v2),
                k3: v3 if w3 is None else w3(v3),
                k4: v4 if w4 is None else w4(v4),
            }

        return to_json4

    def to_json5(self: Any) -> JsonDict:
        v1, v2, v3, v4, v5 = get(self)
        return {
            "type": t,
            k1: v1 if w1 is None else w1(v1),
            k2: v2 if w2 is None else w2(v2),
            k3: v3 if w3 is None else w3(v3),
            k4: v4 if w4 is None else w4(v4),
            k5: v5 if w5 is None else w5(v5),
        }

    return to_json5


@dataclass(frozen=True, slots=True)
class WordForm:
    """How one word of the text form is written: a literal (a keyword), or ``write`` applied
    to the values of the fields at ``indices``; with ``elided``, left out when its single
    value equals ``default`` (an optional word at its default)."""

    literal: str = ""
    indices: tuple[int, ...] = ()
    write: Callable[..., str] | None = None
    elided: bool = False
    default: Any = None


def text_writer(verb: str, names: Sequence[str], words: Sequence[WordForm]) -> Callable[[Any], str]:
    """``__str__``: the verb and the words, separated by spaces."""
    plain = all(
        w.write is not None and w.indices == (i,) and not w.elided for i, w in enumerate(words)
    )
    if not words:
        return lambda self: verb
    if plain and len(words) == len(names) <= 4:
        return _plain_text(verb, attrgetter(*names), [w.write for w in words])
    read_all = attrgetter(*names) if len(names) > 1 else lambda self: (getattr(self, names[0]),)
    # Literal words fold into the text before the next written word: (text before it with
    # and without the separating space, the word), then the literal text after the last one.
    steps = []
    before = verb
    for form in words:
        if form.write is None:
            before += " " + form.literal
        else:
            steps.append((before + " ", before, _word_writer(form)))
            before = ""
    after = before

    def to_text(self: Any) -> str:
        values = read_all(self)
        out = ""
        for spaced, bare, word in steps:
            text = word(values)
            out += bare if text is None else spaced + text
        return out + after

    return to_text


def _word_writer(form: WordForm) -> Callable[[tuple[Any, ...]], str | None]:
    """One written word from the kind's field values; None when the word is left out."""
    write, indices = form.write, form.indices
    assert write is not None
    if len(indices) == 2:
        i, j = indices
        return lambda values: write(values[i], values[j])
    if len(indices) > 2:
        return lambda values: write(*[values[i] for i in indices])
    (i,) = indices
    if form.elided:
        default = form.default
        return lambda values: None if values[i] == default else write(values[i])
    return lambda values: write(values[i])


def _plain_text(
    verb: str, get: Callable[[Any], Any], writes: list[Callable[..., str] | None]
) -> Callable[[Any], str]:
    """One word per field, in field order (most kinds)."""
    w1, w2, w3, w4 = (*writes, None, None, None)[:4]
    assert w1 is not None
    if len(writes) == 1:
        return lambda self: f"{verb} {w1(get(self))}"
    assert w2 is not None
    if len(writes) == 2:

        def to_text2(self: Any) -> str:
            v1, v2 = get(self)
            return f"{verb} {w1(v1)} {w2(v2)}"

        return to_text2
    assert w3 is not None
    if len(writes) == 3:

        def to_text3(self: Any) -> str:
            v1, v2, v3 = get(self)
            return f"{verb} {w1(v1)} {w2(v2)} {w3(v3)}"

        return to_text3
    assert w4 is not None

    def to_text4(self: Any) -> str:
        v1, v2, v3, v4 = get(self)
        return f"{verb} {w1(v1)} {w2(v2)} {w3(v3)} {w4(v4)}"

    return to_text4
