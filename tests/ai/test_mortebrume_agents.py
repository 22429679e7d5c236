"""The Mortebrume AI plays legally and deterministically, decides from its side's view
only (enemies in the mist stay unknown), and its own odds agree with enumeration."""
from __future__ import annotations

import itertools

from game.ai.agents import make_agent
from game.ai.mortebrume import odds
from game.ai.mortebrume.world import World
from game.core.engine import Engine
from game.core.view import side_view
from game.rulesets.mortebrume import odds as rules
from game.rulesets.mortebrume import stats
from game.sim import play_game
from tests.ai import mortebrume_positions as positions


def _game(spec1, spec2, scenario, seed, max_turns=2):
    eng = Engine.new("mortebrume", scenario, seed)
    eng.state.max_turns = max_turns
    return play_game("mortebrume", scenario, seed,
                     {1: make_agent(spec1, seed), 2: make_agent(spec2, seed + 7)}, engine=eng)


def test_no_illegal_action_in_seeded_games():
    specs = [("ai:normal", "random"), ("random", "ai:facile:agressif"),
             ("greedy", "ai:difficile:prudent")]
    for i, (a, b) in enumerate(specs):
        scenario = ("dernier_debout", "pierre_de_brume")[i % 2]
        eng, illegal, times = _game(a, b, scenario, 10 + i)
        assert illegal == 0
        assert times and eng.decider() is None


def test_same_seeds_same_game():
    a, _, _ = _game("ai:normal", "greedy", "pierre_de_brume", 5)
    b, _, _ = _game("ai:normal", "greedy", "pierre_de_brume", 5)
    assert [x.to_dict() for x in a.record.actions] == [x.to_dict() for x in b.record.actions]
    assert a.state.digest() == b.state.digest()


def test_enemies_in_the_mist_stay_unknown():
    """An enemy none of side 1 can see changes nothing, wherever it stands."""
    base = positions.crossbow()
    view = side_view(base.ruleset, base.state, 1)
    w = World(view, base.ruleset.table_for(view), 1, {})
    assert [e.id for e in w.enemies] == ["xbow"]
    chosen = []
    for hidden in (None, (70, 70), (60, 8), (70, 30)):
        eng = positions.crossbow(hidden_at=hidden)
        if hidden is not None:
            assert "ghost" not in eng.ruleset.visible_to(eng.state, 1)
        chosen.append(make_agent("ai:difficile", 3).choose(eng))
    assert all(a == chosen[0] for a in chosen)


def test_the_ai_does_not_read_the_dice_stream():
    eng = Engine.new("mortebrume", "dernier_debout", 4)
    other = eng.clone()
    other.state.rng = [12345, 6789]
    assert make_agent("ai:difficile", 3).choose(eng) == make_agent("ai:difficile", 3).choose(other)


def _brute_dodge(att, tgt, wid, dist, d_inspired):
    """Enumerate every face of both rolls (no shortcut through the laws)."""
    from game.rulesets._shared.aptitude import pool

    bonus = (0 if stats.in_band(wid, dist) else stats.OUT_OF_BAND) + (
        stats.BACK_BONUS if stats.from_behind(att, tgt) else 0)
    skill = stats.weapon_skill(att, wid)
    na, sa = pool(skill)
    dodge = stats.profile(tgt).dodge
    nd, sd = pool(dodge, d_inspired)
    total = 0.0
    for fa in itertools.product(range(1, sa + 1), repeat=na):
        for fd in itertools.product(range(1, sd + 1), repeat=nd):
            p = 1.0 / (sa ** na * sd ** nd)
            fum, part = all(f == 1 for f in fa), any(f in (6, 8, 10) for f in fa)
            dfum, dpart = all(f == 1 for f in fd), any(f in (6, 8, 10) for f in fd)
            tot, dt = skill + sum(fa) + bonus, dodge + sum(fd)
            if fum or (part and dpart) or (not dfum and dt > tot):
                continue
            law = rules._wounds(wid, not stats.in_band(wid, dist), part, stats.armour(tgt))
            total += p * sum(n * q for n, q in law.items())
    return total


def test_helped_dodge_matches_enumeration_and_the_rules_without_help():
    eng = positions.heavy_blow()
    att, me = eng.state.figures["brute"], eng.state.figures["me"]
    plain = odds.dodge_strike(att, me, "epee_deux_mains", 30.0, 0)
    assert abs(plain.expected_wounds - rules.strike(att, me, "epee_deux_mains", 30.0,
                                                    "dodge").expected_wounds) < 1e-9
    for n in (0, 1, 2):
        helped = odds.dodge_strike(att, me, "epee_deux_mains", 30.0, n)
        assert abs(helped.expected_wounds - _brute_dodge(att, me, "epee_deux_mains", 30.0, n)) < 1e-9
    assert odds.dodge_strike(att, me, "epee_deux_mains", 30.0, 2).expected_wounds < \
        plain.expected_wounds


def test_spell_odds_match_enumeration():
    eng = positions.crossbow()
    caster = eng.state.figures["watch"]
    # a pyromancer's roll: skill 9 (1D10) + allonge 2 against half of 12 cm + 1 raise
    from dataclasses import replace

    caster = replace(caster, profile="meleien_pyromancien")
    tgt = eng.state.figures["xbow"]
    p_ok, p_special = odds.spell(caster, tgt, "trait_de_feu", 1, 0, 120.0, dodge=False)
    want = sum(1 for f in range(1, 11) if f != 1 and 9 + f + 2 >= 6 + 1) / 10
    special = sum(1 for f in range(1, 11) if f != 1 and 9 + f + 2 >= 7 and f in (6, 8, 10)) / 10
    assert abs(p_ok - want) < 1e-9 and abs(p_special - special) < 1e-9


def test_a_fallen_fighter_owed_a_move_stays_put():
    """A move owed to a fighter that has fallen since (e.g. in a collision) is answered
    without a path (a path would name a base no longer on the table)."""
    from game.core.state import Decision
    from tests.rulesets.mortebrume.sandbox import fig, sandbox

    eng = sandbox([fig(1, "meleien_recrue", 20, 30, 0, name="me"),
                   fig(1, "meleien_recrue", 20, 40, 0, name="mate"),
                   fig(2, "meleien_recrue", 40, 30, 180, name="foe")])
    eng.state.figures["me"].out = True
    eng.state.pending.append(Decision(kind="free_move", side=1, figure="me",
                                      context={"allowance": 50.0}))
    action = make_agent("ai:normal", 1).choose(eng)
    assert action.kind == "free_move" and not action.path
