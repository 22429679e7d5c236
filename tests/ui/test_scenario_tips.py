"""Every scenario of every ruleset has a tip of its own in both languages: a scenario id
several rulesets use (their guided games' ``premiere_partie``) is told apart by ruleset."""
from __future__ import annotations


def test_every_scenario_has_its_own_tip():
    from game.core import plugins
    from game.ui.scenes.new_game import scenario_tip

    for lang in ("fr", "en"):
        tips = {}
        for rid, decl in plugins.plugins().items():
            for sid in decl.load("rules").scenarios():
                tip = scenario_tip(rid, sid, lang)
                assert not tip.startswith("ui.scenario."), (rid, sid, lang)
                tips[(rid, sid)] = tip
        guided = [tip for (rid, sid), tip in tips.items() if sid == "premiere_partie"]
        assert len(guided) >= 4 and len(set(guided)) == len(guided), guided
