"""The rule document's worked examples, replayed with scripted dice."""
from __future__ import annotations

from game.core.events import CombatResolved, OutOfAction
from tests.rulesets.evenor.sandbox import act, fig, rolls, sandbox, step, toward


def test_leda_ladder_move_charge_and_away():
    # Léda (I1+) 9 pas from Shingami: three actions at 1+, 2+, 3+; move 6, charge, move away.
    eng = sandbox([fig(1, "leda", 3, 12), fig(2, "shingami", 12, 12), fig(2, "nobu", 22, 22)],
                  dice=[1, 2, 3])
    ev = step(eng, act("activate", "1.leda", value=3))
    ladder = rolls(ev, "initiative")
    assert [r.target for r in ladder] == [1, 2, 3]
    assert all(r.result for r in ladder)
    step(eng, act("move", "1.leda", path=[(9, 12)]))
    # Shingami's reaction (R3+) fails; Léda 4 dice at 2+ (C3+, charge -1); Shingami 4 at 2+,
    # an enchanted re-roll of his one miss; excess hits saved on 6+, then damage.
    eng.dice.push(2,            # Shingami's reaction roll: failed
                  5, 5, 5, 5,   # Léda: 4 hits
                  1, 1, 1, 1,   # Shingami: none
                  1,            # his enchanted re-roll: still a miss
                  1, 1, 1, 1,   # 4 saves on 6+: none
                  5)            # damage 5: out of action
    ev = step(eng, act("charge", "1.leda", "2.shingami", path=[(11, 12)]))
    combat = [e for e in ev if isinstance(e, CombatResolved)][0]
    assert (combat.hits_attack, combat.hits_defence, combat.winner) == (4, 0, "attack")
    melee = rolls(ev, "melee")
    assert melee[0].target == 2 and len(melee[0].faces) == 4
    assert any(isinstance(e, OutOfAction) and e.figure == "2.shingami" for e in ev)
    # the last action takes her away
    step(eng, act("move", "1.leda", path=[(6, 12)]))
    assert eng.state.activation is None


def test_ladder_failure_means_nothing_happens():
    eng = sandbox([fig(1, "ulysse", 3, 3), fig(2, "kara", 20, 20)], dice=[4, 2])
    ev = step(eng, act("activate", "1.ulysse", value=2))  # I3+: 3+ then 4+
    assert [r.target for r in rolls(ev, "initiative")] == [3, 4]
    assert eng.state.activation is None
    assert eng.state.figures["1.ulysse"].status["activated"]
    assert eng.state.to_act == 2


def test_leda_charges_kara_who_counter_charges():
    eng = sandbox([fig(1, "leda", 3, 12), fig(2, "kara", 6, 12)], dice=[1])
    step(eng, act("activate", "1.leda", value=1))
    eng.dice.push(3)  # Kara's reaction roll on 3+: success
    step(eng, act("charge", "1.leda", "2.kara", path=[(5, 12)]))
    assert eng.state.pending and eng.state.pending[-1].figure == "2.kara"
    assert "counter_charge" in eng.state.pending[-1].options
    eng.dice.push(2, 3, 4, 5,      # Léda: 4 dice at 2+, 4 hits
                  3, 4, 5, 1, 2,   # Kara: 5 dice (Charge furieuse) at 3+ (C4+ -1), 3 hits
                  3)               # one damage roll: 3 -> down
    ev = step(eng, act("react", "2.kara", value="counter_charge"))
    m = rolls(ev, "melee")
    assert (len(m[0].faces), m[0].target) == (4, 2)
    assert (len(m[1].faces), m[1].target) == (5, 3)
    assert eng.state.figures["2.kara"].status.get("prone")
    assert not eng.state.figures["2.kara"].out


def test_harald_long_range_spear_on_grendel():
    # 9 pas apart: long range for a 3/6/12 spear. Grendel is a large target (T-1), so with
    # long range (+1) Harald still hits on 4+ (our reading of the summary table).
    eng = sandbox([fig(1, "harald", 3, 12), fig(2, "grendel", 12 + 1.3, 12)], dice=[])
    step(eng, act("activate", "1.harald", value=0))
    eng.dice.push(1,            # Grendel's reaction (R5+): fails
                  3, 2, 6, 5,   # 4 dice: 2 hits
                  2, 5,         # 2 saves on 5+: one saved
                  3)            # the damage roll: a monster loses 1 vitality on any face
    ev = step(eng, act("shoot", "1.harald", "2.grendel", value=0))
    shot = rolls(ev, "shoot")[0]
    assert shot.target == 4 and shot.result == 2
    assert ("long_range", 1) in shot.mods and ("large_target", -1) in shot.mods
    assert eng.state.figures["2.grendel"].vitality == 4
    assert 0 in eng.state.figures["1.harald"].status["thrown"]


