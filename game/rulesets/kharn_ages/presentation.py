"""What the window reads from Khârn-Ages: toises (4 cm) on round bases, a one-toise grid;
each figure's card (action points left, hit points, the six characteristics and the stature,
the mastery dice with their domains, crossed out once used or lost, the weapon, the armour's
and the shield's boxes, the skills and the states); its reach: the next walk and the one
after it (their PA cost on the card and in the legend), the assault's move, and the zone of
control then the weapon's allonge as bands around the base; the buttons of every action
and decision the flow offers, with fields for the attack and defence builds (PA, then the
characteristics) and their costs; the Kouronnes felled in the scenario's box.
Read-only: built on the ruleset's own functions."""
from __future__ import annotations

from typing import Any

from game.core.presentation import Button, FigureInfo, FormField, Presentation, RosterState, pct
from game.core.state import Figure, GameState
from game.core.text import catalogue as texts
from game.core.text import t

from . import casting as CA
from . import codes
from . import duel as DU
from . import fight as FT
from . import flow as FL
from . import generic_flow as GF
from . import morale_flow as MF
from . import ranged_fight as RF
from . import shot_forms as SF
from . import spell_forms as SPF
from . import warning as WN
from .cards import card, fighter, label
from .fighter import ALL_CHARS, DOMAINS, TOISE, ZDC
from .forms import FormsMixin
from .moves import assault_allowance, next_walk_cost, stun_tax, walk_cost
from .shooting import band as band_of

STATES = ("stunned", "knocked_out", "down", "bleeding", "poison", "fire", "frost", "frost_now", "alert",
          "carcass", "frightened", "frozen", "demoralised", "berserk", "hidden", "food")
ATTACKS = (FL.ATTACK, FL.ASSAULT, FT.FREE_ATTACK)
SPECIAL = "special"            # the PA field's option for the special attacks (2 PA)
CROSSED = "\u0336"             # combining long stroke: a die crossed out
FREE, TICKED = "□", "■"


def boxes(total: int, ticked: int) -> str:
    """Durability boxes as the card draws them: ticked first."""
    ticked = max(0, min(total, ticked))
    return TICKED * ticked + FREE * (total - ticked)


def crossed(text: str) -> str:
    return "".join(ch + CROSSED for ch in text)


def walk_costs(state: GameState, fig: Figure) -> tuple[int, int] | None:
    """PA of the figure's next walk and of the one after it: now for the figure acting,
    at its coming activation for one still to act (walks and the stun tax reset there);
    None when it cannot walk this turn."""
    if fig.out or fig.status.get("carcass"):
        return None
    f = fighter(state, fig)
    act = state.activation
    endurance = f.has("endurance") or bool(f.status.get("berserk"))
    if act is not None and act.get("figure") == fig.id:
        if f.status.get("down") or f.status.get("frozen") or f.speed <= 0:
            return None
        first = next_walk_cost(f)
        rank = int(f.status.get("walks", 0)) + 2
        return first, walk_cost(rank, endurance, bool(f.status.get("stunned")))
    if fig.id in FL.data(state).get("done", ()) or f.speed <= 0:
        return None
    first = 2 if f.status.get("down") else 1        # standing up takes the free walk
    return walk_cost(first, endurance), walk_cost(first + 1, endurance)


def ground_reach(state: GameState, speed: int, walks: int = 1, bonus: int = 0) -> tuple[float, dict]:
    """A walk's reach as the window draws it, ``check`` 's K-R62: V toises on clear ground,
    and for each slowing kind of ground the shorter walk that may touch it (keeping off
    the ground that would shorten it more): the main region keeps off all of it, each
    alternative adds what the shorter walk reaches (``walks`` walks in a row, each so
    limited; ``bonus``: Charge brutale's toises)."""
    from shapely.geometry import Polygon

    from .legal import TERRAIN_KINDS
    from .moves import walk_allowance

    flags = {"ignore_difficult": True}
    full = walks * (speed + bonus) * TOISE
    pieces = [(walk_allowance(speed, [k for k in TERRAIN_KINDS if k in p.tags]), Polygon(p.points))
              for p in state.terrain if any(k in p.tags for k in TERRAIN_KINDS)]
    pieces = [(a, g) for a, g in pieces if a < speed]
    if not pieces:
        return full, flags
    alternatives = []
    for a in sorted({a for a, _ in pieces}, reverse=True):
        worse = [g for b, g in pieces if b < a]
        if a + bonus > 0:
            alternatives.append((walks * (a + bonus) * TOISE, {**flags, "extra_blockers": worse}))
    return full, {**flags, "extra_blockers": [g for _, g in pieces], "alternatives": alternatives}


