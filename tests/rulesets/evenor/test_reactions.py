"""Every reaction, and the shooting and melee modifiers around them, with scripted dice."""
from __future__ import annotations

from game.core.events import CombatResolved, DiceRolled, Wounded
from tests.rulesets.evenor.sandbox import act, fig, rect, rolls, sandbox, step, toward


def _pending(eng):
    return eng.state.pending[-1] if eng.state.pending else None


def test_shot_answered_by_going_prone():
    eng = sandbox([fig(1, "ulysse", 3, 12), fig(2, "deimos", 12, 12), fig(2, "lothar", 20, 22)])
    step(eng, act("activate", "1.ulysse", value=0))
    eng.dice.push(4)  # Deimos reacts (R4+)
    step(eng, act("shoot", "1.ulysse", "2.deimos", value=0))
    assert _pending(eng).options == ["none", "prone"]
    eng.dice.push(5, 5, 1, 1,   # 4 dice on 5+ (T4+, target down +1): 2 hits
                  1, 1,         # 2 saves failed
                  5)            # damage roll: 5-6, out of action
    ev = step(eng, act("react", "2.deimos", value="prone"))
    shot = rolls(ev, "shoot")[0]
    assert shot.target == 5 and ("prone", 1) in shot.mods
    assert eng.state.figures["2.deimos"].out


def test_shot_answered_by_taking_cover():
    rock = rect("t0", "rocher", 10.9, 11.2, 0.6, 0.9)
    eng = sandbox([fig(1, "ulysse", 3, 12), fig(2, "deimos", 12, 12), fig(2, "lothar", 20, 22)],
                  terrain=[rock])
    step(eng, act("activate", "1.ulysse", value=0))
    eng.dice.push(4)
    step(eng, act("shoot", "1.ulysse", "2.deimos", value=0))
    assert "cover" in _pending(eng).options
    eng.dice.push(6, 1, 1, 1, 5)   # one hit on 6+, saved
    ev = step(eng, act("react", "2.deimos", value="cover"))
    shot = rolls(ev, "shoot")[0]
    assert shot.target == 6 and ("cover", 2) in shot.mods
    assert eng.state.figures["2.deimos"].status["cover_vs"]["pieces"] == ["t0"]


def test_shooting_back_is_simultaneous():
    eng = sandbox([fig(1, "ulysse", 3, 12), fig(2, "gosai", 12, 12), fig(1, "phobos", 2, 22),
                   fig(2, "lothar", 20, 22)])
    step(eng, act("activate", "1.ulysse", value=0))
    eng.dice.push(5)
    step(eng, act("shoot", "1.ulysse", "2.gosai", value=0))
    eng.dice.push(6, 6, 1, 1,   # Ulysse: 2 hits (Gosaï has no save)
                  6, 1, 1,      # Gosaï shoots back: 1 hit
                  6,            # Gosaï's damage roll: out
                  1,            # Ulysse's save on 5+ fails
                  5)            # Ulysse's damage roll: out
    ev = step(eng, act("react", "2.gosai", value="shoot_back"))
    kinds = [(e.rule, e.who) for e in ev if isinstance(e, DiceRolled)]
    assert kinds[:2] == [("shoot", "1.ulysse"), ("shoot", "2.gosai")]
    assert eng.state.figures["1.ulysse"].out and eng.state.figures["2.gosai"].out


def test_charge_answered_by_flight():
    eng = sandbox([fig(1, "deimos", 5, 12), fig(2, "gosai", 8, 12), fig(2, "lothar", 20, 22)],
                  dice=[2])
    step(eng, act("activate", "1.deimos", value=1))
    end = toward(eng, "1.deimos", "2.gosai")
    eng.dice.push(4)
    step(eng, act("charge", "1.deimos", "2.gosai", path=[end]))
    assert _pending(eng).options == ["none", "counter_charge", "countercharge_shot", "flee"]
    bad = eng.check(act("react", "2.gosai", path=[(8, 18.5)], value="flee"))
    assert bad is not None   # 6.5 pas: too far
    ev = step(eng, act("react", "2.gosai", path=[(13.5, 12)], value="flee"))
    assert not [e for e in ev if isinstance(e, CombatResolved)]
    d = eng.state.figures["1.deimos"]
    assert abs(d.x / 25 - end[0]) < 1e-6


