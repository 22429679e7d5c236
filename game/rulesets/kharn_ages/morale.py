"""Morale: the témérité test (terror, the last of its side, Morsure, scenario events) and the
effroi test, flat 1D10 rolls that no mastery die re-rolls (K-R6).

Témérité: T + 1D10 >= threshold (10 + the terrifying figure's level unless its card gives a
terror value); against a terrifying enemy +2 per friend in the figure's zone of control;
+1 in its leader's aura. Each test is tracked by its source until passed: the first failure
terrorises (half its PA, rounded down, at the next refill), the second leaves it without PA
and ends that activation, the third demoralises it (out of the game, no carcass). Ralliement
spends a mastery die for good to pass, even after the roll. A failure on entering a
terrifying zone costs half the PA left, rounded down, at once (K-R18).

Effroi: T + I + 1D10 >= threshold, +1 in the leader's aura; Foi inébranlable and figures that
cause effroi always pass. A mastery die spent for good (its own, or a level-3 friend's in its
aura) passes it, even after the roll. A failure makes the figure frightened (unfit to fight)
until it passes at a later activation, and a D10 says what the fright does (``FRIGHT``).
"""
from __future__ import annotations

from game.core.events import StatusChanged

from .dice import cross_out, flat_roll
from .fighter import Fighter
from .states import set_state

FRIGHT = {1: "faint", 2: "frozen", 3: "frozen", 4: "lose_half_pa", 5: "lose_half_pa", 6: "flee",
          7: "flee", 8: "source_attacks", 9: "source_attacks", 10: "victim_attacks"}


def spend_for_good(f: Fighter) -> bool:
    """Cross out a mastery die of any domain for the rest of the game (False: none left)."""
    lost = set(f.status.get("mastery_lost", ()))
    left = [i for i in range(len(f.profile.mastery))
            if i not in lost and i not in f.status.get("mastery_used", ())]
    if not left:
        return False
    i = min(left, key=lambda k: (len(f.profile.mastery[k]), k))
    cross_out(f, i)
    f.status.setdefault("mastery_lost", []).append(i)
    return True


def temerity(ctx, f: Fighter, source: str, threshold: int, *, allies: int = 0, leader: bool = False,
             terror: bool = True, rally: bool = True) -> bool:
    """One témérité test against ``source``; returns whether it passed."""
    if terror and (f.has("terreur") or f.has("effroi")):
        return True
    mods = [("T", f.char("T"))]
    if terror and allies:
        mods.append(("allies", 2 * allies))
    if leader:
        mods.append(("leader", 1))
    face = flat_roll(ctx, f.id, "temerity", mods, need=threshold)
    fails = f.status.setdefault("temerity", {})
    if face + sum(v for _, v in mods) >= threshold or (rally and f.has("ralliement") and spend_for_good(f)):
        fails.pop(source, None)
        return True
    fails[source] = fails.get(source, 0) + 1
    ctx.emit(StatusChanged(figure=f.id, status="terrorised", value=fails[source]))
    if fails[source] >= 3:
        f.fig.out = True
        set_state(ctx, f, "demoralised")
    return False


def entering_terror_failed(f: Fighter) -> int:
    """Half the PA left, rounded down, lost at once; returns how many."""
    lost = f.pa // 2
    f.status["pa"] = f.pa - lost
    return lost


def effroi(ctx, f: Fighter, source: str, threshold: int, *, leader: bool = False,
           helper: Fighter | None = None, spend: bool = True, active: bool = False) -> str | None:
    """One effroi test; None when passed, else what the fright does (``active``: during the
    figure's own activation, which the "frozen" fright outlasts)."""
    if f.has("foi_inebranlable") or f.has("effroi"):
        return None
    mods = [("T", f.char("T")), ("I", f.char("I"))] + ([("leader", 1)] if leader else [])
    face = flat_roll(ctx, f.id, "effroi", mods, need=threshold)
    frights = f.status.setdefault("effroi", {})
    if face + sum(v for _, v in mods) >= threshold or (spend and (
            spend_for_good(f) or (helper is not None and helper.level >= 3 and spend_for_good(helper)))):
        frights.pop(source, None)
        if not frights and f.status.get("frightened"):
            set_state(ctx, f, "frightened", False)
        return None
    frights[source] = True
    set_state(ctx, f, "frightened")
    outcome = FRIGHT[flat_roll(ctx, f.id, "effroi.fright")]
    if outcome == "faint":
        set_state(ctx, f, "knocked_out")
    elif outcome == "frozen":
        set_state(ctx, f, "frozen", 2 if active else 1)   # to the end of its next activation
    elif outcome == "lose_half_pa":
        f.status["pa"] = max(0, f.pa - (f.profile.pa + 1) // 2)
    return outcome


FIRE_THRESHOLD = 10


def fire_fright(ctx, f: Fighter, *, allies: int = 0, leader: bool = False) -> bool:
    """A burned non-magician with I under 5 tests its témérité at 10 (K-R54); a pass frees it
    from that fear for good. Returns whether it holds (True when no test is due)."""
    if f.has("magicien") or f.char("I") >= 5 or f.status.get("fire_brave"):
        return True
    ok = temerity(ctx, f, "fire", FIRE_THRESHOLD, allies=allies, leader=leader, terror=False)
    if ok:
        f.status["fire_brave"] = True
    return ok
