"""Cover on the table (K-R1) and hiding (K-R68), over the shared corridor query
(``Table.corridor_pieces``: every terrain piece with its height and every base meeting the
corridor between two bases, what lies within a radius of the viewer's edge left out).

A target's cover against one shooter is the best of:
- each scenery piece in the corridor, on the stature scale (``shooting.cover_stature``: twice
  its height in toises, nothing at half a toise or lower);
- each other figure in the corridor, with its stature;
- when the target is engaged, the tallest other fighter of its melee (the enemies in whose
  zone it stands or who stand in its zone, and its friends engaged with them);
what lies within the shooter's zone of control is ignored. The bonus is
``shooting.cover_bonus`` (+3 when the cover reaches the target's stature, +2 one short,
+1 two short).

Hiding (the book's "se cacher", 1 PA, the figure free): touching scenery whose cover
stature reaches its own (at least half its stature high), the figure may not be shot at
nor thrown at while that piece stands in the corridor; it stays hidden until it acts
otherwise than hiding, keeping alert, reloading or bandaging, or no longer touches the
piece, or is engaged."""
from __future__ import annotations

from dataclasses import dataclass

from game.core.state import GameState
from game.geometry.table import Table

from . import zones
from .fighter import TOISE, Fighter
from .shooting import cover_bonus, cover_stature

TERRAIN, FIGURE, MELEE = "terrain", "figure", "melee"
HIDDEN = "hidden"              # status key: the terrain id the figure hides behind
CONTACT_MM = 0.5


@dataclass(frozen=True)
class Cover:
    """A target's cover against one shooter: the bonus, what gives it (``kind`` terrain,
    figure or melee; ``source`` the piece's or the figure's id; ``stature`` its cover
    stature), or a bonus of 0 with no source."""

    bonus: int = 0
    kind: str = ""
    source: str = ""
    stature: int = 0


def melee_of(state: GameState, table: Table, f: Fighter, fighters) -> list[Fighter]:
    """The other fighters of the figure's melee: the enemies it is engaged with (either
    zone holding the other) and its friends engaged with those enemies (empty: free)."""
    foes = {e.id for e in zones.engaged_by(state, table, f, fighters)}
    for o in fighters.values():
        if o.fig.side != f.fig.side and not o.fig.out and o.id not in foes:
            if any(e.id == f.id for e in zones.engaged_by(state, table, o, fighters)):
                foes.add(o.id)
    friends = set()
    for o in fighters.values():
        if o.fig.side == f.fig.side and o.id != f.id and not o.fig.out:
            if {e.id for e in zones.engaged_by(state, table, o, fighters)} & foes:
                friends.add(o.id)
    return [fighters[i] for i in sorted(foes | friends)]


def candidates(state: GameState, table: Table, shooter: Fighter, target: Fighter, fighters) -> list[Cover]:
    """Every cover the target has against the shooter, with its bonus (0 included)."""
    pieces = table.corridor_pieces(shooter.id, target.id, exclude_radius=shooter.zdc * TOISE)
    found = []
    for tid, h in zip(pieces.terrain, pieces.heights):
        s = cover_stature(h / TOISE)
        if s:
            found.append(Cover(cover_bonus(target.stature, [s]), TERRAIN, tid, s))
    for bid in pieces.bases:
        o = fighters.get(bid)
        if o is not None and not o.fig.out:
            found.append(Cover(cover_bonus(target.stature, [o.stature]), FIGURE, bid, o.stature))
    melee = melee_of(state, table, target, fighters)
    if melee:
        tallest = max(melee, key=lambda o: (o.stature, o.id))
        found.append(Cover(cover_bonus(target.stature, [tallest.stature]), MELEE, tallest.id, tallest.stature))
    return found


def cover_of(state: GameState, table: Table, shooter: Fighter, target: Fighter, fighters) -> Cover:
    """The best cover (the first found of equal bonus: scenery, then figures, then the
    melee); ``Cover()`` when none."""
    best = Cover()
    for c in candidates(state, table, shooter, target, fighters):
        if c.bonus > best.bonus:
            best = c
    return best


def kind_of(state: GameState, terrain_id: str) -> str:
    """A terrain piece's kind (what narration names)."""
    return next((t.kind for t in state.terrain if t.id == terrain_id), "other")


# ------------------------------------------------------------------ hiding
def hiding_places(state: GameState, table: Table, f: Fighter) -> list[str]:
    """Scenery the figure touches that is tall enough for it to hide behind."""
    by_id = {t.id: t for t in state.terrain}
    return [tid for tid in table.terrain_in_contact(f.id, tol=CONTACT_MM)
            if tid in by_id and cover_stature(by_id[tid].height / TOISE) >= max(1, f.stature)]


def hidden_from(table: Table, shooter: Fighter, target: Fighter) -> bool:
    """The target hides behind a piece standing in the shooter's corridor."""
    piece = target.status.get(HIDDEN)
    if not piece:
        return False
    return piece in table.corridor_pieces(shooter.id, target.id, exclude_radius=shooter.zdc * TOISE).terrain


def still_hidden(state: GameState, table: Table, f: Fighter, fighters) -> bool:
    piece = f.status.get(HIDDEN)
    return bool(piece) and not f.fig.out and piece in table.terrain_in_contact(f.id, tol=CONTACT_MM) \
        and not zones.engaged_by(state, table, f, fighters)
