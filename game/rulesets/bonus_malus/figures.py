"""Bonus / Malus figures on the table: a ``Figure`` whose ``status`` carries its profile
(competence levels, attributes with their parameter, equipment, kind), built from a profile
of the scenario data, and the ``Fighter`` the rules core reads, sharing that figure (so what
a rule writes in ``fighter.status`` is the figure's own state).

Per-turn status keys (reset at each turn's end, ``new_turn``): ``damage_rolls``,
``stunned``, ``set_levels``, ``turn_levels``, ``turn_saves``, ``spent`` (actions used this
turn), ``done`` (the kinds of those actions), ``activations``. ``ran``, ``crawled`` and
``move_saves`` (a zig-zag's save) last until the figure's next activation; ``down`` until
it stands up; ``aimed`` until its next action; ``alert`` (Gardien) until used or its next
activation, ``reacting`` while its side answers as guardian; ``faced``: the enemies in
contact when its controller last chose whom to face."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core.state import Figure, GameState
from game.core.text import t
from game.geometry.table import Table

from .auras import aura_mods
from .catalogue import Catalogue, catalogue
from .effects import actions, vitality_track
from .fighter import COMPETENCES, Fighter
from .loadout import problems

PAS = 25.0                      # mm per pas
BASE_MM = 25.0                  # a round base one pas across
CONTACT_MM = 0.5                # edge gap that still counts as base to base
PER_TURN = ("damage_rolls", "stunned", "set_levels", "turn_levels", "turn_saves", "spent",
            "done", "activations", "granted", "loud")


def validate(profile: Mapping[str, Any], cat: Catalogue, where: str) -> None:
    """Every id of a profile exists in the catalogue (ValueError naming ``where``)."""
    for comp in profile.get("competences") or {}:
        if comp not in COMPETENCES:
            raise ValueError(f"{where}: unknown competence {comp!r} (expected one of {', '.join(COMPETENCES)})")
    for aid in profile.get("attributes") or {}:
        if aid not in cat.entries or cat[aid].section not in ("attributes", "powers"):
            raise ValueError(f"{where}: unknown attribute or power {aid!r}")
    for eid in profile.get("equipment") or ():
        if eid not in cat.entries or cat[eid].section in ("attributes", "powers"):
            raise ValueError(f"{where}: unknown equipment {eid!r}")
    wrong = problems(profile.get("equipment") or (), profile.get("attributes") or {}, cat)
    if wrong:
        raise ValueError(f"{where}: " + "; ".join(t(k, "en", **a) for k, a in wrong))


def make(fid: str, side: int, x: float, y: float, profile_id: str, profile: Mapping[str, Any], *,
         facing: float = 0.0, cat: Catalogue | None = None) -> Figure:
    """A figure of a profile (``competences``, ``attributes``, ``equipment``, ``kind``,
    ``name``), its vitality from its wound track."""
    cat = cat or catalogue()
    validate(profile, cat, f"profile {profile_id}")
    fig = Figure(id=fid, side=side, profile=profile_id, name=fid, x=x, y=y, size=BASE_MM,
                 facing=facing,
                 status={"competences": {k: int(v) for k, v in (profile.get("competences") or {}).items()},
                         "attributes": dict(profile.get("attributes") or {}),
                         "equipment": list(profile.get("equipment") or ()),
                         "kind": str(profile.get("kind", "humain")),
                         "label": dict(profile.get("name") or {})})
    points = vitality_track(fighter(fig, cat))[0]
    fig.vitality = fig.max_vitality = points
    return fig


def fighter(fig: Figure, cat: Catalogue | None = None) -> Fighter:
    """The rules core's view of a table figure (sharing its status)."""
    st = fig.status
    return Fighter(fig, dict(st.get("competences", {})), dict(st.get("attributes", {})),
                   tuple(st.get("equipment", ())), str(st.get("kind", "humain")),
                   dict(st.get("equipment_params", {})), cat or catalogue())


def sync(f: Fighter) -> None:
    """Write back what a rule changed on the fighter's profile (a weapon broken)."""
    f.fig.status["equipment"] = list(f.equipment)


def allowance(fig: Figure) -> tuple[int, bool, int]:
    """(actions per turn, repeats allowed, activations per turn)."""
    return actions(fighter(fig))


def actions_left(fig: Figure) -> int:
    return allowance(fig)[0] - int(fig.status.get("spent", 0))


def can_activate(fig: Figure) -> bool:
    """Still to play this turn: in play, not stunned, actions left and an activation left."""
    if fig.out or fig.status.get("stunned"):
        return False
    total, _, times = allowance(fig)
    return int(fig.status.get("spent", 0)) < total and int(fig.status.get("activations", 0)) < times


def new_turn(fig: Figure) -> None:
    for key in PER_TURN:
        fig.status.pop(key, None)


def powers(fig: Figure, cat: Catalogue | None = None) -> list[str]:
    cat = cat or catalogue()
    return [a for a in fig.status.get("attributes", {}) if cat[a].section == "powers"]


def aura(state: GameState, table: Table, fig: Figure, competence: str) -> tuple[tuple[str, int], ...]:
    """Level modifiers the figure's band lends it on this competence (B-R35)."""
    band = [fighter(o) for o in state.figures_of(fig.side)]
    return aura_mods(fighter(fig), band, competence,
                     lambda a, b: table.distance(a.id, b.id) / PAS)
