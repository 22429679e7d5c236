"""Seeded random skirmishes of the rules core (activations, walks, attacks of every build the
attacker can pay, defences the defender can pay, shots, morale tests) checking invariants:
PA and hit points stay in range, armour and shield boxes never overflow, a figure at 0 hit
points is a carcass (or demoralised), the dice pool stays between one and the level plus
one, every die shows a face of its die."""
from __future__ import annotations

import random

import pytest

from game.core.context import RuleContext
from game.core.dice import Dice, pcg_seed
from game.rulesets.kharn_ages import attacks as atk
from game.rulesets.kharn_ages import dice, melee, morale, moves, states
from game.rulesets.kharn_ages import shooting as sh
from game.rulesets.kharn_ages.armour import boxes_left
from game.rulesets.kharn_ages.defence import options
from game.rulesets.kharn_ages.fighter import Armour, Shield, Weapon, make

ARMOURS = [None, Armour("cuir", 5, 0, 1, 4), Armour("demi_plate", 6, 1, 2, 6), Armour("plate", 7, 2, 3, 8, 1)]
WEAPONS = [Weapon(unarmed=True), Weapon("epee", bonus=1), Weapon("dagues", damage=3, bleeding=2,
                                                                  forbid_simple=("C",)),
           Weapon("masse", bonus=1, stature_twice=True), Weapon("hache", pierce=0)]
BOW = sh.RangedWeapon("arc", 4, 3, 6, ammo=4)


def fighter(rng: random.Random, fid: str, side: int):
    chars = {c: rng.randint(1, 6) for c in ("V", "P", "A", "C", "T", "I")}
    return make(fid, side, level=rng.randint(1, 3), chars=chars, stature=rng.randint(2, 5),
                weapon=rng.choice(WEAPONS), armour=rng.choice(ARMOURS),
                shield=Shield("ecu", 6) if rng.random() < 0.3 else None,
                skills=rng.choice([{}, {"brutalite": 1}, {"fine_lame": None}, {"executeur": None},
                                   {"harcelement": None}, {"endurance": None}]))


def check(f):
    s = f.status
    assert 0 <= f.pa <= f.profile.pa
    assert 0 <= f.fig.vitality <= f.fig.max_vitality
    assert (f.fig.vitality == 0) == bool(s.get("carcass")) or s.get("demoralised")
    if f.profile.armour:
        assert 0 <= boxes_left(f) <= f.profile.armour.boxes
    assert 1 <= dice.dice_for(f, "melee") <= f.level + 1


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_random_skirmishes_keep_the_invariants(seed):
    rng = random.Random(seed)
    ctx = RuleContext(None, Dice(pcg_seed(seed)), lambda st: None)
    band = [fighter(rng, f"a{i}", 1) for i in range(3)] + [fighter(rng, f"b{i}", 2) for i in range(3)]
    for _ in range(60):
        alive = [f for f in band if not f.fig.out]
        if len({f.fig.side for f in alive}) < 2:
            break
        f = rng.choice(alive)
        if not states.begin_activation(ctx, f):
            continue
        foes = [g for g in alive if g.fig.side != f.fig.side and not g.fig.out]
        for _ in range(4):
            if f.fig.out or not foes:
                break
            t = rng.choice(foes)
            if t.fig.out:
                break
            roll = rng.random()
            if f.status.get("down"):
                if moves.stand_up_cost(f) <= f.pa:
                    moves.stand_up(f)
                continue
            if roll < 0.15 and moves.next_walk_cost(f) <= f.pa:
                moves.walk(f, rng.sample(["loose", "difficult", "water"], rng.randint(0, 1)))
            elif roll < 0.3 and sh.check_shot(f, BOW, sh.ShotBuild("flash", ("A",)), 4, False) is None:
                sh.shoot(ctx, f, t, BOW, sh.ShotBuild("flash", ("A",)), 4,
                         lambda inc, r, t=t: rng.choice(options(t, inc) or [None]))
            elif roll < 0.35:
                morale.temerity(ctx, f, "terror", 12, allies=rng.randint(0, 2))
            else:
                affordable = [b for k in (1, 2, 3) if moves.action_cost(f, k) <= f.pa for b in atk.builds(f, k)]
                if not affordable:
                    break
                build = rng.choice(affordable)
                events = len(ctx.events)
                melee.exchange(ctx, f, t, build, lambda inc, r, t=t: rng.choice(options(t, inc) or [None]),
                               melee.Situation(reroll_below=rng.choice([None, 6, 9])))
                assert len(ctx.events) > events
            for g in band:
                check(g)
        states.end_activation(ctx, f)
    for e in ctx.events:
        if e.kind == "dice":
            assert all(1 <= x <= e.sides for x in e.faces)
    assert any(e.kind == "wounded" for e in ctx.events)
