"""Bonus / Malus puzzle of round 17 (Le nid against greedy, a game lost by elimination): the
wounds of several enemies add up. A character of 3 vitality points that each rifle can only
wound was judged as if the wound-only blows could cost it one wound between them, never its
life: stepping into the open in front of three militia rifles cost it no more than staying
behind the wall. The crew's Boss (its Runner already lost, so the Boss's loss breaks the
band) moved 8 pas into the open on turn 1 to shoot, and the militia's rifles and pistols
took its three points on turn 2 (B-R72 presets, le nid seed 711, game 20 of seed 701's
schedule). Measured at the end of normal's activations over the 100 games of seed 701, the
one-wound law gave the characters at 2 and 3 points a chance of 1.8 in 276 of being taken
out before they acted again; 10 were. The wound law (``World.wound_law``): 8.6."""
from __future__ import annotations

from game.ai.bonus_malus.world import World, placed
from game.ai.profiles import load_profile
from game.core.engine import Engine
from tests.ai.bonus_malus_positions import _open, end_of, rate
from tests.rulesets.bonus_malus.helpers import PAS

# the presets seed 711 drew (named, so a change of the presets leaves the position alone)
ROSTERS = {"1": ["patronne", "passeur", "passeur"],
           "2": ["milicien", "milicien", "milicien", "infirmier", "infirmier"]}
# pas and facing, turn 1: our Runner 1 is out, Runner 2 has run; Militiamen 1 and 2, the
# colossus and Prowler 2 have acted
AT = {"b1_00_patronne": (1.5, 23.0, 270), "b1_01_passeur": (6.5, 18.21, 15), "b1_02_passeur": (1.5, 4.02, 270),
      "b2_00_milicien": (22.5, 23.0, 270), "b2_01_milicien": (19.07, 18.07, 165),
      "b2_02_milicien": (22.5, 20.0, 270), "b2_03_infirmier": (22.5, 18.5, 270),
      "b2_04_infirmier": (22.5, 17.0, 270),
      "b3_00_colosse": (12.0, 8.5, 90), "b3_01_fauve": (12.0, 10.0, 90), "b3_02_fauve": (8.62, 14.14, 210)}
SPENT = {"b1_02_passeur": ["run"], "b2_00_milicien": ["aim", "shoot"], "b2_01_milicien": ["move", "shoot"],
         "b3_00_colosse": ["nothing", "nothing"], "b3_02_fauve": ["move", "nothing"]}
BOSS = "b1_00_patronne"
OPEN = (9.5 * PAS, 23.0 * PAS)          # main's move: in the open, every rifle's line clear
WALL = (1.5 * PAS, 14.2 * PAS)          # behind the wall: every line in heavy cover


def boss_first_turn():
    """Le nid, seed 711, turn 1 (ai:normal's crew first seat against greedy's militia): the
    Boss opens its activation in its corner, behind the low wall from two rifles; Runner 1
    was shot out. Main moved 8 pas along the edge into the open and shot: all three rifles
    and both medics' pistols then had a clear line."""
    st = Engine.new("bonus_malus", "le_nid", 711, {"rosters": ROSTERS}).state
    for fid, f in st.figures.items():
        f.x, f.y, f.facing = AT[fid][0] * PAS, AT[fid][1] * PAS, float(AT[fid][2])
    st.figures["b1_01_passeur"].out = True
    for fid, done in SPENT.items():
        st.figures[fid].status.update({"activations": 1, "spent": 2, "done": done})
    st.figures["b1_02_passeur"].status["ran"] = True
    return _open(st, BOSS)


def _world(eng, **over) -> World:
    st = eng.state
    return World(st, eng.ruleset.table_for(st), 1, {**load_profile("bonus_malus", "normal"), **over})


def _out_of_the_rifles_lines(eng, a) -> bool:
    """No militia rifle has a clear line (no cover) to where the Boss's action leaves it."""
    w = _world(eng)
    boss = eng.state.figures[BOSS]
    end = end_of(eng, a)
    return all(w.cover_class(e, e.pos, boss, end) != "none" for e in w.foes if e.profile == "milicien")


def test_the_boss_does_not_step_into_the_rifles():
    assert rate(boss_first_turn, _out_of_the_rifles_lines, "ai:normal") >= 0.95


def test_the_wounds_add_up():
    """Three blows that can each only wound a figure of 3 points take it out when all three
    land; the one-wound law never took it out and counted one wound at most."""
    blows = [(0.0, 0.6)] * 3
    out, wounds = World.wound_law(blows, 3)
    assert abs(out - 0.6 ** 3) < 1e-9
    assert abs(wounds - (3 * 0.6 * 0.4 ** 2 * 1 + 3 * 0.6 ** 2 * 0.4 * 2)) < 1e-9
    assert World.wound_law(blows, 2)[0] > 0.6      # two points left: any two of the three
    assert abs(World.wound_law([(0.3, 0.0), (0.2, 0.0)], 1)[0] - (1 - 0.7 * 0.8)) < 1e-9


def test_the_open_costs_the_boss_more_than_the_wall():
    """The control: with the wounds adding up, the threat on the Boss in the open is more
    than twice that behind the wall; with one wound at most (``wounds_add_up: false``, the
    earlier law) the open cost no more than its corner."""
    eng = boss_first_turn()
    boss = eng.state.figures[BOSS]
    law = _world(eng).threat
    assert law(placed(boss, OPEN), OPEN, 270.0) > 2.0 * law(placed(boss, WALL), WALL, 270.0)
    old = _world(eng, wounds_add_up=False).threat
    assert old(placed(boss, OPEN), OPEN, 270.0) <= old(boss, boss.pos, 270.0) + 1e-6
