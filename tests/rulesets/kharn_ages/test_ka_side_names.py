"""A side is called by the band it plays: the scenario's name with its own band, the
chosen band's faction otherwise (the log's "Tour 2 : Fangs commence" named the scenario's
Khârns for a Fangs' pack sent to their place)."""
from __future__ import annotations

from game.core.engine import Engine


def _labels(options=None) -> dict[int, dict[str, str]]:
    st = Engine.new("kharn_ages", "premiere_partie", 1, options or {}).state
    return {s: st.sides[s].extras["label"] for s in (1, 2)}


def test_the_scenarios_own_bands_keep_its_names():
    assert _labels() == {1: {"fr": "Khârns", "en": "Kharns"}, 2: {"fr": "Fangs", "en": "Fangs"}}


def test_chosen_bands_are_named_by_their_faction():
    labels = _labels({"rosters": ["meute_fang", "kherops_400"]})
    assert labels[1]["fr"] == "Fangs" and labels[2]["fr"] == "Khérops"
    st = Engine.new("kharn_ages", "premiere_partie", 1, {"rosters": ["guilde_noire_400", "kharn_400"]}).state
    assert st.sides[1].name == "Guilde Noire" and st.sides[2].extras["label"]["en"] == "Kharns"
