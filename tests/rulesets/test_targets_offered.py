"""Only what the rules allow is offered (issue 12, item 2): over many seeded positions of
both rulesets, every target a template offers (``ActionChoice.offered``) is accepted by the
engine for some concrete action (for an attack with an approach, along a path the window
proposes within the allowance), and every target it greys (``ActionChoice.refused``) is refused, for the
reason given, when nothing moves first."""
from __future__ import annotations

import pytest

from game.ai.agents import make_agent
from game.core.actions import Action
from game.core.engine import Engine
from game.ui.intent import contact_routes
from game.ui.rules_info import info_for


def _positions(ruleset: str, scenario: str, seed: int, steps: int, options=None):
    """States met along a seeded random game (the engine at each of its decisions)."""
    eng = Engine.new(ruleset, scenario, seed, options)
    agents = {s: make_agent("random", seed * 10 + s) for s in eng.state.sides}
    for _ in range(steps):
        side = eng.decider()
        if side is None:
            return
        yield eng
        action = agents[side].choose(eng.view_for(side))
        if eng.check(action) is not None:
            from game.ai.candidates import fallback
            action = fallback(eng)
        eng.step(action)


def _accepted(eng: Engine, choice, tid: str) -> bool:
    """Some concrete action of the template on that target passes the engine's check."""
    values = choice.values or (None,)
    state = eng.state
    pres = info_for(eng.ruleset.info.id)
    for v in values[:3]:
        paths: list = [()]
        if choice.move is not None and choice.move.goal == "contact" and tid in state.figures:
            # the paths the window proposes (into contact, or within the weapon's reach)
            paths = [()] + contact_routes(eng, choice, tid, reach=pres.contact_reach(choice, v),
                                          far=pres.approach_limit(choice, v))[:8]
        for p in paths:
            a = Action(kind=choice.kind, actor=choice.actor, targets=(tid,), value=v, path=tuple(p))
            if eng.check(a) is None:
                return True
    return False


KINDS = {"shoot", "charge", "power", "pick_up", "fight", "strike", "reserved"}


def _audit(eng: Engine) -> tuple[int, int]:
    offered = greyed = 0
    for c in eng.legal_actions():
        if c.kind not in KINDS or c.min_targets < 1 or c.gather == "form":
            continue
        for tid in c.offered:
            assert _accepted(eng, c, tid), (c.kind, c.actor, tid, "offered but refused")
            offered += 1
        for tid, _why in c.refused.items():
            for v in c.values or (None,):
                a = Action(kind=c.kind, actor=c.actor, targets=(tid,), value=v)
                got = eng.check(a)
                assert got is not None, (c.kind, c.actor, tid, "greyed but accepted")
            greyed += 1
    return offered, greyed


CASES = [("evenor", "extermination", s) for s in (1, 2, 3, 4)] + \
        [("evenor", "chasse_orichalque", s) for s in (1, 5)]


@pytest.mark.parametrize("ruleset,scenario,seed", CASES)
def test_every_offered_target_is_accepted_and_every_greyed_one_refused(ruleset, scenario, seed):
    options = {"strict_measuring": False} if ruleset == "mortebrume" else None
    total = [0, 0]
    for eng in _positions(ruleset, scenario, seed, 160 if ruleset == "evenor" else 400, options):
        o, g = _audit(eng)
        total[0] += o
        total[1] += g
    assert total[0] > 0


def test_seeded_positions_are_varied_enough_to_grey_something():
    """The invariant above is not empty: across the seeds some targets are greyed."""
    greyed = 0
    for seed in (1, 2, 3):
        for eng in _positions("evenor", "extermination", seed, 160):
            greyed += _audit(eng)[1]
    assert greyed > 0


MB_PROFILES = ("meleien_recrue", "meleien_archer", "korrigan_lanceur", "gueorwen", "shimeien_recrue")


def _mortebrume_skirmish(seed: int):
    """A seeded Mortebrume melee: six fighters of both sides scattered over 40 cm around a
    wall, measured play (no strict measuring), side 1's first fighter activated."""
    from game.core.dice import Stream
    from tests.rulesets.mortebrume.sandbox import act, fig, rect, sandbox

    rng = Stream(seed, stream=3)
    figs = [fig(1 + i % 2, MB_PROFILES[rng.below(len(MB_PROFILES))], 15 + rng.uniform(0, 40),
                15 + rng.uniform(0, 40), 90.0 * rng.below(4), name=f"f{i}") for i in range(6)]
    eng = sandbox(figs, terrain=[rect("w", "muret", 33, 20, 1.5, 20)], strict=False, mist=40)
    table = eng.ruleset.table_for(eng.state)
    if any(table.overlaps_any(f.id, [g.id for g in eng.state.figures.values() if g is not f])
           for f in eng.state.figures.values()) or table.in_blocking_terrain(table.resolve("f0")):
        return None
    if eng.check(act("activate", "f0")) is not None:
        return None
    eng.step(act("activate", "f0"))
    return eng


def test_mortebrume_measured_strikes_offer_only_reachable_targets():
    offered = 0
    for seed in range(40):
        eng = _mortebrume_skirmish(seed)
        if eng is not None:
            offered += _audit(eng)[0]
    assert offered > 0
