"""Actions declared once (DESIGN §2, issue 13): an action kind is a frozen dataclass with a
type name and typed fields; its JSON form, its text form and the parsers of both derive from
that declaration. A game lists its kinds in a :class:`Codec`, which parses with the game's
own wording of errors (its :class:`Dialect`). The stable integer encoding of a game's
actions is in engine/encoding.py.

A field's annotation names its :class:`Value` (how it is read and written)::

    Slot = Annotated[int, Value(read_int, read_int, what="slot")]

    @action_kind("plant")
    @dataclass(frozen=True, slots=True)
    class Plant(DeclaredAction):
        slot: Slot
        space: Space

gives ``{"type": "plant", "slot": 2, "space": [0, -1]}`` and ``plant 2 0,-1``. A text form
other than "the verb, then one word per field" is given as ``text=``: field names, literal
:class:`Keyword` words and :class:`Joined` words that write several fields as one.
Optional trailing words (``Value(optional=True)``) take the field's default when left out.

``to_json`` and ``__str__`` are made once per kind at declaration, as closures specialised
to its fields (engine/action_writers.py), and put on the class itself.

Fields are read in declaration order, or in ``json_order`` / ``text_order``: the order
decides which fault a doubly malformed action reports, and the games keep the order their
hand-written parsers had.
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import MISSING, dataclass, fields, replace
from typing import Any, ClassVar, Generic, TypeVar

from seedbed.engine.action_writers import WordForm, json_writer, text_writer
from seedbed.engine.api import Action, JsonDict
from seedbed.engine.errors import InvalidActionError

T = TypeVar("T")
A = TypeVar("A", bound="DeclaredAction")


@dataclass(frozen=True, slots=True)
class Value(Generic[T]):
    """How one field's value is read and written, in JSON and in the text form.

    ``what`` names the field in JSON error messages (default: the field name quoted, as
    ``'card'``) and ``text_what`` in text ones (default: ``what``); ``metavar`` names it in
    usage messages (default ``<name>``). ``check_json`` looks at the raw JSON value before
    any field of the action is read (a shape check that must win over other faults).
    """

    read_json: Callable[[Any, str], T]
    read_text: Callable[[str, str], T] | None = None
    """None for a field written only inside a :class:`Joined` word."""
    write_json: Callable[[T], Any] | None = None
    write_text: Callable[[T], str] = str
    what: str | None = None
    text_what: str | None = None
    metavar: str | None = None
    optional: bool = False
    """The text word may be left out (trailing words only): the field takes its default."""
    shown_when_default: bool = False
    """An optional word is written even when the value is the default (else left out)."""
    check_json: Callable[[Any], None] | None = None


@dataclass(frozen=True, slots=True)
class Keyword:
    """A literal word of the text form (``offer 2 give f0 want chili``)."""

    word: str


@dataclass(frozen=True, slots=True)
class Joined:
    """One text word written from (and read into) several fields, e.g. ``17/5`` for a card
    and the tile on it. ``read`` returns the fields' values in ``fields`` order."""

    name: str
    fields: tuple[str, ...]
    write: Callable[..., str]
    read: Callable[[str], tuple[Any, ...]]
    metavar: str


# ------------------------------------------------------------------ one kind


@dataclass(frozen=True, slots=True)
class _Field:
    name: str
    value: Value[Any]
    default: Any  # MISSING when the field is required

    @property
    def what(self) -> str:
        return self.value.what or repr(self.name)


@dataclass(frozen=True, slots=True)
class _Word:
    """One word of a kind's text form after the verb: how it is read and written."""

    name: str
    fields: tuple[str, ...]
    metavar: str
    optional: bool
    keyword: str | None  # a literal word
    read: Callable[[str], tuple[Any, ...]]
    form: WordForm
    read_one: tuple[Callable[[str, str], Any], str] | None = None
    """A one-field word's reader and how its messages name the field."""


