"""A seeded random skirmish whose figures carry the skills and kit the generic actions and the
duel decisions answer to (Sadique, Bretteur, Autorité, Chef de guerre, Sacrifice, a bow and its
warning shout, a Fang that loots, Morsure): the flow's invariants hold at every step, every
template offered applies, the new decisions come up, and replaying the record reproduces the
state."""
from __future__ import annotations

from game.core.dice import pcg_seed
from game.core.engine import Engine
from game.core.record import Record
from game.rulesets.kharn_ages.fighter import Armour
from game.rulesets.kharn_ages.ruleset import RULESET
from game.rulesets.kharn_ages.shooting import RangedWeapon

from .flow_helpers import figure, game
from .test_ka_flow_playouts import play

BOW = RangedWeapon("arc", damage=4, short=3, long=6, ammo=4)
MAIL = Armour("maille", threshold=6, low=1, high=2, boxes=3, v_malus=1)


def skirmish():
    side1 = [dict(level=3, skills={"bretteur": 2, "autorite": None, "chef_de_guerre": 2}, armour=MAIL),
             dict(level=1, skills={"sadique": None, "sacrifice": 1}, pa=6, pv=14),
             dict(level=1, ranged=BOW, chars={"A": 4})]
    side2 = [dict(level=2, faction="fang", skills={"morsure": None, "le_sang_m_attire": 1, "ralliement": None}),
             dict(level=1, ranged=BOW, chars={"A": 4}, faction="goun"),
             dict(level=1, skills={"sadique": None, "bretteur": 1}, faction="goun")]
    figs = [figure(f"a{i}", 1, 5 + 1.1 * i, 6, **k) for i, k in enumerate(side1)]
    figs += [figure(f"b{i}", 2, 5 + 1.1 * i, 7.05, **k) for i, k in enumerate(side2)]
    st = game(*figs, turns=2)
    st.rng = pcg_seed(st.seed, stream=11)
    return st


def test_a_skirmish_with_the_skills_keeps_the_invariants_and_replays():
    start = skirmish()
    eng = Engine(RULESET, start.clone(), Record("kharn_ages", 1, "test", 3))
    steps, kinds = play(eng, 3, sample_every=12)
    assert steps > 10 and {"attack", "defend"} <= kinds
    assert kinds & {"sadique", "bretteur", "warn", "warlord", "sacrifice", "loot", "take_off_armour"}, kinds
    again = Engine(RULESET, start.clone(), Record("kharn_ages", 1, "test", 3))
    for a in eng.record.actions:
        again.step(a)
    assert again.state.digest() == eng.state.digest()
