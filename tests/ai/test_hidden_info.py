"""Agents decide from their side's view only, by construction: a state's geometry table
holds that state's figures and no other's, nothing an agent holds leads to the true game,
and in every ruleset that hides figures (found by looking, so a new ruleset is covered by
itself) an agent's choice does not change when enemies it cannot see stand elsewhere (in
the way of the path it chose, next to its fighters) or are not there at all; the true game
then refuses what they block, outside the agent."""
from __future__ import annotations

import gc
import math
import sys
import types
from functools import cache

import pytest

from game.ai import candidates
from game.ai.agents import make_agent
from game.core.engine import Engine
from game.core.ruleset import available, get_ruleset
from game.core.view import side_view
from game.geometry.shapes import Base
from game.rulesets._shared.tables import table_for
from tests.ai import mortebrume_positions as positions

AGENTS = ("ai:normal", "ai:difficile", "greedy", "random")
HAND_BUILT = {"mortebrume": (positions.about_face,)}   # where unseen enemies would matter
SEEDS = (1,)              # playout seeds per scenario
PER_SCENARIO = 2          # playout positions kept per scenario and seed
MAX_DECISIONS = 60        # decisions of a playout searched for positions


def _in_play(state) -> set[str]:
    return {f.id for f in state.figures.values() if not f.out}


# --------------------------------------------------------------------------- (a) tables
def test_a_view_table_never_gets_the_true_figures_back():
    eng = positions.crossbow(hidden_at=(70, 70))
    assert "ghost" not in eng.ruleset.visible_to(eng.state, 1)
    view = side_view(eng.ruleset, eng.state, 1)
    held = table_for(view)
    assert set(held.bases) == _in_play(view) and "ghost" not in held.bases
    assert eng.check(candidates.fallback(eng)) is None   # the rules measure on the true table
    assert "ghost" in table_for(eng.state).bases
    assert "ghost" not in held.bases and set(table_for(view).bases) == _in_play(view)


def test_the_true_table_keeps_its_figures_after_planning_on_a_view():
    eng = positions.crossbow(hidden_at=(70, 70))
    true_table = table_for(eng.state)
    make_agent("ai:normal", 1).choose(eng)      # plans on side 1's view
    assert set(true_table.bases) == _in_play(eng.state)
    assert set(table_for(eng.state).bases) == _in_play(eng.state)
    view = side_view(eng.ruleset, eng.state, 1)
    assert "ghost" not in table_for(view).bases


def test_a_moved_figure_gets_a_new_table_and_the_old_one_stays_put():
    eng = positions.crossbow()
    before = table_for(eng.state)
    other = eng.state.clone()
    other.figures["sprite"].x += 50.0
    moved = table_for(other)
    assert moved.bases["sprite"].x == before.bases["sprite"].x + 50.0
    assert table_for(eng.state).bases["sprite"].x == eng.state.figures["sprite"].x
    with pytest.raises(TypeError):
        before.set_bases([])


# ------------------------------------------------------- nothing leads to the true game
def _reachable(root):
    """Objects reachable from root through instance data (modules' globals and classes
    left out: they lead anywhere)."""
    modules = {id(vars(m)) for m in list(sys.modules.values()) if m is not None}
    seen, todo = set(), [root]
    while todo:
        o = todo.pop()
        if id(o) in seen or id(o) in modules or isinstance(o, (type, types.ModuleType)):
            continue
        seen.add(id(o))
        yield o
        todo.extend(gc.get_referents(o))


@pytest.mark.parametrize("spec", ("ai:normal", "random"))
def test_an_agent_holds_nothing_of_the_true_game(spec):
    eng = positions.about_face()
    agent = make_agent(spec, 5)
    view = eng.view_for(1)
    agent.choose(view)
    agent.choose(eng)          # handed the true engine, it keeps only the decider's view
    truth = {id(eng), id(eng.state), id(eng.record)} | {id(f) for f in eng.state.figures.values()}
    for root in (agent, view):
        assert not any(id(o) in truth for o in _reachable(root))


def test_the_true_game_refuses_what_an_unseen_enemy_blocks_outside_the_agent():
    from game.ai.agents import settle

    eng = positions.about_face()
    base = make_agent("ai:normal", 5).choose(eng.view_for(1))
    blocked = _moved(eng, 1, _unseen(eng, 1), _along(eng, base))
    agent = make_agent("ai:normal", 5)
    view = blocked.view_for(1)
    chosen = agent.choose(view)
    assert chosen == base and blocked.check(chosen) is not None
    settled = settle(blocked, view, agent, chosen)
    assert settled.unseen >= 1 and settled.illegal == 0
    assert blocked.check(settled.action) is None and settled.action != chosen


def test_the_window_plays_what_the_true_game_accepts():
    from game.ui.session import Session

    eng = positions.about_face()
    base = make_agent("ai:normal", 3).choose(eng.view_for(1))   # the session's seed for side 1
    blocked = _moved(eng, 1, _unseen(eng, 1), _along(eng, base))
    session = Session(blocked, {1: "ai:normal", 2: "human"}, seed=1)
    chosen = None
    while chosen is None:
        chosen = session.agent_think()
    assert chosen == base and blocked.check(chosen) is not None
    n = len(blocked.record.actions)
    assert session.play_agent()
    played = blocked.record.actions[n]
    assert played != chosen and session.turn_recap[-1]["decision"] is not None


