"""The cast templates: one per known spell, each offering only the figures that spell can
take (foes for the hostile ones, friends for Soins), those out of range or sight greyed with
the reason; the AI reads every template."""
from __future__ import annotations

from game.core.actions import Action
from game.rulesets.swidenth import actions as A
from tests.rulesets.swidenth.sandbox import fig, sandbox


def _casting():
    eng = sandbox([fig("p", 1, 10, 6, "grand_pretre", warband="culte_de_l_ombre"),
                   fig("ami", 1, 10, 7, "fidele", warband="culte_de_l_ombre"),
                   fig("b", 2, 10, 14, "brigand"), fig("loin", 2, 10, 23, "brigand")])
    for a in (Action("activate", "p"), Action(A.CONCENTRATE, "p")):
        assert eng.check(a) is None
        eng.step(a)
    return eng, {c.values[0]: c for c in eng.legal_actions() if c.kind == A.CAST}


def test_one_template_per_spell_offering_only_what_it_can_take():
    _, casts = _casting()
    assert set(casts) == {"trait_de_feu", "emprise", "effroi", "soins"}
    for sid in ("trait_de_feu", "emprise", "effroi"):
        assert set(casts[sid].targets) == {"b", "loin"}
    assert set(casts["soins"].targets) == {"p", "ami"}


def test_out_of_range_foes_are_greyed_with_the_reason():
    _, casts = _casting()
    # Emprise reaches 8 pas: the brigand 17 pas away is refused, the one at 8 is not
    assert casts["emprise"].refused["loin"].code == "refused.sw.spell.out_of_range"
    assert casts["emprise"].offered == ("b",)


def test_a_friend_is_never_a_fire_bolt_target():
    eng, _ = _casting()
    why = eng.check(Action(A.CAST, "p", targets=("ami",), value="trait_de_feu"))
    assert why is not None


def test_the_ai_weighs_every_spell():
    from game.ai.agents import make_agent

    eng, _ = _casting()
    agent = make_agent("ai:difficile", 3)
    action = agent.choose(eng.view_for(1))
    assert eng.check(action) is None
    assert action.kind == A.CAST and action.target == "b"