class Kind:
    """The compiled declaration of one action kind (``cls.kind``)."""

    def __init__(
        self,
        cls: type[DeclaredAction],
        type_name: str,
        verb: str,
        text: Sequence[str | Keyword | Joined] | None,
        json_order: Sequence[str] | None,
        text_order: Sequence[str] | None,
        missing: str | None,
    ) -> None:
        self.cls = cls
        self.type = type_name
        self.verb = verb
        self.fields = _declared_fields(cls)
        self.names = tuple(f.name for f in self.fields)
        self.required = tuple(f.name for f in self.fields if f.default is MISSING)
        self.missing = missing
        self.instance: DeclaredAction | None = cls() if not self.fields else None
        by_name = {f.name: f for f in self.fields}
        self.json_order = tuple(by_name[n] for n in json_order or self.names)
        self._json_plain = self.json_order == self.fields and not any(
            f.value.check_json for f in self.fields
        )
        self._json_reads = tuple(
            (f.name, f.value.read_json, f.what, f.default) for f in self.json_order
        )
        self.words = tuple(_word(part, by_name, self.names) for part in (text or self.names))
        order = text_order or [w.name for w in self.words if w.keyword is None]
        self.text_order = tuple(
            next(i for i, w in enumerate(self.words) if w.name == n) for n in order
        )
        self.least_words = sum(1 for w in self.words if not w.optional)
        self.usage = " ".join(w.metavar for w in self.words)
        self._keywords = tuple((i, w.keyword) for i, w in enumerate(self.words) if w.keyword)
        # One word per field, in field and reading order: read straight into the fields.
        self._text_plain = self.text_order == tuple(range(len(self.fields))) and all(
            w.fields == (n,) for w, n in zip(self.words, self.names, strict=False)
        )
        self._text_reads = tuple(w.read_one for w in self.words if w.read_one is not None)
        self._defaults = tuple(f.default for f in self.fields)
        self._reading = tuple(
            (i, w.read_one, tuple(self.names.index(n) for n in w.fields), w.read)
            for i, w in ((i, self.words[i]) for i in self.text_order)
        )
        self.to_json = json_writer(type_name, self.names, [f.value.write_json for f in self.fields])
        self.to_text = text_writer(verb, self.names, [w.form for w in self.words])

    def from_json(self, obj: Mapping[str, Any], dialect: Dialect) -> DeclaredAction:
        """The action of a JSON object of this kind (its ``type`` already matched)."""
        if dialect.wrong_fields is not None:
            given = set(obj) - {"type"}
            if given != set(self.names):
                raise dialect.error(
                    dialect.wrong_fields,
                    kind=self.type,
                    names=sorted(self.names),
                    got=sorted(given),
                )
        else:
            absent = [n for n in self.required if n not in obj]
            if absent:
                template = self.missing or dialect.missing
                raise dialect.error(template, kind=self.type, names=", ".join(absent))
        if self.instance is not None:
            return self.instance
        if self._json_plain:
            return self.cls(
                *[read(obj[n], what) if n in obj else d for n, read, what, d in self._json_reads]
            )
        for f in self.json_order:
            if f.value.check_json is not None and f.name in obj:
                f.value.check_json(obj[f.name])
        values = {}
        for name, read, what, default in self._json_reads:
            values[name] = read(obj[name], what) if name in obj else default
        return self.cls(*[values[n] for n in self.names])

    def from_words(self, args: list[str], dialect: Dialect) -> DeclaredAction:
        """The action of the words after the verb."""
        given = len(args)
        fits = self.least_words <= given <= len(self.words)
        for i, keyword in self._keywords:
            fits = fits and (i >= given or args[i] == keyword)
        if not fits:
            template = dialect.usage if self.words else dialect.no_arguments
            raise dialect.error(
                template, verb=self.verb, usage=self.usage, count=len(self.words), given=given
            )
        if self.instance is not None:
            return self.instance
        if self._text_plain:  # trailing words left out take the fields' defaults
            return self.cls(
                *[read(a, what) for (read, what), a in zip(self._text_reads, args, strict=False)]
            )
        values = list(self._defaults)
        for i, one, indices, read in self._reading:
            if i < given:
                if one is not None:
                    values[indices[0]] = one[0](args[i], one[1])
                else:
                    for j, value in zip(indices, read(args[i]), strict=True):
                        values[j] = value
        return self.cls(*values)


def _declared_fields(cls: type) -> tuple[_Field, ...]:
    hints = typing.get_type_hints(cls, include_extras=True)
    out = []
    for f in fields(cls):
        values = [m for m in getattr(hints[f.name], "__metadata__", ()) if isinstance(m, Value)]
        if len(values) != 1:
            raise TypeError(f"{cls.__name__}.{f.name}: annotate it Annotated[type, Value(...)]")
        out.append(_Field(f.name, values[0], f.default))
    return tuple(out)


def _word(
    part: str | Keyword | Joined, by_name: Mapping[str, _Field], names: tuple[str, ...]
) -> _Word:
    if isinstance(part, Keyword):
        form = WordForm(literal=part.word)
        return _Word("", (), part.word, False, part.word, lambda word: (), form)
    if isinstance(part, Joined):
        form = WordForm(indices=tuple(names.index(n) for n in part.fields), write=part.write)
        return _Word(part.name, part.fields, part.metavar, False, None, part.read, form)
    f = by_name[part]
    value = f.value
    what = value.text_what or f.what
    read_text = value.read_text
    if read_text is None:
        raise TypeError(f"field {f.name} has no text form of its own; write it in a Joined word")
    elided = value.optional and not value.shown_when_default
    form = WordForm("", (names.index(f.name),), value.write_text, elided, f.default)
    metavar = value.metavar or f"<{f.name}>"
    return _Word(
        f.name,
        (f.name,),
        metavar,
        value.optional,
        None,
        lambda w: (read_text(w, what),),
        form,
        (read_text, what),
    )


class DeclaredAction(Action):
    """The base of declared action kinds: ``to_json`` and ``__str__`` come from ``kind``
    (the declaration puts the kind's own functions on each class, saving this lookup)."""

    __slots__ = ()
    kind: ClassVar[Kind]

    def to_json(self) -> JsonDict:
        return type(self).kind.to_json(self)

    def __str__(self) -> str:
        return type(self).kind.to_text(self)


