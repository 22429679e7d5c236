"""What the window shows of Khârn-Ages shots (pure presentation): the exact shot odds
against enumeration of the resolver, the shot builder's layout and live odds, a target's
distance, band and cover with its reason, the sight classes, the shooter's range rings,
and walk rings that keep to what ``check`` allows over slowing ground (K-R62)."""
from __future__ import annotations

import pytest
from shapely.geometry import Point

from game.core.actions import Action, ActionChoice
from game.core.state import TerrainPiece
from game.rulesets._shared.tables import table_for
from game.rulesets.kharn_ages import odds
from game.rulesets.kharn_ages import shooting as sh
from game.rulesets.kharn_ages.fighter import TOISE, make
from game.rulesets.kharn_ages.presentation import Info
from game.rulesets.kharn_ages.shooting import RangedWeapon, ShotBuild
from game.ui.overlay_data import _reach

from ..shared.helpers import every_script
from .flow_helpers import act, choice, engine, figure, game

BOW = RangedWeapon("arc", damage=4, short=3, long=6, ammo=10)
CROSSBOW = RangedWeapon("arbalete", damage=5, short=3, long=7, limit=True, short_bonus=2, cadence=1, reload=1)


@pytest.mark.parametrize("kind,chars,toises,cover", [("standard", ("A", "V"), 7.0, 2), ("basic", ("A", "A"), 2.0, 0),
                                                     ("flash", ("A",), 4.0, 1)])
def test_shot_odds_match_the_resolver_enumerated(kind, chars, toises, cover):
    build = ShotBuild(kind, chars)
    w = RangedWeapon("x", damage=5, short=3, long=6)

    def fighters():
        return (make("f", chars={"V": 3, "A": 4}, mastery=()),
                make("t", chars={"V": 3, "A": 2, "P": 3}, mastery=(), pv=40))

    f, t = fighters()
    row = odds.shot_table(f, t, w, build, toises, cover=cover)[1]         # the simple defence
    assert row.defence.chars == ("A",)       # the shot used A; the standard shot forces A (2 < V 3)

    def run(ctx):
        f, t = fighters()
        out = sh.shoot(ctx, f, t, w, build, toises, lambda inc, r: row.defence, cover=cover)
        return out.hit, out.taken

    seen = every_script(run, 10, 4)
    cut = 1.0 - sum(seen.values())
    hit = sum(p for (h, _), p in seen.items() if h)
    assert cut < 0.02
    assert hit - 1e-9 <= row.hit <= hit + cut + 1e-9
    mean = sum(k * p for (_, k), p in seen.items())
    assert mean - 1e-9 <= row.damage <= mean + cut * 20 + 1e-9
    assert row.damage > 0


def shooting_game(**target):
    st = game(figure("s", 1, 2, 5, ranged=CROSSBOW, mastery=()), figure("t", 2, 8, 5, mastery=(), **target))
    eng = engine(st)
    act(eng, "activate", "s")
    return eng, st


def test_the_shot_builder_lays_out_kind_chars_damage_effects_with_live_odds():
    eng, st = shooting_game()
    c = choice(eng, "shoot")
    info = Info()
    lay = info.form_layout(st, c, "fr")
    assert lay.fields == ("kind", "chars", "damage", "effects") and lay.toggles == ("effects",)
    assert lay.default == "standard/AV/weapon/" and lay.parts["precise/AAV/V/AV"]["effects"] == ("A", "V")
    assert lay.option_labels["kind", "precise"].startswith("Tir précis (3 PA)")
    table = info.form_odds(st, table_for(st), c, "standard/AV/weapon/", ("t",), "fr")
    assert len(table.rows) >= 3 and table.rows[0][1].endswith("%")
    assert "5 toises" in table.note and "portée efficace" in table.note and "découvert" in table.note
    buttons = info.buttons(st, c, "fr")
    assert len(buttons) == len(c.values) and "Tir standard (2 PA)" in buttons[-1].label or buttons


def test_a_target_reads_with_distance_band_and_cover_and_its_reason():
    eng, st = shooting_game()
    st.terrain.append(TerrainPiece(id="w", kind="palissade", points=[[200, 160], [212, 160], [212, 240], [200, 240]],
                                   tags=["cover"], height=1.5 * TOISE))
    eng._legal = None
    c = choice(eng, "shoot")
    info = Info()
    text = info.target_label(st, c, "t", "fr")
    assert "à 5 toises" in text and "portée efficace" in text and "couvert +3" in text and "palissade" in text
    assert info.sight_class(st, table_for(st), st.figures["s"], st.figures["t"]) == "cover"
    assert info.target_label(st, ActionChoice("attack", "s"), "t", "fr") == "t"


def test_the_crossbow_rings_end_short_and_effective_range_and_repeat_the_limit():
    eng, st = shooting_game()
    info = Info().figure(st, st.figures["s"], "fr")
    assert info.ranges == [("arbalete", (3 * TOISE, 7 * TOISE, 7 * TOISE))]
    assert "3 / 7 / −" in " ".join(info.card["weapons"]) and Info().figure_role(st, st.figures["s"]) == "ranged"
    assert Info().figure(st, st.figures["t"], "fr").ranges == []


def test_the_walk_ring_keeps_to_what_check_allows_over_brushwood():
    brush = TerrainPiece(id="b", kind="broussailles", points=[[280, 0], [600, 0], [600, 600], [280, 600]],
                         tags=["difficult"], height=0.75 * TOISE)
    st = game(figure("a", 1, 5, 5, chars={"V": 4}, mastery=()), figure("z", 2, 1, 14))
    st.terrain.append(brush)
    eng = engine(st)
    act(eng, "activate", "a")
    walk = choice(eng, "walk")
    info = Info().figure(st, st.figures["a"], "fr")
    allowance, flags = info.moves["walk"]
    region = _reach(table_for(st), "a", allowance, flags)
    fig = st.figures["a"]
    verdicts = []
    for dx, dy in ((3.9, 0), (1.5, 0), (-3.9, 0), (0, 3.9), (2.2, 0)):    # brushwood from the base edge at 6.5
        goal = (fig.x + dx * TOISE, fig.y + dy * TOISE)
        ok = eng.check(Action("walk", "a", path=(goal,))) is None
        verdicts.append(ok)
        if ok:
            assert region.buffer(1.0).contains(Point(goal)), (dx, dy)    # the ring shows it
        else:
            assert not region.buffer(-1.0).contains(Point(goal)), (dx, dy)
    assert verdicts == [False, True, True, True, False] and walk.move.allowance == 4 * TOISE
