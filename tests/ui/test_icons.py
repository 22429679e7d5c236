"""Figures readable at a glance: each ruleset says what a figure is (leader, caster,
shooter, fighter, beast) and the table draws a distinct badge for it."""
from __future__ import annotations

import pygame
import pytest

from game.ui.icons import MIN_RADIUS, ROLES, badge_centre, draw_badge


def _badge(role, r=20):
    surf = pygame.Surface((80, 80))
    surf.fill((0, 0, 0))
    drawn = draw_badge(surf, role, 40, 40, r)
    cx, cy = badge_centre(40, 40, r)
    k = max(5, min(9, r // 2))
    white = [(x, y) for x in range(cx - k, cx + k + 1) for y in range(cy - k, cy + k + 1)
             if surf.get_at((x, y))[:3] == (255, 255, 255) and (x - cx) ** 2 + (y - cy) ** 2 < (k - 1) ** 2]
    return drawn, frozenset(white)


def test_each_role_has_its_own_glyph_and_small_bases_carry_none():
    glyphs = {}
    for role in ROLES:
        drawn, white = _badge(role)
        assert drawn and len(white) > 6, role
        glyphs[role] = white
    assert len(set(glyphs.values())) == len(ROLES)
    assert _badge("melee", r=MIN_RADIUS - 1) == (False, frozenset())
    assert _badge(None) == (False, frozenset())


@pytest.mark.parametrize("rid,scenario,options,expected", [
    ("evenor", "extermination", {"rosters": {"1": "vikings", "2": "amazones"}},
     {"jorund": "leader", "runir": "caster", "asteria": "ranged", "kara": "melee"}),
    ("mortebrume", "dernier_debout", {"rosters": {"1": "thanigistes", "2": "creatures"}},
     {"thanigiste_seigneur": "leader", "thanigiste_necromant": "caster",
      "thanigiste_arbaletrier": "ranged", "thanigiste_recrue": "melee"}),
    ("swidenth", "escarmouche", {"rosters": {"1": "legion_imperiale", "2": "clans_du_nord"}},
     {"centurion": "leader", "optio": "leader", "archer": "ranged", "legionnaire": "melee"}),
])
def test_each_ruleset_says_what_its_figures_are(rid, scenario, options, expected):
    from game.core.engine import Engine
    from game.ui.rules_info import info_for

    engine = Engine.new(rid, scenario, 3, options)
    info = info_for(rid)
    roles = {f.profile: info.figure_role(engine.state, f) for f in engine.state.figures.values()}
    assert {p: roles[p] for p in expected} == expected
    assert set(roles.values()) <= set(ROLES)
    if rid == "mortebrume":
        assert "beast" in roles.values()           # the creatures' horde
