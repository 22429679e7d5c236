"""The High priest's Fire bolt in the AI's picture: it threatens a figure within the
priest's reach (12 pas, a move further when the priest has yet to act), not anywhere on
the table (the threat once measured the gap from the figure to itself); an enemy caster
of harmful spells is worth more as a target (``caster_factor``)."""
from __future__ import annotations

from game.ai.profiles import load_profile
from game.ai.swidenth.world import World
from game.rulesets.swidenth import figures as F
from tests.ai.swidenth import positions

PAS = F.PAS


def _world(profile: str = "normal", **knobs) -> World:
    eng = positions.priest_ahead()
    st = eng.state
    prof = dict(load_profile("swidenth", profile), **knobs)
    return World(st, eng.ruleset.table_for(st), 1, prof)


def test_the_bolt_threatens_within_the_priests_reach_only():
    w = _world()
    chef, priest = w.state.figures["chef"], w.state.figures["priest"]
    far, near = chef.pos, (12 * PAS, 8 * PAS)          # 20 and 14 pas from the priest
    assert w.spell_threat(priest, chef, far) == 0.0
    assert w.spell_threat(priest, chef, near) > 0.0
    assert w.exposure(chef, far) == 0.0 < w.exposure(chef, near)


def test_a_caster_is_worth_more_as_a_target():
    plain, weighed = _world(caster_factor=1.0), _world(caster_factor=1.4)
    priest, zealot = plain.state.figures["priest"], plain.state.figures["zealot"]
    assert weighed.value(priest) == 1.4 * plain.value(priest)
    assert weighed.value(zealot) == plain.value(zealot)

