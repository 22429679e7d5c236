"""Shots: only V and A, a weapon's ranges and ammunition, the five shot kinds.

- Flash (1 PA, V or A): deals the characteristic or the weapon's damage halved (rounded up);
  no effect; an RC adds nothing.
- Basic (2 PA, A + A), moving (2 PA, V + V), standard (2 PA, A + V; ECs on 1-3; the defender
  must commit its lower of A and V): deal the characteristic or the weapon's damage; one
  effect of the characteristics used.
- Precise (3 PA, A + A + V or V + V + A): two effects; ignores the range and height maluses.
- A shooter's EC range is 1-2 (1-3 for the standard shot); any RC doubles the damage of a
  shot other than a flash one, however many RCs.
- Ranges "S / L" in toises, from base to target: under S short (+1 damage; the crossbow +2),
  S to L effective, over L long (-3), and no shot at all past L for a weapon marked "-".
  Range modifiers come after everything else; damage never below 0.
- A shooter engaged in melee cannot shoot. A defence against a shot never deals damage.
- Ammunition: a weapon without reload cost spends one shot of its stock per shot, hit or
  miss; one with a reload cost ticks a cadence box per shot and must reload (its PA) once all
  are ticked, with unlimited ammunition.
- The A effect gives a free flash shot; the V effect moves V/2 (VV: V).
"""
from __future__ import annotations

from dataclasses import dataclass
from math import ceil

from game.core.events import CombatResolved
from game.rulesets._shared.nd10 import ND10Roll

from .armour import absorb, wound
from .attacks import extra_attacks, free_move
from .defence import Decide, DefenceBuild, Incoming, defend
from .dice import action_roll
from .fighter import Fighter
from .moves import action_cost, spend
from .states import may_act

SHOTS = {"flash": ((("V",), ("A",)), 1), "basic": ((("A", "A"),), 2), "moving": ((("V", "V"),), 2),
         "standard": ((("A", "V"),), 2), "precise": ((("A", "A", "V"), ("V", "V", "A")), 3)}
LONG_MALUS = -3


@dataclass(frozen=True)
class RangedWeapon:
    id: str
    damage: int
    short: float                 # toises
    long: float
    limit: bool = False          # "S / L / -": no shot past L
    short_bonus: int = 1         # the crossbow: 2
    ammo: int | None = None      # stock (None: unlimited or cadence)
    cadence: int | None = None   # boxes before a reload
    reload: int = 0              # PA to reload
    bow: bool = False            # Maître archer


@dataclass(frozen=True)
class ShotBuild:
    kind: str
    chars: tuple[str, ...]
    damage: str = "weapon"       # "A", "V" or "weapon"
    effects: tuple[str, ...] = ()

    @property
    def pa(self) -> int:
        return SHOTS[self.kind][1]


def band(w: RangedWeapon, toises: float) -> str | None:
    """"short", "effective", "long", or None when out of range."""
    if toises < w.short:
        return "short"
    if toises <= w.long:
        return "effective"
    return None if w.limit else "long"


def check_shot(f: Fighter, w: RangedWeapon, build: ShotBuild, toises: float, engaged: bool) -> str | None:
    if engaged:
        return "engaged"
    if not may_act(f) or f.status.get("down"):
        return "cannot act"
    if build.kind not in SHOTS or tuple(build.chars) not in SHOTS[build.kind][0]:
        return "chars"
    if build.damage != "weapon" and build.damage not in build.chars:
        return "damage"
    n = 0 if build.kind == "flash" else build.pa - 1
    if len(build.effects) > n or any(build.effects.count(e) > build.chars.count(e) for e in build.effects):
        return "effects"
    if band(w, toises) is None:
        return "range"
    if not ammo_ready(f, w):
        return "ammo"
    if action_cost(f, build.pa) > f.pa:
        return "pa"
    return None


def ammo_ready(f: Fighter, w: RangedWeapon) -> bool:
    if w.cadence is not None:
        return int(f.status.get("cadence", {}).get(w.id, 0)) < w.cadence
    if w.ammo is not None:
        return int(f.status.get("ammo_spent", {}).get(w.id, 0)) < w.ammo
    return True


def use_ammo(f: Fighter, w: RangedWeapon) -> None:
    key = "cadence" if w.cadence is not None else ("ammo_spent" if w.ammo is not None else None)
    if key:
        box = f.status.setdefault(key, {})
        box[w.id] = int(box.get(w.id, 0)) + 1


def reload(f: Fighter, w: RangedWeapon) -> None:
    """Pay the reload PA and clear the cadence boxes (allowed before they are all ticked)."""
    spend(f, action_cost(f, w.reload))
    f.status.setdefault("cadence", {})[w.id] = 0


def shot_damage(f: Fighter, w: RangedWeapon, build: ShotBuild, where: str, rc: bool) -> tuple[int, int]:
    """(base, critical) damage of a hit: an RC doubles the value (the second half is the
    critical part, which armour never stops, K-R48); the range modifier comes last, on the
    base first; the total never below 0."""
    value = w.damage if build.damage == "weapon" else f.char(build.damage)
    if w.bow and f.has("maitre_archer"):
        value += 1
    if build.kind == "flash":
        value, rc = ceil(value / 2), False
    rng = w.short_bonus if where == "short" else (LONG_MALUS if where == "long" and build.kind != "precise" else 0)
    total = max(0, value * (2 if rc else 1) + rng)
    crit = min(value if rc else 0, total)
    return total - crit, crit


def shot_crit_kind(build: ShotBuild) -> str:
    return "standard_shot" if build.kind == "standard" else "shot"


