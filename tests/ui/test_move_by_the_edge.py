"""A click-move to a point by the table's edge, closer to it than the base's half width,
goes to the edge instead of answering "no path possible" (the play-test's short Evenor
move by the edge)."""
from __future__ import annotations

from game.ui import intent
from tests.rulesets.evenor.sandbox import PAS, act, fig, sandbox, step


def _phobos_moving():
    eng = sandbox([fig(1, "phobos", 2, 10), fig(2, "asteria", 20, 10)], dice=[6] * 4)
    step(eng, act("activate", "1.phobos", value=1))
    (move,) = [c for c in eng.legal_actions() if c.kind == "move"]
    return eng, move


def test_a_point_by_the_edge_is_brought_onto_the_table_and_routed():
    eng, move = _phobos_moving()
    click = (0.2 * PAS, 12 * PAS)                      # the base (1 pas wide) would overhang
    assert intent.route(eng, "1.phobos", [click], move.move) is None
    pt = intent.keep_on_table(eng.state, "1.phobos", click)
    assert pt[1] == click[1] and 0.5 * PAS <= pt[0] <= 0.55 * PAS
    path, cost = intent.route(eng, "1.phobos", [pt], move.move)
    assert eng.check(act("move", "1.phobos", path=[(x / PAS, y / PAS) for x, y in path[1:]])) is None
    assert intent.keep_on_table(eng.state, "1.phobos", (5 * PAS, 7 * PAS)) == (5 * PAS, 7 * PAS)


def test_the_window_moves_there_without_a_refusal(make_app):
    from game.ui.scenes.game import GameScene
    from game.ui.session import Session

    eng, move = _phobos_moving()
    app = make_app(lang="fr")
    scene = app.push(GameScene(app, Session(eng, {1: "human", 2: "human"}, lang="fr")))
    ctl = scene.controller
    ctl.select("1.phobos")
    ctl.start(move)
    before = eng.state.figures["1.phobos"].pos
    assert ctl.click_point((0.2 * PAS, 12 * PAS))
    assert not ctl.refused, ctl.message
    after = eng.state.figures["1.phobos"].pos
    assert after != before and abs(after[1] - 12 * PAS) < 1.0
