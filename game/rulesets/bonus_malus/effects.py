"""Catalogue effects dispatched to small handlers. Each effect of an entry names its handler
("do"); a rule asks one *hook* ("save", "level", "budget"...) and gets what every handler
answering that hook contributes. The combat code never tests an entry's id.

``when`` conditions are named predicates in ``WHEN``; an effect value "param" is replaced by
the attribute's parameter on the profile (Attaques multiples 2: ``rolls: param`` -> 2)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .fighter import Fighter

UNARMED = -3          # bare hands: Combat 3- and Degats 3-


@dataclass(frozen=True)
class Situation:
    """What a rule is resolving: ``attack`` "melee", "shots" or "free" (a free attack);
    ``competence`` for the "level" hook; ``foe`` the other figure."""

    attack: str = "melee"
    competence: str = ""
    foe: Fighter | None = None


ANY = Situation()


@dataclass(frozen=True)
class SaveSource:
    level: int
    source: str          # "armour", "shield" or "other"
    origin: str          # the catalogue entry (or situation) giving it


@dataclass
class Query:
    fighter: Fighter
    sit: Situation
    param: Any
    origin: str
    out: list[Any] = field(default_factory=list)


def _value(v: Any, param: Any) -> Any:
    return param if v == "param" else v


# ------------------------------------------------------------------ conditions
def _holds_two_handed_gun(f: Fighter) -> bool:
    return any(w.hands == 2 for w in f.ranged_weapons())


def _big_gun_one_hand(f: Fighter) -> bool:
    """A two-handed gun held in one hand, a shield in the other (Tireur costaud's price,
    B-R59: weapons are never swapped in this game, so only a shield keeps a hand busy)."""
    return _holds_two_handed_gun(f) and any(f.cat[e].section == "shields" for e in f.equipment)


def armed(f: Fighter) -> bool:
    """Has a melee weapon in hand (a two-handed gun counts as one, B-R5)."""
    return bool(f.melee_weapons()) or _holds_two_handed_gun(f)


def _flags_plain(f: Fighter) -> set[str]:
    return {e["flag"] for ent, _ in f.entries() for e in ent.effects
            if e["do"] == "flag" and "when" not in e}


WHEN: dict[str, Callable[[Fighter, Situation, Any], bool]] = {
    "armed": lambda f, s, p: armed(f),
    "unarmed": lambda f, s, p: not armed(f),
    "two_melee_weapons": lambda f, s, p: len(f.melee_weapons()) >= 2,
    "unarmed_no_exo": lambda f, s, p: not armed(f) and not f.has("exosquelette"),
    "no_exo": lambda f, s, p: not f.has("exosquelette"),
    "foe_of_kind": lambda f, s, p: s.foe is not None and (s.foe.kind == p or s.foe.has(str(p))),
    "big_gun_one_hand": lambda f, s, p: _big_gun_one_hand(f),
    "whip": lambda f, s, p: any(w.get("whip") for w in f.melee_weapons()),
    "energy_blade": lambda f, s, p: any(w.get("energy") for w in f.melee_weapons()),
}


def _when(e: dict[str, Any], q: Query) -> bool:
    w = e.get("when")
    return w is None or WHEN[w](q.fighter, q.sit, q.param)


# ------------------------------------------------------------------ handlers
def _save(e: dict[str, Any], q: Query) -> None:
    against = e.get("against", "any")
    if against != "any" and against != q.sit.attack:
        return
    if e.get("requires") and e["requires"] not in _flags_plain(q.fighter):
        return
    q.out.append(SaveSource(int(e["level"]), e.get("source", "other"), q.origin))


def _level(e: dict[str, Any], q: Query) -> None:
    if e["competence"] in (q.sit.competence, "all") and _when(e, q):
        q.out.append((q.origin, int(_value(e["level"], q.param))))


def _unarmed(e: dict[str, Any], q: Query) -> None:
    q.out.append({k: int(e[k]) for k in ("combat", "degats") if k in e})


def _budget(e: dict[str, Any], q: Query) -> None:
    q.out.append(("set", int(_value(e["rolls"], q.param))))


def _budget_extra(e: dict[str, Any], q: Query) -> None:
    if _when(e, q):
        q.out.append(("add", int(e["rolls"])))


def _flag(e: dict[str, Any], q: Query) -> None:
    if _when(e, q):
        q.out.append(e["flag"])


def _immune(e: dict[str, Any], q: Query) -> None:
    q.out.extend(e["to"])


def _assailants(e: dict[str, Any], q: Query) -> None:
    q.out.append(int(e["free"]))


def _vitality(e: dict[str, Any], q: Query) -> None:
    q.out.append((int(e["points"]), tuple(int(s) for s in e.get("steps", ()))))


def _move(e: dict[str, Any], q: Query) -> None:
    q.out.append(("base", int(e["base"])) if "base" in e else ("delta", int(e["delta"])))


def _run_save(e: dict[str, Any], q: Query) -> None:
    q.out.append(int(e["level"]))


def _actions(e: dict[str, Any], q: Query) -> None:
    q.out.append((int(e["count"]), bool(e.get("repeat", False)), int(e.get("activations", 1))))


def _weapon(e: dict[str, Any], q: Query) -> None:
    q.out.append({k: _value(v, q.param) for k, v in e.items() if k != "do"})


def _grant_test(e: dict[str, Any], q: Query) -> None:
    if _when(e, q):
        q.out.append((e["attribute"], int(e["level"])))


def _unarmed_grants(e: dict[str, Any], q: Query) -> None:
    """Exosquelette gives Assommoir to its bare hands."""
    if not armed(q.fighter):
        q.out.extend((k, int(v)) for k, v in (e.get("grants") or {}).items())


def _raw(e: dict[str, Any], q: Query) -> None:
    """The effect itself, for rules that read its keys (terrain, leap, deployment)."""
    if _when(e, q):
        q.out.append(e)


def _on_win(e: dict[str, Any], q: Query) -> None:
    q.out.append((q.origin, e))


HANDLERS: dict[str, dict[str, Callable[[dict[str, Any], Query], None]]] = {
    "save": {"save": _save},
    "level": {"level": _level},
    "unarmed": {"unarmed": _unarmed, "grant_test": _unarmed_grants},
    "budget": {"budget": _budget},
    "budget_extra": {"budget": _budget_extra},
    "flag": {"flag": _flag},
    "immune": {"immune": _immune},
    "assailants": {"assailants": _assailants},
    "vitality": {"vitality": _vitality},
    "move": {"move": _move},
    "run_save": {"run_save": _run_save},
    "actions": {"actions": _actions},
    "weapon": {"weapon": _weapon},
    "grant_test": {"grant_test": _grant_test},
    "on_win": {"on_win": _on_win},
    "on_hit": {"on_win": _on_win, "on_hit": _on_win},
    "before_damage": {"before_damage": _on_win},
    "counter": {"counter": _on_win},
    "action": {"action": _on_win},
    "aura": {"aura": _on_win},
    "set_levels": {"power": _on_win},
    "add_levels": {"power": _on_win},
    "damage": {"power": _on_win},
    "heal": {"power": _on_win},
    "push": {"power": _on_win},
    "grant": {"power": _on_win},
    "aura_save": {"power": _on_win},
    "terrain": {"terrain": _raw},
    "leap": {"leap": _raw},
    "deploy": {"deploy": _raw},
}

# Effects the catalogue already describes whose rules are not built yet (issue 14): they
# are data today, and each gets its handler with the mechanic that needs it.
PENDING: frozenset[str] = frozenset()


def ask(f: Fighter, hook: str, sit: Situation = ANY) -> list[Any]:
    """Everything the figure's entries contribute to ``hook`` in this situation."""
    out: list[Any] = []
    for entry, param in f.entries():
        for e in entry.effects:
            fn = HANDLERS.get(e["do"], {}).get(hook)
            if fn is not None:
                q = Query(f, sit, param, entry.id)
                fn(e, q)
                out.extend(q.out)
    return out