@dataclass
class ShotResult:
    attack: ND10Roll
    defence: ND10Roll | None = None
    chosen: DefenceBuild | None = None
    hit: bool = False
    taken: int = 0
    move: float = 0.0            # the shooter's V effect, toises
    flash_shots: int = 0         # the A effect's free flash shots


# ---------------------------------------------------------------- builds as action values
def shot_code(b: ShotBuild) -> str:
    """``"<kind>/<chars>/<damage>/<effects>"``, e.g. ``"standard/AV/weapon/A"``."""
    return f"{b.kind}/{''.join(b.chars)}/{b.damage}/{''.join(b.effects)}"


def shot_build(code: str) -> ShotBuild:
    kind, chars, damage, effects = str(code).split("/")
    return ShotBuild(kind, tuple(chars), damage, tuple(effects))


def _effect_sets(chars: tuple[str, ...], n: int) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = [()]
    for k in range(1, n + 1):
        for combo in sorted({tuple(sorted(c)) for c in _combos(chars, k)}):
            if all(combo.count(e) <= chars.count(e) for e in combo):
                out.append(combo)
    return out


def _combos(chars: tuple[str, ...], k: int):
    from itertools import combinations_with_replacement

    return combinations_with_replacement(sorted(set(chars)), k)


def builds(kinds: tuple[str, ...] = tuple(SHOTS)) -> list[ShotBuild]:
    """Every shot build: each kind's characteristics, damage (the weapon's or one used)
    and effects (none for the flash shot; one for the 2-PA shots; two for the precise)."""
    out = []
    for kind in kinds:
        options, pa = SHOTS[kind]
        for chars in options:
            n = 0 if kind == "flash" else pa - 1
            for dmg in ("weapon", *sorted(set(chars))):
                for eff in _effect_sets(chars, n):
                    out.append(ShotBuild(kind, chars, dmg, eff))
    return out


ALL_CODES = tuple(shot_code(b) for b in builds())
FLASH_CODES = tuple(c for c in ALL_CODES if c.startswith("flash/"))


def shot_codes(f: Fighter, most_pa: int | None = None, flash_only: bool = False) -> list[str]:
    """The shot builds the figure can pay now (``most_pa``: PA it may spend)."""
    budget = f.pa if most_pa is None else most_pa
    return [c for c in (FLASH_CODES if flash_only else ALL_CODES)
            if action_cost(f, SHOTS[c.split("/", 1)[0]][1]) <= budget]


def hit_effects(ctx, f: Fighter, target: Fighter, w: RangedWeapon, build: ShotBuild, where: str,
                rc: bool) -> tuple[int, float, int]:
    """A shot that got through: damage through armour (the critical part unstopped), and
    the shooter's effects: (hit points taken, free move in toises, free flash shots)."""
    base, crit = shot_damage(f, w, build, where, rc)
    dealt = absorb(ctx, target, base, crit, by=f.id)
    wound(ctx, target, dealt.taken, by=f.id)
    return dealt.taken, free_move(f, build.effects.count("V")), extra_attacks(build.effects.count("A"))


def shoot(ctx, f: Fighter, target: Fighter, w: RangedWeapon, build: ShotBuild, toises: float,
          decide: Decide, *, engaged: bool = False, cover: int = 0, reroll_below: int | None = None,
          free: bool = False) -> ShotResult:
    """One shot (``free``: the A effect's flash shot, no PA): pay, spend the ammunition, roll
    (shooting domain), the target defends (cover adds to its total), damage through armour."""
    why = check_shot(f, w, build, toises, engaged)
    if why and not (free and why == "pa"):
        raise ValueError(f"shot not allowed ({why})")
    if not free:
        spend(f, action_cost(f, build.pa))
    use_ammo(f, w)
    where = band(w, toises)
    aroll = action_roll(ctx, f, "shot", "shooting", [(c, f.char(c)) for c in build.chars],
                        reroll_below=reroll_below, shot=shot_crit_kind(build), against=target.id)
    out = ShotResult(aroll)
    if not aroll.ec:
        inc = Incoming(build.chars, tuple(f.char(c) for c in build.chars), build.pa,
                       max_chars=2 if free else 3, shot=True, in_reach=False,
                       lowest_av=build.kind == "standard")
        d = defend(ctx, target, f.id, aroll, inc, decide, cover=cover)
        out.defence, out.chosen, out.hit = d.roll, d.chosen, d.hit
    ctx.emit(CombatResolved(attackers=(f.id,), defender=target.id, hits_attack=int(out.hit), hits_defence=0,
                            winner="attack" if out.hit else "defence"))
    if out.hit:
        out.taken, out.move, out.flash_shots = hit_effects(ctx, f, target, w, build, where, aroll.rc)
    return out


# ---------------------------------------------------------------- cover (K-R1)

COVER_MIN = 0.5          # toises: lower scenery gives no cover


def cover_stature(height: float) -> int:
    """Scenery on the stature scale: twice its height in toises, rounded down (0: too low)."""
    return int(2 * height) if height > COVER_MIN else 0


def cover_bonus(target_stature: int, covers: list[int]) -> int:
    """The target's defence bonus from the best cover between it and the shooter (each cover
    a stature: scenery through ``cover_stature``, a figure in the way or the tallest other
    fighter of the target's melee by its own): +3 when the cover reaches the target's
    stature, +2 one short, +1 two short, else 0."""
    best = 0
    for h in covers:
        if h <= 0:
            continue
        short = target_stature - h
        best = max(best, 3 if short <= 0 else {1: 2, 2: 1}.get(short, 0))
    return best
