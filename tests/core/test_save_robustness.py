"""Damaged saves are refused with one line, never a traceback: absurd numbers, deep nesting,
wrong types anywhere, decisions cut off the end. A fuzzer mutates real saves of every
registered ruleset: a mutated save either loads as the same game or is refused cleanly."""
from __future__ import annotations

import copy
import json
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai.agents import RandomAgent
from game.core.engine import Engine
from game.core.errors import SaveError
from game.core.plugins import plugins
from game.core.record import Record, load_game, read_record, save_game
from game.core.ruleset import get_ruleset
from game.core.text import catalogue

RULESETS = sorted(plugins())


@cache
def played(ruleset: str, steps: int = 12) -> tuple[str, str]:
    """A short seeded game of the ruleset's first scenario: (save text, final digest)."""
    import tempfile
    from pathlib import Path

    eng = Engine.new(ruleset, get_ruleset(ruleset).scenarios()[0], 3)
    eng.record.players = {side: "human" if side == 1 else "ai:difficile:prudent"
                          for side in eng.state.seats()}
    agents = {side: RandomAgent(side) for side in eng.state.sides}
    for _ in range(steps):
        if eng.decider() is None:
            break
        eng.step(agents[eng.decider()].choose(eng))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "save.json"
        save_game(eng, path, name="Partie d'essai")
        return path.read_text(encoding="utf-8"), eng.state.digest()


def _doc(ruleset: str) -> dict:
    return json.loads(played(ruleset)[0])


def _refused(path, pattern: str | None = None) -> SaveError:
    with pytest.raises(SaveError, match=pattern) as info:
        load_game(path)
    message = str(info.value)
    assert "\n" not in message and message.startswith(str(path)), message
    return info.value


def _write(tmp_path, data, name="bad.json"):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


# ------------------------------------------------------------------ named damages
def _set(where, value):
    def change(d):
        *keys, last = where
        for k in keys:
            d = d[k]
        d[last] = value
    return change


DAMAGES = {
    "options not a mapping": _set(("options",), [1, 2]),
    "rosters of the wrong type": _set(("options", "rosters"), 5),
    "max turns as text": _set(("options", "max_turns"), "abc"),
    "an action that is a number": _set(("actions", 2), 5),
    "an action that is a list": _set(("actions", 0), ["activate"]),
    "a path point missing a coordinate": _set(("actions", 1, "path"), [[10.0, 20.0], [30.0]]),
    "a path point as text": _set(("actions", 1, "path"), ["10,20"]),
    "a coordinate far off any table": _set(("actions", 1, "path"), [[1e300, 0.0]]),
    "a digest that is a number": _set(("digests", "10"), 5),
    "a digest under a bad key": _set(("digests", "ten"), "0123456789abcdef"),
    "digests as a list": _set(("digests",), ["0123456789abcdef"]),
    "a seed as text": _set(("seed",), "3"),
    "a seed as true": _set(("seed",), True),
    "a ruleset as a number": _set(("ruleset",), 5),
    "a scenario as a list": _set(("scenario",), ["x"]),
    "a version as true": _set(("ruleset_version",), True),
    "an actor as a mapping": _set(("actions", 0, "actor"), {"a": 1}),
    "targets as a mapping": _set(("actions", 0, "targets"), {"a": 1}),
    "a value as a list": _set(("actions", 0, "value"), [1]),
    "values with text": _set(("actions", 0, "values"), ["x"]),
    "an unknown field": _set(("cheat",), 1),
    "an unknown action field": _set(("actions", 0, "teleport"), True),
    "a decision count as text": _set(("decisions",), "12"),
    "options nested 50 deep": _set(("options", "x"), json.loads("[" * 50 + "]" * 50)),
}

