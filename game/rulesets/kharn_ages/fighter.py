"""A figure as the Khârn-Ages rules see it: its profile card (level, characteristics,
stature, action points, hit points, mastery dice, skills, weapon, armour, shield) on top of
the table ``Figure`` (position, vitality, and the per-game state in ``status``).

Status keys (all optional; absent means the default):
- ``pa``: action points left (refilled at activation, spent in attack and defence);
- ``mastery_used``: indexes of the mastery dice crossed out since the last activation;
- ``walks``: moves made this activation (the first one is the free walk);
- ``attacks``: attacks made this activation; ``assault``: the first attack follows an assault;
- ``armour_ticks`` / ``shield_ticks``: durability boxes ticked;
- ``stunned``, ``knocked_out``, ``down``, ``frost`` (pending, for the next activation),
  ``frost_now`` (this activation), ``fire``; ``bleeding``: list of X values; ``poison``:
  the current malus (0: none); ``fire_lost`` / ``sacrificed``: hit points fire or Sacrifice
  took (never healed); ``bonus_pa``: PA added at the next refill (Chef de guerre);
- ``alert``: the next defence gets one more characteristic free;
- ``carrying``: what it carries (a list of object ids or figure ids; two items or a figure:
  no attack or defence with PA);
- ``carcass``: the figure was terrassé and lies as a carcass marker;
- ``temerity`` / ``effroi``: pending morale tests by source (failures); ``frightened``,
  ``frozen`` (no move, no zone: activation ends left), ``demoralised``;
  ``mastery_lost``: mastery dice spent for good;
- ``leader``: the band's leader (K-R74, set at setup);
- ``spells``: spell effects lasting on it (``spell_effects``: spell, caster, characteristic and
  its change, until the caster's next activation).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.core.state import Figure

if TYPE_CHECKING:
    from .shooting import RangedWeapon

TOISE = 40.0                     # mm per toise
CHARS = ("V", "P", "A", "C")     # the combat characteristics
ALL_CHARS = CHARS + ("T", "I")
DOMAINS = ("melee", "defence", "objective", "shooting", "esoteric")
ZDC = 0.5                        # toises around the base
POISONABLE = ALL_CHARS
POISON_DEATH = ("P", "A", "C", "I")


@dataclass(frozen=True)
class Weapon:
    """``bonus``: "+N dégâts" added to whatever is dealt; ``damage``: an "N dégâts" value the
    attacker may deal instead of a characteristic (K-R7); ``allonge``: attack reach in toises
    (0: the zone of control); ``unarmed``/``shield``: tick no armour box (K-R5)."""

    id: str = "mains_nues"
    bonus: int = 0
    damage: int | None = None
    allonge: float = 0.0
    bleeding: int = 0
    stature_twice: bool = False          # Masse à ailettes: 2 x stature on multiple RCs
    pierce: int | None = None            # Perce-armure X (0: 1D5)
    forbid_simple: tuple[str, ...] = ()  # characteristics refused at 1 PA (Dagues: C)
    disarm_on_rc: bool = False
    unarmed: bool = False
    shield: bool = False

    @property
    def spares_armour(self) -> bool:
        return self.unarmed or self.shield


UNARMED = Weapon(unarmed=True)


@dataclass(frozen=True)
class Armour:
    """Rolled on 1D10 whenever damage arrives while a box is free: below ``threshold`` it
    stops ``low``, from it ``high``; an RC stops all base damage, an EC nothing and ticks one
    more box."""

    id: str
    threshold: int
    low: int
    high: int
    boxes: int
    v_malus: int = 0
    natural: bool = False
    heavy: bool = False                  # metal or stone: no swimming in it


@dataclass(frozen=True)
class Shield:
    id: str
    boxes: int
    lowest_attacker: bool = True         # Écu: adds the attacker's lowest committed char


@dataclass(frozen=True)
class Profile:
    name: str
    level: int
    chars: dict[str, int]
    stature: int
    pa: int
    pv: int
    mastery: tuple[frozenset[str], ...] = ()
    skills: dict[str, Any] = field(default_factory=dict)
    weapon: Weapon = UNARMED
    armour: Armour | None = None
    shield: Shield | None = None
    allonge: float = 0.0                 # natural Allonge X (toises): widens the ZDC
    faction: str = ""
    ranged: RangedWeapon | None = None   # the ranged weapon carried (a shooter, K-R65)
    spells: tuple[str, ...] = ()         # the spells a magician knows (K-R90)
    path: str = ""                       # its faction's path of magic


@dataclass
class Fighter:
    fig: Figure
    profile: Profile

    @property
    def id(self) -> str:
        return self.fig.id

    @property
    def status(self) -> dict[str, Any]:
        return self.fig.status

    @property
    def level(self) -> int:
        return self.profile.level

    @property
    def stature(self) -> int:
        return self.profile.stature

    @property
    def pa(self) -> int:
        return int(self.status.get("pa", 0))

    @property
    def leader(self) -> bool:
        """The band's leader (K-R74): its aura helps its friends' morale tests."""
        return bool(self.status.get("leader"))

    def has(self, skill: str) -> bool:
        return skill in self.profile.skills

    def skill(self, name: str, default: int = 0) -> int:
        value = self.profile.skills.get(name)
        return default if value is None else int(value)

    def char(self, name: str) -> int:
        """A characteristic with poison and frost (V and A -2 for the activation after the
        frostbite); never below 0."""
        value = int(self.profile.chars.get(name, 0)) - int(self.status.get("poison", 0))
        if name in ("V", "A") and self.status.get("frost_now"):
            value -= 2
        value += sum(int(e.get("delta", 0)) for e in self.status.get("spells", ()) if e.get("char") == name)
        return max(0, value)

    @property
    def armour(self) -> Armour | None:
        """The armour worn (None once taken off)."""
        return None if self.status.get("armour_off") else self.profile.armour

    @property
    def speed(self) -> int:
        """V for moving: less the worn armour's movement malus (K-R52) and the load carried
        (2 with P under 4, else 1)."""
        load = (2 if self.char("P") < 4 else 1) if self.status.get("carrying") else 0
        return max(0, self.char("V") - (self.armour.v_malus if self.armour else 0) - load)

    @property
    def fit(self) -> bool:
        """Fit to fight: not knocked out, demoralised, frightened, terrassé or a carcass."""
        s = self.status
        return not (self.fig.out or s.get("knocked_out") or s.get("demoralised")
                    or s.get("frightened") or s.get("carcass"))

    @property
    def zdc(self) -> float:
        """Zone of control in toises: 0.5, or natural Allonge X (0 when knocked out or frozen)."""
        if self.status.get("knocked_out") or self.status.get("frozen"):
            return 0.0
        return max(ZDC, self.profile.allonge)

    @property
    def reach(self) -> float:
        """Attack and defence reach in toises: the zone, or the weapon's allonge."""
        return max(self.zdc, self.profile.weapon.allonge) if self.zdc else 0.0


