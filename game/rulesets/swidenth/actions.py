"""An activation's two actions (S-R1): a preparation first (move, concentrate, reload or
nothing), then a deed (run after a move, shoot, fight when engaged, cast for casters, pick
up a dropped item, or skip). Movement stops on engaging (S-R6) and an engaged figure cannot
move. A charge is a fight against an enemy the preparation move engaged."""
from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from game.core.state import Figure, GameState
from game.geometry.table import Table
from game.rulesets._shared.engagement import engaged_with, zone_stop
from game.rulesets.swidenth import catalogue as cat_mod
from game.rulesets.swidenth import figures as F

MOVE, CONCENTRATE, RELOAD, NOTHING = "move", "concentrate", "reload", "nothing"
RUN, SHOOT, FIGHT, CAST, PICK_UP, CAMOUFLAGE, SKIP = (
    "run", "shoot", "fight", "cast", "pick_up", "camouflage", "skip")
PREPARATIONS = (MOVE, CONCENTRATE, RELOAD, NOTHING)
DEEDS = (RUN, SHOOT, FIGHT, CAST, PICK_UP, CAMOUFLAGE, SKIP)
COVER_TAGS = ("cover", "blocks_sight")

Point2 = tuple[float, float]


def engaged(state: GameState, table: Table, fig: Figure) -> list[Figure]:
    return engaged_with(state, table, fig, F.ENGAGE)


def preparations(state: GameState, table: Table, fig: Figure) -> list[str]:
    """The preparations open to the figure: no move while engaged, reload only with an
    unloaded weapon."""
    out = [] if engaged(state, table, fig) else [MOVE]
    out.append(CONCENTRATE)
    if fig.status.get("unloaded"):
        out.append(RELOAD)
    return [*out, NOTHING]


def deeds(state: GameState, table: Table, fig: Figure, prepared: str, *,
          catalogue: cat_mod.Catalogue | None = None) -> list[str]:
    """The deeds open after ``prepared``: run only after a move; fight only when engaged;
    shoot only with a loaded ranged weapon and not engaged; pick up only free of enemies."""
    if prepared not in PREPARATIONS:
        raise ValueError(f"not a preparation: {prepared}")
    cat = catalogue or cat_mod.load()
    foes = engaged(state, table, fig)
    out = []
    if prepared == MOVE and not foes:
        out.append(RUN)
    w = cat_mod.ranged_weapon(cat, F.kit(fig))
    if w is not None and not foes and w.id not in fig.status.get("unloaded", ()):
        out.append(SHOOT)
    if foes:
        out.append(FIGHT)
    if fig.status.get("caster"):
        out.append(CAST)
    if fig.status.get("dropped") and not foes:
        out.append(PICK_UP)
    if not foes and not fig.status.get("camouflaged") and cover_in_contact(table, fig):
        out.append(CAMOUFLAGE)
    return [*out, SKIP]


def cover_in_contact(table: Table, fig: Figure) -> list[str]:
    """Terrain giving cover that the figure's base touches (S-R15)."""
    return [t for t in table.terrain_in_contact(fig.id)
            if any(tag in table.terrain_by_id[t].tags for tag in COVER_TAGS)]


def camouflage(table: Table, fig: Figure) -> bool:
    """The camouflage deed (S-R15): it holds until the figure moves."""
    if not cover_in_contact(table, fig):
        return False
    fig.status["camouflaged"] = True
    return True


def move_allowance(fig: Figure) -> float:
    """A preparation move in mm (Mouv, armour included)."""
    return F.base_stat(fig, "mouv") * F.PAS


def run_allowance(fig: Figure) -> float:
    """The run deed after a move: half of Mouv more, in mm."""
    return F.base_stat(fig, "mouv") * F.PAS / 2


@dataclass(frozen=True)
class Moved:
    path: tuple[Point2, ...]      # the part followed (its last point is where the figure is)
    engaged: tuple[str, ...]      # enemies it engaged by stopping (empty: not stopped)


def move(state: GameState, table: Table, fig: Figure, path: Sequence[Point2]) -> Moved:
    """Follow ``path`` (points after the figure's position) until it comes within 0.5 pas
    of an enemy it was not engaged with; refuse to move an engaged figure (S-R6)."""
    if engaged(state, table, fig):
        raise ValueError(f"{fig.id} is engaged and cannot move")
    stop = zone_stop(state, table, fig, path, F.ENGAGE)
    if stop.path:
        fig.x, fig.y = stop.path[-1]
        fig.status.pop("camouflaged", None)
    return Moved(stop.path, stop.entered)


def is_charge(prepared: str, engaged_by_move: Collection[str], target: str) -> bool:
    """A fight after a preparation move that engaged that very enemy is a charge."""
    return prepared == MOVE and target in engaged_by_move


def pick_up(fig: Figure, catalogue: cat_mod.Catalogue | None = None) -> str | None:
    """Pick up the last dropped item (S-R10): it is held again (a shield counts again)."""
    cat = catalogue or cat_mod.load()
    dropped = fig.status.get("dropped") or []
    if not dropped:
        return None
    item = dropped.pop()
    F.kit(fig).append(item)
    if item in cat.armour:
        fig.status["stats"]["defense"] += cat.armour[item].defense
    return item