def test_engagement_by_a_move_answered_by_a_countercharge_shot():
    eng = sandbox([fig(1, "deimos", 2, 12), fig(2, "gosai", 8.5, 12), fig(1, "phobos", 2, 22),
                   fig(2, "lothar", 20, 22)], dice=[2])
    step(eng, act("activate", "1.deimos", value=1))
    eng.dice.push(4)
    step(eng, act("move", "1.deimos", path=[toward(eng, "1.deimos", "2.gosai")]))
    assert _pending(eng).options == ["none", "countercharge_shot", "flee"]
    eng.dice.push(3, 3, 1,   # 3 dice on 3+ (short range): 2 hits
                  4, 1,      # Deimos saves one on 4+
                  5)         # damage roll: out of action
    ev = step(eng, act("react", "2.gosai", value="countercharge_shot"))
    assert rolls(ev, "shoot")[0].target == 3
    d = eng.state.figures["1.deimos"]
    assert d.out and abs(d.x / 25 - 2) < 1e-6   # stopped where it started (already in short range)


def test_a_failed_reaction_roll_means_no_choice():
    eng = sandbox([fig(1, "deimos", 5, 12), fig(2, "gosai", 8, 12), fig(2, "lothar", 20, 22)],
                  dice=[2])
    step(eng, act("activate", "1.deimos", value=1))
    eng.dice.push(3, *[1] * 12)   # Gosaï's reaction fails; then the combat
    ev = step(eng, act("charge", "1.deimos", "2.gosai", path=[toward(eng, "1.deimos", "2.gosai")]))
    assert not eng.state.pending
    assert [e for e in ev if isinstance(e, CombatResolved)]


def test_power_answered_by_a_shot():
    eng = sandbox([fig(1, "selene", 5, 12), fig(2, "gosai", 12, 12), fig(1, "phobos", 2, 22),
                   fig(2, "lothar", 20, 22)])
    step(eng, act("activate", "1.selene", value=0))
    eng.dice.push(4)
    step(eng, act("power", "1.selene", "2.gosai", value="confusion"))
    assert _pending(eng).options == ["none", "shoot_back"]
    eng.dice.push(6, 6, 1,   # Gosaï shoots back at short range: 2 hits
                  2,         # the Confusion still works: simultaneous
                  6)         # Selene's damage roll: out
    step(eng, act("react", "2.gosai", value="shoot_back"))
    assert eng.state.figures["1.selene"].out
    assert eng.state.figures["2.gosai"].status["confused"] == eng.state.turn


def test_power_answered_by_a_power():
    eng = sandbox([fig(1, "selene", 5, 12), fig(2, "shiro", 12, 12), fig(2, "lothar", 20, 22)])
    step(eng, act("activate", "1.selene", value=0))
    eng.dice.push(3)
    step(eng, act("power", "1.selene", "2.shiro", value="confusion"))
    assert "power:benediction" in _pending(eng).options
    eng.dice.push(3,   # Confusion against a strong mind: 3+, success
                  4)   # Shiro blesses himself on 4+
    step(eng, act("react", "2.shiro", value="power:benediction"))
    shiro = eng.state.figures["2.shiro"]
    assert shiro.status["confused"] == 1 and shiro.status["blessed"] == 1


