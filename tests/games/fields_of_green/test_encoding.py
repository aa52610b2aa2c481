"""Fields of Green's integer encoding (games/fields_of_green/encoding.py) on the decisions
random games of the shipped card set never meet: an optional immediate cost (F-57) is paid
or skipped through integers like every other action."""

from __future__ import annotations

from seedbed.games.fields_of_green.encoding import FieldsOfGreenEncoding

from .builder import act, build
from .full_cards import FULL


def test_f57_optional_cost_pay_and_skip_round_trip() -> None:
    spare = "t_herb"
    s = build(cards=FULL, revealed={0: "t_well"}, water={0: {(0, 0): 0}}, hands={1: [spare]})
    act(s, 0, f"build {s.revealed[0]} 0,1")
    encoding = FieldsOfGreenEncoding(s.cfg)
    menu = list(s.legal_actions(0))
    assert [str(a) for a in menu] == ["pay", "skip"]
    indices = [encoding.encode(s, 0, a) for a in menu]
    assert [encoding.layout.locate(i)[0] for i in indices] == ["pay", "skip"]
    assert [encoding.decode(s, 0, i) for i in indices] == menu
    assert sum(encoding.mask(s, 0)) == 2
