"""Spells as data (the catalogue's ``spells:``, K-R90) and what a worked spell does.

- ``spell(sid)``: the catalogue's card; ``known(f)``: the spells a magician may cast (its
  generic ones and its grimoire's, K-R90), ``path_of``: the path a spell belongs to.
- Ranges and areas (K-R92): a range is measured from the caster's centre to the nearest
  point of the target's base ("aura": the caster's I in toises, as the book's aura); an area
  touches every figure whose base meets the circle around the figure chosen as its centre.
- Effects (``apply_effect``): each step of the chosen effect goes to a small handler:
  ``damage`` (hit points, no armour roll, K-R93), ``heal``, ``state`` (stunned, knocked out,
  on the ground, frostbite, bleeding X), ``char`` (a characteristic raised or lowered while the
  spell lasts), ``rally`` (the fears and pending morale failures lifted, no terror while it
  lasts), ``dread`` (the caster causes effroi X while it lasts). Lasting ones sit in the
  target's ``status["spells"]`` and end at the caster's next activation (``expire``).
"""
from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from game.core.events import Note, StatusChanged
from game.core.state import GameState

from .armour import wound
from .fighter import TOISE, Fighter
from .states import add_bleeding, heal, set_state

CODE_SEP = "/"


def catalogue_spells() -> dict[str, Any]:
    from .schema import catalogue

    return catalogue().spells


def spell(sid: str):
    return catalogue_spells()[sid]


def known(f: Fighter) -> list[str]:
    """The spells the figure may cast: a magician's generic ones and its grimoire's, the
    one its band bought (``status["grimoire"]``, K-R130) in place of its card's; with
    Affinité or Archimage a grimoire may hold other paths' spells (unknown ids skipped)."""
    if not f.has("magicien"):
        return []
    table = catalogue_spells()
    own = [s for s in f.profile.spells if s in table]
    bought = f.status.get("grimoire")
    if bought is not None:
        own = [s for s in own if table[s].path is None] + [s for s in bought if s in table]
    return own


def path_of(sid: str) -> str:
    return spell(sid).path or ""


def code(sid: str, effect: int, pa: int) -> str:
    """An action value: the spell, the index of its effect, the PA of the incantation."""
    return f"{sid}{CODE_SEP}{effect}{CODE_SEP}{pa}"


def parse(value: str) -> tuple[str, int, int]:
    sid, effect, pa = str(value).split(CODE_SEP)
    return sid, int(effect), int(pa)


def range_of(f: Fighter, sid: str) -> float:
    """The spell's range in toises (its aura: the caster's I)."""
    r = spell(sid).range
    return float(f.char("I")) if r == "aura" else float(r)


def reach_to(f: Fighter, other: Fighter) -> float:
    """Toises from the caster's centre to the nearest point of the other's base."""
    return max(0.0, (math.dist(f.fig.pos, other.fig.pos) - other.fig.radius) / TOISE)


def in_area(centre: Fighter, other: Fighter, radius: float) -> bool:
    return (math.dist(centre.fig.pos, other.fig.pos) - other.fig.radius) / TOISE <= radius + 1e-6


def area_members(sid: str, caster: Fighter, centre: Fighter, everyone: dict[str, Fighter]) -> list[str]:
    """The figures an area spell centred on ``centre`` touches (its ``affects``)."""
    sp = spell(sid)
    out = []
    for o in everyone.values():
        if o.fig.out or o.status.get("carcass") or not in_area(centre, o, float(sp.area or 0)):
            continue
        friend = o.fig.side == caster.fig.side
        if sp.affects == "all" or (sp.affects == "friends") == friend:
            out.append(o.id)
    return out


# ------------------------------------------------------------------ effects
def _lasting(target: Fighter, sid: str, caster: Fighter, **what) -> None:
    target.status.setdefault("spells", []).append({"spell": sid, "by": caster.id, **what})


def _damage(ctx, sid, caster, target, step) -> None:
    wound(ctx, target, int(step.amount), by=caster.id)


def _heal(ctx, sid, caster, target, step) -> None:
    gain = heal(target, int(step.amount))
    ctx.emit(Note(key="ka.log.spell.healed", args={"who": target.id, "n": gain}))


def _state(ctx, sid, caster, target, step) -> None:
    if step.state == "bleeding":
        add_bleeding(ctx, target, int(step.value or 1))
    elif step.state == "frost":
        target.status["frost"] = True
        ctx.emit(StatusChanged(figure=target.id, status="frost", value=True))
    else:
        set_state(ctx, target, step.state)


def _char(ctx, sid, caster, target, step) -> None:
    _lasting(target, sid, caster, char=step.char, delta=int(step.delta))
    ctx.emit(Note(key="ka.log.spell.char", args={"who": target.id, "char": step.char,
                                                 "delta": f"{int(step.delta):+d}"}))


def _rally(ctx, sid, caster, target, step) -> None:
    s = target.status
    for name in ("frightened", "demoralised", "frozen"):
        if s.get(name):
            set_state(ctx, target, name, False)
    s.pop("temerity", None)
    s.pop("effroi", None)
    _lasting(target, sid, caster, fearless=True)
    ctx.emit(Note(key="ka.log.spell.rallied", args={"who": target.id}))


def _dread(ctx, sid, caster, target, step) -> None:
    _lasting(caster, sid, caster, dread=int(step.value))
    ctx.emit(Note(key="ka.log.spell.dread", args={"who": caster.id, "n": int(step.value)}))


HANDLERS: dict[str, Callable[..., None]] = {"damage": _damage, "heal": _heal, "state": _state, "char": _char,
                                             "rally": _rally, "dread": _dread}


def apply_effect(ctx, sid: str, effect: int, caster: Fighter, target: Fighter) -> None:
    """Play the chosen effect of a worked spell on one target, step by step."""
    ctx.emit(Note(key="ka.log.spell.works", args={"who": caster.id, "target": target.id, "spell": sid}))
    for step in spell(sid).effects[effect].do:
        if target.fig.out:
            break
        HANDLERS[step.kind](ctx, sid, caster, target, step)


def expire(state: GameState, ctx, caster_id: str) -> None:
    """The caster's spells end as it activates again (one turn, the book's card), and those
    of a caster no longer on the table end at once (K-R94)."""
    gone = {fid for fid, f in state.figures.items() if f.out}
    for fig in state.figures.values():
        lasting = fig.status.get("spells")
        if not lasting:
            continue
        keep = [e for e in lasting if e.get("by") != caster_id and e.get("by") not in gone]
        if len(keep) != len(lasting):
            ended = sorted({e["spell"] for e in lasting if e not in keep})
            fig.status["spells"] = keep
            if not keep:
                fig.status.pop("spells")
            ctx.emit(Note(key="ka.log.spell.ended", args={"who": fig.id, "spell": ", ".join(ended)}))


def fearless(f: Fighter) -> bool:
    """Under a rally spell: no terror while it lasts."""
    return any(e.get("fearless") for e in f.status.get("spells", ()))


def dread(f: Fighter) -> int:
    """The effroi the figure causes by a spell (0: none)."""
    return max((int(e.get("dread", 0)) for e in f.status.get("spells", ())), default=0)
