"""A data file read again with the same bytes is not validated again, and what the cache
gives back is a copy: changing it changes nothing for the next reader; new bytes are read."""
from __future__ import annotations

from game.data import documents
from game.data.documents import load_document
from game.data.paths import scenario_path


def test_a_reread_file_is_a_copy_of_the_first_answer(monkeypatch):
    path = scenario_path("evenor", "extermination")
    first = load_document(path, expected_kind="scenario", expected_ruleset="evenor")
    calls = []
    real = documents._load
    monkeypatch.setattr(documents, "_load", lambda *a: calls.append(a) or real(*a))
    again = load_document(path, expected_kind="scenario", expected_ruleset="evenor")
    assert calls == [] and again.model == first.model and again.model is not first.model
    again.model.roles.clear()
    assert load_document(path, expected_kind="scenario", expected_ruleset="evenor").model == first.model


def test_changed_bytes_are_validated_again(tmp_path):
    import pytest

    from game.data import DataError

    src = scenario_path("evenor", "extermination").read_text(encoding="utf-8")
    path = tmp_path / "s.yaml"
    path.write_text(src, encoding="utf-8")
    load_document(path, expected_kind="scenario", expected_ruleset="evenor")
    path.write_text(src.replace("kind: scenario", "kind: scenari0"), encoding="utf-8")
    with pytest.raises(DataError):
        load_document(path, expected_kind="scenario", expected_ruleset="evenor")
