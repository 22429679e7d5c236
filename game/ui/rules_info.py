"""What the interface reads from a ruleset to draw overlays, cards and odds: movement
allowances, weapon ranges, the Meneur's bubble, line-of-sight classes, exact odds. It only
reads (the same functions the rules use); it never decides whether an action is legal.
One adapter per ruleset, looked up by id."""
from __future__ import annotations

from dataclasses import dataclass, field

from game.core.state import Figure, GameState


@dataclass
class FigureInfo:
    moves: dict[str, tuple[float, dict]] = field(default_factory=dict)  # name -> (mm, flags)
    ranges: list[tuple[str, tuple[float, float, float]]] = field(default_factory=list)  # mm
    bubble: float | None = None           # Meneur's reach (edge to edge), mm
    charge: float = 0.0                   # charge allowance, mm
    shoot_reach: float = 0.0              # longest range, mm
    card: dict = field(default_factory=dict)
    melee: list = field(default_factory=list)   # (weapon, (lo, hi) mm): reach bands
    shots: list = field(default_factory=list)   # (weapon, (close, ideal, far) mm)
    mist: float | None = None             # visibility radius, mm
    facing: float | None = None           # degrees: the field of vision is the front half


class EvenorInfo:
    unit = "pas"
    unit_mm = 25.0
    grid_step = 25.0
    scale_units = 6
    has_mist = False
    threats = True
    odds = True

    def strict(self, state, settings) -> bool:
        return bool(settings.strict_measuring)

    def new_game_options(self, settings) -> dict:
        return {}

    def __init__(self):
        from game.rulesets.evenor import odds, shooting, stats

        self.stats, self.odds, self.shooting = stats, odds, shooting

    def figure(self, state: GameState, fig: Figure, lang: str) -> FigureInfo:
        st = self.stats
        flags = {"ignore_terrain": st.ignores_terrain(fig), "ignore_difficult": st.ignores_difficult(fig)}
        prof = st.profile(fig)
        ranged = st.ranged_weapons(fig)
        info = FigureInfo(
            moves={"move": (st.fast_move(fig), flags), "charge": (st.slow_move(fig), flags)},
            ranges=[(w.name, tuple(r * st.PAS for r in w.range)) for _, w in ranged],
            bubble=st.COORD_RANGE if st.is_leader(fig) else None,
            charge=st.slow_move(fig),
            shoot_reach=max((w.range[2] * st.PAS for _, w in ranged), default=0.0)
            if prof.T is not None else 0.0)
        cat = st.catalogue()
        traits = []
        for ref in prof.traits:
            td = cat.traits.get(ref.id)
            if td is None:
                continue
            name = getattr(td.name, lang, None) or td.name.fr
            if ref.value is not None:
                name = f"{name} ({ref.value}+)" if td.param == "threshold" else f"{name} ({ref.value})"
            traits.append((name, getattr(td.help, lang, None) or td.help.fr))
        from game.core.text import t

        weapons = []
        for w in prof.weapons:
            rng = "" if w.range is None else t("ui.card.range", lang, r="/".join(f"{r:g}" for r in w.range))
            ench = t("ui.card.enchanted", lang) if w.enchanted else ""
            weapons.append(t("ui.card.weapon", lang, name=w.name, power=w.power, range=rng, enchanted=ench))
        stats_line = [("I", f"{prof.I}+"), ("R", f"{prof.R}+"), ("C", f"{prof.C}+"),
                      ("T", f"{prof.T}+" if prof.T else "–"), ("S", f"{prof.S}+" if prof.S else "–"),
                      ("V", f"{fig.vitality}/{fig.max_vitality}")]
        info.card = {"name": fig.name, "role": prof.role, "cost": prof.cost, "stats": stats_line,
                     "traits": traits, "weapons": weapons, "now": _actions_left(state, fig, lang)}
        return info

    def sight_class(self, state, table, viewer: Figure, target: Figure) -> str:
        s = table.sight(viewer.id, target.id)
        if not s.visible:
            return "blocked"
        cover = target.status.get("cover")
        if cover and any(c in s.terrain_blockers for c in cover):
            return "cover"
        if s.hidden_fraction > 0.5:
            return "concealed"
        return "clear"

    def shot_odds(self, state, table, shooter: Figure, target: Figure, weapon: int, **kw):
        return self.odds.shot(state, table, shooter, target, weapon, **kw)

    def fight_odds(self, state, table, attackers: list[Figure], defender: Figure, **kw):
        return self.odds.fight(state, table, attackers, defender, **kw)

    def ladder_odds(self, state, fig: Figure, n: int) -> float:
        return self.odds.ladder(state, fig, n)

    def weapon_name(self, fig: Figure, idx: int, lang: str = "fr") -> str:
        return self.stats.profile(fig).weapons[idx].name

    def terrain_name(self, kind: str, lang: str) -> str:
        tk = self.stats.catalogue().terrain_kinds.get(kind)
        return (getattr(tk.name, lang, None) or tk.name.fr) if tk else kind


def _actions_left(state: GameState, fig: Figure, lang: str) -> str:
    """What the figure still has to do in the activation under way ("" when not in it)."""
    from game.core.text import t

    m = (state.activation or {}).get("members", {}).get(fig.id)
    if m is None:
        return ""
    if not m["left"]:
        return t("ui.card.left_none", lang)
    if m["dynamic"]:
        return t("ui.card.left_dynamic", lang, n=m["left"])
    return t("ui.card.left_static", lang)


def _mortebrume():
    from game.ui.rules_mortebrume import MortebrumeInfo

    return MortebrumeInfo()


_ADAPTERS = {"evenor": EvenorInfo, "mortebrume": _mortebrume}
_CACHE: dict[str, object] = {}


def info_for(ruleset_id: str):
    if ruleset_id not in _CACHE:
        cls = _ADAPTERS.get(ruleset_id)
        _CACHE[ruleset_id] = cls() if cls else None
    return _CACHE[ruleset_id]
