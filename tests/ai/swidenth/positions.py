"""Hand-built Swidenth positions for the AI puzzles (pas), played through the real engine
with scripted dice: the initiative die only (the puzzles stop before any other roll)."""
from __future__ import annotations

from game.core.actions import Action
from game.core.dice import ScriptedDice
from game.core.engine import Engine
from game.core.record import Record
from game.rulesets.swidenth import figures as F
from game.rulesets.swidenth.ruleset import RULESET
from tests.rulesets.shared.spatial import world
from tests.rulesets.swidenth.helpers import PAS, fig, state

BRIGANDS = "brigands_des_marches"


def engine(*figures) -> Engine:
    """Turn 1 with side 1 holding the initiative (a D20 of 11)."""
    eng = Engine(RULESET, state(*figures), Record("swidenth", 1, "test", 1), dice=ScriptedDice([11]))
    eng.step(Action("initiative"))
    return eng


def strike_together() -> Engine:
    """Our Centurion and a legionary in its bubble can both reach a lone brigand; the
    brigands' captain stands far off. Side 1 is to open its leader phase."""
    return engine(fig("chef", 1, 5, 10, "centurion"), fig("leg", 1, 5, 12),
                  fig("prey", 2, 9.5, 11, "brigand", BRIGANDS),
                  fig("capt", 2, 21, 21, "capitaine", BRIGANDS))


def pin(friends: bool = True) -> Engine:
    """Our Optio alone, a brigand 3.5 pas ahead within its charge; with ``friends``, two
    more brigands stand 4 pas behind that one: out of reach of the Optio where it is,
    but able to come at it once it is engaged there (three against one)."""
    figs = [fig("optio", 1, 4, 10, "optio"), fig("front", 2, 8.5, 10, "brigand", BRIGANDS),
            fig("capt", 2, 21, 21, "capitaine", BRIGANDS)]
    if friends:
        figs += [fig("b1", 2, 12.5, 8.5, "brigand", BRIGANDS), fig("b2", 2, 12.5, 11.5, "brigand", BRIGANDS)]
    eng = engine(*figs)
    eng.step(Action("activate", actor="optio"))
    return eng


def held_off() -> Engine:
    """Our Optio alone (its phase open) and two fresh brigands 10.5 pas ahead of it: its
    move and run toward them would end within their charge, where they would come at it
    two against one before it acts again."""
    eng = engine(fig("optio", 1, 4, 10, "optio"), fig("b1", 2, 14.5, 8.5, "brigand", BRIGANDS),
                 fig("b2", 2, 14.5, 11.5, "brigand", BRIGANDS), fig("capt", 2, 21, 21, "capitaine", BRIGANDS))
    eng.step(Action("activate", actor="optio"))
    return eng


def placed_shooter() -> Engine:
    """Our archer (troops phase: side 1 has no leader) with a brigand 8 pas away, within
    the bow's medium band and out of the brigand's reach; the brigands' captain has had
    its phase (it did nothing)."""
    eng = engine(fig("archer", 1, 5, 5, "archer"), fig("prey", 2, 5, 14, "brigand", BRIGANDS),
                 fig("capt", 2, 21, 21, "capitaine", BRIGANDS))
    eng.step(Action("activate", actor="capt"))
    eng.step(Action("end"))
    return eng


def recoil(blocked: bool) -> Engine:
    """Our Centurion has just beaten a brigand (the winner may make it recoil: damage at
    most its Défense). ``blocked``: alone with it, the brigand's back at the table edge, so
    a recoil cannot be made and stuns it instead. Otherwise a legionary of the phase, yet to
    act, is also engaged with the brigand, which a recoil would set free."""
    if blocked:
        st = [fig("chef", 1, 5, 1.6, "centurion"), fig("prey", 2, 5, 0.6, "brigand", BRIGANDS)]
    else:
        st = [fig("chef", 1, 5, 11, "centurion"), fig("prey", 2, 5, 10, "brigand", BRIGANDS),
              fig("leg", 1, 6, 10.3)]
    st.append(fig("capt", 2, 21, 21, "capitaine", BRIGANDS))
    eng = Engine(RULESET, state(*st), Record("swidenth", 1, "test", 1), dice=ScriptedDice([11, 10, 10]))
    eng.step(Action("initiative"))
    eng.step(Action("activate", actor="chef", partners=() if blocked else ("leg",)))
    eng.step(Action("fight", actor="chef", targets=("prey",)))
    return eng


def stunned_in_melee(ours: bool) -> Engine:
    """Our legionary (troops phase: side 1 has no leader) stands engaged with a brigand;
    one of the two carries a stun token (-4 Combat): ours when ``ours``, else the
    brigand. The brigands' captain has had its phase."""
    leg, foe = fig("leg", 1, 10, 10), fig("foe", 2, 11, 10, "brigand", BRIGANDS)
    F.add_stun(leg if ours else foe, 1)
    eng = engine(leg, foe, fig("capt", 2, 21, 21, "capitaine", BRIGANDS))
    eng.step(Action("activate", actor="capt"))
    eng.step(Action("end"))
    return eng


