"""Khârn-Ages ranged weapons as catalogue data (K-R65): the plan's bow, crossbow and sling
read by the rules, a profile's ``ranged`` weapon on its card and in its cost, one shooter
first in each faction and in each bundled band, and bad weapon data answered with
file:line:col."""
from __future__ import annotations

import pytest

from game.data import DataError, load_document
from game.data.paths import catalogue_path
from game.rulesets.kharn_ages import cards, schema, setup
from game.rulesets.kharn_ages.shooting import band


def test_the_plans_ranged_weapons_are_catalogue_data():
    cat = schema.catalogue()
    arc, arb, fronde = (cat.ranged_weapons[w] for w in ("arc", "arbalete", "fronde"))
    assert (arc.short, arc.long, arc.damage, arc.limit) == (3, 6, 4, False)
    assert (arb.short, arb.long, arb.damage, arb.limit, arb.reload, arb.cadence, arb.short_bonus) == \
        (3, 7, 5, True, 1, 1, 2)
    assert (fronde.short, fronde.long, fronde.damage) == (2, 5, 3) and fronde.ammo and fronde.cadence is None
    assert list(cat.model_dump()).index("ranged_weapons") == list(cat.model_dump()).index("shields") + 1


def test_a_shooter_gets_its_ranged_weapon_on_its_card_and_in_its_cost():
    cat = schema.catalogue()
    c = setup.card(cat, "arbaletrier")
    prof = cards.profile_of(c)
    w = prof.ranged
    assert w is not None and w.id == "arbalete" and w.limit and w.reload == 1 and w.short_bonus == 2
    assert band(w, 2.9) == "short" and band(w, 7) == "effective" and band(w, 7.1) is None
    assert c["cost"] == 28 + cat.weapons["dague"].cost + cat.armours["cuir"].cost + cat.ranged_weapons["arbalete"].cost
    sling = cards.profile_of(setup.card(cat, "frondeuse")).ranged
    assert sling.id == "fronde" and band(sling, 5.5) == "long"
    assert cards.profile_of(setup.card(cat, "prince")).ranged is None
    # a card written back from a Profile keeps the weapon
    assert cards.profile_of(cards.card_of(prof)).ranged == w


def test_each_faction_lists_its_shooter_first_and_the_fords_bands_field_one():
    cat = schema.catalogue()
    assert next(iter(cat.factions["kharn"].profiles)) == "arbaletrier"
    assert next(iter(cat.factions["fang"].profiles)) == "frondeuse"
    st = setup.setup("gue_des_crocs", 1)
    for side in (1, 2):
        shooters = [f for f in st.figures_of(side) if cards.card(st, f)["ranged"]]
        assert len(shooters) == 1


def _bad(tmp_path, text: str) -> list[str]:
    path = tmp_path / "catalogue_bad.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_document(path, expected_kind="catalogue", expected_ruleset="kharn_ages")
    return err.value.messages


def _position(line: str) -> tuple[int, int]:
    parts = line.split(":")
    return int(parts[1]), int(parts[2])


def test_bad_ranged_weapon_data_names_file_line_column(tmp_path):
    base = catalogue_path("kharn_ages").read_text(encoding="utf-8")
    [line] = _bad(tmp_path, base.replace("ranged: arbalete", "ranged: arbalette", 1))
    assert "factions.kharn.profiles.arbaletrier.ranged" in line and "arbalette" in line
    assert _position(line)[0] > 0
    [line] = _bad(tmp_path, base.replace("short: 2, long: 5, ammo: 8", "short: 5, long: 2, ammo: 8", 1))
    assert "ranged_weapons.fronde.long" in line and "above the short" in line
    row = next(i for i, t in enumerate(base.splitlines(), 1) if t.startswith("  fronde:"))
    assert _position(line)[0] == row
    [line] = _bad(tmp_path, base.replace("cadence: 1, reload: 1", "cadence: 1", 1))
    assert "ranged_weapons.arbalete.reload" in line
    lines = _bad(tmp_path, base.replace("damage: 4, short: 3", "damage: zero, short: 3", 1))
    assert any("ranged_weapons.arc.damage" in m and _position(m)[1] > 1 for m in lines), lines
