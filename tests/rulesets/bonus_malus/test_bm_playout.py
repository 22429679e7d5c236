"""Whole games of the canyon scenario (accrochage: two teams and a neutral pack) through
the engine, three sides (two random players and the neutral group's scripted agent), in both activation systems: no
exception, every action an agent chose from its side's view is accepted, a side is offered actions
for its own figures only and starts its own activations (each figure once a turn), the
game ends within its turns, the neutral side never wins, figures never overlap; and every
event is told in both languages. (Replays are checked by the contract, test_bm_contract.)"""
from __future__ import annotations

import itertools
import re

import pytest

from game.ai.agents import RandomAgent, neutral_agents
from game.ai.neutral import NeutralAgent
from game.core.dice import pcg_seed
from game.core.engine import Engine
from game.core.record import Record
from game.rulesets.bonus_malus.ruleset import RULESET

RAW_KEY = re.compile(r"\b[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*")


def new_game(seed: int, mode: str, turns: int = 4):
    """The canyon scenario cut to ``turns`` turns (enough to meet, fight and flee), a
    smugglers' crew against the psionic circle."""
    options = {"activation": mode, "max_turns": turns,
               "rosters": {"1": "equipage_contrebandiers", "2": "cercle_psionique"}}
    st = RULESET.setup("accrochage", seed, options)
    st.rng = pcg_seed(seed, stream=7)
    eng = Engine(RULESET, st, Record("bonus_malus", 1, "accrochage", seed, options=options))
    agents = {s: RandomAgent(seed * 7 + s) for s in st.seats()}
    agents.update(neutral_agents(st, seed))
    return eng, agents


@pytest.mark.parametrize("seed,mode", [(1, "alternate"), (2, "classic")])
def test_seeded_games_of_three_sides_end_cleanly(seed, mode):
    eng, agents = new_game(seed, mode)
    st = eng.state
    assert st.side_ids() == [1, 2, 3] and st.seats() == [1, 2] and isinstance(agents[3], NeutralAgent)
    steps, deciders, activated = 0, set(), set()
    while st.outcome is None:
        side = eng.decider()
        deciders.add(side)
        for c in eng.legal_actions():                  # a side only ever acts for itself
            assert c.actor is None or st.figures[c.actor].side == side, (side, c)
        action = agents[side].choose(eng.view_for(side))
        assert eng.check(action) is None, action
        for e in eng.step(action):
            if e.kind == "turn":
                activated.clear()
            if e.kind == "activated":                  # started by its own side, once a turn
                assert e.side == side and not activated.intersection(e.figures), (e, side)
                activated.update(e.figures)
        steps += 1
        assert steps < 3000 and st.turn <= st.max_turns + 1
        live = [f for f in st.figures.values() if not f.out]
        for a, b in itertools.combinations(live, 2):
            assert (a.x - b.x) ** 2 + (a.y - b.y) ** 2 >= (a.radius + b.radius - 0.05) ** 2
        assert all(0 <= f.vitality <= f.max_vitality for f in st.figures.values())
    assert deciders == {1, 2, 3}
    assert st.outcome.winner in (1, 2, None) and st.outcome.reason in ("turns", "elimination")
    assert st.outcome.scores[2] == 0.0


@pytest.mark.parametrize("seed", [3])
def test_every_event_is_narrated_in_both_languages(seed):
    eng, agents = new_game(seed, "alternate")
    seen = set()
    while eng.state.outcome is None:
        side = eng.decider()
        for event in eng.step(agents[side].choose(eng.view_for(side))):
            seen.add(event.kind)
            for lang in ("fr", "en"):
                text = RULESET.describe(event, eng.state, lang)
                assert text and "{" not in text and not RAW_KEY.search(text), (lang, event, text)
    assert {"dice", "activated", "moved", "combat", "note", "game_ended"} <= seen
