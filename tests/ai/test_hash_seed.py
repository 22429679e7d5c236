"""The AI decides the same whatever Python's hash seed: a choice between equals never follows
the order of a set of strings (which changes from one run of Python to the next), so a seeded
``sim`` and a game against the AI play the same on every run."""
from __future__ import annotations

import subprocess
import sys

from tests.hermetic import ROOT, clean_env

BUILDS = """
from itertools import combinations_with_replacement
from game.ai.kharn_ages import threat
from game.rulesets.kharn_ages.cards import fighter
from game.rulesets.kharn_ages.fighter import CHARS
from tests.rulesets.kharn_ages.flow_helpers import figure, game
st = game(figure("me", 1, 7, 1, chars={c: 4 for c in CHARS}, pa=4, cost=50),
          figure("you", 2, 7, 3, chars={c: 4 for c in CHARS}, pa=4, cost=50), first=1, turns=6)
f = fighter(st, st.figures["me"])
print([str(threat.best_build(f, chars)) for n in (1, 2, 3)
       for chars in combinations_with_replacement(CHARS, n)])
"""

GAMES = """
import hashlib, json
from game.ai.agents import settle
from game.cli import _scenarios
from game.core.engine import Engine
from game.sim import neutral_agents, seat_agents
for rs in ("evenor", "mortebrume", "swidenth", "bonus_malus", "kharn_ages"):
    scenario = _scenarios(rs, "all")[0]
    eng = Engine.new(rs, scenario, 7)
    seats, _ = seat_agents(eng.state.seats(), ("ai:difficile", "ai:normal"), 7, False)
    agents = {**seats, **neutral_agents(eng.state, 7)}
    for _ in range(STEPS):
        side = eng.decider()
        if side is None:
            break
        view = eng.view_for(side)
        eng.step(settle(eng, view, agents[side], agents[side].choose(view)).action)
    acts = json.dumps([a.to_dict() for a in eng.record.actions], sort_keys=True)
    print(rs, len(eng.record.actions), hashlib.sha1(acts.encode()).hexdigest())
"""


def _outputs(code: str, seeds: tuple[int, ...], tmp_path) -> list[str]:
    procs = []
    for s in seeds:
        env = dict(clean_env(tmp_path), PYTHONHASHSEED=str(s), PYTHONPATH=str(ROOT))
        procs.append(subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, env=env, text=True,
                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE))
    outs = []
    for p in procs:
        out, err = p.communicate(timeout=300)
        assert p.returncode == 0, err
        outs.append(out)
    return outs


def test_kharn_ages_builds_between_equal_characteristics_do_not_follow_the_hash_seed(tmp_path):
    outs = _outputs(BUILDS, tuple(range(6)), tmp_path)
    assert outs[0].startswith("[") and len(set(outs)) == 1, outs


def test_every_ruleset_plays_the_same_decisions_whatever_the_hash_seed(tmp_path):
    outs = _outputs(GAMES.replace("STEPS", "12"), (0, 1), tmp_path)
    assert len(outs[0].splitlines()) == 5 and outs[0] == outs[1], outs