DEFAULT_CHARS = {"V": 4, "P": 3, "A": 3, "C": 3, "T": 4, "I": 2}


def make(fid: str, side: int = 1, *, level: int = 1, chars: dict[str, int] | None = None,
         stature: int = 3, pa: int | None = None,
         pv: int | None = None, mastery: tuple[frozenset[str], ...] | None = None,
         skills: dict[str, Any] | None = None, weapon: Weapon = UNARMED,
         armour: Armour | None = None, shield: Shield | None = None, allonge: float = 0.0,
         faction: str = "", x: float = 0.0, y: float = 0.0, size: float = 40.0,
         ranged: RangedWeapon | None = None, spells: tuple[str, ...] = (), path: str = "") -> Fighter:
    """A fighter on a bare figure (tests, sandboxes); ``chars`` overrides DEFAULT_CHARS. PA 4 / 5 / 6 by level and PV
    8 + 2 x stature + 2 per level unless given (K-R24), one all-domain mastery die per level,
    its PA full."""
    prof = Profile(name=fid, level=level, chars={**DEFAULT_CHARS, **(chars or {})},
                   stature=stature, pa=3 + level if pa is None else pa,
                   pv=8 + 2 * stature + 2 * level if pv is None else pv,
                   mastery=tuple(frozenset(DOMAINS) for _ in range(level)) if mastery is None else mastery,
                   skills=dict(skills or {}), weapon=weapon, armour=armour, shield=shield, allonge=allonge,
                   faction=faction, ranged=ranged, spells=tuple(spells), path=path)
    fig = Figure(id=fid, side=side, profile=fid, name=fid, x=x, y=y, size=size,
                 vitality=prof.pv, max_vitality=prof.pv, status={"pa": prof.pa})
    return Fighter(fig, prof)
