"""Shooting: three range bands (p, 2p, 3p of a printed range 3p; +2, +1, +0), cover from the
hidden fraction (S-R14: over a third +2, over two thirds +4 to the target), aim (+2 to the
first shot after concentrating), camouflage (+2), reload (S-R16), and the shot roll: D20 +
Tir + bonuses against D20 + the target's Combat + cover. Only a strictly higher shooter's
total hits; the target never hurts the shooter and there is no mishap (S-R24).

Dice order: shooter's D20, target's D20, then the Bravoure tests of the target's friends
with line of sight after a horrible wound (state order)."""
from __future__ import annotations

from dataclasses import dataclass, replace

from game.core.state import Figure, GameState
from game.geometry.table import Table
from game.rulesets._shared import d20
from game.rulesets._shared.cover import Cover, CoverScale, cover
from game.rulesets._shared.engagement import engaged_with
from game.rulesets.swidenth import catalogue as cat_mod
from game.rulesets.swidenth import damage as D
from game.rulesets.swidenth import figures as F

COVER = CoverScale(((1 / 3, 2), (2 / 3, 4)), none=0)
LOW_COVER_MAX = 2        # what a piece lower than a figure (a low wall) gives at most


def soft_cover(table: Table) -> tuple[str, ...]:
    """Terrain that hides a target without blocking sight: woods and low walls (S-R14)."""
    return tuple(t.id for t in table.terrain if "cover" in t.tags and not t.blocks_sight)


def target_cover(table: Table, shooter: str, target, ignore=()) -> Cover:
    """The target's cover class against this shooter (figures, rocks, woods, low walls). A
    low wall hides a standing figure to the waist at most: hidden by low pieces alone, the
    target has the +2 class at most (S-R14)."""
    c = cover(table, shooter, target, COVER, ignore=ignore, soft=soft_cover(table))
    if c.klass > LOW_COVER_MAX and not c.figures and c.terrain:
        heights = {t.id: t.height for t in table.terrain}
        if all(0 < heights[tid] < F.PAS for tid in c.terrain):
            return replace(c, klass=LOW_COVER_MAX)
    return c
RANGE_BONUS = (2, 1, 0)            # short, medium, long
AIM_BONUS = 2
CAMOUFLAGE_BONUS = 2
CRIT_DAMAGE = 3
CRITS = d20.Crits()

# why a shot cannot be taken
NO_WEAPON, ENGAGED, IN_MELEE, OUT_OF_RANGE, UNSEEN, FRIEND_IN_WAY, UNLOADED = (
    "no_weapon", "engaged", "in_melee", "out_of_range", "unseen", "friend_in_way", "unloaded")


def range_band(distance_mm: float, range_pas: int, pas_mm: float = F.PAS) -> int | None:
    """0 short (up to p), 1 medium (up to 2p), 2 long (up to 3p), None beyond; p = range / 3."""
    p = range_pas / 3 * pas_mm
    for band in range(3):
        if distance_mm <= (band + 1) * p + 1e-6:
            return band
    return None


@dataclass(frozen=True)
class ShotPlan:
    refused: str | None
    weapon: str | None
    band: int | None = None
    cover: Cover | None = None
    att_mods: tuple[tuple[str, int], ...] = ()
    dfn_mods: tuple[tuple[str, int], ...] = ()
    damage: int = 0                  # the weapon's damage, added to the gap on a hit


def plan(state: GameState, table: Table, shooter: Figure, target: Figure, *, aimed: bool = False,
         catalogue: cat_mod.Catalogue | None = None) -> ShotPlan:
    """Whether the shot may be taken, and its modifiers, before any die."""
    cat = catalogue or cat_mod.load()
    w = cat_mod.ranged_weapon(cat, F.kit(shooter))
    if w is None:
        return ShotPlan(NO_WEAPON, None)
    if w.id in shooter.status.get("unloaded", ()):
        return ShotPlan(UNLOADED, w.id)
    if engaged_with(state, table, shooter, F.ENGAGE):
        return ShotPlan(ENGAGED, w.id)
    if any(f.side == shooter.side for f in engaged_with(state, table, target, F.ENGAGE)):
        return ShotPlan(IN_MELEE, w.id)
    band = range_band(table.distance(shooter.id, target.id), w.range)
    if band is None:
        return ShotPlan(OUT_OF_RANGE, w.id)
    c = target_cover(table, shooter.id, target.id)
    if not c.visible:
        return ShotPlan(UNSEEN, w.id, band, c)
    if any(state.figures[b].side == shooter.side for b in c.figures if b in state.figures):
        return ShotPlan(FRIEND_IN_WAY, w.id, band, c)
    att: list[tuple[str, int]] = [("tir", F.base_stat(shooter, "tir")), *F.stun_mods(shooter)]
    if RANGE_BONUS[band]:
        att.append(("range", RANGE_BONUS[band]))
    if aimed:
        att.append(("aim", AIM_BONUS))
    if shooter.status.get("camouflaged"):
        att.append(("camouflage", CAMOUFLAGE_BONUS))
    dfn: list[tuple[str, int]] = [("combat", F.base_stat(target, "combat")), *F.stun_mods(target)]
    if c.klass:
        dfn.append(("cover", c.klass))
    return ShotPlan(None, w.id, band, c, tuple(att), tuple(dfn), w.damage)


@dataclass(frozen=True)
class Shot:
    roll: d20.Opposed
    hit: bool
    damage: int
    harm: D.Harm | None
    recoil_option: bool
    tests: tuple[tuple[str, bool], ...] = ()


def resolve(ctx, state: GameState, table: Table, shooter: Figure, target: Figure, sp: ShotPlan, *,
            catalogue: cat_mod.Catalogue | None = None) -> Shot:
    """Roll an allowed shot and apply its harm; spend a one-use weapon, unload a crossbow."""
    if sp.refused is not None:
        raise ValueError(f"shot refused: {sp.refused}")
    cat = catalogue or cat_mod.load()
    w = cat.weapons[sp.weapon]
    roll = d20.roll_opposed(ctx, "shot", shooter.id, target.id, sp.att_mods, sp.dfn_mods, crits=CRITS)
    if w.one_use:
        F.kit(shooter).remove(w.id)
    if w.reload:
        shooter.status.setdefault("unloaded", []).append(w.id)
    if roll.winner != "att":
        return Shot(roll, False, 0, None, False)
    dmg = roll.gap + sp.damage + (CRIT_DAMAGE if roll.crit else 0)
    h = D.harm(dmg, F.base_stat(target, "defense"), target.vitality)
    D.inflict(target, h, state.turn)
    tests: tuple[tuple[str, bool], ...] = ()
    if h.horrible:
        friends = [f for f in state.figures.values()
                   if f.side == target.side and f.id != target.id and not f.out
                   and table.can_see(f.id, target.id)]
        tests = tuple(D.horrible_tests(ctx, friends, D.HORRIBLE_SHOT_DIFFICULTY, state.turn).items())
    return Shot(roll, True, dmg, h, h.band == D.RECOIL, tests)


def reload(shooter: Figure) -> bool:
    """The reload preparation (S-R16): True when something was reloaded."""
    had = bool(shooter.status.get("unloaded"))
    shooter.status["unloaded"] = []
    return had
