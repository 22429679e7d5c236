"""The ambush is won by leaving the table: the last runner on it goes for the edge rather
than stay and shoot (issue 17: Gosaï, the Japanese archer, stayed for 27 turns shooting at
the Vikings after his five friends had left, and the ambush ended in a draw, Embuscade seed
526 v random, turn 5)."""
from __future__ import annotations

from game.ai.agents import make_agent
from tests.ai.test_puzzles import SEEDS, _drive
from tests.rulesets.evenor.sandbox import fig, sandbox

AMBUSH = {"type": "escape", "role": "r1", "exit_edges": ["left", "right"], "loss_limit": 0.5}


def _gosai():
    """Turn 5 of that game (Japanese to act): Gosaï 3.6 pas from the left edge, the five
    others gone; Ymir 5 pas off, Thorvald 7 pas, the rest of the Vikings far."""
    gone = [fig(1, p, x, y, escaped=True) for p, x, y in (
        ("shingami", 0.5, 13.3), ("nobu", 23.5, 9.4), ("shiro", 0.5, 15.8), ("saito", 23.5, 9.6),
        ("wabara", 23.5, 16.0))]
    eng = sandbox(gone + [fig(1, "gosai", 3.6, 16.4),
                          fig(2, "jorund", 16.8, 3.9, prone=True), fig(2, "runir", 17.9, 2.2),
                          fig(2, "kara", 13.9, 3.8, waiting=True), fig(2, "thorvald", 10.3, 21.0),
                          fig(2, "ymir", 0.9, 22.2)], victory=AMBUSH, to_act=1, turn=5)
    st = eng.state
    for f in st.figures_of(1):
        if f.status.get("escaped"):
            f.out = True
    st.extras["start_count"]["1"] = 6
    return eng


def _escapes(spec: str) -> int:
    n = 0
    for seed in SEEDS:
        eng = _gosai()
        _drive(eng, make_agent(spec, seed), 1, lambda a: False)
        n += bool(eng.state.figures["1.gosai"].status.get("escaped"))
    return n


def test_the_last_runner_leaves_the_table():
    assert _escapes("ai:normal") >= 19
