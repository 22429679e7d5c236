import json
import subprocess
import sys

import pytest

from game.ai.agents import RandomAgent
from game.core.actions import Action
from game.core.engine import Engine
from game.core.errors import IllegalAction, SaveError
from game.core.record import load_game, read_record, save_game
from game.core.state import GameState


def _played(seed=2, steps=40):
    eng = Engine.new("evenor", "extermination", seed)
    agents = {1: RandomAgent(1), 2: RandomAgent(2)}
    for _ in range(steps):
        if eng.decider() is None:
            break
        eng.step(agents[eng.decider()].choose(eng))
    return eng


def test_state_round_trips_and_digest_tracks_changes():
    eng = _played()
    st = eng.state
    again = GameState.from_dict(json.loads(json.dumps(st.to_dict())))
    assert again.digest() == st.digest()
    c = st.clone()
    assert c.digest() == st.digest()
    next(iter(c.figures.values())).x += 1.0
    assert c.digest() != st.digest()


def test_illegal_action_is_refused_with_a_reason():
    eng = Engine.new("evenor", "extermination", 1)
    side = eng.decider()
    enemy = next(f for f in eng.state.figures.values() if f.side != side)
    with pytest.raises(IllegalAction) as info:
        eng.step(Action(kind="activate", actor=enemy.id, value=0))
    assert info.value.refusal.code.startswith("refused.")


def test_undo_until_dice_are_rolled():
    eng = Engine.new("evenor", "extermination", 4)
    side = eng.decider()
    fig = next(f for f in eng.state.figures_of(side))
    before = eng.state.digest()
    eng.step(Action(kind="activate", actor=fig.id, value=0))  # static only: no dice
    assert eng.can_undo()
    assert eng.undo()
    assert eng.state.digest() == before and not eng.record.actions
    eng.step(Action(kind="activate", actor=fig.id, value=1))  # an initiative roll
    assert not eng.can_undo() and not eng.undo()


def test_save_and_load_replays_to_the_same_state(tmp_path):
    eng = _played(steps=60)
    path = tmp_path / "game.json"
    save_game(eng, path)
    loaded = load_game(path)
    assert loaded.state.digest() == eng.state.digest()
    save_game(eng, path)
    assert (tmp_path / "game.json.bak").exists()
    assert not [p for p in tmp_path.iterdir() if p.suffix == ".tmp"]


def test_corrupted_and_foreign_saves_are_refused(tmp_path):
    eng = _played(steps=30)
    path = tmp_path / "game.json"
    save_game(eng, path)
    data = json.loads(path.read_text())
    # a tampered digest
    data["digests"]["10"] = "0" * 16
    bad = tmp_path / "tampered.json"
    bad.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="drifted|not legal"):
        load_game(bad)
    # a foreign JSON file, a binary file, a missing file, another version
    (tmp_path / "foreign.json").write_text('{"hello": 1}')
    (tmp_path / "bin.json").write_bytes(b"\x00\xff\x10garbage")
    data2 = json.loads(path.read_text())
    data2["ruleset_version"] = 99
    (tmp_path / "version.json").write_text(json.dumps(data2))
    for name, pattern in [("foreign.json", "not an Escarmouche save"),
                          ("bin.json", "not an Escarmouche save"),
                          ("missing.json", "cannot read"),
                          ("version.json", "version 99")]:
        with pytest.raises(SaveError, match=pattern):
            load_game(tmp_path / name)


def test_a_save_with_an_illegal_decision_is_refused(tmp_path):
    eng = _played(steps=10)
    path = tmp_path / "g.json"
    save_game(eng, path)
    data = json.loads(path.read_text())
    data["actions"][0] = {"kind": "fight", "actor": "nobody"}
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="decision 1 is not legal"):
        load_game(path)
    assert read_record(path).actions[0].kind == "fight"
    data["actions"].insert(0, {"kind": "fight", "actor": "nobody"})   # one more than written
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="altered save: it holds 11 decisions"):
        load_game(path)


def test_pure_layers_never_import_pygame_or_pymunk():
    code = ("import sys, game.core.engine, game.geometry.table, game.data, game.ai.agents, "
            "game.rulesets.evenor, game.sim, game.cli; "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('pygame', 'pymunk', 'pygame_gui')]; "
            "print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