def test_aim_then_shoot_and_moving_shot():
    eng = sandbox([fig(1, "ulysse", 3, 12), fig(2, "deimos", 12, 12), fig(2, "lothar", 20, 22)],
                  dice=[3, 4])
    step(eng, act("activate", "1.ulysse", value=2))
    step(eng, act("aim", "1.ulysse"))
    eng.dice.push(1, 1, 1, 1, 1)   # no reaction; all miss
    ev = step(eng, act("shoot", "1.ulysse", "2.deimos", value=0))
    shot = rolls(ev, "shoot")[0]
    assert shot.target == 2 and ("aimed", -2) in shot.mods
    eng2 = sandbox([fig(1, "ulysse", 3, 12), fig(2, "deimos", 12, 12), fig(2, "lothar", 20, 22)],
                   dice=[3])
    step(eng2, act("activate", "1.ulysse", value=1))
    eng2.dice.push(1, 1, 1, 1, 1)
    ev = step(eng2, act("move_shoot", "1.ulysse", "2.deimos", path=[(3, 8)], value=0, values=[0]))
    shot = rolls(ev, "shoot")[0]
    assert ("moving", 1) in shot.mods and shot.target == 5
    u = eng2.state.figures["1.ulysse"]
    assert (round(u.x / 25, 3), round(u.y / 25, 3)) == (3, 8)


def test_down_in_melee_and_standing_up_after_a_win():
    eng = sandbox([fig(1, "deimos", 12, 12, prone=True), fig(2, "lothar", 12, 13),
                   fig(2, "kara", 20, 22)])
    step(eng, act("activate", "1.deimos", value=0))
    assert not any(c.kind == "stand_up" for c in eng.legal_actions())   # engaged and down
    eng.dice.push(5, 5, 5,    # Deimos on 5+ (C3+, down +2): 3 hits
                  1, 1, 1, 1, 1, 1,   # Lothar: none
                  1, 1, 1,    # Lothar has no save roll? (S6+): 3 saves failed
                  1, 1, 1)    # damage rolls
    ev = step(eng, act("fight", "1.deimos", "2.lothar"))
    assert rolls(ev, "melee")[0].target == 5
    assert any(c.kind == "stand_up" for c in eng.legal_actions())
    step(eng, act("stand_up", "1.deimos"))
    assert not eng.state.figures["1.deimos"].status.get("prone")


def test_damage_table_knocks_down_at_one_vitality():
    eng = sandbox([fig(1, "deimos", 12, 12), fig(2, "kara", 12, 13), fig(2, "lothar", 20, 22)])
    step(eng, act("activate", "1.deimos", value=0))
    eng.dice.push(3, 3, 1,          # Deimos: 2 hits on 3+
                  1,                # his enchanted re-roll misses
                  4, 1, 1, 1,       # Kara: 1 hit on 4+
                  4)                # one damage roll, 4: Kara is knocked down, not out
    ev = step(eng, act("fight", "1.deimos", "2.kara", ))
    assert eng.state.figures["2.kara"].status.get("prone")
    assert not eng.state.figures["2.kara"].out
    assert not [e for e in ev if isinstance(e, Wounded)]


def test_a_group_shooting_one_target_in_the_same_action_gets_one_reaction():
    eng = sandbox([fig(1, "ulysse", 3, 11), fig(1, "harald", 3, 13.5), fig(2, "gosai", 12, 12),
                   fig(2, "lothar", 20, 22)], dice=[])
    step(eng, act("wait", "1.harald"))
    step(eng, act("activate", "2.lothar", value=0))
    step(eng, act("end"))
    step(eng, act("coordinate", "1.ulysse", value=0, partners=["1.harald"]))
    eng.dice.push(1,            # Gosaï's reaction roll against Ulysse fails
                  1, 1, 1, 1)   # Ulysse misses
    ev = step(eng, act("shoot", "1.ulysse", "2.gosai", value=0))
    assert len(rolls(ev, "reaction")) == 1
    eng.dice.push(1, 1, 1, 1)   # Harald's spear: no second reaction roll, all miss
    ev = step(eng, act("shoot", "1.harald", "2.gosai", value=0))
    assert not rolls(ev, "reaction")
