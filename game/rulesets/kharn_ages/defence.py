"""The four defences, paid from the defender's action points, and the comparison.

- Reflex (0 PA, ND10 alone), simple (1 PA, one characteristic), standard (2 PA, two: a
  success may also deal one committed characteristic as damage or apply one effect),
  sustained (3 PA, three: damage and one effect). Committed characteristics must include one
  the attacker used (and the one it used twice, K-R28); none more than twice.
- Ripostes (damage or an effect) only in melee, with the attacker within the defender's reach
  for damage (never against a shot, K-R66); an RC
  on a 2- or 3-PA defence adds the stature to that damage.
- Limits: at most two characteristics against the A effect's free attacks; Fine lame: no more
  PA than the attacker spent; stunned: 1 PA more (a stunned figure with no PA cannot defend);
  En alerte: one characteristic more, free, on the next defence (K-R30); a berserk figure
  spends no PA on defences.
- Shield: used in a defence it adds the attacker's lowest committed characteristic (Écu) and
  ticks a box (two on an EC); an RC on that defence parries outright. Discarded (decided before
  any roll, K-R4) it parries automatically, no roll, and is gone (K-R32); the attack's
  critical damage still lands.
- The standard shot makes the defender commit its lower of A and V (either on a tie).
- Comparison: an attack EC misses; a defence EC fails; otherwise the attack hits only when its
  total beats the defence's (a tie favours the defender).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from game.rulesets._shared.nd10 import ND10Roll

from .armour import tick_shield
from .attacks import doubled, outnumber_bonus
from .dice import action_roll
from .fighter import CHARS, Fighter
from .moves import burdened, spend, stun_tax

KINDS = ("reflex", "simple", "standard", "sustained")


@dataclass(frozen=True)
class Incoming:
    """What the defender knows of the attack it answers."""

    chars: tuple[str, ...]
    values: tuple[int, ...]          # the attacker's values of those characteristics
    pa: int
    max_chars: int = 3               # 2 against the A effect's free attacks
    fine_lame: bool = False
    shot: bool = False
    in_reach: bool = True            # the attacker within the defender's reach
    lowest_av: bool = False          # the standard shot: commit the lower of A and V first


@dataclass(frozen=True)
class DefenceBuild:
    chars: tuple[str, ...] = ()      # () : the reflex defence
    shield: bool = False
    discard: bool = False
    damage: str = ""                 # riposte damage: a committed characteristic
    effect: str = ""                 # riposte effect: a committed characteristic

    def paid(self, alert: bool = False) -> int:
        """PA the defence's kind is worth (the En alerte characteristic is free)."""
        return max(0, len(self.chars) - (1 if alert and self.chars else 0))

    def kind(self, alert: bool = False) -> str:
        return KINDS[min(3, self.paid(alert))]


def shield_intact(f: Fighter) -> bool:
    sh = f.profile.shield
    return sh is not None and int(f.status.get("shield_ticks", 0)) < sh.boxes and not f.status.get("shield_gone")


def can_defend(f: Fighter) -> bool:
    """A stunned figure with no PA cannot even make the reflex defence (K-R8); a knocked-out
    one cannot act at all (K-R47). Frightened or on the ground, it defends."""
    return not (f.fig.out or f.status.get("knocked_out") or (f.status.get("stunned") and f.pa < 1))


def defence_cost(f: Fighter, build: DefenceBuild) -> int:
    if build.discard:
        return 0
    return build.paid(bool(f.status.get("alert"))) + stun_tax(f)


def check_defence(f: Fighter, build: DefenceBuild, inc: Incoming) -> str | None:
    """Why the defence is not allowed (None: it is)."""
    if not can_defend(f):
        return "cannot"
    if build.discard:
        return None if shield_intact(f) and not build.chars else "shield"
    alert = bool(f.status.get("alert"))
    chars, paid = build.chars, build.paid(alert)
    if any(c not in CHARS for c in chars) or (chars and max(Counter(chars).values()) > 2):
        return "chars"
    if paid > 3 or defence_cost(f, build) > f.pa:
        return "pa"
    if paid and f.status.get("berserk"):
        return "berserk"
    if paid and burdened(f):
        return "burdened"
    if len(chars) > inc.max_chars + (1 if alert and chars else 0):
        return "too_many"
    if inc.fine_lame and paid > inc.pa:
        return "fine_lame"
    if chars and not set(chars) & set(inc.chars):
        return "unrelated"
    twice = doubled(inc.chars)
    if chars and twice is not None and twice not in chars:
        return "forced"
    if chars and inc.lowest_av and not any(c in ("A", "V") and f.char(c) == min(f.char("A"), f.char("V"))
                                           for c in chars):
        return "lowest"
    if build.shield and not shield_intact(f):
        return "shield"
    if build.damage and (paid < 2 or inc.shot or not inc.in_reach or build.damage not in chars):
        return "riposte"
    if build.effect and (paid < 2 or inc.shot or build.effect not in chars):
        return "riposte"
    if paid == 2 and build.damage and build.effect:
        return "riposte"
    return None


