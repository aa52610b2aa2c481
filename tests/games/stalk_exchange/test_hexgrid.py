"""The hexagonal Garden: spaces, canonical order and neighbours (S-11, S-12, S-EX-1)."""

from __future__ import annotations

import pytest

from seedbed.games.stalk_exchange.hexgrid import hex_board, in_radius, space_count

from .builder import build, neighbours


def brute_spaces(radius: int) -> set[tuple[int, int]]:
    return {
        (q, r)
        for q in range(-radius - 2, radius + 3)
        for r in range(-radius - 2, radius + 3)
        if abs(q) <= radius and abs(r) <= radius and abs(q + r) <= radius
    }


@pytest.mark.parametrize(("radius", "count"), [(1, 7), (2, 19), (3, 37), (4, 61)])
def test_s11_s_ex_1_spaces_are_the_axial_hexagon(radius: int, count: int) -> None:
    """S-11 / S-EX-1: the spaces are exactly the (q, r) with |q|, |r|, |q + r| <= R;
    3·R·(R + 1) + 1 of them (R = 2: 19, R = 3: 37, R = 4: 61)."""
    board = hex_board(radius)
    assert set(board.spaces) == brute_spaces(radius)
    assert len(board.spaces) == len(board) == count == space_count(radius)
    assert not in_radius(radius + 1, 0, radius)
    assert not in_radius(radius, 1, radius)  # |q + r| = R + 1
    assert in_radius(radius, -radius, radius)


def test_s11_canonical_order_by_r_then_q() -> None:
    """S-11: canonical order sorts by r, then by q; at R = 3 rows hold 4, 5, 6, 7, 6, 5, 4."""
    board = hex_board(3)
    assert list(board.spaces) == sorted(board.spaces, key=lambda s: (s[1], s[0]))
    assert board.spaces[:5] == ((0, -3), (1, -3), (2, -3), (3, -3), (-1, -2))
    assert board.spaces[-4:] == ((-3, 3), (-2, 3), (-1, 3), (0, 3))
    assert [len(board.row(r)) for r in range(-3, 4)] == [4, 5, 6, 7, 6, 5, 4]
    assert all(board.index[s] == i for i, s in enumerate(board.spaces))


def test_s11_garden_radius_option_sets_the_board() -> None:
    """S-11 / S-3: the Garden of a game has radius ``garden_radius``."""
    assert len(build(3, options={"garden_radius": 2}).garden) == 19
    assert len(build(3, options={"garden_radius": 3}).garden) == 37
    assert len(build(3, options={"garden_radius": 4}).garden) == 61


def test_s12_s_ex_1_neighbours_in_order() -> None:
    """S-12 / S-EX-1: (0, 0) has (1, 0), (1, −1), (0, −1), (−1, 0), (−1, 1), (0, 1) in that
    order; corner (3, 0) has 3; edge space (3, −1) has 4."""
    s = build(3, options={"garden_radius": 3})
    assert neighbours(s, (0, 0)) == [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
    assert neighbours(s, (3, 0)) == [(3, -1), (2, 0), (2, 1)]
    assert neighbours(s, (3, -1)) == [(3, -2), (2, -1), (2, 0), (3, 0)]


@pytest.mark.parametrize("radius", [1, 2, 3, 4])
def test_s12_corners_have_3_edges_4_inside_6(radius: int) -> None:
    """S-12: off-board neighbours do not exist: the 6 corners have 3 neighbours, other edge
    spaces 4, inner spaces 6; the relation is symmetric."""
    board = hex_board(radius)
    corners = {
        (radius, 0),
        (-radius, 0),
        (0, radius),
        (0, -radius),
        (radius, -radius),
        (-radius, radius),
    }
    for i, (q, r) in enumerate(board.spaces):
        degree = len(board.neighbours[i])
        on_edge = max(abs(q), abs(r), abs(q + r)) == radius
        assert degree == (3 if (q, r) in corners else 4 if on_edge else 6), (q, r)
        for n in board.neighbours[i]:
            assert i in board.neighbours[n]
            dq, dr = board.spaces[n][0] - q, board.spaces[n][1] - r
            assert (dq, dr) in {(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)}
