"""A foe in contact meets our friends engaged with it alone (``pin_friends``): our
Centurion joining a legionary already engaged with a brigand is outnumbering it there, so
the brigand's blow at it is weaker and its risk back higher. World.exposure once fought that
blow as if our Centurion stood alone (no outnumbering on our side), and a Chef planned to
join a group charge found its charge worth less once the first friend had engaged (round
22: a Centurion left its legionary alone against the Brigand captain, 4501 game 30)."""
from __future__ import annotations

from game.ai.profiles import load_profile
from game.ai.swidenth.options import Builder
from game.ai.swidenth.world import World
from game.core.actions import Action
from tests.ai.swidenth.positions import BRIGANDS, engine
from tests.rulesets.swidenth.helpers import fig


def _charge(friend: bool, **knobs) -> tuple[float, float]:
    """Our Centurion's charge on the brigand in front (with ``friend``, a legionary engaged
    with it already): the exposure where it ends and the charge's net."""
    figs = [fig("chef", 1, 4, 10, "centurion"), fig("front", 2, 8.5, 10, "brigand", BRIGANDS),
            fig("b1", 2, 12.5, 7.5, "brigand", BRIGANDS), fig("b2", 2, 12.5, 12.5, "brigand", BRIGANDS),
            fig("capt", 2, 21, 21, "capitaine", BRIGANDS)]
    if friend:
        figs.append(fig("leg", 1, 9.7, 10))
    eng = engine(*figs)
    eng.step(Action("activate", actor="chef", partners=()))
    st = eng.state
    prof = dict(load_profile("swidenth", "normal"), **knobs)
    w = World(st, eng.ruleset.table_for(st), 1, prof)
    b = Builder(w, eng, prof)
    chef, front = st.figures["chef"], st.figures["front"]
    if friend:
        assert [e.id for e in w.engaged(st.figures["leg"])] == ["front"]
    path, end = b.charge_spots(chef, front, w.mouv(chef))[0]
    n = w.outnumbering(front, {"chef"}, chef)
    gain, loss, o = w.fight(chef, front, n_att=n, n_dfn=0, charged=True)
    return w.exposure(chef, end, front), b.net(gain, loss, o.dfn.out, chef, end, front)


def test_joining_a_friend_engaged_is_less_exposed():
    (exp_on, net_on), (exp_off, net_off) = _charge(True, pin_friends=True), _charge(True, pin_friends=False)
    assert exp_on < exp_off
    assert net_on > net_off


def test_control_alone_the_knob_changes_nothing():
    assert _charge(False, pin_friends=True) == _charge(False, pin_friends=False)