class KharnAgesInfo(FormsMixin, Presentation):   # FormsMixin: the window's form box
    """Khârn-Ages measures in toises, on round bases with no facing; nothing is hidden and
    distances may be measured at any time."""

    unit = "toise"
    unit_mm = TOISE
    grid_step = TOISE
    scale_units = 5
    reason_prefix = "ka.reason."
    order = (FL.ACTIVATE, FT.KEEP, FT.REROLL, FT.MASTER, DU.BRETTEUR, FT.DEFEND, WN.WARN, DU.SADIQUE,
             FT.FREE_MOVE, FT.FREE_ATTACK, RF.FREE_SHOT, GF.WARLORD, GF.SACRIFICE, FL.STAND, FL.WALK, FL.ASSAULT,
             FL.ATTACK, FL.SHOOT, FL.RELOAD, FL.THROW, FL.HIDE, GF.DETECT, FL.ALERT, FL.BANDAGE, GF.BANDAGE_FRIEND,
             GF.ANTIDOTE, GF.PUT_OUT, GF.SMOTHER, FL.DEVOUR, GF.LOOT, GF.EAT, GF.UNARMOUR, CA.CAST, CA.RESIST,
             FT.SKIP, FL.END)
    markers = ("stunned", "knocked_out", "down", "bleeding", "poison", "fire", "frost", "alert", "carcass", "hidden")
    answers = (FT.DEFEND, CA.RESIST)
    down_status = ("down", "knocked_out", "stunned")
    melee_legend = "ui.ka.legend.reach"
    range_count = 3
    sight_classes = ("clear", "concealed", "cover", "blocked")
    sight_legend = "ui.ka.legend.sight."
    legend_keys = {"aura": "ka.spell.legend.range", "reach.walk": "ui.ka.legend.walk",
                   "reach.sprint": "ui.ka.legend.sprint", "reach.assault": "ui.ka.legend.assault",
                   "range.short": "ui.ka.legend.range_short",
                   "range.mid": "ui.ka.legend.range_mid", "range.long": "ui.ka.legend.range_limit"}
    glossary_terms = tuple((f"ui.ka.stat.{k}", f"ui.ka.gloss.{k}") for k in ("PA", "PV", *ALL_CHARS, "S"))
    HINTS = {**Presentation.HINTS, "path": "ui.ka.hint.path", "target": "ui.ka.hint.target"}

    def __init__(self) -> None:
        self._legend: tuple[int, int] | None = None    # the acting figure's walk costs, for the legend

    def strict(self, state: GameState, settings) -> bool:
        return False             # measuring is allowed at any time

    # --- names
    def figure_name(self, fig: Figure | None, lang: str) -> str:
        """The profile's name in the language, and the figure's number in its band when the
        band has several of that profile."""
        if fig is None:
            return "?"
        name = str((fig.status.get("label") or {}).get(lang) or "")
        return name or fig.name

    def name_of(self, state: GameState, fid: str | None, lang: str) -> str:
        """The figure's label (set at setup, numbered within its band), else its profile's name."""
        fig = state.figures.get(fid) if fid else None
        if fig is None:
            return str(fid or "?")
        return str((fig.status.get("label") or {}).get(lang) or label(state, fig, lang))

    def target_label(self, state: GameState, choice, tid: str, lang: str, strict: bool = False) -> str:
        """A figure's name; a shot's target with its distance, range band and cover (and why)."""
        if tid in state.figures:
            fig = state.figures[tid]
            name = self.name_of(state, tid, lang)
            if fig.out:
                return t("ui.target.fallen", lang, name=name)
            actor = state.figures.get(choice.actor) if choice.actor else None
            if choice.kind in SF.SHOT_KINDS and actor is not None:
                from game.rulesets._shared.tables import table_for

                note = SF.target_note(state, table_for(state), fighter(state, actor), fighter(state, fig), lang)
                return f"{name} · {note}"
            return name
        return super().target_label(state, choice, tid, lang, strict)

    def weapon_name(self, fig: Figure | None, value, lang: str = "fr") -> str:
        from .schema import catalogue

        w = catalogue().weapons.get(str(value))
        return w.name.model_dump().get(lang, str(value)) if w is not None else str(value)

    def terrain_name(self, kind: str, lang: str) -> str:
        from .schema import catalogue

        k = catalogue().terrain_kinds.get(kind)
        return k.name.model_dump().get(lang, kind) if k is not None else kind

    def _item(self, table: str, item_id: str | None, lang: str) -> str:
        from .schema import catalogue

        found = getattr(catalogue(), table).get(str(item_id)) if item_id else None
        return found.name.model_dump().get(lang, item_id) if found is not None else str(item_id)

    # --- figures
    def figure_role(self, state: GameState, fig: Figure) -> str | None:
        c = card(state, fig)
        if fig.status.get("leader"):
            return "leader"
        if c.get("ranged"):
            return "ranged"
        return "beast" if c.get("faction") == "fang" and not c.get("armour") else "melee"

    def lies_on_table(self, fig: Figure) -> bool:
        return bool(fig.status.get("carcass"))

    def figure(self, state: GameState, fig: Figure, lang: str) -> FigureInfo:
        info = FigureInfo(card=self._card(state, fig, lang))
        if fig.out:
            return info
        f = fighter(state, fig)
        costs = walk_costs(state, fig)
        act = state.activation
        acting = act is not None and act.get("figure") == fig.id
        if acting:
            self._legend = costs
        elif act is None:
            self._legend = None
        if costs is not None:
            pa = f.pa if acting else int(card(state, fig)["pa"])
            tax = stun_tax(f) if acting else 0
            if costs[0] <= pa:
                info.moves["walk"] = ground_reach(state, f.speed)
                if costs[0] + costs[1] <= pa:
                    info.moves["sprint"] = ground_reach(state, f.speed, walks=2)
            attacked = int(f.status.get("attacks", 0)) if acting else 0
            if attacked == 0 and costs[0] + 1 + tax <= pa:
                info.moves["assault"] = ground_reach(state, f.speed, bonus=f.skill("charge_brutale"))
                info.charge, info.charge_flags = assault_allowance(f) * TOISE, {"ignore_difficult": True}
        info.auras, info.areas = SPF.spell_rings(state, fig)
        info.ranges = SF.ranges(state, fig)
        if info.ranges:
            info.shoot_reach = max(info.ranges[0][1])
        zdc, reach = f.zdc * TOISE, f.reach * TOISE
        if zdc:
            info.melee = [(t("ui.ka.card.zdc", lang), (0.0, zdc))]
            if reach > zdc:
                info.melee.append((self._item("weapons", (card(state, fig).get("weapon") or {}).get("id"), lang),
                                   (zdc, reach)))
        info.rings = morale_rings(state, f)
        return info

    def _card(self, state: GameState, fig: Figure, lang: str) -> dict:
        c = card(state, fig)
        f = fighter(state, fig)
        s = fig.status
        stats = [(t("ui.ka.stat.PA", lang), f"{f.pa}/{c['pa']}"),
                 (t("ui.ka.stat.PV", lang), f"{fig.vitality}/{fig.max_vitality}")]
        for ch in ALL_CHARS:
            now, printed = f.char(ch), int(c["chars"][ch])
            stats.append((t(f"ui.ka.stat.{ch}", lang), str(now) if now == printed else f"{now} ({printed})"))
        stats.append((t("ui.ka.stat.S", lang), str(c["stature"])))
        lines = [self._weapon_line(c, lang)]
        if c.get("ranged"):
            lines.append(self._ranged_line(c["ranged"], s, lang))
        armour = c.get("armour")
        if armour:
            line = t("ui.ka.card.armour", lang, name=self._item("armours", armour["id"], lang),
                     threshold=armour["threshold"], low=armour["low"], high=armour["high"],
                     boxes=boxes(int(armour["boxes"]), int(s.get("armour_ticks", 0))))
            lines.append(line if not s.get("armour_off") else t("ui.ka.card.armour_off", lang,
                                                                  name=self._item("armours", armour["id"], lang)))
        shield = c.get("shield")
        if shield:
            name = self._item("shields", shield["id"], lang)
            lines.append(t("ui.ka.card.shield_gone", lang, name=name) if s.get("shield_gone") else
                         t("ui.ka.card.shield", lang, name=name,
                           boxes=boxes(int(shield["boxes"]), int(s.get("shield_ticks", 0)))))
        lines.append(self.mastery_line(c, s, lang))
        lines += SPF.card_lines(state, fig, c, lang, lambda fid: self.name_of(state, fid, lang))
        traits = []
        for sid, value in (c.get("skills") or {}).items():
            name = t(f"ui.ka.skill.{sid}", lang) if f"ui.ka.skill.{sid}" in texts(lang) else sid
            if value is not None:
                name += f" {t(f'ui.ka.domain.{value}', lang) if value in DOMAINS else value}"
            tip_key = f"ui.ka.skill_tip.{sid}"
            traits.append((name, t("ui.ka.card.trait", lang, name=name, text=t(tip_key, lang))
                           if tip_key in texts(lang) else name))
        return {"name": self.name_of(state, fig.id, lang), "role": f"ka.level{int(c['level'])}",
                "role_key": "ui.ka.card.role", "cost": int(c.get("cost", 0)), "stats": stats, "traits": traits,
                "weapons": lines, "now": self._now(state, fig, lang)}

    def _weapon_line(self, c: dict, lang: str) -> str:
        w = c.get("weapon") or {}
        extra = []
        if w.get("damage"):
            extra.append(t("ui.ka.card.damage", lang, n=w["damage"]))
        if w.get("bonus"):
            extra.append(t("ui.ka.card.bonus", lang, n=w["bonus"]))
        if w.get("allonge"):
            extra.append(t("ui.ka.card.allonge", lang, n=self._num(w["allonge"], lang)))
        if w.get("bleeding"):
            extra.append(t("ui.ka.card.bleeding", lang, n=w["bleeding"]))
        name = self._item("weapons", w.get("id"), lang) if w.get("id") else t("ui.ka.card.unarmed", lang)
        return name + (f" ({', '.join(extra)})" if extra else "")

    def _ranged_line(self, w: dict, status: dict, lang: str) -> str:
        """The ranged weapon: its ranges ("3 / 7 / −"), damage and what is left to shoot
        (stones or arrows left, or the cadence boxes)."""
        from .schema import catalogue

        item = catalogue().ranged_weapons.get(str(w.get("id")))
        name = item.name.model_dump().get(lang, w["id"]) if item is not None else str(w.get("id"))
        rng = f"{self._num(w['short'], lang)} / {self._num(w['long'], lang)}" + (" / −" if w.get("limit") else "")
        if w.get("cadence"):
            left = t("ui.ka.card.cadence", lang, boxes=boxes(int(w["cadence"]),
                                                            int(status.get("cadence", {}).get(w["id"], 0))),
                     pa=w.get("reload", 0))
        elif w.get("ammo"):
            left = t("ui.ka.card.ammo", lang, n=int(w["ammo"]) - int(status.get("ammo_spent", {}).get(w["id"], 0)),
                     total=int(w["ammo"]))
        else:
            left = ""
        return t("ui.ka.card.ranged", lang, name=name, ranges=rng, n=w["damage"]) + (f", {left}" if left else "")

    @staticmethod
    def _num(v: float, lang: str) -> str:
        text = f"{float(v):g}"
        return text.replace(".", ",") if lang == "fr" else text

    @staticmethod
    def mastery_line(c: dict, status: dict, lang: str) -> str:
        """The mastery dice, each with its domains; crossed out when used since the last
        activation or lost for good."""
        spent = set(status.get("mastery_used", ())) | set(status.get("mastery_lost", ()))
        dice = []
        for i, domains in enumerate(c.get("mastery") or ()):
            text = "+".join(t(f"ui.ka.domain.{d}", lang) for d in domains)
            dice.append(crossed(text) + " ✗" if i in spent else text)
        return t("ui.ka.card.mastery", lang, dice=" · ".join(dice) or "—")

    def _now(self, state: GameState, fig: Figure, lang: str) -> str:
        """PA left and what the next walks cost, or why the figure waits."""
        if fig.out:
            return ""
        costs = walk_costs(state, fig)
        act = state.activation
        if act is not None and act.get("figure") == fig.id:
            line = t("ui.ka.card.acting", lang, pa=fighter(state, fig).pa)
        elif fig.id in FL.data(state).get("done", ()):
            return t("ui.ka.card.done", lang)
        else:
            line = t("ui.ka.card.ready", lang, pa=int(card(state, fig)["pa"]))
        if costs is not None:
            key = "ui.ka.card.walks" if costs[0] else "ui.ka.card.walks_free"
            line += t(key, lang, a=costs[0], b=costs[1])
        return line

    def status_labels(self, fig: Figure, lang: str) -> list[str]:
        s = fig.status
        out = []
        for k in STATES:
            v = s.get(k)
            if not v:
                continue
            if k == "bleeding":
                out.append(t("ui.ka.status.bleeding", lang, n=sum(int(x) for x in v)))
            elif k == "poison":
                out.append(t("ui.ka.status.poison", lang, n=int(v)))
            elif k == "food":
                out.append(t("ui.ka.status.food", lang, n=int(v)))
            elif k == "frightened" and s.get("fright"):
                out.append(t("ui.ka.status.fright", lang, what=t(f"ui.ka.fright.{s['fright']}", lang)))
            else:
                out.append(t(f"ui.ka.status.{k}", lang))
        terror = max(s.get("temerity", {}).values(), default=0)
        if terror and not s.get("demoralised"):
            out.append(t("ui.ka.status.terrorised", lang, n=int(terror)))
        return out

    def roster_state(self, state: GameState, fig: Figure) -> RosterState:
        down = any(fig.status.get(k) for k in self.down_status)
        if fig.out:
            return RosterState("out")
        act = state.activation
        if act is not None and act.get("figure") == fig.id:
            return RosterState("active", down)
        if fig.id in FL.data(state).get("done", ()):
            return RosterState("done", down)
        return RosterState("ready", down)

    def pass_step(self, state: GameState, choices):
        """End the activation under way; between activations, activate the next figure of
        the side (to end it at once): each figure must be activated for the turn to end,
        and an activation ended at once does nothing."""
        from game.core.actions import Action

        step = super().pass_step(state, choices)
        if step is not None or state.pending:
            return step
        ready = [c for c in choices if c.kind == FL.ACTIVATE]
        return Action(kind=FL.ACTIVATE, actor=ready[0].actor) if ready else None

    # --- the legend
    def legend_text(self, entry: str, default: str) -> str:
        """The walk rings name their PA cost: the acting figure's, else an activation's
        first two walks."""
        costs = self._legend or (0, 1)
        if entry == "reach.walk":
            return f"ui.ka.legend.walk_pa.{min(costs[0], 9)}"
        if entry in ("ring.aura", "ring.terror"):
            return f"ui.ka.legend.{entry[5:]}"
        if entry == "reach.sprint":
            return f"ui.ka.legend.sprint_pa.{min(costs[0] + costs[1], 19)}"
        return super().legend_text(entry, default)

    # --- the panel
    def action_label(self, choice, lang: str) -> str:
        if choice.kind == CA.CAST and choice.hints.get("spell"):
            return t("ui.ka.action.cast_spell", lang, spell=SPF.spell_name(choice.hints["spell"], lang))
        return t(f"ui.ka.action.{choice.kind}", lang)

    def value_label(self, fig: Figure | None, choice, value, lang: str) -> str:
        if choice.kind in ATTACKS:
            return self.attack_label(str(value), lang)
        if choice.kind in SF.SHOT_KINDS:
            return SF.shot_label(str(value), lang)
        if choice.kind == FL.THROW:
            return t(f"ui.ka.thrown.{value}", lang)
        if choice.kind == CA.CAST:
            return SPF.cast_label(str(value), lang)
        if choice.kind == CA.RESIST:
            return SPF.resist_label(str(value), lang)
        if choice.kind == FT.DEFEND:
            return self.defence_label(str(value), lang)
        if choice.kind in (FT.REROLL, FT.MASTER, DU.BRETTEUR):
            return t("ui.ka.die", lang, n=int(value) + 1)
        if choice.kind == DU.SADIQUE:
            return t("ui.ka.sadique", lang, n=int(value))
        if choice.kind in (FL.BANDAGE, FL.DEVOUR, GF.ANTIDOTE, GF.BANDAGE_FRIEND):
            return t("ui.ka.pa", lang, n=value)
        if choice.kind == GF.LOOT:
            return t(f"ui.ka.loot.{value}", lang)
        if choice.kind == MF.RALLY and value == MF.SELF:
            return t("ui.ka.rally.self", lang)
        return str(value)

    def attack_label(self, code: str, lang: str, f=None) -> str:
        """An attack build in words: its characteristics, the damage it deals (the number
        for that figure, weapon bonus and P effects in, when ``f`` is given), the effects."""
        from .attacks import base_damage

        b = codes.attack_build(code)
        if b.special:
            return t("ui.ka.build.special", lang, name=t(f"ui.ka.special.{b.special}", lang), chars="+".join(b.chars))
        dmg = t("ui.ka.build.weapon", lang) if b.damage == "weapon" else b.damage
        if f is not None:
            dmg = f"{dmg} = {base_damage(f, b)}"
        eff = "+".join(b.effects) if b.effects else "—"
        return t("ui.ka.build.attack", lang, chars="+".join(b.chars), dmg=dmg, eff=eff)

    def defence_label(self, code: str, lang: str) -> str:
        b = codes.defence_build(code)
        if b is None:
            return t("ui.ka.build.none", lang)
        if b.discard:
            return t("ui.ka.build.discard", lang)
        parts = ["+".join(b.chars) if b.chars else t("ui.ka.build.reflex", lang)]
        if b.shield:
            parts.append(t("ui.ka.build.shield", lang))
        if b.damage:
            parts.append(t("ui.ka.build.riposte", lang, c=b.damage))
        if b.effect:
            parts.append(t("ui.ka.build.effect", lang, c=b.effect))
        return " · ".join(parts)

    def buttons(self, state: GameState, choice, lang: str) -> list[Button]:
        k = choice.kind
        tip = t(f"ui.ka.tip.{k}", lang)
        fig = state.figures.get(choice.actor) if choice.actor else None
        if k == FL.ACTIVATE and fig is not None:
            return [Button(t("ui.ka.action.activate_who", lang, who=self.name_of(state, fig.id, lang),
                             pa=int(card(state, fig)["pa"])), None, k, tip)]
        if k in (FL.WALK, FL.ASSAULT, FL.STAND) and "cost" in choice.hints:
            cost = int(choice.hints["cost"])
            name = t(f"ui.ka.action.{k}_pa", lang, n=cost) if cost else t(f"ui.ka.action.{k}_free", lang)
            if k == FL.ASSAULT:
                return self._attack_buttons(state, choice, choice.values, lang, name)
            return [Button(name, choice.values[0] if choice.values else None, k, tip)]
        if k in ATTACKS:
            return self._attack_buttons(state, choice, choice.values, lang, self.action_label(choice, lang))
        if k in SF.SHOT_KINDS:
            return self._shot_buttons(state, choice, choice.values, lang)
        if k in (FL.RELOAD, FL.HIDE, FL.THROW, GF.DETECT, GF.UNARMOUR, GF.EAT, GF.PUT_OUT, GF.SMOTHER) \
                and "cost" in choice.hints and len(choice.values) <= 1:
            return [Button(t(f"ui.ka.action.{k}_pa", lang, n=int(choice.hints["cost"])), None, k, tip)]
        if k == GF.WARLORD:
            return [Button(t("ui.ka.action.warlord_pa", lang, n=int(choice.hints.get("gain", 0))), None, k, tip)]
        if k == WN.WARN:                         # who shouts
            return [Button(t("ui.ka.action.warn_by", lang, who=self.name_of(state, v, lang)), v, f"{k}.{v}", tip)
                    for v in choice.values]
        if k == FT.DEFEND:
            return self._defence_buttons(state, choice, choice.values, lang)
        if k in (FT.MASTER, FT.REROLL, DU.BRETTEUR):
            faces = roll_faces(state)
            key = {FT.MASTER: "ui.ka.action.master_die", DU.BRETTEUR: "ui.ka.action.bretteur_die"}.get(
                k, "ui.ka.action.reroll_die")
            return [Button(t(key, lang, n=int(v) + 1, face=faces[int(v)] if int(v) < len(faces) else "?"), v,
                           f"{k}.{v}", tip) for v in choice.values]
        if k == MF.RALLY:                        # whose die: its own, or a level-3 friend's
            return [Button(f"{self.action_label(choice, lang)} ("
                           + (t("ui.ka.rally.self", lang) if v == MF.SELF
                              else t("ui.ka.rally.friend", lang, who=self.name_of(state, v, lang))) + ")",
                           v, f"{k}.{v}", tip) for v in choice.values]
        if len(choice.values) > 1:
            return [Button(f"{self.action_label(choice, lang)} ({self.value_label(fig, choice, v, lang)})", v,
                           f"{k}.{v}", tip) for v in choice.values]
        return [Button(self.action_label(choice, lang), choice.values[0] if choice.values else None, k, tip)]

    def _attack_buttons(self, state, choice, values, lang: str, name: str) -> list[Button]:
        tip = t(f"ui.ka.tip.{choice.kind}", lang)
        fig = state.figures.get(choice.actor) if choice.actor else None
        f = fighter(state, fig) if fig is not None else None
        return [Button(f"{name} · {self.attack_label(str(v), lang, f)}", v, f"{choice.kind}.{v}", tip)
                for v in values]

    def _shot_buttons(self, state, choice, values, lang: str) -> list[Button]:
        tip = t(f"ui.ka.tip.{choice.kind}", lang)
        fig = state.figures.get(choice.actor) if choice.actor else None
        f = fighter(state, fig) if fig is not None else None
        name = self.action_label(choice, lang)
        return [Button(f"{name} · {SF.shot_label(str(v), lang, f)}", v, f"{choice.kind}.{v}", tip) for v in values]

    def _defence_buttons(self, state, choice, values, lang: str) -> list[Button]:
        tip = t("ui.ka.tip.defend", lang)
        advised = choice.hints.get("advised")
        out = []
        for v in values:
            text = self.defence_label(str(v), lang)
            pa = defence_pa(str(v))
            text = t("ui.ka.action.defend_pa", lang, build=text, n=pa)
            if v == advised:
                text = t("ui.ka.action.advised", lang, build=text)
            out.append(Button(text, v, f"defend.{v}", tip, toggled=v == advised))
        return out

    def form(self, state: GameState, choice, chosen: dict[str, Any], lang: str
             ) -> tuple[list[FormField], list[Button]]:
        """Attacks: the PA spent (1, 2, 3 or a special attack), then the characteristics,
        then one button per damage and effect left. Defences: the characteristics committed
        (the advised one first), then the shield and riposte choices. Devouring: the PA."""
        if choice.kind in ATTACKS:
            return self._attack_form(state, choice, chosen, lang)
        if choice.kind == FT.DEFEND:
            return self._defence_form(state, choice, chosen, lang)
        if choice.kind in SF.SHOT_KINDS:
            return self._shot_form(state, choice, chosen, lang)
        if choice.kind in (CA.CAST, CA.RESIST):           # the form over the table (spell_forms)
            key = f"{choice.kind}.{choice.hints.get('spell', '')}" if choice.kind == CA.CAST else choice.kind
            return [], [Button(self.action_label(choice, lang), None, key, t(f"ui.ka.tip.{choice.kind}", lang))]
        return [], self.buttons(state, choice, lang)

    def _shot_form(self, state, choice, chosen, lang):
        """Shots: the kind (and its PA) first, then one button per build of that kind."""
        kinds = tuple(dict.fromkeys(str(v).split("/", 1)[0] for v in choice.values))
        key = f"{choice.kind}.kind"
        kind = chosen.get(key) if chosen.get(key) in kinds else ("standard" if "standard" in kinds else kinds[0])
        word = t(f"ka.shot.kind.{kind}", lang)
        fields = [FormField(key, t("ui.ka.form.shot_kind", lang, v=word), kinds, kind,
                           t("ui.ka.form.shot_kind_tip", lang))]
        values = [v for v in choice.values if str(v).startswith(kind + "/")]
        return fields, self._shot_buttons(state, choice, values, lang)

    def _attack_form(self, state, choice, chosen, lang):
        by_pa: dict[Any, list[str]] = {}
        for v in choice.values:
            b = codes.attack_build(str(v))
            by_pa.setdefault(SPECIAL if b.special else len(b.chars), []).append(str(v))
        pas = tuple(sorted((p for p in by_pa if p != SPECIAL), key=int)) + ((SPECIAL,) if SPECIAL in by_pa else ())
        key_pa, key_chars = f"{choice.kind}.pa", f"{choice.kind}.chars"
        pa = chosen.get(key_pa) if chosen.get(key_pa) in pas else pas[0]
        left = by_pa[pa]
        combos = tuple(dict.fromkeys("".join(codes.attack_build(v).chars) for v in left))
        combo = chosen.get(key_chars) if chosen.get(key_chars) in combos else combos[0]
        pa_word = t("ui.ka.form.special", lang) if pa == SPECIAL else t("ui.ka.pa", lang, n=pa)
        fields = [FormField(key_pa, t("ui.ka.form.pa", lang, v=pa_word), pas, pa, t("ui.ka.form.pa_tip", lang))]
        if len(combos) > 1:
            fields.append(FormField(key_chars, t("ui.ka.form.chars", lang, v="+".join(combo)), combos, combo,
                                    t("ui.ka.form.chars_tip", lang)))
        values = [v for v in left if "".join(codes.attack_build(v).chars) == combo]
        name = self.action_label(choice, lang)
        if choice.kind == FL.ASSAULT and "cost" in choice.hints:
            cost = int(choice.hints["cost"])
            name = t("ui.ka.action.assault_pa", lang, n=cost) if cost else t("ui.ka.action.assault_free", lang)
        return fields, self._attack_buttons(state, choice, values, lang, name)

    def _defence_form(self, state, choice, chosen, lang):
        advised = choice.hints.get("advised")
        groups: dict[str, list[str]] = {}
        for v in choice.values:
            b = codes.defence_build(str(v))
            groups.setdefault("" if b is None or b.discard else "".join(b.chars), []).append(str(v))
        order = sorted(groups, key=lambda g: (len(g), g))
        if advised is not None:
            first = "" if codes.defence_build(str(advised)) is None or codes.defence_build(str(advised)).discard \
                else "".join(codes.defence_build(str(advised)).chars)
            order.remove(first)
            order.insert(0, first)
        key = "defend.chars"
        pick = chosen.get(key) if chosen.get(key) in order else order[0]
        fields = []
        if len(order) > 1:
            fields.append(FormField(key, t("ui.ka.form.defence", lang,
                                           v="+".join(pick) if pick else t("ui.ka.build.reflex", lang)),
                                    tuple(order), pick, t("ui.ka.form.defence_tip", lang)))
        values = sorted(groups[pick], key=lambda v: v != advised)       # the advised build first
        return fields, self._defence_buttons(state, choice, values, lang)

    # --- the odds
    def odds_preview(self, state: GameState, table, choice, value, target: Figure, partners,
                     strict: bool, lang: str) -> list[str]:
        """An attack build on a target: for each defence the target can afford, the chance
        to hit, the hit points it should lose after its armour and the chance to fell it
        (``odds.attack_table``, supporters counted where the figures stand)."""
        from . import attacks as atk
        from . import odds, zones
        from .cards import fighters

        actor = state.figures.get(choice.actor) if choice.actor else None
        if choice.kind in SF.SHOT_KINDS and actor is not None and target is not None and value is not None:
            return self._shot_preview(state, table, choice, str(value), target, lang)
        if choice.kind not in ATTACKS or actor is None or target is None or value is None:
            return []
        try:
            build = codes.attack_build(str(value))
        except ValueError:
            return []
        att, dfn = fighter(state, actor), fighter(state, target)
        assault = choice.kind == FL.ASSAULT
        mine = theirs = 0
        if not assault:
            mine, theirs, _, _ = zones.support(state, table, att, dfn, fighters(state))
        mods = atk.attack_mods(att, build, assault=assault, supporters=mine, foe_supporters=theirs,
                               target_bleeding=bool(target.status.get("bleeding")))
        lines = []
        for row in odds.attack_table(att, dfn, build, mods, assault=assault,
                                     max_def_chars=2 if choice.kind == FT.FREE_ATTACK else 3):
            what = self.defence_label(codes.defence_code(row.defence), lang)
            lines.append(t("ui.ka.odds.row", lang, defence=what, hit=pct(row.hit),
                           dmg=self._num(round(row.damage, 1), lang), fell=pct(row.terrasse)))
        return lines

    def _shot_preview(self, state, table, choice, value: str, target: Figure, lang: str) -> list[str]:
        rows = SF.shot_odds(state, table, choice, value, (target.id,), lang)
        if rows is None:
            return []
        return [rows.note] + [t("ui.ka.odds.row", lang, defence=r[0], hit=r[1], dmg=r[2], fell=r[3]) for r in rows.rows]

    def sight_class(self, state: GameState, table, viewer: Figure, target: Figure) -> str:
        """How a shot from the viewer would find the target: blocked (unseen, hidden behind
        its cover, or past the viewer's weapon's hard limit), clear, light cover (+1 or +2 to
        its defence: concealed) or full cover (+3)."""
        if not table.can_see(viewer.id, target.id):
            return "blocked"
        f, e = fighter(state, viewer), fighter(state, target)
        from . import cover as CV

        if CV.hidden_from(table, f, e):
            return "blocked"
        w = f.profile.ranged
        if w is not None and band_of(w, table.distance(viewer.id, target.id) / TOISE) is None:
            return "blocked"                      # past a weapon's hard limit
        c = CV.cover_of(state, table, f, e, {k: fighter(state, g) for k, g in state.figures.items()})
        return "clear" if not c.bonus else ("cover" if c.bonus >= 3 else "concealed")

    def input_hint(self, choice, stage: str) -> str:
        if choice.kind == FL.ASSAULT and stage == "path":
            return "ui.ka.hint.assault"
        if choice.kind == CA.CAST and stage == "target":
            return "ka.spell.hint.target"
        return super().input_hint(choice, stage)

    def decision_caption(self, state: GameState, decision, lang: str) -> str | None:
        who = self.name_of(state, decision.figure, lang)
        if decision.kind == FT.DEFEND:
            return t("ui.ka.bar.defend", lang, who=who, by=self.name_of(state, decision.context.get("attacker"), lang),
                     total=decision.context.get("total", "?"))
        if decision.kind == FT.ROLL_DECISION:
            return t("ui.ka.bar.roll", lang, who=who, dice=" ".join(str(x) for x in roll_faces(state)))
        if decision.kind == MF.DECISION:
            src = str(decision.context.get("source"))
            by = self.name_of(state, src, lang) if src in state.figures else \
                t(f"ka.source.{src.split(':')[0]}", lang)
            return t(f"ui.ka.decision.morale.{decision.context.get('test')}", lang, who=who, by=by)
        if decision.kind in (FT.FREE_MOVE, FT.FREE_ATTACK, RF.FREE_SHOT):
            return t(f"ui.ka.bar.{decision.kind}", lang, who=who)
        if decision.kind == DU.BRETTEUR:
            fight = FT.current(state) or {}
            roller = fight.get("att") if decision.context.get("roll") == "a" else fight.get("dfn")
            what = t("ui.ka.roll.attack" if decision.context.get("roll") == "a" else "ui.ka.roll.defence", lang)
            return t("ui.ka.bar.bretteur", lang, who=who, target=self.name_of(state, roller, lang), what=what,
                     n=int(decision.context.get("x", 1)), dice=" ".join(str(x) for x in roll_faces(state)))
        if decision.kind == DU.SADIQUE:
            return t("ui.ka.bar.sadique", lang, who=who,
                     target=self.name_of(state, decision.context.get("target"), lang))
        if decision.kind == WN.WARN:
            return t("ui.ka.bar.warn", lang, who=who, by=self.name_of(state, decision.context.get("shooter"), lang))
        if decision.kind == CA.RESIST:
            return t("ka.spell.bar.resist", lang, who=who, by=self.name_of(state, decision.context.get("caster"), lang),
                     spell=SPF.spell_name(str(decision.context.get("spell")), lang),
                     total=decision.context.get("total", "?"))
        return super().decision_caption(state, decision, lang)

    def confirm(self, state: GameState, choice, lang: str) -> str | None:
        """Ending an activation with PA left."""
        if choice.kind == FL.END and choice.actor in state.figures:
            left = fighter(state, state.figures[choice.actor]).pa
            if left > 0:
                return t("ui.ka.confirm.end", lang, n=left)
        return None

    def contact_reach(self, choice, value) -> float:
        return ZDC * TOISE

    # --- the scenario
    def scenario_hud(self, state: GameState, lang: str) -> list[str]:
        from .victory import taken

        lines = [t("ui.ka.hud.objective", lang)]
        for s in state.seats():
            side = state.sides[s]
            name = str((side.extras.get("label") or {}).get(lang) or side.name)
            lines.append(t("ui.ka.hud.score", lang, side=name, ko=taken(state, s)))
        act = state.activation
        if act is not None and act.get("figure") in state.figures:
            fig = state.figures[act["figure"]]
            lines.append(t("ui.ka.hud.acting", lang, who=self.name_of(state, fig.id, lang),
                           pa=fighter(state, fig).pa))
        return lines


def morale_rings(state: GameState, f) -> list:
    """The selected figure's leader's aura (its own when it leads) and every terrifying
    enemy's zone of control, as rings centred on those figures (K-R83)."""
    out = []
    lead = f if f.leader else MF.leader_of(state, f)
    if lead is not None and not lead.fig.out:
        out.append(("aura", lead.fig.pos, MF.aura_mm(lead)))
    for e in MF.fighters_frightening(state).values():
        if e.fig.side != f.fig.side and MF.terror_threshold(e) is not None:
            out.append(("terror", e.fig.pos, e.fig.radius + e.zdc * TOISE))
    return out


def roll_faces(state: GameState) -> list[int]:
    """The faces of the roll a re-roll prompt is about (the running fight's open roll)."""
    fight = FT.current(state) or {}
    roll = fight.get("a" if fight.get("stage") == "attack" else "d") or {}
    return [int(x) for x in roll.get("faces", ())]


def defence_pa(code: str) -> int:
    """PA a defence build commits (before the stun tax or En alerte): one per characteristic."""
    b = codes.defence_build(code)
    return 0 if b is None else len(b.chars)


Info = KharnAgesInfo