# ------------------------------------------------------------- (b) positions in the mist
def _unseen(eng, side: int) -> list[str]:
    seen = eng.ruleset.visible_to(eng.state, side)
    return sorted(f.id for f in eng.state.figures.values()
                  if f.side != side and not f.out and f.id not in seen)


def _playable(eng, side: int, unseen: list[str]) -> bool:
    """A decision with movement to plan, where nothing owed names an unseen figure."""
    st = eng.state
    owed = repr(st.pending) + repr(st.activation)
    if any(fid in owed for fid in unseen):
        return False
    return any(c.move is not None for c in eng.legal_actions())


@cache
def _playouts(rid: str) -> tuple:
    """Decisions of seeded random playouts where the decider cannot see some enemy."""
    rs = get_ruleset(rid)
    out = []
    for scenario in rs.scenarios():
        for seed in SEEDS:
            eng = Engine.new(rid, scenario, seed)
            agents = {s: make_agent("random", seed * 10 + s) for s in eng.state.side_ids()}
            kept = 0
            for n in range(MAX_DECISIONS):
                side = eng.decider()
                if side is None or kept >= PER_SCENARIO:
                    break
                unseen = _unseen(eng, side)
                if unseen and n % 7 == 0 and _playable(eng, side, unseen):
                    out.append(eng.clone())
                    kept += 1
                action = agents[side].choose(eng)
                if eng.check(action) is not None:
                    action = candidates.fallback(eng)
                eng.step(action)
    return tuple(out)


def _free(st, fid: str, x: float, y: float) -> bool:
    """Room for the figure there: on the table, off blocking terrain, clear of every
    other figure's circumscribed circle."""
    f = st.figures[fid]
    b = Base(id=fid, x=x, y=y, size=f.size, shape=f.shape, facing=f.facing)
    table = table_for(st)
    return table.on_table(b) and not table.in_blocking_terrain(b) and all(
        math.hypot(o.x - x, o.y - y) > (o.size + f.size) * 0.75
        for o in st.figures.values() if o.id != fid and not o.out)


def _moved(eng, side: int, unseen: list[str], spots) -> Engine:
    """The unseen enemies each moved to the first of ``spots(k, figure)`` where it fits
    and the side still cannot see it (else left where it stands)."""
    out = Engine(eng.ruleset, eng.state.clone(), eng.record, None)
    seen = eng.ruleset.visible_to(eng.state, side)
    for k, fid in enumerate(unseen):
        g = out.state.figures[fid]
        home = (g.x, g.y)
        for x, y in spots(k, g):
            if not _free(out.state, fid, x, y):
                continue
            g.x, g.y = x, y
            if out.ruleset.visible_to(out.state, side) == seen:
                break
            g.x, g.y = home
    return out


def _around_ours(eng, side: int):
    """Spots right next to the side's fighters (the k-th enemy tries the k-th first)."""
    ours = [f for f in eng.state.figures.values() if f.side == side and not f.out]

    def spots(k, g):
        for f in ours[k % len(ours):] + ours[:k % len(ours)]:
            for d in (f.size + g.size, 2 * (f.size + g.size)):
                for i in range(8):
                    a = math.radians(15 * k + 45 * i)
                    yield f.x + d * math.cos(a), f.y + d * math.sin(a)
    return spots


def _along(eng, action):
    """Spots on the path the agent chose, from its end back (standing in its way)."""
    fig = eng.state.figures.get(action.actor) if action.actor else None
    if fig is None or not action.path:
        return lambda k, g: iter(())
    pts = [fig.pos, *action.path]

    def spots(k, g):
        for a, b in reversed(list(zip(pts, pts[1:]))):
            n = max(1, int(math.dist(a, b) // (g.size / 2)))
            for i in range(n, 0, -1):
                t = i / n
                yield a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
    return spots


def _removed(eng, unseen: list[str]) -> Engine:
    out = Engine(eng.ruleset, eng.state.clone(), eng.record, None)
    for fid in unseen:
        del out.state.figures[fid]
    return out


def test_the_rulesets_that_hide_figures_are_found():
    assert _playouts("mortebrume") and not _playouts("evenor")


@pytest.mark.parametrize("rid", available())
@pytest.mark.parametrize("spec", AGENTS)
def test_unseen_enemies_change_no_choice(rid, spec):
    """Same seed, same view: the same choice, wherever the enemies it cannot see stand
    or if they are not there."""
    cases = [build() for build in HAND_BUILT.get(rid, ())] + list(_playouts(rid))
    if not cases:
        pytest.skip(f"{rid} hides no figure")
    in_the_way = 0
    for i, eng in enumerate(cases):
        side = eng.decider()
        unseen = _unseen(eng, side)
        view = side_view(eng.ruleset, eng.state, side).digest()
        base = make_agent(spec, 5).choose(eng)
        blocked = _moved(eng, side, unseen, _along(eng, base))
        in_the_way += blocked.check(base) is not None
        for variant in (blocked, _moved(eng, side, unseen, _around_ours(eng, side)),
                        _removed(eng, unseen)):
            assert side_view(variant.ruleset, variant.state, side).digest() == view
            assert make_agent(spec, 5).choose(variant) == base, (i, spec)
    assert in_the_way or rid not in HAND_BUILT   # an unseen enemy did stand in the way