def action_kind(
    type_name: str,
    *,
    verb: str | None = None,
    text: Sequence[str | Keyword | Joined] | None = None,
    json_order: Sequence[str] | None = None,
    text_order: Sequence[str] | None = None,
    missing: str | None = None,
) -> Callable[[type[A]], type[A]]:
    """Declare a dataclass as the action kind ``type_name`` (its JSON ``type``); ``verb`` is
    its text word (default: the type name, which the parser also accepts). ``missing``
    replaces the dialect's message for absent required JSON fields (``{kind}`` is filled)."""

    def declare(cls: type[A]) -> type[A]:
        kind = Kind(cls, type_name, verb or type_name, text, json_order, text_order, missing)
        cls.kind = kind
        # The kind's functions go on the class itself: one call per to_json / str.
        setattr(cls, "to_json", kind.to_json)  # noqa: B010 - replaces the inherited method
        setattr(cls, "__str__", kind.to_text)  # noqa: B010
        return cls

    return declare


def singleton(cls: type[A]) -> A:
    """The one instance of a kind without fields, the one the parsers return."""
    instance = cls.kind.instance
    if not isinstance(instance, cls):
        raise TypeError(f"{cls.__name__} has fields; it has no single instance")
    return instance


# ------------------------------------------------------------------ a game's kinds


@dataclass(frozen=True, slots=True)
class Dialect:
    """How a game words its parse errors (``str.format`` templates). The defaults are the
    wording of Bohnanza and Fields of Green; Stalk Exchange has its own. Templates may use
    ``{types}`` (the JSON types, listed) and ``{verbs}`` (the text words) besides their own
    fields: ``text``, ``word``; ``verb``, ``usage``, ``count``, ``given``; ``obj``, ``kind``,
    ``names``, ``got``."""

    not_text: str = "an action text must be a string, got {text!r}; action types: {types}"
    empty: str = "empty action; action types: {types}"
    unknown_word: str = "unknown action {word!r}; action types: {types}"
    no_arguments: str = "'{verb}' takes no arguments"
    usage: str = "usage: {verb} {usage}"
    not_object: str = (
        "an action must be a JSON object with a 'type', got {obj!r}; action types: {types}"
    )
    type_not_text: str = "unknown action type {kind!r}; action types: {types}"
    unknown_type: str = "unknown action type {kind!r}; action types: {types}"
    missing: str = "'{kind}' needs the field(s) {names}"
    wrong_fields: str | None = None
    """If set, a JSON action must have exactly its kind's fields (else this message)."""
    fold_case: bool = False
    """The verb of the text form is read in lower case."""
    any_mapping: bool = False
    """Any Mapping is a JSON object (else only a dict)."""
    types: str = ""
    verbs: str = ""

    def error(self, template: str, **values: Any) -> InvalidActionError:
        return InvalidActionError(template.format(types=self.types, verbs=self.verbs, **values))


class Codec:
    """A game's action kinds: the parsers of the text and JSON forms.

    ``kinds`` in the order error messages list them. A text verb may also be written as the
    kind's JSON type.
    """

    def __init__(self, kinds: Sequence[type[DeclaredAction]], dialect: Dialect) -> None:
        self.kinds = tuple(cls.kind for cls in kinds)
        self.types = tuple(k.type for k in self.kinds)
        self.verbs = tuple(k.verb for k in self.kinds)
        self.dialect = replace(dialect, types=", ".join(self.types), verbs=", ".join(self.verbs))
        self.by_type = {k.type: k for k in self.kinds}
        self.by_verb = {k.type: k for k in self.kinds} | {k.verb: k for k in self.kinds}
        if len(self.by_type) != len(self.kinds) or len({*self.verbs}) != len(self.kinds):
            raise ValueError("two action kinds share a type or a verb")

    def parse(self, text: str) -> Action:
        """The action of a text form; InvalidActionError with the reason when malformed."""
        d = self.dialect
        if not isinstance(text, str):
            raise d.error(d.not_text, text=text)
        words = text.split()
        if not words:
            raise d.error(d.empty)
        word = words[0].lower() if d.fold_case else words[0]
        kind = self.by_verb.get(word)
        if kind is None:
            raise d.error(d.unknown_word, word=word)
        if kind.instance is not None and len(words) == 1:
            return kind.instance
        return kind.from_words(words[1:], d)

    def from_json(self, obj: Any) -> Action:
        """The action of a JSON object; InvalidActionError with the reason when malformed."""
        d = self.dialect
        if not isinstance(obj, Mapping if d.any_mapping else dict):
            raise d.error(d.not_object, obj=obj)
        name = obj.get("type")
        if not isinstance(name, str):
            raise d.error(d.type_not_text, obj=obj, kind=name)
        kind = self.by_type.get(name)
        if kind is None:
            raise d.error(d.unknown_type, kind=name)
        return kind.from_json(obj, d)