def clan_charge() -> Engine:
    """A game's position (le gué, turn 2): the Hersir and two clan warriors in its bubble
    can all reach a brigand; more brigands stand 1.5 to 4 pas behind it (their phase is
    over: the Cutthroat's, which holds the initiative), so whoever engages it first stands
    where they can come at it next. No charge pays alone; the three together do."""
    clans = "clans_du_nord"
    figs = [fig("jarl", 1, 3, 4, "jarl", clans), fig("hersir", 1, 9.9, 6.0, "hersir", clans),
            fig("w1", 1, 10.3, 7.1, "guerrier", clans), fig("w2", 1, 12.1, 5.9, "guerrier", clans),
            fig("prey", 2, 10.9, 10.0, "brigand", BRIGANDS),
            fig("b1", 2, 10.3, 12.0, "brigand", BRIGANDS), fig("b2", 2, 11.2, 14.5, "brigand", BRIGANDS),
            fig("cutter", 2, 9.7, 13.3, "coupe_jarret", BRIGANDS),
            fig("capt", 2, 7.7, 15.8, "capitaine", BRIGANDS)]
    eng = Engine(RULESET, state(*figs), Record("swidenth", 1, "test", 1), dice=ScriptedDice([5]))
    eng.step(Action("initiative"))
    eng.step(Action("activate", actor="cutter", partners=("b1", "b2")))
    eng.step(Action("end"))
    return eng


def standoff(near: bool = False) -> Engine:
    """Turn 1, side 1 to open a leader phase: our Centurion, Optio and three legionaries
    stand 12 pas from the brigands (nobody can strike or shoot), whose captain and
    cutthroat have yet to open theirs. With ``near``, a lone brigand stands 4 pas in front
    of our line, within a charge."""
    figs = [fig("chef", 1, 10, 4, "centurion"), fig("optio", 1, 14, 4, "optio"),
            fig("l1", 1, 9, 5.5), fig("l2", 1, 12, 5.5), fig("l3", 1, 15, 5.5),
            fig("capt", 2, 10, 20, "capitaine", BRIGANDS), fig("cutter", 2, 14, 20, "coupe_jarret", BRIGANDS),
            fig("b1", 2, 9, 18.5, "brigand", BRIGANDS), fig("b2", 2, 12, 18.5, "brigand", BRIGANDS)]
    if near:
        figs.append(fig("lone", 2, 12, 10.5, "brigand", BRIGANDS))
    return engine(*figs)


CULT = "culte_de_l_ombre"


def priest_ahead() -> Engine:
    """Turn 1, side 1 to open a leader phase: our Centurion and two legionaries on the
    north edge; the cult's High priest (a Fire bolt at 12 pas) and a zealot stand 20 pas
    south, the priest yet to act. Walking toward them brings our Chef within the priest's
    move and bolt."""
    return engine(fig("chef", 1, 12, 2, "centurion"), fig("l1", 1, 10, 3), fig("l2", 1, 14, 3),
                  fig("priest", 2, 12, 22, "grand_pretre", CULT), fig("zealot", 2, 16, 22, "fidele", CULT))


def chef_in_front() -> Engine:
    """A game's opening (première partie, turn 1): our Centurion and two legionaries on
    the north edge; the cult 12 pas south, none of it yet to have acted: the Executioner
    and two zealots walk up this turn and charge next turn whoever stands in front."""
    figs = [fig("chef", 1, 4.2, 1, "centurion"), fig("l0", 1, 5.7, 1), fig("l1", 1, 7.2, 1),
            fig("priest", 2, 3.5, 13, "grand_pretre", CULT), fig("exe", 2, 5, 13, "bourreau", CULT),
            fig("z1", 2, 6.5, 13, "fidele", CULT), fig("z2", 2, 8, 13, "fidele", CULT)]
    return engine(*figs)


