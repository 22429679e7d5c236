"""Tactical puzzles where one move is clearly right: Difficile must find it in at least
95 % of seeds (its own stream's seed; the dice are scripted successes)."""
from __future__ import annotations

import math

from game.ai.agents import make_agent
from game.core.state import Token
from tests.rulesets.evenor.sandbox import act, fig, rect, sandbox, step, toward, variant

SEEDS = range(20)


def _drive(eng, agent, side, stop):
    """Let ``agent`` play ``side`` (every roll a 6) until ``stop(action)`` or 8 decisions;
    returns the actions it chose."""
    chosen = []
    for _ in range(8):
        if eng.decider() != side:
            break
        a = agent.choose(eng)
        assert eng.check(a) is None
        chosen.append(a)
        if stop(a):
            break
        eng.dice.push(*([6] * 40))
        eng.step(a)
    return chosen


def _rate(build, side, stop, right):
    good = 0
    for seed in SEEDS:
        eng = build()
        actions = _drive(eng, make_agent("ai:difficile", seed), side, stop)
        good += bool(actions) and right(eng, actions)
    return good / len(SEEDS)


def test_finish_the_down_meneur():
    def build():
        return sandbox([fig(1, "phobos", 12, 12), fig(2, "borva", 13, 12, prone=True),
                        fig(2, "lothar", 11, 12), fig(2, "cerd", 20, 20)])

    rate = _rate(build, 1, lambda a: a.kind == "fight",
                 lambda eng, acts: acts[-1].kind == "fight" and acts[-1].targets == ("2.borva",))
    assert rate >= 0.95


def test_take_cover_rather_than_stand_in_the_open():
    # Kara (no save) under two archers, out of reach of a move then a charge: a shot that
    # does not take her out may still knock her down in the open (the damage table)
    rock = rect("t0", "rocher", 12.2, 12.1, 1.2, 0.6)  # hides part of Kara

    def build():
        return sandbox([fig(1, "kara", 12, 13.5), fig(2, "ulysse", 12, 2),
                        fig(2, "gosai", 14, 2)], terrain=[rock])

    def right(eng, acts):
        d = eng.state.figures["1.kara"]
        if acts[-1].kind == "take_cover":
            return True
        table = eng.ruleset.table_for(eng.state)
        return all(not table.sight(s, d.id).visible for s in ("2.ulysse", "2.gosai"))

    rate = _rate(build, 1, lambda a: a.kind in ("take_cover", "end"), right)
    assert rate >= 0.95


def test_flee_a_monster_charge_with_a_fast_figure(monkeypatch):
    variant(monkeypatch, "hylas_rapide", "hylas", add=["rapide"])

    def build():
        eng = sandbox([fig(1, "hylas_rapide", 12, 12), fig(2, "grendel", 12, 15.5)], to_act=2)
        eng.dice.push(6)
        step(eng, act("activate", "2.grendel", value=1))
        eng.dice.push(6)  # Hylas's reaction roll succeeds
        step(eng, act("charge", "2.grendel", "1.hylas_rapide",
                      path=[toward(eng, "2.grendel", "1.hylas_rapide")]))
        assert eng.decider() == 1 and "flee" in eng.state.pending[-1].options
        return eng

    def right(eng, acts):
        a = acts[-1]
        if a.kind != "react" or a.value != "flee":
            return False
        eng.step(a)
        h, g = eng.state.figures["1.hylas_rapide"], eng.state.figures["2.grendel"]
        return not h.out and math.dist(h.pos, g.pos) > g.radius + h.radius + 1

    assert _rate(build, 1, lambda a: a.kind == "react", right) >= 0.95


def test_take_the_free_orichalque_token():
    def build():
        eng = sandbox([fig(1, "lothar", 12, 12), fig(2, "horsa", 20, 20)],
                      victory={"type": "orichalque"})
        eng.state.tokens.append(Token(id="o1", kind="orichalque", x=12.8 * 25, y=12 * 25))
        eng.state.tokens.append(Token(id="o2", kind="orichalque", x=22 * 25, y=22 * 25))
        return eng

    rate = _rate(build, 1, lambda a: a.kind == "pick_up",
                 lambda eng, acts: acts[-1].kind == "pick_up" and acts[-1].targets == ("o1",))
    assert rate >= 0.95
