"""Coordinated chargers' paths (charges.partner_paths): the search stops at contact points
farther as the crow flies than the cheapest path found, and may keep each partner's path
for the decision (memo); the paths must be those of a search of every contact point."""
from __future__ import annotations

import math

from game.rulesets._shared.tables import base_of
from game.rulesets.evenor import charges, stats
from tests.rulesets.evenor.sandbox import fig, rect, sandbox


def _every_point(state, table, leader, end, partners, target):
    """The unbounded search: every contact point tried, the first of the cheapest kept."""
    placed = {leader.id: base_of(leader).moved(*end)}
    out = []
    for p in partners:
        others = [placed.get(f.id, base_of(f)) for f in state.figures.values()
                  if not f.out and f.id != p.id]
        best = None
        for pt in table.contact_points(base_of(p), base_of(target), n=24):
            res = table.shortest_path(base_of(p), pt, ignore_terrain=stats.ignores_terrain(p),
                                      ignore_difficult=stats.ignores_difficult(p),
                                      others=others, max_cost=stats.slow_move(p))
            if res is not None and (best is None or res[1] < best[1]):
                best = res
        if best is None:
            return None
        out.append([tuple(q) for q in best[0]])
        placed[p.id] = base_of(p).moved(*out[-1][-1])
    return out


def test_bounded_search_finds_the_paths_of_the_full_search():
    eng = sandbox([fig(1, "ymir", 12.0, 12.0), fig(2, "shingami", 8.0, 12.0),
                   fig(2, "nobu", 8.5, 14.5), fig(2, "saito", 9.0, 9.0),
                   fig(2, "shiro", 15.5, 12.5)],
                  terrain=[rect("rock", "rocher", 10.0, 13.6, 0.6, 3.0)])
    st = eng.state
    table = eng.ruleset.table_for(st)
    ymir, leader = st.figures["1.ymir"], st.figures["2.shingami"]
    partners = [st.figures[k] for k in ("2.nobu", "2.saito", "2.shiro")]
    ends = sorted(table.contact_points(base_of(leader), base_of(ymir), n=12),
                  key=lambda q: math.dist(q, leader.pos))[:3]
    memo: dict = {}
    found = 0
    for end in ends:
        for k in range(1, len(partners) + 1):
            want = _every_point(st, table, leader, end, partners[:k], ymir)
            assert charges.partner_paths(st, table, leader, end, partners[:k], ymir) == want
            assert charges.partner_paths(st, table, leader, end, partners[:k], ymir, memo) == want
            assert charges.partner_paths(st, table, leader, end, partners[:k], ymir, memo) == want
            found += want is not None
    assert found >= 3 and memo
