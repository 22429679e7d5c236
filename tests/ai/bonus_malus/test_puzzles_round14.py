"""Bonus / Malus puzzle of round 14 (Accrochage against random, a game lost): the approach
does not pull a figure into the neutral group's jaws. Closing on the enemy is worth a little
(a game is won by taking figures out), but a step that makes the figure the nearest prey of
a roaming neutral figure (the pack and the robot turn on the nearest figure they see) hands
the enemy that figure's points: the approach is not paid there (``approach_prey``). The
Temple guard ran 5.5 pas into the canyon on the first turn, next to the prowler and the
robot, and the prowler took it out on turn 2 (0-17). Normal and difficile must find the right
choice in at least 19 of 20 seeds (their own stream's seed; the test plays the first ten and
wants 9); normal without the change ran there in 15 of 20."""
from __future__ import annotations

from game.ai.bonus_malus.values import Valuer
from game.ai.bonus_malus.world import World
from game.ai.profiles import load_profile
from game.core.engine import Engine
from tests.ai.bonus_malus_positions import QUICK_SEEDS, _open, end_of, rate
from tests.rulesets.bonus_malus.helpers import PAS

# the presets seed 646 drew (named, so a change of the presets leaves the position alone)
ROSTERS = {"1": ["maitre_psi", "novice", "garde_temple"],
           "2": ["milicien", "milicien", "milicien", "infirmier", "infirmier"]}
# pas and facing, turn 1: Militiaman 3 and Prowler 1 have acted
AT = {"b1_00_maitre_psi": (10.5, 1.0, 90), "b1_01_novice": (12.0, 1.0, 90), "b1_02_garde_temple": (13.5, 1.0, 90),
      "b2_00_milicien": (9.0, 23.0, 270), "b2_01_milicien": (10.5, 23.0, 270),
      "b2_02_milicien": (12.38, 22.98, 270), "b2_03_infirmier": (13.5, 23.0, 270),
      "b2_04_infirmier": (15.0, 23.0, 270),
      "b3_00_fauve": (10.15, 19.94, 15), "b3_01_fauve": (12.0, 12.0, 180), "b3_02_robot_sentinelle": (13.5, 12.0, 180)}
PROWLER = "b3_01_fauve"


def temple_guard_first_turn():
    """Accrochage, seed 646, turn 1 (ai:normal's psionic circle first seat against random's
    militia, a game lost): the Temple guard opens its activation in its deployment row; the
    pack and the robot in the middle of the canyon, Prowler 2 and the robot yet to act,
    Prowler 1 by the militia. Main ran 5.5 pas toward the middle, where Prowler 2 would turn
    on it first (it hunted Militiaman 3, 10 pas off), and was taken out on turn 2."""
    st = Engine.new("bonus_malus", "accrochage", 646, {"rosters": ROSTERS}).state
    for fid, f in st.figures.items():
        f.x, f.y, f.facing = AT[fid][0] * PAS, AT[fid][1] * PAS, float(AT[fid][2])
    for fid in ("b2_02_milicien", "b3_00_fauve"):
        st.figures[fid].status.update({"activations": 1, "spent": 2, "done": ["move", "nothing"]})
    return _open(st, "b1_02_garde_temple")


def _world(eng, **over) -> World:
    st = eng.state
    return World(st, eng.ruleset.table_for(st), 1, {**load_profile("bonus_malus", "normal"), **over})


def _not_the_prowlers_prey(eng, a) -> bool:
    w = _world(eng)
    me = eng.state.figures["b1_02_garde_temple"]
    return w.neutral_prey(eng.state.figures[PROWLER], me, end_of(eng, a)) is not me


def test_the_temple_guard_does_not_run_into_the_pack():
    for spec in ("ai:normal", "ai:difficile"):
        assert rate(temple_guard_first_turn, _not_the_prowlers_prey, spec, QUICK_SEEDS) >= 0.9, spec


def test_no_approach_is_paid_where_a_roaming_neutral_turns_on_us():
    """The control (main paid the run toward the enemy there): at the run's end Prowler 2
    would turn on the Temple guard, which it does not where it stands; the approach there is
    worth no more than where it stands, and more without the change."""
    eng = temple_guard_first_turn()
    me = eng.state.figures["b1_02_garde_temple"]
    end = (13.5 * PAS, 6.5 * PAS)
    paid = {}
    for k in (0.0, 1.0):
        v = Valuer()
        v.w = _world(eng, approach_prey=k)
        v.p = v.w.p
        assert v.new_prey(me, end) and not v.new_prey(me, me.pos)
        paid[k] = v.approach(me, end) - v.approach(me, me.pos)
    assert paid[0.0] > 0.1 and abs(paid[1.0]) < 1e-9
