"""The turn as actions through the real engine (the ruleset is not registered yet): the
initiative, a leader phase with the friends of its bubble, preparation then deed, a charge
and the winner's recoil decision, the next side's phase; and seeded random playouts of both
scenarios to the end."""
from __future__ import annotations

import itertools
import re

import pytest

from game.ai.agents import RandomAgent
from game.core.actions import Action
from game.core.dice import ScriptedDice, pcg_seed
from game.core.engine import Engine
from game.core.errors import IllegalAction
from game.core.record import Record
from game.rulesets.swidenth import figures as F
from game.rulesets.swidenth.ruleset import RULESET

from .helpers import PAS, fig, state


def engine(st, *faces):
    return Engine(RULESET, st, Record("swidenth", 1, "test", 1), dice=ScriptedDice(list(faces)))


def kinds(eng, actor=None):
    return sorted({c.kind for c in eng.legal_actions() if actor is None or c.actor == actor})


def test_a_leader_phase_with_a_charge_and_a_recoil_decision():
    chef = fig("chef", 1, 5, 5, "centurion")
    leg = fig("leg", 1, 6.5, 6.5, "legionnaire")                 # within the Chef's 3 pas
    far = fig("far", 1, 20, 2, "legionnaire")                    # outside
    brig = fig("brig", 2, 10, 5, "brigand", "brigands_des_marches")
    capt = fig("capt", 2, 20, 20, "capitaine", "brigands_des_marches")
    st = state(chef, leg, far, brig, capt)
    eng = engine(st, 11, 10, 10)
    assert kinds(eng) == ["initiative"]
    eng.step(Action("initiative"))                               # 11: side 1 first
    assert eng.decider() == 1
    [act] = eng.legal_actions()
    assert (act.kind, act.actor, act.partners) == ("activate", "chef", ("leg",))
    eng.step(Action("activate", actor="chef", partners=("leg",)))
    assert kinds(eng, "chef") == ["concentrate", "move", "nothing", "skip"]
    assert "far" not in {c.actor for c in eng.legal_actions()}
    with pytest.raises(IllegalAction):
        eng.step(Action("move", actor="chef", path=((15 * PAS, 5 * PAS),)))   # beyond 5 pas
    eng.step(Action("move", actor="chef", path=((9 * PAS, 5 * PAS),)))
    assert chef.x == pytest.approx(8.5 * PAS)                    # stopped on engaging
    assert kinds(eng, "chef") == ["fight", "skip"]               # no run once engaged
    eng.step(Action("fight", actor="chef", targets=("brig",)))   # 10 + 2 v 10 + 1: 1 + 2 + charge 2
    assert eng.decider() == 1 and kinds(eng) == ["push"]
    eng.step(Action("push", actor="chef", value="recoil"))
    assert brig.x == pytest.approx(11 * PAS) and F.stun_tokens(brig) == 0
    eng.step(Action("skip", actor="leg"))
    assert st.activation is None and eng.decider() == 2          # the brigands' leader phase
    assert [c.actor for c in eng.legal_actions()] == ["capt"]


def test_a_blocked_recoil_stuns_and_staying_keeps_the_pin():
    chef = fig("chef", 1, 5, 5, "centurion")
    brig = fig("brig", 2, 6, 5, "brigand", "brigands_des_marches")
    st = state(chef, brig, fig("capt", 2, 20, 20, "capitaine", "brigands_des_marches"))
    eng = engine(st, 11, 10, 10)
    eng.step(Action("initiative"))
    eng.step(Action("activate", actor="chef"))
    eng.step(Action("fight", actor="chef", targets=("brig",)))   # 1 + 2 = 3: recoil option
    eng.step(Action("push", actor="chef", value="stay"))
    assert brig.x == pytest.approx(6 * PAS) and F.stun_tokens(brig) == 0
    assert st.activation is None                                  # the only member is done