def options(f: Fighter, inc: Incoming) -> list[DefenceBuild]:
    """For each PA the figure can afford, its best allowed characteristics (highest sum),
    without riposte choices; with an intact shield, each of them with the shield too, and
    the discard: the defences an odds table compares."""
    from itertools import combinations_with_replacement

    out = [] if not can_defend(f) else [DefenceBuild()]
    alert = bool(f.status.get("alert"))
    for paid in (1, 2, 3):
        n = paid + (1 if alert else 0)
        best = None
        for chars in combinations_with_replacement(CHARS, n):
            b = DefenceBuild(chars)
            if check_defence(f, b, inc) is None:
                s = sum(f.char(c) for c in chars)
                if best is None or s > best[0]:
                    best = (s, b)
        if best is not None:
            out.append(best[1])
    if shield_intact(f):
        out = out + [DefenceBuild(b.chars, shield=True) for b in out] + [DefenceBuild(discard=True)]
    return [b for b in out if check_defence(f, b, inc) is None]


def defence_mods(f: Fighter, build: DefenceBuild, inc: Incoming, *, supporters: int = 0,
                 foe_supporters: int = 0, cover: int = 0) -> list[tuple[str, int]]:
    mods = [(c, f.char(c)) for c in build.chars]
    if build.shield and f.profile.shield is not None and f.profile.shield.lowest_attacker and inc.values:
        mods.append(("shield", min(inc.values)))
    bonus = outnumber_bonus(supporters, foe_supporters)
    if bonus:
        mods.append(("support", bonus))
    if cover:
        mods.append(("cover", cover))
    return mods


def attack_hits(att: ND10Roll, dfn: ND10Roll | None, shield: bool = False) -> bool:
    """The attack's outcome against the defence roll (None: no defence could be made)."""
    if att.ec:
        return False
    if dfn is None or dfn.ec:
        return True
    if shield and dfn.rc:
        return False
    return att.total > dfn.total


def shield_ticks(dfn: ND10Roll | None) -> int:
    """Boxes a shield used in a defence loses: one, two on an EC."""
    return 2 if dfn is not None and dfn.ec else 1


Decide = Callable[[Incoming, ND10Roll], DefenceBuild | None]


@dataclass(frozen=True)
class Defended:
    """The defender's answer: what it chose (None: no defence), the PA its kind is worth, its
    roll (None: no roll, or a discarded shield), whether the attack gets through."""

    chosen: DefenceBuild | None
    paid: int
    roll: ND10Roll | None
    hit: bool

    @property
    def discarded(self) -> bool:
        return self.chosen is not None and self.chosen.discard

    @property
    def held(self) -> bool:
        """The defence rolled and held (ripostes and Instinct de survie follow)."""
        return self.roll is not None and not self.hit


def defend(ctx, dfn: Fighter, att_id: str, aroll: ND10Roll, inc: Incoming, decide: Decide, *,
           supporters: int = 0, foe_supporters: int = 0, cover: int = 0, rerolls: bool = True) -> Defended:
    """Steps 4-7 of K-R4 against an attack roll that was no EC: the defender chooses knowing
    the total (a refused choice raises ValueError), pays, rolls (a mastery die of defence when
    short and ``rerolls``), ticks its shield, and the totals are compared."""
    chosen = decide(inc, aroll)
    if chosen is None:
        return Defended(None, 0, None, attack_hits(aroll, None))
    why = check_defence(dfn, chosen, inc)
    if why:
        raise ValueError(f"defence not allowed ({why})")
    paid = chosen.paid(bool(dfn.status.get("alert")))
    spend(dfn, defence_cost(dfn, chosen), voluntary=False)
    dfn.status["alert"] = False
    if chosen.discard:
        dfn.status["shield_gone"] = True
        return Defended(chosen, 0, None, False)
    mods = defence_mods(dfn, chosen, inc, supporters=supporters, foe_supporters=foe_supporters, cover=cover)
    need = aroll.total - sum(v for _, v in mods)
    droll = action_roll(ctx, dfn, "defence", "defence", mods, need=max(1, need),
                        reroll_below=need if rerolls else None, against=att_id)
    if chosen.shield:
        tick_shield(dfn, shield_ticks(droll))
    return Defended(chosen, paid, droll, attack_hits(aroll, droll, chosen.shield))
