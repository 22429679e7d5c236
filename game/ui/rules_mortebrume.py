"""What the interface reads from Mortebrume: walk and run allowances, weapon reach bands,
shooting bands, the field of vision, the mist radius, the profile card and sight classes.
Read-only: built on the ruleset's own query functions (stats, sight, legal)."""
from __future__ import annotations

import math

from game.core.state import Figure, GameState
from game.core.text import t
from game.ui.rules_info import FigureInfo


def _local(text, lang: str) -> str:
    try:
        return text.get(lang)
    except (KeyError, AttributeError):
        return getattr(text, "fr", str(text))


def _cm(mm: float, lang: str) -> str:
    s = f"{mm / 10:g}"
    return s.replace(".", ",") if lang == "fr" else s


class MortebrumeInfo:
    unit = "cm"
    unit_mm = 10.0
    grid_step = 50.0          # a grid line every 5 cm
    scale_units = 10          # the scale bar shows 10 cm
    has_mist = True           # fog, hidden enemies, hand-off screens matter
    threats = False           # no "who could reach me" overlay: it would measure for the player
    odds = False              # difficulties depend on distances: no preview before declaring

    def __init__(self):
        from game.rulesets.mortebrume import legal, sight, spells, stats

        self.stats, self.sight, self.legal, self.spells = stats, sight, legal, spells

    # --- settings and options
    def strict(self, state: GameState, settings) -> bool:
        """Strict measuring is the game's option (chosen when the game started)."""
        return bool(state.extras.get("strict", True))

    def new_game_options(self, settings) -> dict:
        """Strict measuring, and (unless the settings switch it off) deployment and the
        designations of the Volonté tests chosen by the players as decisions."""
        hand = "choose" if getattr(settings, "mist_deploy", True) else "auto"
        return {"strict_measuring": bool(getattr(settings, "mist_strict", True)),
                "deployment": hand, "designation": hand}

    # --- figure
    def allowance(self, state: GameState, fig: Figure) -> float:
        act = state.activation
        if act is not None and act.get("fig") == fig.id:
            return self.legal.move_allowance(state, fig)
        return self.stats.walk(fig)

    def figure(self, state: GameState, fig: Figure, lang: str) -> FigureInfo:
        st = self.stats
        flags = {"ignore_terrain": False, "ignore_difficult": False}
        walk = self.allowance(state, fig)
        moves = {"move": (walk, flags)}
        act = state.activation
        if act is None or (act.get("fig") == fig.id and not act["acted"] and act["spent"] == 0):
            moves["run"] = (2 * st.walk(fig), flags)
        info = FigureInfo(moves=moves)
        info.melee = [(wid, st.reach_band(wid)) for wid, _ in st.melee_weapons(fig)]
        mist = st.mist_radius(state)
        info.shots = []
        for wid, _ in st.ranged_weapons(fig):
            a = st.weapon(wid).allonge * st.CM
            info.shots.append((wid, (a, min(6 * a, mist), min(10 * a, mist))))
        info.mist = mist
        info.facing = fig.facing
        info.card = self._card(state, fig, lang)
        return info

    def _card(self, state: GameState, fig: Figure, lang: str) -> dict:
        st = self.stats
        p = st.profile(fig)
        stats_line = [(t("ui.mb.stat.physique", lang), f"{fig.vitality}/{fig.max_vitality}"),
                      (t("ui.mb.stat.armour", lang), str(st.armour(fig))),
                      (t("ui.mb.stat.dodge", lang), str(p.dodge)),
                      (t("ui.mb.stat.move", lang), _cm(st.walk(fig), lang)),
                      (t("ui.mb.stat.will", lang), str(st.will(fig)))]
        weapons = []
        for wid, skill in st.weapons_of(fig):
            w = st.weapon(wid)
            if w.use == "melee":
                lo, hi = st.reach_band(wid)
                detail = t("ui.mb.reach", lang, band=t(f"ui.mb.band.{w.reach}", lang),
                           lo=_cm(lo, lang), hi=_cm(hi, lang))
            else:
                detail = t("ui.mb.allonge", lang, a=w.allonge)
            weapons.append(t("ui.mb.weapon", lang, name=_local(w.name, lang), skill=skill,
                             damage=w.damage, detail=detail))
        traits = []
        if p.shield is not None:
            traits.append((t("ui.mb.shield", lang, n=p.shield), t("ui.mb.tip.shield", lang)))
        if p.spell is not None:
            sp = st.spell(p.spell.id)
            traits.append((t("ui.mb.spell", lang, name=_local(sp.name, lang), skill=p.spell.skill,
                             power=sp.power), _local(sp.help, lang)))
        if p.reserved:
            traits.append((t("ui.mb.reserved", lang), t("ui.mb.tip.reserved", lang)))
        name = _local(p.name, lang) if fig.name == getattr(p.name, "fr", None) else fig.name
        return {"name": name, "role": p.rank, "role_key": "ui.card.role_points", "cost": p.cost, "stats": stats_line,
                "traits": traits, "weapons": weapons}

    # --- sight, names
    def sight_class(self, state, table, viewer: Figure, target: Figure) -> str:
        if not self.sight.sees(state, table, viewer, target):
            return "blocked"
        if not self.sight.line_of_fire(state, table, viewer, target):
            return "concealed"     # seen, but more than 6 cm of forest stops projectiles
        return "clear"

    def weapon_name(self, fig: Figure, value, lang: str = "fr") -> str:
        return _local(self.stats.weapon(str(value)).name, lang)

    def strike_reach(self, wid) -> float:
        """Farthest gap (mm) a weapon strikes from without the out-of-band penalty."""
        return self.stats.reach_band(str(wid))[1]

    def spell_label(self, value, lang: str) -> str:
        sid, power, area = self.spells.decode(value)
        name = _local(self.stats.spell(sid).name, lang)
        if area:
            return t("ui.mb.cast_area", lang, spell=name, p=power, a=area)
        return t("ui.mb.cast", lang, spell=name, p=power)

    def terrain_name(self, kind: str, lang: str) -> str:
        tk = self.stats.catalogue().terrain_kinds.get(kind)
        return _local(tk.name, lang) if tk else kind

    # --- interactive deployment
    def deploy_limits(self, ruleset, state: GameState, choice, side: int) -> dict:
        """What the deploying side may know of the limits: its zones, the mist radius, the
        companions already placed and the enemies it sees (a placement the mist hides stays
        hidden), and the spots (a grid of centres, one per cm) where the ruleset's own
        placement check accepts the fighter facing the centre, judged on the side's view."""
        from game.core.view import side_view
        from game.geometry.shapes import Base
        from game.rulesets.mortebrume import deployment

        view = side_view(ruleset, state, side)
        fig = view.figures[choice.actor]
        table = ruleset.table_for(view)
        step = self.stats.CM
        spots = []
        cx, cy = view.width / 2, view.height / 2
        for x0, y0, x1, y1 in choice.hints.get("zones", ()):
            x = x0 + step / 2
            while x < x1:
                y = y0 + step / 2
                while y < y1:
                    face = math.degrees(math.atan2(cy - y, cx - x)) % 360.0
                    b = Base(id=fig.id, x=x, y=y, size=fig.size, shape="square", facing=face)
                    if deployment.refusal(view, table, fig, b) is None:
                        spots.append((x, y))
                    y += step
                x += step
        placed = [f for f in view.figures.values() if not f.out]
        return {"zones": [tuple(z) for z in choice.hints.get("zones", ())], "step": step,
                "mist": self.stats.mist_radius(state), "spots": spots,
                "near": [f.pos for f in placed if f.side == side],
                "far": [f.pos for f in placed if f.side != side]}

    def ladder_odds(self, state, fig: Figure, n: int) -> float:
        return 1.0

    def shot_odds(self, *a, **kw):
        raise NotImplementedError("no odds preview in Mortebrume")

    fight_odds = shot_odds
