"""The second newcomer play-test's findings, on the real scenes: buttons keep their places
while a figure acts, the person's card stays while the AI plays, the AI's recap never
narrows the table, tooltips keep off their button and the lesson's highlights, overlays
stop at the table's edge, a click on a figure that is no target keeps the action being
built, and the end screen tells the one person whether they won."""
from __future__ import annotations

import pygame

from game.core.actions import Action
from game.core.text import t
from tests.rulesets.evenor.sandbox import PAS, fig, sandbox
from tests.ui.driver import Driver
from tests.ui.test_activation_flow import make_duel
from tests.ui.test_ai_play import table_scene


def _y(d, key: str) -> int:
    return d.button(key).rect.y


def test_a_charge_coming_within_reach_takes_its_own_place(make_app):
    """Before the move no enemy is within charge reach: "Charger" is greyed with the reason,
    in its place; once in reach it is offered in that same place, and no other button moved."""
    app = make_app(lang="fr")
    engine = sandbox([fig(1, "ulysse", 4, 4), fig(2, "kara", 4, 14.5)], dice=[6] * 60)
    scene = table_scene(app, engine, {1: "human", 2: "human"})
    d = Driver(app)
    d.frames(2)
    d.click(d.figure_pos(scene, "1.ulysse"))
    d.press("activate.2")
    d.frames(2)
    greyed = d.button("slot.charge")
    assert not greyed.enabled and t("ev.slot.charge", "fr") in greyed.label
    places = {key: _y(d, key) for key in ("move", "slot.charge", "end")}
    path = ((4 * PAS, 4 * PAS), (4 * PAS, 10 * PAS))    # the move, played as the panel would
    assert scene.session.submit(Action(kind="move", actor="1.ulysse", path=path)) is None
    d.frames(2)
    assert d.button("charge").enabled and "slot.charge" not in [b.key for b in d.buttons()]
    assert _y(d, "charge") == places["slot.charge"]
    assert _y(d, "move") == places["move"] and _y(d, "end") == places["end"]


def test_a_kind_offered_earlier_in_the_activation_keeps_a_greyed_place(make_app):
    """Aiming is offered once: after it, its button stays greyed until the activation ends."""
    app, scene, d = make_duel(make_app, lang="en")
    d.click(d.figure_pos(scene, "1.ulysse"))
    d.press("activate.2")
    d.frames(2)
    end = _y(d, "end")
    d.press("aim")
    d.frames(2)
    gone = d.button("slot.aim")
    assert not gone.enabled
    assert t("ui.slot.gone", "en") in gone.label or t("ev.slot.aim", "en") in gone.label
    assert _y(d, "end") == end


def test_the_persons_card_stays_while_the_ai_acts(make_app):
    from tests.ui.test_ai_play import skirmish

    app = make_app(lang="en")
    scene = table_scene(app, skirmish(), {1: "human", 2: "ai:facile"})
    d = Driver(app)
    d.frames(2)
    scene.controller.select("1.ulysse")          # reading one's own card while side 2 plays
    engine = scene.session.engine
    played = 0
    while engine.decider() == 2 and played < 6:
        choice = next(c for c in engine.legal_actions() if c.kind in ("activate", "end"))
        value = choice.values[-1] if choice.values else None
        scene.session.submit(Action(kind=choice.kind, actor=choice.actor, value=value))
        d.frames(2)
        played += 1
        assert scene.controller.selected == "1.ulysse"
    assert played


def test_the_recap_never_narrows_the_table(make_app):
    from tests.ui.test_ai_play import skirmish

    app = make_app(lang="en")
    scene = table_scene(app, skirmish(), {1: "human", 2: "ai:facile"})
    d = Driver(app)
    d.frames(2)
    before = pygame.Rect(scene.view.rect)
    scene.recap.show([{"side": 2, "spec": "ai:facile", "kind": "end", "actor": "", "decision": None,
                       "score": None, "lines": ["Thorvald advances 4.0 paces"]}])
    d.frames(3)
    assert scene.recap.open and scene.recap_rect.w > 0
    assert scene.view.rect.w == before.w and scene.view.rect.x == before.x