TEXT_DAMAGES = {
    "a seed of 1e400": lambda s: s.replace('"seed": 3', '"seed": 1e400'),
    "a seed of 5000 digits": lambda s: s.replace('"seed": 3', '"seed": ' + "9" * 5000),
    "a seed of 4000 digits": lambda s: s.replace('"seed": 3', '"seed": ' + "9" * 4000),
    "a seed of -1e400": lambda s: s.replace('"seed": 3', '"seed": -1e400'),
    "NaN": lambda s: s.replace('"seed": 3', '"seed": NaN'),
    "Infinity in options": lambda s: s.replace('"options": {', '"options": {"x": Infinity, '),
    "JSON nested 100000 deep": lambda s: s.replace('"options": {',
                                                  '"options": {"x": ' + "[" * 100000 + "]" * 100000 + ", "),
    "cut in half": lambda s: s[:len(s) // 2],
    "not UTF-8": lambda s: "\udcff",
    "empty": lambda s: "",
}


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("name", sorted(DAMAGES))
def test_damaged_fields_are_refused_with_one_line(tmp_path, ruleset, name):
    data = _doc(ruleset)
    DAMAGES[name](data)
    _refused(_write(tmp_path, data))


@pytest.mark.parametrize("name", sorted(TEXT_DAMAGES))
def test_absurd_numbers_deep_nesting_and_broken_text_are_refused(tmp_path, name):
    text = TEXT_DAMAGES[name](played(RULESETS[0])[0])
    path = tmp_path / "bad.json"
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    _refused(path)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_save_cut_short_is_refused_not_loaded_as_a_shorter_game(tmp_path, ruleset):
    data = _doc(ruleset)
    n = data["decisions"]
    assert str(n) in data["digests"]            # the save proves what its last decision led to
    cut = copy.deepcopy(data)
    del cut["actions"][-3:]                    # decisions removed, digests and count kept
    assert _refused(_write(tmp_path, cut), "altered save: it holds").code == "incomplete"
    cut["decisions"] = n - 3                   # the count mended too: the digests still tell
    _refused(_write(tmp_path, cut), "incomplete")
    cut["digests"] = {k: v for k, v in cut["digests"].items() if int(k) <= n - 3}
    _refused(_write(tmp_path, cut), "incomplete")   # no digest for its last decision


@pytest.mark.parametrize("ruleset", RULESETS)
def test_format_1_saves_still_load_and_their_cuts_are_seen_when_a_digest_remains(tmp_path, ruleset):
    data = _doc(ruleset)
    old = copy.deepcopy(data)
    old["format_version"] = 1
    del old["decisions"], old["players"], old["meta"]     # format 1 had none of them
    old["digests"] = {k: v for k, v in old["digests"].items() if int(k) % 10 == 0}
    assert load_game(_write(tmp_path, old, "old.json")).state.digest() == played(ruleset)[1]
    del old["actions"][-3:]                    # the digest of decision 10 now lies beyond them
    _refused(_write(tmp_path, old, "old_cut.json"), "incomplete")
    assert data["format_version"] == 3


def test_every_refusal_has_a_text_in_both_languages_and_names_the_file(tmp_path):
    from game.core.record import SAVE_REFUSALS, BadSave, refusal_text

    for lang in ("fr", "en"):
        for code in SAVE_REFUSALS:
            assert f"ui.save.{code}" in catalogue(lang), (lang, code)
    path = _write(tmp_path, {"format": "escarmouche-save", "format_version": 2, "seed": 1})
    exc = _refused(path, "damaged save")
    assert isinstance(exc, BadSave) and exc.code == "damaged"
    assert "bad.json" in refusal_text(exc, "fr") and "ruleset" in refusal_text(exc, "en")


def test_the_record_round_trips_in_memory_without_a_final_digest():
    rec = Record.from_dict(_doc(RULESETS[0]))
    del rec.digests[str(len(rec.actions))]     # a game in progress: no digest at its end yet
    assert Record.from_dict(rec.to_dict()) == rec


# ------------------------------------------------------------------------ fuzzing
def _places(node, here=()):
    """Every place of a JSON document (paths of keys and indices), the root excepted."""
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for k, v in items:
        yield here + (k,)
        yield from _places(v, here + (k,))


def _parent(doc, place):
    for k in place[:-1]:
        doc = doc[k]
    return doc


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=6)

