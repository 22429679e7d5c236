"""Puzzles from the games Evenor's ``ai:normal`` lost to the random agent (issue 17): each
position keeps the mistake that lost one of them, and the AI must now avoid it."""
from __future__ import annotations

from game.ai.agents import make_agent
from tests.ai.test_puzzles import _drive
from tests.rulesets.evenor.sandbox import act, fig, rect, sandbox, step

SEEDS = range(3)


def _group_behind_a_wall():
    """Léonidas's group activation with two actions each; a rock wall stands between the
    group and the enemy, so every straight-line destination toward the enemy is out of
    reach (the path around is longer than the move)."""
    wall = rect("t0", "rocher", 6, 7, 12, 1.0)
    eng = sandbox([fig(1, "leonidas", 12, 4), fig(1, "phobos", 10.5, 4), fig(1, "ulysse", 13.5, 4),
                   fig(1, "selene", 12, 2.5), fig(2, "myrina", 12, 20), fig(2, "hiera", 14, 20)],
                  terrain=[wall])
    eng.dice.push(*([6] * 12))
    step(eng, act("activate", "1.leonidas", value=2,
                  partners=("1.phobos", "1.ulysse", "1.selene")))
    return eng


def test_a_group_activation_uses_its_partners():
    # extermination, seed 8: a group of four won its initiative tests and ended its
    # activation at once, every destination it tried being out of reach around terrain
    for seed in SEEDS:
        acts = _drive(_group_behind_a_wall(), make_agent("ai:normal", seed), 1,
                      lambda a: a.kind == "end")
        movers = {a.actor for a in acts if a.kind in ("move", "move_shoot")}
        assert len(movers) >= 3, (seed, [(a.kind, a.actor) for a in acts])
