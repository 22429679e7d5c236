"""Psi powers (the document's "Force" powers, renamed, B-R25): one action, a Psi test (4+)
at the caster's Psi level, within the power's range; a target holding a counter the power
allows answers at once for free (B-R15): it rolls at its counter's level and, beating the
caster's score, cancels the power (blade parry, only with an energy blade in hand) or turns
it back on the caster (Psi duel). Effects are catalogue data: levels set or added for the
turn (B-R26), a damage roll (B-R14 for the psi arc), a push and knock-down, healing, a
granted attribute."""
from __future__ import annotations

from dataclasses import dataclass, field

from game.rulesets._shared.keep import TEST_THRESHOLD, KeepRoll, roll_level

from .damage import Damage, damage_roll
from .effects import WHEN, Situation, ask, attribute_level, flags
from .fighter import Fighter
from .levels import level
from .saves import Attack


@dataclass
class Cast:
    test: KeepRoll | None
    counter: KeepRoll | None = None
    countered_by: str | None = None
    affected: str | None = None           # who the effects landed on
    damage: Damage | None = None
    push: float = 0.0
    states: list[str] = field(default_factory=list)
    aura: tuple[float, int] | None = None   # (radius in pas, save level) for the caster's friends


def can_cast(caster: Fighter, power: str) -> bool:
    """Only a Psi-sensitive figure with the power on its profile."""
    return "psi" in flags(caster) and power in caster.attributes


def cast(ctx, caster: Fighter, target: Fighter, power: str, distance: float) -> Cast:
    entry = caster.cat[power]
    if not can_cast(caster, power):
        raise ValueError(f"{caster.id} cannot use {power}")
    if distance > float(entry.get("range", 0)) + 1e-9:
        raise ValueError(f"{power}: out of range ({distance} > {entry.get('range')})")
    base, mods = level(caster, "psi")
    test = roll_level(ctx, caster.id, power, base, mods=mods, threshold=TEST_THRESHOLD, against=target.id)
    out = Cast(test)
    if not test.success:
        return out
    victim, source = target, caster
    for origin, e in ask(target, "counter"):
        if origin not in entry.get("counter", ()):
            continue
        if e.get("needs") and not WHEN[e["needs"]](target, Situation(), None):
            continue
        lvl = attribute_level(target, origin)
        out.counter = roll_level(ctx, target.id, origin, 0 if lvl is None else lvl, against=caster.id)
        if out.counter.value > test.value:
            out.countered_by = origin
            if not e.get("turns_back"):
                return out
            victim, source = caster, target
        break
    out.affected = victim.id
    for e in entry.effects:
        _EFFECTS[e["do"]](ctx, source, victim, e, out)
    return out


def _set_levels(ctx, source: Fighter, victim: Fighter, e: dict, out: Cast) -> None:
    victim.status.setdefault("set_levels", {}).update({k: int(v) for k, v in e["levels"].items()})


def _add_levels(ctx, source: Fighter, victim: Fighter, e: dict, out: Cast) -> None:
    turn = victim.status.setdefault("turn_levels", {})
    for k, v in e["levels"].items():
        turn[k] = int(turn.get(k, 0)) + int(v)


def _damage(ctx, source: Fighter, victim: Fighter, e: dict, out: Cast) -> None:
    attack = Attack("power", source.fig.pos, int(e.get("pierce", 0)))
    out.damage = damage_roll(ctx, source, victim, int(e["level"]), attack)


def _push(ctx, source: Fighter, victim: Fighter, e: dict, out: Cast) -> None:
    out.push = float(e["distance"])
    if e.get("state"):
        victim.status[e["state"]] = True
        out.states.append(e["state"])


def _heal(ctx, source: Fighter, victim: Fighter, e: dict, out: Cast) -> None:
    victim.fig.vitality = victim.fig.max_vitality


def _grant(ctx, source: Fighter, victim: Fighter, e: dict, out: Cast) -> None:
    victim.status.setdefault("granted", []).append(e["attribute"])


def _aura_save(ctx, source: Fighter, victim: Fighter, e: dict, out: Cast) -> None:
    """Méditation de combat: a save for the friends around; the table applies it."""
    out.aura = (float(e["radius"]), int(e["level"]))


_EFFECTS = {"set_levels": _set_levels, "add_levels": _add_levels, "damage": _damage,
            "push": _push, "heal": _heal, "grant": _grant, "aura_save": _aura_save}
