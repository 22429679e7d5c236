"""The command line contract: outputs, exit codes, one-line user errors. Every command
runs in a clean environment of its own (tests/hermetic.py): whatever display, drivers,
language or user folder the caller has, the answers are the same."""
import json

import pytest

from tests.hermetic import run_main


@pytest.fixture
def run(tmp_path):
    return lambda *args: run_main(*args, home=tmp_path / "home")


def test_no_arguments_prints_help_and_exits_0(run):
    out = run()
    assert out.returncode == 0 and "sim" in out.stdout


def test_no_arguments_prints_help_whatever_display_the_caller_has(run, monkeypatch, tmp_path):
    # the caller's own session: a dummy (or any) video driver, a display, a language, saved
    # settings; the command still finds no screen of its own and prints the commands
    home = tmp_path / "callers_home"
    home.mkdir()
    (home / "settings.json").write_text('{"lang": "en", "scale": 150}', encoding="utf-8")
    for name, value in {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "DISPLAY": ":99",
                        "LANG": "en_US.UTF-8", "LC_ALL": "en_US.UTF-8",
                        "ESCARMOUCHE_HOME": str(home)}.items():
        monkeypatch.setenv(name, value)
    out = run_main(home=tmp_path / "home", timeout=120)
    assert out.returncode == 0 and "sim" in out.stdout