def test_a_tooltip_moves_off_its_button_and_the_highlighted_one():
    from game.ui.tip_place import clear_box

    area = pygame.Rect(0, 0, 800, 600)
    owner = pygame.Rect(600, 100, 180, 26)
    lit = pygame.Rect(600, 130, 180, 26)               # the lesson's button, just below
    box = pygame.Rect(620, 126, 170, 40)               # where pygame-gui puts the tooltip
    spot = clear_box(box, owner, [lit], area)
    assert not spot.colliderect(owner) and not spot.colliderect(lit) and area.contains(spot)
    clear = pygame.Rect(100, 300, 170, 40)             # a tooltip that covers nothing stays
    assert clear_box(clear, owner, [lit], area) == clear


def test_overlays_stop_at_the_table_edge(make_app):
    """A figure in a corner: its reach and range rings are not drawn past the table."""
    app = make_app(lang="en")
    engine = sandbox([fig(1, "ulysse", 0.6, 0.6), fig(2, "kara", 20, 20)], dice=[6] * 60)
    scene = table_scene(app, engine, {1: "human", 2: "human"})
    d = Driver(app)
    scene.controller.select("1.ulysse")
    d.frames(12)
    state = scene.session.engine.state
    _, layer = scene.overlays.layer(scene.view, state)
    assert layer is not None
    board = scene.view.board_rect(state).move(-scene.view.rect.x, -scene.view.rect.y)
    assert board.x > 2 and board.y > 2                  # a margin around the table to look at
    alpha = pygame.surfarray.array_alpha(layer)         # [x, y]
    assert alpha[board.x:board.right, board.y:board.bottom].max() > 0    # the overlays are there
    assert alpha[:board.x, :].max() == 0 and alpha[:, :board.y].max() == 0   # none past the edge


def test_a_click_on_a_figure_that_is_no_target_keeps_the_action(make_app):
    app, scene, d = make_duel(make_app, lang="en")
    d.click(d.figure_pos(scene, "1.ulysse"))
    d.press("activate.2")
    d.press("shoot")
    mode = scene.controller.mode
    assert mode is not None and mode.stage == "target" and "2.jorund" not in mode.choice.targets
    d.click(d.figure_pos(scene, "2.jorund"))          # beyond the bow's range
    assert scene.controller.mode is mode and scene.controller.selected == "1.ulysse"
    assert scene.controller.message.startswith("Jorund")


def test_the_end_screen_tells_the_one_person_whether_they_won(make_app):
    from game.ui.scenes.end import EndScene
    from tests.ui.test_ai_play import skirmish

    app = make_app(lang="en")
    engine = skirmish()
    scene = table_scene(app, engine, {1: "human", 2: "ai:facile"})
    from game.core.state import Outcome

    engine.state.outcome = Outcome(winner=2, reason="extermination")
    assert EndScene(app, scene).title() == t("ui.end.you_lost", "en", n=2)
    engine.state.outcome = Outcome(winner=1, reason="extermination")
    assert EndScene(app, scene).title() == t("ui.end.you_won", "en", n=1)


def test_a_move_cut_a_hair_short_says_nothing(make_app):
    """The preview reads "6.0 / 6.0" and the move stops 0.1 pas short: no "too far" message."""
    app, scene, d = make_duel(make_app, lang="fr")
    d.click(d.figure_pos(scene, "1.ulysse"))
    d.press("activate.1")
    allowance = next(c for c in scene.session.engine.legal_actions() if c.kind == "move").move.allowance
    d.press("move")
    d.click(d.world_pos(scene, 4 * PAS + allowance + 0.1 * PAS, 4 * PAS))
    assert scene.session.engine.state.figures["1.ulysse"].x > 4 * PAS + allowance - 0.5
    assert scene.controller.message != t("ui.move_clamped", "fr")
