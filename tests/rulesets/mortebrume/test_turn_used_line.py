"""The log line of a fighter whose turn is used up without an activation (a riposte, its
shield, a failed dodge) says so in plain words, and says nothing of a fighter already out
of combat."""
from __future__ import annotations

from game.core.events import StatusChanged
from game.core.text import t
from game.rulesets.mortebrume.narration import _name, describe

from .sandbox import fig, sandbox


def test_the_turn_used_line_names_standing_fighters_only():
    eng = sandbox([fig(1, "meleien_chevalier", 30, 30, 0.0, name="A"),
                   fig(2, "thanigiste_recrue", 45, 30, 180.0, name="D")], dice=())
    st = eng.state
    event = StatusChanged(figure="D", status="activated", value=True)
    for lang in ("fr", "en"):
        line = describe(event, st, lang)
        assert line == t("mb.log.status.activated", lang, who=_name(st, "D", lang))
        assert "activ" not in line                # not mistaken for an activation
    st.figures["D"].out = True
    assert describe(event, st, "fr") == ""