def leap_pas(f: Fighter) -> float:
    """How far the figure may leap (Bondissant, a jet pack, Bond psi): 0 when it cannot."""
    return max((float(e["distance"]) for e in ask(f, "leap")), default=0.0)


def deploy_ahead(f: Fighter) -> float:
    """Pas ahead of its deployment zone the figure may start (Infiltration)."""
    return max((float(e["ahead"]) for e in ask(f, "deploy")), default=0.0)


def immune(f: Fighter) -> set[str]:
    return set(ask(f, "immune"))


def flags(f: Fighter, sit: Situation = ANY) -> set[str]:
    return set(ask(f, "flag", sit))


# ------------------------------------------------------------------ derived values
def vitality_track(f: Fighter) -> tuple[int, tuple[int, ...]]:
    """(vitality points, the points left at which each wound step starts): 1 and no steps
    for a plain figure; Personnage 3 (steps at 2 and 1); Enorme 6 (at 4 and 2)."""
    tracks = ask(f, "vitality")
    return max(tracks) if tracks else (1, ())


def wound_levels(f: Fighter, competence: str) -> int:
    """The wound track's malus (B-R30): Combat- from the first step, Tir- from the second."""
    _, steps = vitality_track(f)
    reached = sum(1 for s in steps if f.fig.vitality <= s and f.fig.vitality > 0)
    if competence == "combat":
        return -1 if reached >= 1 else 0
    if competence == "tir":
        return -1 if reached >= 2 else 0
    return 0


def damage_budget(f: Fighter) -> int:
    """Melee damage rolls allowed per turn (B-R28)."""
    got = ask(f, "budget")
    base = max([n for op, n in got if op == "set"], default=1)
    return base + sum(n for op, n in got if op == "add")


def assailants_free(f: Fighter) -> int:
    """Assailants a lone figure takes without the Combat- malus (B-R29)."""
    return max(ask(f, "assailants"), default=1)


def base_move(f: Fighter) -> int:
    """Base move in pas: 5, Lent 3, Rapide 8; Lourd one less."""
    got = ask(f, "move")
    base = next((v for op, v in got if op == "base"), 5)
    return base + sum(v for op, v in got if op == "delta")


def run_save(f: Fighter) -> int:
    """The save level a run gives against shots: Svg 2-, Svg- when Rapide."""
    return max(ask(f, "run_save"), default=-2)


def actions(f: Fighter) -> tuple[int, bool, int]:
    """(actions per turn, may repeat an action type, activations per turn)."""
    return max(ask(f, "actions"), default=(2, False, 1))


def attribute_level(f: Fighter, attribute: str) -> int | None:
    """The level of an attribute test (B-R19): the level printed on the profile, a weapon's
    or an upgrade's; the best when several give it; None when the figure cannot try it."""
    got: list[int] = []
    if attribute in f.attributes:
        p = f.attributes[attribute]
        got.append(int(p) if isinstance(p, int) else 0)
    for w in f.melee_weapons() + f.ranged_weapons():
        if attribute in w.tests:
            got.append(w.tests[attribute])
    got.extend(lvl for a, lvl in ask(f, "grant_test") if a == attribute)
    return max(got) if got else None