def last_turn(lead: bool, home: bool = True) -> Engine:
    """Turn 8 of 8 of a game on points (no ford), side 1's troops phase (the brigands'
    captain has had its phase): our lone legionary can charge a brigand 6 pas ahead, a
    second brigand stands where it would join the fight. Nobody is out (a draw so far);
    with ``lead``, a brigand is out already and three more stand far off. ``home``: the
    brigands stand in their deployment zone (they never came out); otherwise it lies at
    the far edge, 5 pas and more behind them."""
    figs = [fig("leg", 1, 10, 10), fig("b1", 2, 10, 16, "brigand", BRIGANDS),
            fig("b2", 2, 12.5, 17, "brigand", BRIGANDS), fig("capt", 2, 21, 21, "capitaine", BRIGANDS)]
    if lead:
        gone = fig("b3", 2, 1, 1, "brigand", BRIGANDS)
        gone.out = True
        figs += [gone, fig("b4", 2, 22, 22, "brigand", BRIGANDS), fig("b5", 2, 20, 22, "brigand", BRIGANDS),
                 fig("b6", 2, 22, 19, "brigand", BRIGANDS)]
    st = state(*figs, turn=8)
    st.extras["zones"] = {"1": [[0, 0, 24, 4]], "2": [[0, 14, 24, 10]] if home else [[0, 22, 24, 2]]}
    eng = Engine(RULESET, st, Record("swidenth", 1, "test", 1), dice=ScriptedDice([11]))
    eng.step(Action("initiative"))
    eng.step(Action("activate", actor="capt"))
    eng.step(Action("end"))
    return eng


def bolted_chef(aside: bool = False) -> Engine:
    """Turn 1 of a game against the cult, which holds the initiative: its High priest has
    had its phase (it did nothing); our Jarl (Défense 6, one Vitalité) is to open its phase
    alone. Next turn the priest moves 5 pas and bolts 12 (at 12, concentrated first): wherever
    the Jarl ends within 17 pas, the bolt comes whoever wins the initiative (a game of le gué
    where the Jarl walked up and was bolted out first). The priest stands 19 pas south of the
    Jarl; ``aside``: the nearest foe (a zealot, the goal) 16 pas east, the priest 18 pas
    south-east: the straight way ends within 17 pas of the priest, a way bending north
    does not."""
    clans = "clans_du_nord"
    if aside:
        figs = [fig("jarl", 1, 2, 6, "jarl", clans), fig("w1", 1, 1, 8, "guerrier", clans),
                fig("priest", 2, 10, 22, "grand_pretre", CULT), fig("zealot", 2, 18, 6, "fidele", CULT)]
    else:
        figs = [fig("jarl", 1, 12, 2, "jarl", clans), fig("w1", 1, 10, 3, "guerrier", clans),
                fig("w2", 1, 14, 3, "guerrier", clans),
                fig("priest", 2, 12, 22, "grand_pretre", CULT), fig("zealot", 2, 16, 22, "fidele", CULT)]
    eng = Engine(RULESET, state(*figs), Record("swidenth", 1, "test", 1), dice=ScriptedDice([5]))
    eng.step(Action("initiative"))
    eng.step(Action("activate", actor="priest", partners=()))
    eng.step(Action("end"))
    eng.step(Action("activate", actor="jarl", partners=()))
    return eng


def runner_ahead() -> Engine:
    """Première partie (16 x 14 pas, five turns, on points), turn 2, nobody out: the
    brigands never left their zone but one, which ran 1.8 pas out of it; every brigand
    has acted, as have our Jarl and a warrior. Our troops phase (three clan warriors, two
    hunters, one stunned) can reach the runner: the one charge this turn (a game of
    normal v random, seed 527, drawn 0-0 when the clans waited for turn 3). A hunter may
    shoot first: its dice are scripted (10s)."""
    clans = "clans_du_nord"
    acted = [fig("capt", 1, 3.5, 1.0, "capitaine", BRIGANDS), fig("cutter", 1, 5.0, 1.0, "coupe_jarret", BRIGANDS),
             fig("b1", 1, 6.5, 1.0, "brigand", BRIGANDS), fig("runner", 1, 11.01, 2.78, "brigand", BRIGANDS),
             fig("b3", 1, 9.5, 1.0, "brigand", BRIGANDS), fig("s1", 1, 11.0, 1.0, "frondeur", BRIGANDS),
             fig("s2", 1, 12.5, 1.0, "frondeur", BRIGANDS),
             fig("jarl", 2, 2.4, 12.4, "jarl", clans), fig("w1", 2, 3.59, 8.2, "guerrier", clans)]
    fresh = [fig("w2", 2, 6.5, 8.0, "guerrier", clans), fig("w3", 2, 8.6, 9.4, "guerrier", clans),
             fig("w4", 2, 9.5, 8.0, "guerrier", clans), fig("h1", 2, 11.0, 8.0, "chasseur", clans),
             fig("h2", 2, 12.5, 10.5, "chasseur", clans)]
    for f in acted:
        f.status["activated"] = 2
    F.add_stun(fresh[3], 2)
    st = world(acted + fresh, width=16 * PAS, height=14 * PAS)
    st.turn, st.max_turns = 2, 5
    st.extras["zones"] = {"1": [[0, 0, 16, 4]], "2": [[0, 10, 16, 4]]}
    eng = Engine(RULESET, st, Record("swidenth", 1, "test", 1), dice=ScriptedDice([11] + [10] * 40))
    eng.step(Action("initiative"))
    return eng
