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


def spare_dice(f: Fighter) -> list[int]:
    """Indexes of the mastery dice the figure could still spend for good."""
    lost = set(f.status.get("mastery_lost", ()))
    return [i for i in range(len(f.profile.mastery))
            if i not in lost and i not in f.status.get("mastery_used", ())]


def spend_for_good(f: Fighter) -> bool:
    """Cross out a mastery die of any domain for the rest of the game (False: none left)."""
    left = spare_dice(f)
    if not left:
        return False
    i = min(left, key=lambda k: (len(f.profile.mastery[k]), k))
    cross_out(f, i)
    f.status.setdefault("mastery_lost", []).append(i)
    return True


def temerity_immune(f: Fighter, terror: bool = True) -> bool:
    """A figure causing terror or effroi ignores témérité tests against terror."""
    return terror and (f.has("terreur") or f.has("effroi"))


def temerity_mods(f: Fighter, *, allies: int = 0, leader: bool = False, terror: bool = True) -> list[tuple[str, int]]:
    """T, +2 per friend in the zone (against terror only, K-R45), +1 in the leader's aura."""
    mods = [("T", f.char("T"))]
    if terror and allies:
        mods.append(("allies", 2 * allies))
    if leader:
        mods.append(("leader", 1))
    return mods


def effroi_mods(f: Fighter, *, leader: bool = False) -> list[tuple[str, int]]:
    return [("T", f.char("T")), ("I", f.char("I"))] + ([("leader", 1)] if leader else [])


def temerity_roll(ctx, f: Fighter, threshold: int, *, allies: int = 0, leader: bool = False,
                  terror: bool = True, against: str | None = None) -> bool:
    """The témérité roll alone (no consequence): whether it reaches the threshold."""
    if temerity_immune(f, terror):
        return True
    mods = temerity_mods(f, allies=allies, leader=leader, terror=terror)
    face = flat_roll(ctx, f.id, "temerity", mods, need=threshold, against=against)
    return face + sum(v for _, v in mods) >= threshold


def temerity_passed(f: Fighter, source: str) -> None:
    f.status.setdefault("temerity", {}).pop(source, None)


def temerity_failed(ctx, f: Fighter, source: str) -> int:
    """One more failure against ``source`` (the ladder, K-R45); returns the count."""
    fails = f.status.setdefault("temerity", {})
    fails[source] = fails.get(source, 0) + 1
    ctx.emit(StatusChanged(figure=f.id, status="terrorised", value=fails[source]))
    if fails[source] >= 3:
        f.fig.out = True
        set_state(ctx, f, "demoralised")
    return fails[source]


def temerity(ctx, f: Fighter, source: str, threshold: int, *, allies: int = 0, leader: bool = False,
             terror: bool = True, rally: bool = True) -> bool:
    """One témérité test against ``source``; returns whether it passed."""
    if temerity_roll(ctx, f, threshold, allies=allies, leader=leader, terror=terror) or (
            rally and f.has("ralliement") and spend_for_good(f)):
        temerity_passed(f, source)
        return True
    temerity_failed(ctx, f, source)
    return False


def entering_terror_failed(f: Fighter) -> int:
    """Half the PA left, rounded down, lost at once; returns how many."""
    lost = f.pa // 2
    f.status["pa"] = f.pa - lost
    return lost


def effroi_caused(f: Fighter, base: int = 10) -> int | None:
    """The effroi threshold this figure imposes: its card's (its value, else ``base`` + its
    level), or a spell's ``dread`` step while it lasts (Puissance du Culte at 18: effroi 13),
    the higher of the two; None when it causes none (K-R132)."""
    from .spells import dread

    card = None
    if f.has("effroi"):
        value = f.profile.skills.get("effroi")
        card = int(value) if value is not None else base + f.level
    spell = dread(f) or None
    return max((x for x in (card, spell) if x is not None), default=None)


def effroi_immune(f: Fighter) -> bool:
    return f.has("foi_inebranlable") or effroi_caused(f) is not None


def effroi_roll(ctx, f: Fighter, threshold: int, *, leader: bool = False, against: str | None = None) -> bool:
    """The effroi roll alone (no consequence): whether it reaches the threshold."""
    if effroi_immune(f):
        return True
    mods = effroi_mods(f, leader=leader)
    face = flat_roll(ctx, f.id, "effroi", mods, need=threshold, against=against)
    return face + sum(v for _, v in mods) >= threshold


def effroi_passed(ctx, f: Fighter, source: str) -> None:
    frights = f.status.setdefault("effroi", {})
    frights.pop(source, None)
    if not frights and f.status.get("frightened"):
        set_state(ctx, f, "frightened", False)


def effroi_failed(ctx, f: Fighter, source: str, *, active: bool = False) -> str:
    """Frightened by ``source``, and the D10 of the fright table applied where it touches the
    figure alone (faint, frozen, half its base PA); returns the outcome (K-R46)."""
    f.status.setdefault("effroi", {})[source] = True
    set_state(ctx, f, "frightened")
    outcome = FRIGHT[flat_roll(ctx, f.id, "effroi.fright")]
    if outcome == "faint":
        set_state(ctx, f, "knocked_out")
    elif outcome == "frozen":
        set_state(ctx, f, "frozen", 2 if active else 1)   # to the end of its next activation
    elif outcome == "lose_half_pa":
        f.status["pa"] = max(0, f.pa - (f.profile.pa + 1) // 2)
    return outcome


def effroi(ctx, f: Fighter, source: str, threshold: int, *, leader: bool = False,
           helper: Fighter | None = None, spend: bool = True, active: bool = False) -> str | None:
    """One effroi test; None when passed, else what the fright does (``active``: during the
    figure's own activation, which the "frozen" fright outlasts)."""
    if effroi_roll(ctx, f, threshold, leader=leader) or (spend and (
            spend_for_good(f) or (helper is not None and helper.level >= 3 and spend_for_good(helper)))):
        effroi_passed(ctx, f, source)
        return None
    return effroi_failed(ctx, f, source, active=active)


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
