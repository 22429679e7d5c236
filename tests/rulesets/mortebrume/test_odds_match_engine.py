"""The exact odds against the rules themselves, on every branch: the engine resolves a blow
or a shot with every possible die face in turn (scripted dice, the roll tree walked in
full), for every reaction the odds know and every armour from 0 to 3, and the law of the
wounds it deals must be the one ``odds`` computes (hit, expected wounds, out of combat,
wounds back from a riposte), to the last decimal."""
from __future__ import annotations

import dataclasses

import pytest

from game.core.dice import ScriptedDice
from game.core.engine import Engine
from game.core.events import Note
from game.rulesets.mortebrume import combat, odds, stats

from .sandbox import act, fig, sandbox

BIG = 60        # physique given to both fighters, so no blow is capped by it
OUT = 5         # the physique at which "out of combat" is counted


class _Need(Exception):
    def __init__(self, sides: int):
        self.sides = sides


class _TreeDice(ScriptedDice):
    """Scripted faces; asks for one more face (raising) when the script runs out."""

    def faces(self, n: int, sides: int = 6) -> list[int]:
        if len(self.queue) < n:
            raise _Need(sides)
        return super().faces(n, sides)


def _leaves(base: Engine, actions):
    """Every way the dice can fall for ``actions`` from ``base``'s position: the events
    each one gives, with its probability (the engine replayed once per branch of the roll
    tree; a recul is pushed straight away)."""
    stack = [((), 1.0)]
    while stack:
        script, p = stack.pop()
        eng = Engine(base.ruleset, base.state.clone(), base.record, dice=_TreeDice(script))
        events = []
        try:
            for a in actions:
                events += eng.step(a)
            while eng.state.pending and eng.state.pending[-1].kind == "push":
                d = eng.state.pending[-1]
                events += eng.step(act("push", d.figure, value=d.options[0]))
        except _Need as need:
            stack.extend((script + (f,), p / need.sides) for f in range(1, need.sides + 1))
            continue
        yield events, p


def _wounds(events, fid: str) -> list[int]:
    return [e.args["wounds"] for e in events
            if isinstance(e, Note) and e.key == "mb.note.damage" and e.args["figure"] == fid]


def _measure(base: Engine, prelude, actions):
    """(P(a blow lands on D), E[wounds to D], P(D's wounds >= OUT), E[wounds to A])."""
    for a in prelude:
        base.step(a)
    hit = wounds = out = back = 0.0
    for events, p in _leaves(base, actions):
        to_d, to_a = _wounds(events, "D"), _wounds(events, "A")
        hit += p if to_d else 0.0
        wounds += p * sum(to_d)
        out += p if sum(to_d) >= OUT else 0.0
        back += p * sum(to_a)
    return hit, wounds, out, back


def _position(attacker: str, defender: str, gap_cm: float, armour: int, *, stunned=False,
              behind=False) -> Engine:
    eng = sandbox([fig(1, attacker, 20, 30, 0.0, name="A"),
                   fig(2, defender, 20 + 2.5 + gap_cm, 30, 0.0 if behind else 180.0, name="D"),
                   fig(1, "farfadet", 5, 70, 0.0, name="P"),
                   fig(2, "farfadet", 70, 70, 180.0, name="Q")], mist=35)
    for f in eng.state.figures.values():
        f.vitality = f.max_vitality = BIG
    d = eng.state.figures["D"]
    d.status["armour"] = armour
    if stunned:
        d.status["stunned"] = True
    return eng


STRIKES = [   # attacker, weapon (special), defender, gap in cm
    ("meleien_recrue", "epee", "abelberien_recrue", 1.0),       # tranchant; shielded defender
    ("abelberien_recrue", "masse", "thanigiste_recrue", 1.0),   # etourdissant; shielded attacker
    ("abelberien_veteran", "marteau", "meleien_recrue", 3.0),   # recul; riposte out of band
]
SHOTS = [     # shooter, weapon, target, gap in cm, the target's reactions
    ("meleien_archer", "arc", "abelberien_recrue", 8.0, "shield"),      # perforant, ideal
    ("thanigiste_arbaletrier", "arbalete", "abelberien_recrue", 20.0, "shield"),  # far
    ("abelberien_frondeur", "fronde", "thanigiste_recrue", 4.0, None),  # etourdissant
]
SHOT_CASES = [(*shot[:4], reaction) for shot in SHOTS
              for reaction in ("dodge", "shield", "take", "none") if reaction != "shield" or shot[4]]


def _close(got: tuple, want: tuple) -> bool:
    return all(abs(g - w) < 1e-9 for g, w in zip(got, want))


@pytest.mark.parametrize("armour", [0, 1, 2, 3])
@pytest.mark.parametrize("reaction", ["riposte", "dodge", "take", "none"])
@pytest.mark.parametrize("attacker, wid, defender, gap", STRIKES)
def test_a_strike_deals_what_its_odds_say(attacker, wid, defender, gap, reaction, armour):
    base = _position(attacker, defender, gap, armour, stunned=reaction == "none")
    st = base.state
    a, d = st.figures["A"], st.figures["D"]
    assert reaction in (combat.melee_reactions(st, a, d) or ["none"])
    dist = base.ruleset.table_for(st).distance("A", "D")
    o = odds.strike(a, d, wid, dist, reaction)
    o_out = odds.strike(a, dataclasses.replace(d, vitality=OUT), wid, dist, reaction)
    strike = act("strike", "A", "D", value=wid)
    if reaction == "none":
        got = _measure(base, [act("activate", "A")], [strike])
    else:
        got = _measure(base, [act("activate", "A"), strike], [act("react", "D", value=reaction)])
    assert _close(got, (o.p_hit, o.expected_wounds, o_out.p_out, o.expected_back)), \
        (got, o, o_out.p_out)


@pytest.mark.parametrize("armour", [0, 1, 2, 3])
@pytest.mark.parametrize("shooter, wid, target, gap, reaction", SHOT_CASES)
def test_a_shot_deals_what_its_odds_say(shooter, wid, target, gap, reaction, armour):
    base = _position(shooter, target, gap, armour, stunned=reaction == "none")
    st = base.state
    a, d = st.figures["A"], st.figures["D"]
    assert reaction in (combat.shot_reactions(st, a, d) or ["none"])
    dist = base.ruleset.table_for(st).distance("A", "D")
    mist = stats.mist_radius(st)
    o = odds.shot(a, d, wid, dist, reaction, mist)
    o_out = odds.shot(a, dataclasses.replace(d, vitality=OUT), wid, dist, reaction, mist)
    shoot = act("shoot", "A", "D", value=wid)
    if reaction == "none":
        got = _measure(base, [act("activate", "A")], [shoot])
    else:
        got = _measure(base, [act("activate", "A"), shoot], [act("react", "D", value=reaction)])
    assert _close(got, (o.p_hit, o.expected_wounds, o_out.p_out, o.expected_back)), \
        (got, o, o_out.p_out)


def test_every_reaction_of_the_odds_is_checked():
    st = _position("abelberien_recrue", "abelberien_recrue", 1.0, 1).state
    a, d = st.figures["A"], st.figures["D"]
    assert set(combat.melee_reactions(st, a, d)) | {"none"} <= {"riposte", "dodge", "take", "none"}
    assert set(combat.shot_reactions(st, a, d)) | {"none"} == {"dodge", "shield", "take", "none"}