def test_troops_phases_follow_and_the_turn_ends():
    chef1 = fig("c1", 1, 5, 5, "centurion")
    chef2 = fig("c2", 2, 20, 20, "capitaine", "brigands_des_marches")
    t1, t2 = fig("t1", 1, 12, 2, "legionnaire"), fig("t2", 2, 12, 22, "brigand", "brigands_des_marches")
    st = state(chef1, chef2, t1, t2)
    eng = engine(st, 3, 15)
    eng.step(Action("initiative"))                               # 3: side 2 first
    eng.step(Action("activate", actor="c2"))
    eng.step(Action("end"))
    eng.step(Action("activate", actor="c1"))
    eng.step(Action("end"))
    assert st.activation["kind"] == "troops" and st.activation["side"] == 2
    assert list(st.activation["members"]) == ["t2"]
    eng.step(Action("end"))
    assert st.activation["side"] == 1
    eng.step(Action("end"))
    assert st.turn == 2 and kinds(eng) == ["initiative"]
    eng.step(Action("initiative"))
    assert eng.decider() == 1


@pytest.mark.parametrize("scenario,seed", list(itertools.product(["escarmouche", "le_gue"], [1, 2])))
def test_random_playouts_end_cleanly(scenario, seed):
    st = RULESET.setup(scenario, seed, {})
    st.rng = pcg_seed(seed, stream=7)
    eng = Engine(RULESET, st, Record("swidenth", 1, scenario, seed))
    agents = {s: RandomAgent(seed * 7 + s) for s in st.side_ids()}
    steps = 0
    while eng.state.outcome is None:
        side = eng.decider()
        assert side in (1, 2) and eng.legal_actions()
        eng.step(agents[side].choose(eng))
        steps += 1
        assert steps < 3000 and eng.state.turn <= eng.state.max_turns
        live = [f for f in eng.state.figures.values() if not f.out]
        for a, b in itertools.combinations(live, 2):
            assert (a.x - b.x) ** 2 + (a.y - b.y) ** 2 >= (a.radius + b.radius - 0.05) ** 2
        assert all(0 <= f.vitality <= f.max_vitality for f in eng.state.figures.values())
    assert eng.state.outcome.reason in ("points", "ford", "rout")


RAW_KEY = re.compile(r"\b[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*")


@pytest.mark.parametrize("seed", [3, 4])
def test_every_event_is_narrated_in_both_languages(seed):
    st = RULESET.setup("escarmouche", seed, {"warbands": ("clans_du_nord", "culte_de_l_ombre")})
    st.rng = pcg_seed(seed, stream=7)
    eng = Engine(RULESET, st, Record("swidenth", 1, "escarmouche", seed))
    agents = {s: RandomAgent(seed * 11 + s) for s in st.side_ids()}
    kinds_seen = set()
    while eng.state.outcome is None:
        for event in eng.step(agents[eng.decider()].choose(eng)):
            kinds_seen.add(event.kind)
            for lang in ("fr", "en"):
                text = RULESET.describe(event, eng.state, lang)
                assert text and "{" not in text and not RAW_KEY.search(text), (lang, event, text)
    assert {"dice", "turn", "activated", "moved"} <= kinds_seen


def test_a_fight_is_told_with_both_dice_the_gap_and_the_band():
    chef = fig("chef", 1, 5, 5, "centurion")
    brig = fig("brig", 2, 6, 5, "brigand", "brigands_des_marches")
    st = state(chef, brig, fig("capt", 2, 20, 20, "capitaine", "brigands_des_marches"))
    eng = engine(st, 11, 16, 5)
    eng.step(Action("initiative"))
    eng.step(Action("activate", actor="chef"))
    events = eng.step(Action("fight", actor="chef", targets=("brig",)))
    told = [RULESET.describe(e, st, "fr") for e in events]
    nb = "\u00a0"                                          # French no-break space before ":"
    assert f"Centurion{nb}: D20 = 16 (Combat +2), total 18 contre Brigand." in told
    assert f"Brigand{nb}: D20 = 5 (armes +1), total 6 contre Centurion." in told
    assert f"Centurion l'emporte sur Brigand de 12{nb}: 14 de dégâts, blessé." in told
    assert "Brigand est hors de combat." in told
    told_en = [RULESET.describe(e, st, "en") for e in events]
    assert "Centurion beats Brigand by 12: 14 damage, wounded." in told_en