def test_disengaging_non_acrobat_takes_an_opportunity_attack():
    # The document's Hylas example, played by Deimos (I2+ and no Acrobate, as the example
    # needs): Lothar's reaction fails, Thurold's succeeds and he strikes with 5 dice.
    eng = sandbox([fig(1, "deimos", 12, 12), fig(2, "lothar", 12, 13), fig(2, "thurold", 13, 12)],
                  dice=[2, 5])
    step(eng, act("activate", "1.deimos", value=2))
    eng.dice.push(1,                 # Lothar's reaction on 4+: nothing
                  5,                 # Thurold's: an opportunity attack
                  3, 4, 1, 2, 6,     # 5 dice at 3+: 3 hits and one 6 explodes
                  2,                 # the extra die misses
                  1, 1, 4,           # Deimos saves on 4+: one saved
                  2, 3)              # two damage rolls: down, stays down
    ev = step(eng, act("move", "1.deimos", path=[(12, 8)]))
    opp = rolls(ev, "opportunity")
    assert [o.who for o in opp] == ["2.lothar", "2.thurold"]
    assert [len(r.faces) for r in rolls(ev, "melee")] == [5, 1]
    d = eng.state.figures["1.deimos"]
    assert not d.out and not d.status.get("prone")  # moving away clears "down"
    assert (round(d.x / 25), round(d.y / 25)) == (12, 8)


def test_acrobat_hylas_disengages_freely():
    eng = sandbox([fig(1, "hylas", 12, 12), fig(2, "lothar", 12, 13), fig(2, "thurold", 13, 12)],
                  dice=[2])
    step(eng, act("activate", "1.hylas", value=1))
    ev = step(eng, act("move", "1.hylas", path=[(12, 8)]))
    assert not rolls(ev, "opportunity")


def test_thesee_and_hiera_coordinated_attack_on_grendel():
    eng = sandbox([fig(1, "thesee", 10, 12, thrown=[0]), fig(1, "hiera", 10, 14),
                   fig(2, "grendel", 14.5, 13), fig(2, "lothar", 22, 22)], dice=[])
    step(eng, act("wait", "1.thesee"))
    step(eng, act("activate", "2.lothar", value=0))
    step(eng, act("pass", "2.lothar"))
    step(eng, act("end"))  # Lothar could still take his free step; he does not
    eng.dice.push(5, 4)  # Hiera on 2+, Thésée on 3+
    step(eng, act("coordinate", "1.hiera", value=1, partners=["1.thesee"]))
    eng.dice.push(3, 3,  # fear on engaging (both brave: 3+)
                  6)     # Grendel's reaction on 5+: counter-charge
    step(eng, act("charge", "1.hiera", "2.grendel", path=[toward(eng, "1.hiera", "2.grendel")],
                  partners=["1.thesee"]))
    assert eng.state.pending[-1].figure == "2.grendel"
    eng.dice.push(4, 4,                          # fear in the fight: both hold
                  3, 3, 3, 4, 1, 1, 2, 2, 1,     # 9 dice at 3+: 4 hits
                  3, 3, 3, 3, 3, 3, 1, 1, 2)     # Grendel 9 at 3+: 6 hits
    ev = step(eng, act("react", "2.grendel", value="counter_charge"))
    m = rolls(ev, "melee")
    assert (len(m[0].faces), m[0].target) == (9, 3)
    assert (len(m[1].faces), m[1].target) == (9, 3)
    d = eng.state.pending[-1]
    assert d.kind == "assign_hits" and d.side == 2
    split = d.options.index([1, 1])
    eng.dice.push(6,   # Hiera first (no save): damage 6, out of action
                  1,   # Thésée's save on 4+: fails
                  2)   # his damage roll: down
    ev = step(eng, act("assign", "2.grendel", value=split))
    assert eng.state.figures["1.thesee"].status.get("prone")
    assert eng.state.figures["1.hiera"].out


