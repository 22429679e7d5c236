"""Auras (B-R35): a friend's attribute that lends levels to the figures of its band within
its radius (Chef: Moral+ and Initiative+ within 5 pas, not itself). Several figures with
the same aura give its levels once."""
from __future__ import annotations

from collections.abc import Callable, Iterable

from .effects import ask
from .fighter import Fighter


def aura_mods(f: Fighter, band: Iterable[Fighter], competence: str,
              distance: Callable[[Fighter, Fighter], float]) -> tuple[tuple[str, int], ...]:
    """Level modifiers ``f`` gets on ``competence`` from the auras of its band; ``distance``
    measures between two figures in pas."""
    got: dict[str, int] = {}
    for o in band:
        if o.fig.side != f.fig.side or o.fig.out:
            continue
        for origin, e in ask(o, "aura"):
            if o.id == f.id and not e.get("self", False):
                continue
            v = int((e.get("levels") or {}).get(competence, 0))
            if v and distance(f, o) <= float(e["radius"]) + 1e-9:
                got[origin] = max(got.get(origin, v), v)
    return tuple((f"aura_{k}", v) for k, v in sorted(got.items()))
