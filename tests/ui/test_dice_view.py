"""Dice of any size drawn with their number, in an outline proper to their size; kept and
discarded dice, critical successes and failures told apart; a panel of rolls saved as a PNG
(/tmp/dice_panel.png) to look at."""
from __future__ import annotations

import pygame
import pytest

from game.core.events import DiceRolled
from game.ui.dice_view import DiceView, draw_die

SIZE = 40


@pytest.fixture
def fonts():
    from game.ui import boot
    from game.ui.theme import Fonts

    boot.headless((320, 200))
    return Fonts(1.0)


def die(face: int, sides: int, fonts, hit=None, **marks) -> bytes:
    surf = pygame.Surface((SIZE + 8, SIZE + 12))
    surf.fill((20, 22, 26))
    draw_die(surf, face, pygame.Rect(4, 2, SIZE, SIZE), hit, sides=sides, font=fonts.get(14, bold=True),
             small_font=fonts.get(7), **marks)
    return pygame.image.tobytes(surf, "RGB")


@pytest.mark.parametrize("sides,face,other", [(10, 8, 3), (20, 17, 11), (8, 7, 1), (12, 12, 5), (4, 3, 4)])
def test_a_die_above_six_shows_its_number(fonts, sides, face, other):
    shown = die(face, sides, fonts)
    assert shown != die(other, sides, fonts)             # the face is drawn, not a blank die
    blank = pygame.Surface((SIZE + 8, SIZE + 12))
    blank.fill((20, 22, 26))
    draw_die(blank, 0, pygame.Rect(4, 2, SIZE, SIZE), None, sides=sides, font=fonts.get(14, bold=True))
    assert shown != pygame.image.tobytes(blank, "RGB")


def test_each_size_has_its_own_outline(fonts):
    pictures = {sides: die(1, sides, fonts) for sides in (4, 6, 8, 10, 12, 20, 3)}
    assert len(set(pictures.values())) == len(pictures)
    assert die(5, 6, fonts) == die(5, 6, fonts, kept=None)        # a D6 keeps its pips as before


def test_kept_discarded_and_criticals_look_different(fonts):
    kept, discarded, plain = die(8, 10, fonts, kept=True), die(8, 10, fonts, kept=False), die(8, 10, fonts)
    assert len({kept, discarded, plain}) == 3
    miss = die(8, 10, fonts, hit=False)
    assert discarded != miss                                      # greyed out is not a miss
    crit, fumble = die(10, 10, fonts, crit=True), die(10, 10, fonts, fumble=True)
    assert len({crit, fumble, die(10, 10, fonts)}) == 3
    # the badges differ in shape, not only colour: compare them in grey
    grey = [bytes(sum(b[i:i + 3]) // 3 for i in range(0, len(b), 3)) for b in (crit, fumble)]
    assert grey[0] != grey[1]


def panel_events() -> list[DiceRolled]:
    return [
        DiceRolled(who="a", rule="initiative", sides=20, faces=(17,), target=None, result=19, crit=()),
        DiceRolled(who="a", rule="initiative", sides=20, faces=(20, 1), target=None, result=20,
                   crit=(0,), fumble=(1,)),
        DiceRolled(who="a", rule="damage", sides=10, faces=(8, 3, 10), target=6, result=10, kept=(2,), crit=(2,)),
        DiceRolled(who="a", rule="damage", sides=6, faces=(2, 4, 5), target=4, result=5, kept=(2,)),
    ]


def test_the_panel_draws_every_roll_and_is_saved(fonts):
    view = DiceView(fonts)
    view.show(panel_events(), speed=0)
    surf = pygame.Surface((520, 420))
    surf.fill((196, 184, 150))
    assert view.draw(surf, surf.get_rect(), lambda who: who.upper())
    extra = [(6, 6, {}), (4, 8, {"kept": True}), (2, 10, {"kept": False}), (12, 12, {}), (3, 4, {}),
             (2, 3, {}), (1, 10, {"fumble": True, "kept": True})]
    x = 10
    for face, sides, marks in extra:
        draw_die(surf, face, pygame.Rect(x, 360, 34, 34), True if sides == 6 else None, sides=sides,
                 font=fonts.get(14, bold=True), small_font=fonts.get(7), **marks)
        x += 44
    pygame.image.save(surf, "/tmp/dice_panel.png")
    before = pygame.image.tobytes(surf, "RGB")
    view.show([DiceRolled(who="a", rule="damage", sides=10, faces=(8, 3, 10), target=6, result=10,
                          kept=(0,))], speed=0)
    view.draw(surf, surf.get_rect(), lambda who: who.upper())
    assert pygame.image.tobytes(surf, "RGB") != before


def test_the_dice_panel_hides_no_figure_when_it_can(fonts):
    """At the top middle when nothing is there; elsewhere (a corner, an edge) when figures or
    the table's centre are under it, and the place stays while the roll is shown."""
    rect = pygame.Rect(0, 0, 900, 700)
    rolls = [DiceRolled(who="a", rule="strike", faces=(8, 3, 5), sides=8, target=None, result=16),
             DiceRolled(who="b", rule="dodge", faces=(2, 7), sides=8, target=None, result=9)]
    view = DiceView(fonts)
    view.show(rolls, 0.0)
    surf = pygame.Surface(rect.size)
    assert view.draw(surf, rect, lambda fid: fid, "fr", avoid=[])
    key, top = view._placed
    assert pygame.Rect(top, key[2]).midtop == (rect.centerx, rect.y + 10)
    view = DiceView(fonts)
    view.show(rolls, 0.0)
    middle = [(rect.centerx, rect.y + 40), (rect.centerx, rect.centery), (rect.x + 60, rect.y + 40)]
    surf = pygame.Surface(rect.size)
    view.draw(surf, rect, lambda fid: fid, "fr", avoid=middle)
    key, corner = view._placed
    w, h = key[2]
    box = pygame.Rect(corner, (w, h))
    assert not any(box.collidepoint(p) for p in middle)
    view.draw(surf, rect, lambda fid: fid, "fr", avoid=[(box.centerx, box.centery)])   # same roll: it stays
    assert view._placed[1] == corner
