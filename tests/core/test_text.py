from game.core.text import catalogue, t


def test_french_and_english_catalogues_have_the_same_keys():
    fr, en = catalogue("fr"), catalogue("en")
    assert set(fr) == set(en), sorted(set(fr) ^ set(en))[:10]


def test_french_typography_uses_no_break_spaces():
    for key, text in catalogue("fr").items():
        for mark in ":;!?":
            assert f" {mark}" not in text, f"{key}: plain space before '{mark}'"


def test_lookup_formats_and_falls_back():
    assert t("log.out", "fr", who="Léda") == "Léda est hors de combat"
    assert t("log.out", "en", who="Léda") == "Léda is out of action"
    assert t("no.such.key", "en") == "no.such.key"