def _thurold_charges_gosai():
    eng = sandbox([fig(1, "thurold", 2, 12), fig(2, "gosai", 12, 12), fig(1, "lothar", 2, 22)],
                  dice=[1, 2])
    step(eng, act("activate", "1.thurold", value=2))
    step(eng, act("move", "1.thurold", path=[(8, 12)]))     # now 4 pas away (edge to edge: 3)
    eng.dice.push(4)  # Gosaï's reaction on 4+
    step(eng, act("charge", "1.thurold", "2.gosai", path=[(11, 12)]))
    assert "countercharge_shot" in eng.state.pending[-1].options
    return eng


def test_thurold_charge_stopped_by_gosai_countercharge_shot():
    # The book's example: Gosaï's shot knocks Thurold down, so the charge never happens
    # (damage roll 1-4 at 1 vitality), he stops there.
    eng = _thurold_charges_gosai()
    eng.dice.push(3, 1, 1,   # 3 dice at 3+ (T4+ short range -1): one hit
                  2,         # Thurold's save on 5+ fails
                  3)         # damage roll 1-4: knocked down, not out
    ev = step(eng, act("react", "2.gosai", value="countercharge_shot"))
    assert rolls(ev, "shoot")[0].target == 3
    thurold = eng.state.figures["1.thurold"]
    assert not thurold.out and thurold.status.get("prone")
    assert abs(thurold.x / 25 - 8) < 1e-6             # already within short range: stays
    assert not [e for e in ev if isinstance(e, CombatResolved)]


def test_thurold_charge_stopped_by_a_countercharge_shot_that_takes_him_out():
    eng = _thurold_charges_gosai()
    eng.dice.push(3, 1, 1, 2,
                  6)         # damage roll 5-6: out of action
    ev = step(eng, act("react", "2.gosai", value="countercharge_shot"))
    assert eng.state.figures["1.thurold"].out
    assert not [e for e in ev if isinstance(e, CombatResolved)]


def test_oni_splits_its_attacks_with_enchanted_rerolls():
    eng = sandbox([fig(2, "oni", 12, 12), fig(1, "phobos", 12, 14 - 0.2),
                   fig(1, "deimos", 10.2 - 0.0, 12), fig(1, "hylas", 13.8 + 0.0, 12)],
                  dice=[], to_act=2)
    # place the three foes exactly in contact with the Oni's 40 mm base
    st = eng.state
    oni = st.figures["2.oni"]
    for fid, (dx, dy) in {"1.phobos": (0, 1), "1.deimos": (-1, 0), "1.hylas": (1, 0)}.items():
        f = st.figures[fid]
        f.x, f.y = oni.x + dx * (oni.radius + f.radius), oni.y + dy * (oni.radius + f.radius)
    step(eng, act("activate", "2.oni", value=0))
    refused = eng.check(act("fight", "2.oni", "1.phobos", "1.deimos", "1.hylas", values=(4, 3, 2)))
    assert refused is not None and refused.code == "refused.uneven_split"
    phase = {"1.phobos": 4, "1.deimos": 3, "1.hylas": 3}  # the foes' weapon powers
    eng.dice.push(4, 4, 4)  # each foe faces the frightening Oni and holds
    for power in phase.values():
        eng.dice.push(1, 1, 5,        # the Oni's 3 dice on 5+ (C3+, two extra foes): one hit
                      6, 1,           # its enchanted re-roll: a 6, which explodes into a miss
                      *[1] * power,   # the foe's dice: misses
                      1,              # the foe's own enchanted re-roll: a miss
                      1, 1,           # two saves failed
                      1, 1)           # two damage rolls: down
    ev = step(eng, act("fight", "2.oni", "1.phobos", "1.deimos", "1.hylas", values=(3, 3, 3)))
    combats = [e for e in ev if isinstance(e, CombatResolved)]
    assert [(c.defender, c.hits_attack, c.hits_defence) for c in combats] == [
        ("1.phobos", 2, 0), ("1.deimos", 2, 0), ("1.hylas", 2, 0)]
    oni = [r for r in rolls(ev) if r.who == "2.oni"]
    assert [r.rule for r in oni] == ["melee", "reroll", "melee"] * 3
    assert oni[0].target == 5 and len(oni[0].faces) == 3
    assert all(eng.state.figures[f].status.get("prone") for f in phase)
