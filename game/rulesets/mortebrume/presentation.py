"""What the interface reads from Mortebrume: walk and run allowances, weapon reach bands,
shooting bands, the field of vision, the mist radius, the profile card and sight classes.
Read-only: built on the ruleset's own query functions (stats, sight, legal)."""
from __future__ import annotations

import math

from game.core.presentation import Button, FigureInfo, FormField, Presentation, ScenarioOption
from game.core.state import Figure, GameState
from game.core.text import number, t
from game.rulesets.mortebrume.odds_lines import OddsLines


def _local(text, lang: str) -> str:
    try:
        return text.get(lang)
    except (KeyError, AttributeError):
        return getattr(text, "fr", str(text))


def _cm(mm: float, lang: str) -> str:
    return number(mm / 10, lang, None)


class MortebrumeInfo(OddsLines, Presentation):
    unit = "cm"
    unit_mm = 10.0
    grid_step = 50.0          # a grid line every 5 cm
    scale_units = 10          # the scale bar shows 10 cm
    has_mist = True           # fog, hidden enemies, hand-off screens matter
    reason_prefix = "mb.reason."
    threats = False           # no "who could reach me" overlay: it would measure for the player
    odds = False              # difficulties depend on distances: no preview before declaring
    order = ("activate", "impose", "move", "run", "turn", "strike", "shoot", "cast", "reserved",
             "inspire", "free_move", "react", "heal", "end")
    free_step_keys = ("ui.walk_first", "ui.tip.walk_first")
    answers = ("react", "free_move")
    down_status = ("stunned",)
    held_status = ("stunned",)
    reserve_status = ("undeployed",)
    glossary_terms = tuple((f"ui.mb.stat.{k}", f"mb.gloss.{k}.tip")
                           for k in ("physique", "armour", "dodge", "move", "will"))
    HINTS = {**Presentation.HINTS, "facing": "ui.hint.facing"}

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

    def scenario_options(self, scenario: str, lang: str) -> list[ScenarioOption]:
        """The first game (the small table to learn on) is played with lenient measuring by
        default, offered as its option: a newcomer sees the reaches and a strike out of
        reach is refused before it is declared, instead of wasting the fighter's turn
        (rulings: Declared intentions). Other scenarios follow the settings (the book's
        strict measuring unless switched off)."""
        if scenario != "premiere_partie":
            return []
        return [ScenarioOption("strict_measuring", t("mb.opt.measuring", lang),
                               ((t("mb.opt.measuring.lenient", lang), False),
                                (t("mb.opt.measuring.strict", lang), True)),
                               t("mb.opt.measuring.tip", lang))]

    # --- figure
    def allowance(self, state: GameState, fig: Figure) -> float:
        act = state.activation
        if act is not None and act.get("fig") == fig.id:
            return self.legal.move_allowance(state, fig)
        return self.stats.walk(fig)

    def mod_row(self, key: str, value: int, lang: str) -> str:
        """The aptitude added to the dice, then each bonus (easier) or malus (harder)."""
        if key == "aptitude":
            return t("why.mb.aptitude", lang, n=value)
        return t("mb.mod.easier" if value > 0 else "mb.mod.harder", lang, name=t("mb.mod." + key, lang),
                 n=abs(value))

    def die_note(self, event, face: int, lang: str) -> str:
        """On an aptitude roll, a die showing a 6, 8 or 10 makes the result special."""
        from game.rulesets._shared.aptitude import PARTICULAR_FACES

        return t("why.mb.special_die", lang) if "aptitude" in dict(event.mods) and face in PARTICULAR_FACES else ""

    def roll_chances(self, event, lang: str) -> list[tuple[str, float]]:
        """An aptitude roll: the chance of a total at least this high, of a special result
        and of a fumble (every die a 1), from the exact law of its pool."""
        from game.rulesets._shared.aptitude import pool
        from game.rulesets.mortebrume import odds as mb_odds

        mods = dict(event.mods)
        if "aptitude" not in mods or not isinstance(event.result, int) or isinstance(event.result, bool):
            return []
        apt = mods["aptitude"]
        base, _ = pool(apt)
        extra = len(event.faces) // base - 1
        if pool(apt, extra) != (len(event.faces), event.sides):
            return []
        bonus = sum(v for k, v in event.mods if k != "aptitude")
        law = mb_odds.law(apt, extra, bonus)
        return [(t("why.mb.at_least", lang, total=event.result),
                 sum(p for (total, _, _), p in law.items() if total >= event.result)),
                (t("why.mb.special", lang), sum(p for (_, fumble, part), p in law.items() if part and not fumble)),
                (t("why.mb.fumble", lang), sum(p for (_, fumble, _), p in law.items() if fumble))]

    def figure_role(self, state: GameState, fig: Figure) -> str | None:
        st = self.stats
        prof = st.profile(fig)
        if prof.rank in ("seigneur", "chevalier"):
            return "leader"
        if prof.rank == "lanceur":
            return "caster"
        if st.catalogue().horde_of(fig.profile) == "creatures":
            return "beast"
        return "ranged" if st.weapon(prof.weapon).use != "melee" else "melee"

    def figure(self, state: GameState, fig: Figure, lang: str) -> FigureInfo:
        from game.rulesets.mortebrume import movement

        st = self.stats
        flags = {"ignore_terrain": False, "ignore_difficult": False}
        walk = self.allowance(state, fig)
        moves = {"walk": (walk, flags)}
        act = state.activation
        may_run = not fig.status.get("hindered") and not movement.in_rough_ground(state, fig)
        if may_run and (act is None or (act.get("fig") == fig.id and not act["acted"] and act["spent"] == 0)):
            moves["sprint"] = (2 * st.walk(fig), {**flags, "extra_blockers": _no_run(state)})
        if fig.status.get("activated") and not (act and act.get("fig") == fig.id):
            moves = {}          # its turn is over: no reach to show until the next one
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
        return {"name": self.figure_name(fig, lang), "role": p.rank, "role_key": "ui.card.role_points",
                "cost": p.cost, "stats": stats_line,
                "traits": traits, "weapons": weapons}

    def open_lanes(self, state: GameState, table, mover: str):
        from game.rulesets.mortebrume import lanes

        return lanes.open_lanes(state, table, mover)

    def lane_open(self, state: GameState, table, lane) -> bool:
        from game.rulesets.mortebrume import lanes

        return lanes.lane_open(state, table, lane)

    def hint_args(self, state: GameState, fig: Figure | None, lang: str) -> dict[str, str]:
        """The fighter's melee weapons and their bands ("épée à deux mains : de 2,5 à 4 cm"),
        for a hint that tells where to stop before striking."""
        if fig is None:
            return {"weapons": "?"}
        st = self.stats
        bands = []
        for wid, _ in st.melee_weapons(fig):
            lo, hi = st.reach_band(wid)
            bands.append(t("guide.mb.hint.weapon", lang, name=_local(st.weapon(wid).name, lang).lower(),
                           lo=_cm(lo, lang), hi=_cm(hi, lang)))
        return {"weapons": " ; ".join(bands) if lang == "fr" else "; ".join(bands)}

    def lies_on_table(self, fig: Figure) -> bool:
        """Out of combat, a fighter lies where it fell until it is finished off (dead)."""
        return fig.out and not any(fig.status.get(k) for k in ("dead", "undeployed", "escaped"))

    # --- sight, names
    def sight_class(self, state, table, viewer: Figure, target: Figure) -> str:
        if not self.sight.sees(state, table, viewer, target):
            return "blocked"
        if not self.sight.line_of_fire(state, table, viewer, target):
            return "concealed"     # seen, but more than 6 cm of forest stops projectiles
        return "clear"

    def figure_name(self, fig: Figure | None, lang: str) -> str:
        """A fighter named after its profile ("Chevalier méléien") reads in the language."""
        if fig is None:
            return "?"
        try:
            p = self.stats.profile(fig)
        except (KeyError, AttributeError):
            return fig.name
        return _local(p.name, lang) if fig.name == getattr(p.name, "fr", None) else fig.name

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

    # --- the scenario
    def scenario_hud(self, state: GameState, lang: str) -> list[str]:
        """The objective (the last one standing, or holding the mist stone), then each
        side's points toward it or its fighters still standing."""
        vic = state.extras.get("victory", {})
        kind = vic.get("type", "last_standing")
        lines = [t(f"mb.hud.objective.{kind}", lang, target=vic.get("target", 0))]
        scores = state.extras.get("scores", {})
        for side in state.seats():
            if kind == "hold":
                lines.append(t("mb.hud.hold", lang, n=side, k=scores.get(str(side), 0), of=vic.get("target", 0)))
            else:
                figs = [f for f in state.figures.values() if f.side == side]
                lines.append(t("mb.hud.standing", lang, n=side, k=sum(1 for f in figs if not f.out),
                               of=len(figs)))
        return lines

    def deployment_zones(self, state: GameState) -> dict[int, list[tuple[float, float, float, float]]]:
        return {int(s): [tuple(z) for z in zones] for s, zones in state.extras.get("zones", {}).items()}

    def objective_areas(self, state: GameState) -> list[tuple[float, float, float]]:
        vic = state.extras.get("victory", {})
        if vic.get("type") != "hold":
            return []
        cm = self.stats.CM
        return [(vic["at"][0] * cm, vic["at"][1] * cm, vic["radius"] * cm)]

    def deploying(self, state: GameState) -> bool:
        return "deploy" in state.extras

    # --- interactive deployment
    def placement_limits(self, ruleset, state: GameState, choice, side: int) -> dict:
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

    # --- the panel
    def input_hint(self, choice, stage: str) -> str:
        if choice.kind == "push" and stage == "facing":
            return "play.hint.push"
        return super().input_hint(choice, stage)

    def buttons(self, state: GameState, choice, lang: str) -> list[Button]:
        k, values = choice.kind, choice.values
        if k in ("strike", "shoot", "reserved"):
            fig = state.figures[choice.actor]
            return [Button(f"{self.action_label(choice, lang)} ({self.weapon_name(fig, v, lang)})", v,
                           f"{k}.{v}", t(f"ui.tip.{k}", lang)) for v in values]
        if k in ("inspire", "heal"):
            who = self.name_of(state, choice.targets[0], lang) if k == "heal" else ""
            where = f"{choice.targets[0]}." if choice.targets else ""
            return [Button(t(f"ui.mb.{k}_n", lang, n=v, who=who), v, f"{k}.{where}{v}", t(f"ui.tip.{k}", lang))
                    for v in values]
        if k in ("priority", "deploy_order"):
            names = self._names(state, choice, lang)
            return [Button(t(f"play.choice.{k}.{v}", lang), v, f"{k}.{v}", t(f"play.tip.{k}.{v}", lang, **names))
                    for v in values]
        if k == "react":
            value = str(values[0])
            if ":" in value:   # a companion's reserved action
                who = self.name_of(state, value.split(":", 1)[1], lang)
                return [Button(t("mb.react.guard", lang, who=who), value, f"react.{value}",
                               t("mb.tip.react.guard", lang, who=who))]
            return [Button(t(f"ui.react.{value}", lang), value, f"react.{value}")]
        if k == "designate":
            test = choice.hints.get("test") or "hand"
            return [Button(t("play.choice.designate", lang, who=self.name_of(state, tid, lang),
                             will=self.stats.will(state.figures[tid])), targets=(tid,), key=f"designate.{tid}",
                           tooltip=t(f"play.tip.designate.{test}", lang)) for tid in choice.targets]
        if k == "push":
            target = self.name_of(state, choice.hints["target"], lang)
            return [Button(t("play.choice.push.away", lang, who=target, cm=choice.hints.get("cm", 0)), values[0],
                           "push.away", t("play.tip.push.away", lang), toggled=True),
                    Button(t("play.choice.push.aim", lang), key="push.aim", tooltip=t("play.tip.push.aim", lang),
                           aim=True)]
        if k == "deploy":
            who = self.name_of(state, choice.actor, lang)
            if choice.hints.get("auto"):
                return [Button(t("play.choice.deploy.auto", lang, who=who), key=f"deploy.auto.{choice.actor}",
                               tooltip=t("play.tip.deploy.auto", lang))]
            return [Button(t("play.choice.deploy.place", lang, who=who), key=f"deploy.{choice.actor}",
                           tooltip=t("play.tip.deploy.place", lang))]
        return super().buttons(state, choice, lang)

    def _names(self, state: GameState, choice, lang: str = "fr") -> dict:
        """Who a decision speaks of: its fighter, the other one of a priority, the
        designated fighters of a deployment test."""
        def name(fid):
            return self.name_of(state, fid, lang) if fid in state.figures else "?"

        side = state.pending[-1].side if state.pending else state.to_act
        chosen = choice.hints.get("designated") or {}
        return {"who": name(choice.actor), "other": name(choice.hints.get("other")),
                "mine": name(chosen.get(str(side))), "theirs": name(chosen.get(str(state.other_side(side))))}

    def form(self, state: GameState, choice, chosen: dict, lang: str) -> tuple[list[FormField], list[Button]]:
        """A spell: its power raise and its area raise (cm added to the diameter) cycle on
        one button each, then one button casts it so raised."""
        spells = self.spells
        sid = spells.decode(choice.values[0])[0]
        pairs = [spells.decode(v)[1:] for v in choice.values]
        areas = sorted({a for _, a in pairs})
        area = chosen.get("area", 0)
        area = area if area in areas else areas[0]
        powers = sorted({p for p, a in pairs if a == area})
        power = chosen.get("power", 0)
        power = power if power in powers else powers[0]
        fields = []
        if len(powers) > 1:
            fields.append(FormField("power", t("mb.ui.power_raise", lang, p=power), tuple(powers), power,
                                    t("mb.ui.tip.power_raise", lang)))
        if len(areas) > 1:
            fields.append(FormField("area", t("ui.mb.area_raise", lang, a=area), tuple(areas), area,
                                    t("ui.tip.area_raise", lang)))
        value = spells.encode(sid, power, area)
        return fields, [Button(self.spell_label(value, lang), value, f"cast.{value}", t("ui.tip.cast", lang))]

    def contact_reach(self, choice, value) -> float:
        return self.strike_reach(value) if value is not None else 0.0

    def approach_limit(self, choice, value) -> float:
        """A strike out of its weapon's band still lands (with a penalty) within 4 cm."""
        return max(self.contact_reach(choice, value), self.stats.CONTACT) if choice.kind in (
            "strike", "reserved") else self.contact_reach(choice, value)

    def uncapped_paths(self, state: GameState) -> bool:
        return bool(state.extras.get("strict", False))


def _no_run(state: GameState) -> tuple:
    """Where a run may not go: difficult ground (forest, slopes...), as shapes the reach
    overlay treats as obstacles."""
    from shapely.geometry import Polygon

    return tuple(Polygon(t.points) for t in state.terrain if "difficult" in t.tags)
