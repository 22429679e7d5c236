"""The warband builder sells grimoires (K-R130): a magician in the band shows its grimoire's
size, pages and price, then the spells it may write, ticked; a large one adds 20 Ko to the
cost; the choice is saved in the roster file and read back, and leaves with its magician."""
from __future__ import annotations

import yaml

from tests.ui.driver import Driver


def test_a_magicians_grimoire_is_bought_filled_saved_and_loaded(make_app):
    from game.ui.scenes.builder import BuilderScene

    app = make_app(lang="en")
    b = BuilderScene(app, "kharn_ages")           # the scene's model first, without its window
    b.add("prince")
    assert b.rules.extra_rows(b.members, b.extras, "en") == []     # no magician, no grimoire
    b.add("mage_du_culte")
    plain = b.cost()
    b.press("book.mage_du_culte.size")
    rows = dict((k, label) for k, label, _ in b.rules.extra_rows(b.members, b.extras, "en"))
    assert "Large grimoire, 5/∞ pages, +20 Ko" in rows["book.mage_du_culte.size"]
    assert b.cost() == plain + 20 and not b.problems()
    b.press("book.mage_du_culte.size")                       # back to the small one
    b.press("book.mage_du_culte.spell.saignee")              # struck out: 3 pages
    rows = dict((k, label) for k, label, _ in b.rules.extra_rows(b.members, b.extras, "en"))
    assert "[ ]" in rows["book.mage_du_culte.spell.saignee"] and "3/5 pages" in rows["book.mage_du_culte.size"]
    assert b.cost() == plain
    path = b.save()
    saved = yaml.safe_load(open(path, encoding="utf-8"))
    assert saved["grimoires"] == {"mage_du_culte": {"size": "petit",
                                                    "spells": ["puissance_du_culte", "lame_consacree"]}}
    b.extras = {}
    b.load_saved()
    assert b.extras["mage_du_culte"]["spells"] == ["puissance_du_culte", "lame_consacree"]
    app.push(b)                                              # in the window: the rows are buttons
    d = Driver(app)
    d.frames(1)
    assert "Small grimoire, 3/5 pages, +0 Ko" in d.button("builder.extra.book.mage_du_culte.size").label
    d.press("builder.extra.book.mage_du_culte.spell.saignee")
    assert "[x]" in d.button("builder.extra.book.mage_du_culte.spell.saignee").label
    b.remove(1)                                              # the mage leaves: its grimoire too
    assert b.extras == {} and b.cost() == b.rules.cost(["prince"])
