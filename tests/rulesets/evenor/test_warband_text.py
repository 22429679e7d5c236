"""Warband rules reach the player in French and English through the text catalogue."""
from game.core.text import catalogue, t
from game.rulesets.evenor import stats
from game.rulesets.evenor.schema import warband_breaks


def test_every_broken_rule_has_player_text():
    cat = stats.catalogue()
    bad = [
        [],
        ["leda", "leda", "zeus"],
        ["leonidas", "leda", "grendel", "oni", "selene", "shiro", "ulysse", "gosai", "asteria"],
    ]
    codes = set()
    for members in bad:
        for _, code, args in warband_breaks(cat, members):
            codes.add(code)
            for lang in ("fr", "en"):
                assert code in catalogue(lang)
                text = t(code, lang, **args)
                assert "{" not in text
    assert {"warband.empty", "warband.duplicate", "warband.unknown_profile",
            "warband.too_many.meneur", "warband.too_many.monstre", "warband.too_many.magicien",
            "warband.too_many.tireur", "warband.too_many_members", "warband.over_cost"} <= codes
    assert t("warband.over_cost", "fr", cost=61, max=50) == "Coût total de 61 drachmes\u00a0: la limite est 50 drachmes"