def test_sim_json_has_the_documented_shape(run):
    out = run("sim", "--ruleset", "evenor", "--scenario", "all", "--p1", "random", "--p2",
              "random", "--games", "2", "--seed", "11", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert set(data) == {"ruleset", "scenario", "games", "wins", "draws", "score_p1",
                         "score_p1_ci95", "errors", "illegal_actions", "turns_mean", "decision_ms"}
    assert data["games"] == 2 and data["errors"] == 0 and data["illegal_actions"] == 0
    assert data["wins"]["p1"] + data["wins"]["p2"] + data["draws"] == 2
    assert data["decision_ms"] is None


def test_sim_log_narrates_in_french_and_english(run):
    fr = run("sim", "--ruleset", "evenor", "--scenario", "extermination", "--p1", "random",
             "--p2", "random", "--games", "1", "--seed", "3", "--log")
    assert fr.returncode == 0, fr.stderr
    assert "test d'initiative" in fr.stdout and "Tour 2" in fr.stdout
    en = run("sim", "--ruleset", "evenor", "--scenario", "extermination", "--p1", "random",
             "--p2", "random", "--games", "1", "--seed", "3", "--log", "--lang", "en")
    assert "initiative test" in en.stdout


@pytest.mark.parametrize("args, needle", [
    (("sim", "--ruleset", "nope", "--scenario", "x", "--p1", "random", "--p2", "random"),
     "unknown ruleset 'nope'"),
    (("sim", "--ruleset", "atlantide", "--scenario", "x", "--p1", "random", "--p2", "random"),
     "unknown ruleset 'atlantide' (known: bonus_malus, evenor, kharn_ages, mortebrume, swidenth)"),
    (("sim", "--ruleset", "evenor", "--scenario", "nope", "--p1", "random", "--p2", "random"),
     "unknown scenario 'nope'"),
    (("sim", "--ruleset", "evenor", "--scenario", "all", "--p1", "robot", "--p2", "random"),
     "unknown agent 'robot'"),
    (("sim", "--ruleset", "evenor"), "required"),
    (("bench", "nothing"), "invalid choice"),
    (("sim", "--ruleset", "evenor", "--scenario", "all", "--p1", "random", "--p2", "random",
      "--games", "0"), "--games: expected a whole number from 1 to 1000 (got '0')"),
])
def test_user_errors_are_one_line_and_exit_2(run, args, needle):
    out = run(*args)
    assert out.returncode == 2
    assert needle in out.stderr
    assert "Traceback" not in out.stderr and len(out.stderr.strip().splitlines()) == 1


def test_check_accepts_bundled_files_and_refuses_bad_ones(run, tmp_path):
    good = run("check", "scenarios/evenor/extermination.yaml", "scenarios/rosters/evenor/grecs.yaml",
               "game/rulesets/evenor/catalogue.yaml")
    assert good.returncode == 0, good.stderr
    bad = tmp_path / "bad.yaml"
    bad.write_text("kind: roster\nruleset: evenor\nid: x\nname: {fr: X, en: X}\nmembers: [leda, zeus]\n")
    out = run("check", str(bad))
    assert out.returncode == 2 and "zeus" in out.stderr and "Traceback" not in out.stderr


SIM = ("sim", "--ruleset", "evenor", "--scenario", "extermination", "--p1", "random", "--p2", "random")
SHOT = ("screenshot", "--ruleset", "evenor", "--scenario", "extermination")


@pytest.mark.parametrize("args, needle", [
    (SIM + ("--games", "1000000000000"), "--games: expected a whole number from 1 to 1000"),
    (SIM + ("--games", "1001"), "--games: expected a whole number from 1 to 1000"),
    (SIM + ("--games", "9" * 5000), "(5000 characters)"),
    (SIM + ("--games", "-3"), "--games: expected a whole number"),
    (SIM + ("--games", "2.5"), "--games: expected a whole number"),
    (SIM + ("--seed", "-5"), "--seed: expected a whole number from 0 to 4294967295"),
    (SIM + ("--seed", "4294967296"), "--seed: expected a whole number from 0 to 4294967295"),
    (SIM + ("--seed", "4294967295", "--games", "4"), "would go past 4294967295"),
    (SIM + ("--games", "1", "--log", "--json"), "--log and --json cannot be used together"),
    (SIM + ("--games", "2", "--log"), "--log narrates a single game"),
    (SIM + ("--lang", "de"), "invalid choice: 'de'"),
    (("sim", "--ruleset", "evenor", "--scenario", "all", "--p1", "neutral", "--p2", "random"),
     "--p1: unknown agent 'neutral'"),
    (("sim", "--ruleset", "evenor", "--scenario", "all", "--p1", "random", "--p2", "human"),
     "--p2: unknown agent 'human'"),
    (("play", "--ruleset", "evenor", "--scenario", "extermination", "--seed", "-1"), "--seed"),
    (("play", "--ruleset", "evenor", "--scenario", "all"), "unknown scenario 'all'"),
    (("play", "--ruleset", "nope", "--scenario", "x"), "unknown ruleset 'nope'"),
    (("play", "--ruleset", "evenor", "--scenario", "extermination", "--p2", "ai:expert"),
     "--p2: unknown agent 'ai:expert'"),
    (("play", "--ruleset", "evenor", "--scenario", "extermination", "--lang", "xx"), "invalid choice"),
    (SHOT + ("--out", "x.png", "--seed", "99999999999"), "--seed"),
    (SHOT + ("--out", "x.png", "--size", "10x10"), "--size must be between"),
    (SHOT + ("--out", "x.jpg"), "--out must name a .png file"),
    (("screenshot", "--ruleset", "evenor", "--scenario", "all", "--out", "x.png"), "unknown scenario 'all'"),
    (("replay", "missing.json", "--lang", "xx"), "invalid choice"),
    (("check",), "required"),
])
def test_bad_values_are_refused_before_any_work_in_one_line(run, args, needle, tmp_path):
    out = run(*args)
    assert out.returncode == 2, out.stderr
    assert needle in out.stderr, out.stderr
    assert "Traceback" not in out.stderr and len(out.stderr.strip().splitlines()) == 1
    assert out.stdout == ""                       # no game started, nothing narrated
    assert not (tmp_path / "x.png").exists()


def test_screenshot_out_naming_a_folder_is_refused(run, tmp_path):
    folder = tmp_path / "pictures.png"
    folder.mkdir()
    out = run(*SHOT, "--out", str(folder))
    assert out.returncode == 2 and "names a folder" in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1


def _played_save(tmp_path):
    from game.ai.agents import RandomAgent
    from game.core.engine import Engine
    from game.core.record import save_game

    eng = Engine.new("evenor", "extermination", 4)
    agents = {1: RandomAgent(1), 2: RandomAgent(2)}
    for _ in range(12):
        eng.step(agents[eng.decider()].choose(eng))
    path = tmp_path / "game.json"
    save_game(eng, path)
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("damage", ["huge seed", "deep", "cut", "path", "not a mapping", "digest"])
def test_replay_refuses_damaged_saves_in_one_line(run, tmp_path, damage):
    data = _played_save(tmp_path)
    text = json.dumps(data)
    if damage == "huge seed":
        text = text.replace('"seed": 4', '"seed": 1e400')
    elif damage == "deep":
        text = text.replace('"options": {', '"options": {"x": ' + "[" * 100000 + "]" * 100000 + ", ")
    elif damage == "cut":
        data["actions"] = data["actions"][:-2]
        text = json.dumps(data)
    elif damage == "path":
        data["actions"][3]["path"] = [[1.0]]
        text = json.dumps(data)
    elif damage == "not a mapping":
        data["actions"][3] = "move"
        text = json.dumps(data)
    else:
        data["digests"]["10"] = 10
        text = json.dumps(data)
    bad = tmp_path / "bad.json"
    bad.write_text(text, encoding="utf-8")
    out = run("replay", str(bad))
    assert out.returncode == 2, out.stderr
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and str(bad) in lines[0] and "Traceback" not in out.stderr, out.stderr


def test_the_window_bench_without_a_screen_says_so(run):
    out = run("bench", "window")
    assert out.returncode == 2, out.stderr
    assert "cannot open a window" in out.stderr and "Traceback" not in out.stderr
    assert out.stdout == ""
