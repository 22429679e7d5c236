"""Every interface text the code asks for exists in French and English (literal keys found
in the code, and the families built from ids: actions, reactions, statuses, rules...)."""
from __future__ import annotations

import re
from pathlib import Path

from game.core.text import catalogue

ROOT = Path(__file__).resolve().parents[2]


def literal_keys() -> set[str]:
    keys = set()
    shown = [*(ROOT / "game" / "ui").rglob("*.py"), *(ROOT / "game" / "rulesets").rglob("presentation.py"),
             *(ROOT / "game" / "rulesets").rglob("builder.py")]
    for p in shown:
        keys |= set(re.findall(r'"(ui\.[a-z_.]+[a-z_])"', p.read_text(encoding="utf-8")))
    return keys


def family_keys() -> set[str]:
    from game.core.plugins import plugins
    from game.core.ruleset import get_ruleset
    ORDER = sorted({k for decl in plugins().values() for k in decl.load("presentation").order})

    keys = {f"ui.action.{k}" for k in ORDER} | {f"ui.tip.{k}" for k in ORDER}
    keys |= {f"ui.react.{v}" for v in ("none", "flee", "cover", "shoot_back", "countercharge_shot",
                                         "counter_charge", "prone", "power")}
    for decl in plugins().values():   # every status a ruleset marks on the table
        markers = decl.load("presentation").markers
        keys |= {f"ui.marker.{m}" for m in markers} | {f"ui.status.{m}" for m in markers}
    keys |= {"ui.player.human"}
    for sc in get_ruleset("evenor").scenarios():
        keys |= {f"ui.scenario.{sc}", f"ui.scenario.{sc}.tip"}
    for decl in plugins().values():   # every page of every ruleset's rules reference
        prefix, pages = decl.rules_pages
        keys |= {f"ui.{prefix}.{p}.{part}" for p in pages for part in ("title", "text")}
    keys |= {f"ui.rule.{r}" for r in ("initiative", "reaction", "shoot", "melee", "save", "damage",
                                        "fear", "opportunity", "reroll")}
    from game.core.text import catalogue  # every Mortebrume roll the log narrates, on the dice
    keys |= {"ui.rule." + k.removeprefix("mb.dice.") for k in catalogue("fr") if k.startswith("mb.dice.")}
    from typing import get_args

    from game.rulesets.evenor.schema import RoleName
    keys |= {f"ui.role.{r}" for r in get_args(RoleName)}
    keys |= {f"ui.pending.{k}" for k in ("shot", "charge", "engage", "power", "assign_hits")}
    # Mortebrume: reactions, ranks, scenarios, reach bands, legend, rulesets of the menu
    from game.rulesets.mortebrume.schema import Profile
    RULESETS = list(plugins())
    keys |= {f"ui.react.{v}" for v in ("riposte", "dodge", "take", "shield", "reserved")}
    keys |= {f"ui.role.{r}" for r in get_args(Profile.model_fields["rank"].annotation)}
    for sc in get_ruleset("mortebrume").scenarios():
        keys |= {f"ui.scenario.{sc}", f"ui.scenario.{sc}.tip"}
    keys |= {f"ui.mb.band.{b}" for b in ("short", "long", "heavy")}
    keys |= {f"ui.legend.shot_{b}" for b in ("close", "ideal", "far")}
    keys |= {f"ui.mb.{k}_n" for k in ("inspire", "heal")}
    keys |= {f"ui.pending.{k}" for k in ("strike", "spell", "free_move")}
    keys |= {f"ui.ruleset.{r}" for r in RULESETS} | {f"ui.ruleset.{r}.tip" for r in RULESETS}
    keys |= {"ui.scale_bar_cm", "ui.path_length_cm", "ui.ruler_cm"}
    return keys


def test_every_ui_key_exists_in_both_languages():
    wanted = literal_keys() | family_keys()
    assert len(wanted) > 150
    for lang in ("fr", "en"):
        missing = sorted(k for k in wanted if k not in catalogue(lang))
        assert missing == [], (lang, missing)
