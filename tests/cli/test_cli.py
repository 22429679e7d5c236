"""The command line contract: outputs, exit codes, one-line user errors."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(*args):
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=240)


def test_no_arguments_prints_help_and_exits_0():
    out = run()
    assert out.returncode == 0 and "sim" in out.stdout


def test_sim_json_has_the_documented_shape():
    out = run("sim", "--ruleset", "evenor", "--scenario", "all", "--p1", "random", "--p2",
              "random", "--games", "4", "--seed", "11", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert set(data) == {"ruleset", "scenario", "games", "wins", "draws", "score_p1",
                         "score_p1_ci95", "errors", "illegal_actions", "turns_mean", "decision_ms"}
    assert data["games"] == 4 and data["errors"] == 0 and data["illegal_actions"] == 0
    assert data["wins"]["p1"] + data["wins"]["p2"] + data["draws"] == 4
    assert data["decision_ms"] is None


def test_sim_log_narrates_in_french_and_english():
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
    (("sim", "--ruleset", "swidenth", "--scenario", "x", "--p1", "random", "--p2", "random"),
     "unknown ruleset 'swidenth' (known: evenor, mortebrume)"),
    (("sim", "--ruleset", "evenor", "--scenario", "nope", "--p1", "random", "--p2", "random"),
     "unknown scenario 'nope'"),
    (("sim", "--ruleset", "evenor", "--scenario", "all", "--p1", "robot", "--p2", "random"),
     "unknown agent 'robot'"),
    (("sim", "--ruleset", "evenor"), "required"),
    (("bench", "nothing"), "invalid choice"),
])
def test_user_errors_are_one_line_and_exit_2(args, needle):
    out = run(*args)
    assert out.returncode == 2
    assert needle in out.stderr
    assert "Traceback" not in out.stderr and len(out.stderr.strip().splitlines()) == 1


def test_check_accepts_bundled_files_and_refuses_bad_ones(tmp_path):
    good = run("check", "scenarios/evenor/extermination.yaml", "scenarios/rosters/evenor/grecs.yaml",
               "game/rulesets/evenor/catalogue.yaml")
    assert good.returncode == 0, good.stderr
    bad = tmp_path / "bad.yaml"
    bad.write_text("kind: roster\nruleset: evenor\nid: x\nname: {fr: X, en: X}\nmembers: [leda, zeus]\n")
    out = run("check", str(bad))
    assert out.returncode == 2 and "zeus" in out.stderr and "Traceback" not in out.stderr
