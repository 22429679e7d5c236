"""What a figure may carry (the book's equipment rules, B-R61): at most four weapons and
special items, one armour, one shield; a two-handed weapon leaves no hand for a shield
unless it is made for one (``with_shield``, the book's Avec Bouclier) or, for a gun, the
figure is a Tireur costaud; a weapon that needs an exoskeleton (``needs_exo``) needs the
Exosquelette attribute. Weapons are never swapped in this game: everything a figure carries
is at hand. ``problems`` lists what is wrong, as text keys with their arguments, for the
scenario and builder checks to report."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .catalogue import Catalogue, catalogue

MAX_CARRIED = 4
CARRIED = ("melee", "ranged", "items")


def problems(equipment: Iterable[str], attributes: Mapping[str, Any] | Iterable[str] = (),
             cat: Catalogue | None = None) -> list[tuple[str, dict[str, Any]]]:
    cat = cat or catalogue()
    eq = [cat[e] for e in equipment]
    attrs = set(attributes)
    out: list[tuple[str, dict[str, Any]]] = []
    carried = [e for e in eq if e.section in CARRIED]
    if len(carried) > MAX_CARRIED:
        out.append(("bm.loadout.too_many", {"n": len(carried), "max": MAX_CARRIED}))
    for section, key in (("armours", "bm.loadout.armours"), ("shields", "bm.loadout.shields")):
        if sum(1 for e in eq if e.section == section) > 1:
            out.append((key, {}))
    if any(e.section == "shields" for e in eq):
        for w in eq:
            if w.section not in ("melee", "ranged") or w.hands < 2 or w.get("with_shield"):
                continue
            if w.section == "ranged" and "tireur_costaud" in attrs:
                continue
            out.append(("bm.loadout.two_hands_and_shield", {"weapon": w.id}))
    if "exosquelette" not in attrs:
        out += [("bm.loadout.needs_exo", {"weapon": w.id}) for w in eq if w.get("needs_exo")]
    return out
