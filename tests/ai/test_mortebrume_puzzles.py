"""Mortebrume tactical puzzles where one choice is clearly right: Difficile must find it
in at least 95 % of 20 seeds (its own stream's seed)."""
from __future__ import annotations

from game.ai.agents import make_agent
from game.core.state import Figure
from game.geometry.shapes import Base
from game.rulesets.mortebrume import stats
from tests.ai import mortebrume_positions as positions

SEEDS = range(20)


def _rate(build, right, spec="ai:difficile") -> float:
    good = 0
    for seed in SEEDS:
        eng = build()
        action = make_agent(spec, seed).choose(eng)
        assert eng.check(action) is None
        good += bool(right(eng, action))
    return good / len(SEEDS)


def test_strike_the_fighter_showing_its_back():
    def right(eng, a):
        return a.kind == "strike" and a.targets == ("back",)
    assert _rate(positions.back_turned, right) >= 0.95


def test_dodge_rather_than_take_a_heavy_blow():
    assert _rate(positions.heavy_blow, lambda eng, a: a.kind == "react" and a.value == "dodge") >= 0.95


def test_heal_the_wounded_lord_with_a_destiny_point():
    def right(eng, a):
        return a.kind == "heal" and a.targets == ("lord",)
    assert _rate(positions.wounded_lord, right) >= 0.95


def _gap(fig: Figure, pos, other: Figure) -> float:
    a = Base(id=fig.id, x=pos[0], y=pos[1], size=fig.size, shape=fig.shape, facing=fig.facing)
    b = Base(id=other.id, x=other.x, y=other.y, size=other.size, shape=other.shape,
             facing=other.facing)
    return float(a.polygon().distance(b.polygon()))


def test_stay_beyond_the_mist_rather_than_walk_into_a_crossbow():
    def right(eng, a):
        st = eng.state
        sprite, xbow = st.figures["sprite"], st.figures["xbow"]
        end = a.path[-1] if a.path else sprite.pos
        return a.kind in ("move", "run", "end") and \
            _gap(sprite, end, xbow) > stats.mist_radius(st)
    assert _rate(positions.crossbow, right) >= 0.95


def test_without_threat_the_greedy_walks_into_the_crossbow():
    """The puzzle can fail: the greedy baseline (no threat, no mist) walks into range."""
    def inside(eng, a):
        st = eng.state
        end = a.path[-1] if a.path else st.figures["sprite"].pos
        return _gap(st.figures["sprite"], end, st.figures["xbow"]) <= stats.mist_radius(st)
    assert _rate(positions.crossbow, inside, spec="greedy") >= 0.95


def test_normal_takes_its_best_answer_every_time():
    """Issue 17: normal drew among its top five at a temperature that picked a plain take
    of the greatsword's blow about one time in three; it now plays its best option."""
    assert _rate(positions.heavy_blow, lambda eng, a: a.kind == "react" and a.value == "dodge",
                 spec="ai:normal") >= 0.95


def _safe_after_casting(eng, a) -> bool:
    """The pyromancer ends beyond the crossbowman's sight and the recruit's charge."""
    st = eng.state
    pyro, xbow, rec = st.figures["pyro"], st.figures["xbow"], st.figures["rec"]
    end = a.path[-1] if a.path else pyro.pos
    return a.kind in ("move", "end") and _gap(pyro, end, xbow) > stats.mist_radius(st) and \
        _gap(pyro, end, rec) > stats.walk(rec) + stats.CONTACT


def test_caster_keeps_out_of_a_charge_after_casting():
    """Issue 17: a caster kept 12 cm from the nearest enemy, inside a recruit's walk and
    strike (14 cm), and stepped into it after casting."""
    for spec in ("ai:difficile", "ai:normal"):
        assert _rate(positions.after_casting, _safe_after_casting, spec=spec) >= 0.95


def test_without_threat_the_greedy_steps_into_the_charge():
    """The puzzle can fail: the greedy baseline walks on toward the enemy."""
    assert _rate(positions.after_casting, _safe_after_casting, spec="greedy") <= 0.05


def test_the_hand_does_not_count_on_a_blow_with_no_way_there():
    """Issue 17: the hand planned each fighter's best blow without its path; a wolf
    activated for a blow it could not reach ran off instead. The sprite beside the caster
    strikes first."""
    def right(eng, a):
        return a.kind == "activate" and a.actor == "sprite"
    for spec in ("ai:difficile", "ai:normal"):
        assert _rate(positions.walled_off, right, spec=spec) >= 0.95


def test_the_walled_off_blow_has_no_way_there():
    """The puzzle's premise: activated, the wolf finds no path to any standing point."""
    from game.ai.mortebrume.planner import decide
    from game.ai.utility import UtilityAgent
    from tests.rulesets.mortebrume.sandbox import act, step

    eng = positions.walled_off()
    step(eng, act("activate", "wolf"))
    agent = UtilityAgent(("normal",), 0)
    agent.load("mortebrume")
    gen = decide(eng, eng.state.clone(), agent)
    try:
        while True:
            next(gen)
    except StopIteration as done:
        options = done.value
    blows = [o for o in options if o.action.kind == "strike" and o.action.targets == ("caster",)]
    assert blows and all(o.resolve is not None and o.resolve() is None for o in blows)


def test_the_fighter_a_caster_would_stun_acts_first():
    """Issue 17: with the hand, the troll a lord's chant would stun acts before the wolf,
    whose blow can wait (difficile leaves the hand to the planner)."""
    def right(eng, a):
        return a.kind == "activate" and a.actor == "troll"
    assert _rate(positions.stun_awaits, right) >= 0.95
    eng = positions.stun_awaits()      # normal plays its best option: one seed tells
    assert right(eng, make_agent("ai:normal", 0).choose(eng))


def test_a_caster_without_a_bow_threatens_in_sight():
    """The puzzle's premise and its cause: the lord's chant counts in the troll's threat
    (a caster without a ranged weapon was never given a line of sight), more while the
    troll has still to act."""
    from game.ai.mortebrume.world import World

    eng = positions.stun_awaits()
    view = eng.state.clone()
    world = World(view, eng.ruleset.table_for(view), 1, {"threat": True})
    before = world.threat(view.figures["troll"])
    view.figures["troll"].status["activated"] = True
    world = World(view, eng.ruleset.table_for(view), 1, {"threat": True})
    after = world.threat(view.figures["troll"])
    assert before > after > 0.0