MUTATIONS = st.one_of(
    st.tuples(st.just("drop_action"), st.integers(0, 100)),
    st.tuples(st.just("duplicate_action"), st.integers(0, 100)),
    st.tuples(st.just("swap_actions"), st.integers(0, 100), st.integers(0, 100)),
    st.tuples(st.just("replace"), st.integers(0, 10**6), JSON_VALUES),
    st.tuples(st.just("delete"), st.integers(0, 10**6)),
    st.tuples(st.just("nest"), st.integers(0, 10**6), st.integers(1, 40)),
    st.tuples(st.just("huge"), st.integers(0, 10**6), st.sampled_from(["1e400", "-1e999", "9" * 3000,
                                                                        "NaN", "Infinity", "1e308"])),
    st.tuples(st.just("truncate"), st.floats(0.0, 1.0)),
    st.tuples(st.just("tweak"), st.integers(0, 10**6), st.integers(-3, 3)),
    st.tuples(st.just("recount")),
)


def _mutate(doc: dict, ops) -> str:
    huge = []
    for op in ops:
        places = list(_places(doc))
        kind = op[0]
        acts = doc.get("actions") if isinstance(doc.get("actions"), list) else None
        if kind in ("drop_action", "duplicate_action", "swap_actions") and acts:
            i = op[1] % len(acts)
            if kind == "drop_action":
                del acts[i]
            elif kind == "duplicate_action":
                acts.insert(i, copy.deepcopy(acts[i]))
            else:
                j = op[2] % len(acts)
                acts[i], acts[j] = acts[j], acts[i]
        elif kind == "recount" and acts is not None:   # a sneakier cut: count and digests mended
            doc["decisions"] = len(acts)
            if isinstance(doc.get("digests"), dict):
                doc["digests"] = {k: v for k, v in doc["digests"].items()
                                  if not k.isdigit() or int(k) <= len(acts)}
        elif kind == "tweak" and places:                # a plausible value: a number moved a little
            place = places[op[1] % len(places)]
            parent, key = _parent(doc, place), place[-1]
            value = parent[key]
            if type(value) in (int, float):
                parent[key] = value + op[2]
            elif isinstance(value, str) and op[2]:
                parent[key] = value[:-1] if op[2] < 0 else value + "x"
        elif kind in ("replace", "delete", "nest", "huge") and places:
            place = places[op[1] % len(places)]
            parent, key = _parent(doc, place), place[-1]
            if kind == "replace":
                parent[key] = op[2]
            elif kind == "delete":
                del parent[key]
            elif kind == "nest":
                for _ in range(op[2]):
                    parent[key] = [parent[key]]
            else:
                parent[key] = f"@@HUGE{len(huge)}@@"
                huge.append(op[2])
    text = json.dumps(doc)
    for k, number in enumerate(huge):
        text = text.replace(f'"@@HUGE{k}@@"', number)
    for op in ops:
        if op[0] == "truncate":
            text = text[:int(len(text) * op[1])]
    return text


@pytest.mark.parametrize("ruleset", RULESETS)
@settings(max_examples=60, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(ops=st.lists(MUTATIONS, min_size=1, max_size=3))
def test_fuzzed_saves_load_as_the_same_game_or_are_refused_in_one_line(tmp_path, ruleset, ops):
    from game.ai.agents import accepted_specs

    path = tmp_path / "fuzz.json"
    path.write_text(_mutate(_doc(ruleset), ops), encoding="utf-8")
    try:
        engine = load_game(path, known_player=lambda s: s == "human" or s in accepted_specs())
    except SaveError as exc:
        assert "\n" not in str(exc) and str(exc).startswith(str(path))
        return
    assert engine.state.digest() == played(ruleset)[1], ops     # loaded: the same game
    players = engine.record.players                             # and players it can seat
    assert players is None or set(players) == set(engine.state.seats()), ops


def test_read_record_refuses_what_load_game_refuses_before_replaying(tmp_path):
    data = _doc(RULESETS[0])
    data["actions"][0] = 7
    with pytest.raises(SaveError, match=r"actions\[0\]"):
        read_record(_write(tmp_path, data))
