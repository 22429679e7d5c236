"""Shooting: who may be targeted, range bands, every modifier of the summary table, rolling
P dice on T+, saves and damage; thrown weapons are lost once used."""
from __future__ import annotations

from game.core.context import RuleContext
from game.core.errors import Refusal
from game.core.events import StatusChanged
from game.core.state import Figure, GameState
from game.rulesets.evenor import stats, wounds
from game.rulesets.evenor.stats import PAS


def band(weapon, distance: float) -> str | None:
    """Range band of an edge-to-edge distance: short, medium, long or None (out of range)."""
    x, y, z = (r * PAS for r in weapon.range)
    if distance <= x + 1e-6:
        return "short"
    if distance <= y + 1e-6:
        return "medium"
    if distance <= z + 1e-6:
        return "long"
    return None


def targetable(state: GameState, table, shooter: Figure, target: Figure, *,
               ignore_range: bool = False, weapon_idx: int | None = None) -> Refusal | None:
    """Can ``shooter`` shoot ``target`` now? (range is skipped for counter-charge shots)."""
    if stats.profile(shooter).T is None or not stats.ranged_weapons(shooter):
        return Refusal("refused.no_ranged_weapon")
    if target.out or target.side == shooter.side:
        return Refusal("refused.bad_target", {"target": target.name})
    if target.status.get("hidden"):
        return Refusal("refused.target_hidden", {"target": target.name})
    if stats.engaged_with(state, table, shooter):
        return Refusal("refused.shooter_engaged")
    if stats.engaged_with(state, table, target):
        return Refusal("refused.target_engaged", {"target": target.name})
    sight = table.sight(shooter.id, target.id)
    if not sight.visible:
        return Refusal("refused.no_line_of_sight", {"target": target.name})
    if sight.figure_blockers:
        return Refusal("refused.hidden_by_figure", {"target": target.name})
    if not ignore_range:
        d = table.distance(shooter.id, target.id)
        weapons = stats.ranged_weapons(shooter)
        if weapon_idx is not None:
            weapons = [(i, w) for i, w in weapons if i == weapon_idx]
        if not any(band(w, d) for _, w in weapons):
            return Refusal("refused.out_of_range", {"target": target.name,
                                                    "distance": round(d / PAS, 1)})
    return None


def weapons_in_range(state: GameState, table, shooter: Figure, target: Figure) -> list[int]:
    d = table.distance(shooter.id, target.id)
    return [i for i, w in stats.ranged_weapons(shooter) if band(w, d)]


def threshold(state: GameState, table, shooter: Figure, target: Figure, weapon, *,
              moving: bool = False, aimed: bool = False, countercharge: bool = False,
              extra: tuple[tuple[str, int], ...] = ()) -> tuple[int, list[tuple[str, int]]]:
    """The shot's X+ and the list of modifiers that made it."""
    mods: list[tuple[str, int]] = []
    if countercharge:
        mods.append(("short_range", -1))
    else:
        b = band(weapon, table.distance(shooter.id, target.id))
        if b == "short":
            mods.append(("short_range", -1))
        elif b == "long":
            mods.append(("long_range", 1))
    sight = table.sight(shooter.id, target.id)
    cover = cover_against(state, target, shooter)
    in_cover = bool(cover) and any(c in sight.terrain_blockers for c in cover)
    if in_cover:
        mods.append(("cover", 2))  # includes being concealed
    elif sight.hidden_fraction > 0.5:
        mods.append(("concealed", 1))
    if target.status.get("prone"):
        mods.append(("prone", 1))
    if moving:
        mods.append(("moving", 1))
    if aimed:
        mods.append(("aimed", -2))
    if stats.has(target, "grande_cible"):
        mods.append(("large_target", -1))
    if stats.has(target, "esquive"):
        mods.append(("dodge", 1))
    if stats.has(target, "insaisissable") or stats.has(target, "furtif"):
        mods.append(("elusive", 2))
    if stats.turn_flag(state, shooter, "blessed"):
        mods.append(("blessed", -1))
    mods.extend(extra)
    return stats.clamp(stats.profile(shooter).T + sum(m for _, m in mods)), mods


def activation_key(state: GameState) -> list:
    """Which activation is under way: the turn and the figure that started it."""
    return [state.turn, state.activation["leader"] if state.activation else None]


def cover_against(state: GameState, target: Figure, shooter: Figure) -> list[str]:
    """Cover pieces that count for ``target`` against ``shooter``: cover taken as an action
    (until it moves), and cover taken in reaction to this shooter during this activation."""
    pieces = list(target.status.get("cover") or [])
    vs = target.status.get("cover_vs")
    if vs and vs.get("shooter") == shooter.id and vs.get("when") == activation_key(state):
        pieces.extend(vs.get("pieces") or [])
    return pieces


def roll_shot(ctx: RuleContext, state: GameState, shooter: Figure, target: Figure,
              weapon_idx: int, target_number: int, mods) -> int:
    """Roll the weapon's P dice; an enchanted weapon re-rolls one miss. Returns hits."""
    weapon = stats.profile(shooter).weapons[weapon_idx]
    power = weapon.power
    if stats.has(target, "ethere") and not weapon.enchanted:
        power = 0
    faces = ctx.roll(shooter.id, "shoot", power, target=target_number, mods=tuple(mods),
                     against=target.id) if power else []
    hits = sum(1 for f in faces if f >= target_number)
    if weapon.enchanted and any(f < target_number for f in faces):
        face = ctx.roll(shooter.id, "reroll", 1, target=target_number, against=target.id)[0]
        hits += 1 if face >= target_number else 0
    if weapon.thrown:
        shooter.status.setdefault("thrown", []).append(weapon_idx)
        ctx.emit(StatusChanged(figure=shooter.id, status="weapon_lost", value=weapon.name))
    shooter.status.pop("hidden", None)
    return hits


def damage(ctx: RuleContext, state: GameState, target: Figure, hits: int, by: str) -> None:
    unsaved = wounds.roll_saves(ctx, state, target, hits)
    wounds.damage_rolls(ctx, state, target, unsaved, by)


def shoot(ctx: RuleContext, state: GameState, shooter: Figure, target: Figure, weapon_idx: int,
          **kw) -> None:
    """A whole shot, rolled and applied (no reaction involved)."""
    table = ctx.table
    weapon = stats.profile(shooter).weapons[weapon_idx]
    t, mods = threshold(state, table, shooter, target, weapon, **kw)
    hits = roll_shot(ctx, state, shooter, target, weapon_idx, t, mods)
    damage(ctx, state, target, hits, shooter.id)


def best_weapon(state: GameState, table, shooter: Figure, target: Figure) -> int | None:
    """For reactions: the first ranged weapon that reaches (any, for counter-charge shots)."""
    idx = weapons_in_range(state, table, shooter, target)
    if idx:
        return idx[0]
    return None
