"""Save format 3: who plays each seat and the metadata a list of saves shows. A save keeps
its players (a person, or the agent's level and personality) and reads them back; format 2
saves are migrated (no players recorded); damaged players or metadata are refused with one
line; a fuzzer aimed at these fields either loads the same game with valid players or
refuses it."""
from __future__ import annotations

import copy
import json
from datetime import datetime

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai.agents import accepted_specs
from game.core.errors import SaveError
from game.core.record import FORMAT_VERSION, Record, load_game, read_record, upgrade
from tests.core.test_save_robustness import JSON_VALUES, RULESETS, _doc, _refused, _write, played


def known(spec: str) -> bool:
    return spec == "human" or spec in accepted_specs()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_players_and_metadata_are_saved_and_read_back(tmp_path, ruleset):
    data = _doc(ruleset)
    assert data["format_version"] == FORMAT_VERSION == 3
    assert data["players"]["1"] == "human" and data["players"]["2"] == "ai:difficile:prudent"
    meta = data["meta"]
    assert meta["name"] == "Partie d'essai" and meta["turn"] >= 1 and meta["max_turns"] >= meta["turn"]
    assert datetime.fromisoformat(meta["saved"]).tzinfo is not None
    engine = load_game(_write(tmp_path, data), known_player=known)
    assert engine.record.players == {int(k): v for k, v in data["players"].items()}
    assert engine.record.meta == meta
    assert read_record(_write(tmp_path, data, "again.json")).players == engine.record.players


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_format_2_save_is_migrated_without_players(tmp_path, ruleset):
    v3 = _doc(ruleset)
    v2 = copy.deepcopy(v3)
    v2["format_version"] = 2
    del v2["players"], v2["meta"]
    up = upgrade(v2)
    assert up["format_version"] == 3 and up["players"] is None and v2["format_version"] == 2
    engine = load_game(_write(tmp_path, v2, "v2.json"), known_player=known)
    assert engine.state.digest() == played(ruleset)[1]
    assert engine.record.players is None and engine.record.meta == {}
    # format 2 never held players: such a field is not one of that format's
    v2["players"] = v3["players"]
    assert _refused(_write(tmp_path, v2, "v2_players.json"), "damaged save").code == "damaged"


DAMAGED_PLAYERS = {
    "players as a list": ["human", "ai"],
    "no seats": {},
    "a side as a word": {"one": "human", "2": "ai"},
    "a side zero": {"0": "human", "1": "human", "2": "ai"},
    "a spec with spaces": {"1": "human", "2": "ai normal"},
    "a spec in capitals": {"1": "human", "2": "AI:normal"},
    "a spec of four words": {"1": "human", "2": "ai:normal:prudent:x"},
    "a spec as a number": {"1": "human", "2": 5},
    "an unknown agent": {"1": "human", "2": "ai:expert"},
    "an unknown personality": {"1": "human", "2": "ai:normal:fou"},
    "a missing seat": {"1": "human"},
    "a side the game does not have": {"1": "human", "2": "ai", "7": "ai"},
}

DAMAGED_META = {
    "meta as a list": [1],
    "a date that is not one": {"saved": "yesterday"},
    "a turn as text": {"turn": "3"},
    "a turn out of range": {"turn": -1},
    "a name too long": {"name": "x" * 500},
    "an empty name": {"name": ""},
    "an unknown field": {"winner": 1},
}


@pytest.mark.parametrize("name", sorted(DAMAGED_PLAYERS))
def test_damaged_players_are_refused_in_one_line(tmp_path, name):
    data = _doc(RULESETS[0])
    data["players"] = DAMAGED_PLAYERS[name]
    path = _write(tmp_path, data)
    with pytest.raises(SaveError) as info:
        load_game(path, known_player=known)
    assert "\n" not in str(info.value) and str(info.value).startswith(str(path))
    assert info.value.code == "damaged" and "players" in info.value.params["field"]


@pytest.mark.parametrize("name", sorted(DAMAGED_META))
def test_damaged_metadata_is_refused_in_one_line(tmp_path, name):
    data = _doc(RULESETS[0])
    data["meta"] = DAMAGED_META[name]
    assert "meta" in _refused(_write(tmp_path, data)).params["field"]


def test_a_game_without_known_players_saves_none_and_the_record_round_trips():
    rec = Record.from_dict(_doc(RULESETS[0]))
    assert Record.from_dict(rec.to_dict()) == rec
    rec.players = None
    assert "players" not in rec.to_dict() and Record.from_dict(rec.to_dict()).players is None


# ------------------------------------------------------------------ fuzzing players and meta
AIMED = st.one_of(
    st.tuples(st.just("players"), st.sampled_from(["1", "2", "3", "x"]),
              st.sampled_from(["human", "random", "greedy", "ai", "ai:facile", "ai:normal:agressif",
                               "ai:difficile:prudent", "ai:", "ai:normal:", "neutral", "Human", ""])
              | JSON_VALUES),
    st.tuples(st.just("drop_player"), st.sampled_from(["1", "2"])),
    st.tuples(st.just("meta"), st.sampled_from(["name", "saved", "turn", "max_turns", "other"]),
              JSON_VALUES | st.sampled_from(["2026-11-24T01:02:03+00:00", "2026-13-40", "Revanche"])),
    st.tuples(st.just("whole"), st.sampled_from(["players", "meta"]), JSON_VALUES),
)


def _aim(doc: dict, ops) -> dict:
    for op in ops:
        if op[0] == "players" and isinstance(doc.get("players"), dict):
            doc["players"][op[1]] = op[2]
        elif op[0] == "drop_player" and isinstance(doc.get("players"), dict):
            doc["players"].pop(op[1], None)
        elif op[0] == "meta" and isinstance(doc.get("meta"), dict):
            doc["meta"][op[1]] = op[2]
        elif op[0] == "whole":
            doc[op[1]] = op[2]
    return doc


@pytest.mark.parametrize("ruleset", RULESETS)
@settings(max_examples=60, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(ops=st.lists(AIMED, min_size=1, max_size=3))
def test_fuzzed_players_and_metadata_load_valid_or_are_refused(tmp_path, ruleset, ops):
    path = tmp_path / "fuzz.json"
    path.write_text(json.dumps(_aim(_doc(ruleset), ops)), encoding="utf-8")
    try:
        engine = load_game(path, known_player=known)
    except SaveError as exc:
        assert "\n" not in str(exc) and str(exc).startswith(str(path))
        return
    assert engine.state.digest() == played(ruleset)[1], ops
    players = engine.record.players
    assert players is None or (set(players) == set(engine.state.seats())
                               and all(known(spec) for spec in players.values())), ops
    meta = engine.record.meta
    assert set(meta) <= {"name", "saved", "turn", "max_turns"}, ops
    assert all(isinstance(meta[k], int) and not isinstance(meta[k], bool)
               for k in ("turn", "max_turns") if k in meta), ops
