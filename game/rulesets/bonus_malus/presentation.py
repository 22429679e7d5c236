"""What the window reads from Bonus / Malus: pas on round bases one pas across; each
figure's move, run and crawl reach; its front arc (every figure has one: it sees and shoots
only in front); its weapons' two range bands (normal, then long at Tir-) over the front
half; zone templates with their deviation ring; auras (Chef, terror, the battle trance);
a guardian's watch; cover classes as the saves they give; the card with the competences as
levels, the vitality track and its steps, the states and the equipment; the odds preview
(``preview``) with every roll written as its final level and dice; the buttons of the
actions, the secret pick and the guardian's answer; the activation option of a new game.
Read-only: built on the ruleset's own functions."""
from __future__ import annotations

from game.core.presentation import (
    Button,
    FigureInfo,
    OddsNote,
    Presentation,
    RosterState,
    ScenarioOption,
)
from game.core.state import Figure, GameState
from game.core.text import catalogue as texts
from game.core.text import t
from game.rulesets._shared.keep import DEFAULT_LEVEL, success_odds
from game.rulesets._shared.tables import table_for

from . import actions as A
from . import deeds, feats, flow, preview, shooting
from . import figures as F
from .catalogue import catalogue
from .effects import attribute_level, base_move, damage_budget, flags, vitality_track
from .levels import net
from .odds import feat_odds

CARD_COMPETENCES = ("initiative", "combat", "tir", "lancer", "moral", "psi")
SIGHT = {"none": "clear", "light": "concealed", "heavy": "cover"}   # cover class -> sight class
AURA_EFFECTS = ("aura", "aura_save")                                  # catalogue effects drawn as rings
TERROR_PAS = 10.0                                                     # B-R48
FEAT_KINDS = ("tirer_en_courant", "charge_en_tirant", "rechargement", "camouflage", "furtif", "etourdissement",
              "bannissement", "imposition_mains", "magnetisme", "lecture_pensees", "malaise", "expert_fouet")
SHOT_USES = {"run_shot": "on_the_run", "charge_shot": "charging"}     # shots on the move, their Tir- key


def level_suffix(lvl: int) -> str:
    return preview.suffix(lvl)


class BonusMalusInfo(Presentation):
    """Bonus / Malus measures in pas on round bases with a front arc, with no hidden
    information: distances may be measured at any time (the book says so)."""

    unit = "pas"
    unit_mm = F.PAS
    grid_step = F.PAS
    scale_units = 5
    reason_prefix = "bm.reason."
    order = (flow.PICK, flow.ORDER, flow.ACTIVATE, flow.FACE, A.MOVE, A.RUN, A.CRAWL, A.ZIGZAG, A.STAND,
             A.LEAP, A.AIM, A.SHOOT, A.PRECISE, *FEAT_KINDS, A.FIGHT, A.PSI, A.PRAYER, A.AID, A.GUARD, A.WAIT,
             A.NOTHING, A.END)
    markers = ("down", "stunned", "alert", "aimed", "ran", "crawled", "fleeing", "hidden", "loud", "unloaded",
               "granted")
    answers = (flow.FACE, A.WAIT)
    down_status = ("down", "stunned")
    held_status = ("stunned",)
    sight_classes = ("clear", "concealed", "cover", "blocked")
    sight_legend = "ui.bm.legend.sight."
    melee_legend = "ui.bm.legend.contact"
    range_count = 2
    round_arcs = True
    legend_keys = {"reach.walk": "ui.bm.legend.move", "reach.sprint": "ui.bm.legend.run",
                   "reach.assault": "ui.bm.legend.crawl", "range.short": "ui.bm.legend.range_normal",
                   "range.mid": "ui.bm.legend.range_long", "bubble": "ui.bm.legend.aura"}
    glossary_terms = tuple((f"ui.bm.comp.{k}", f"ui.bm.gloss.{k}") for k in (*CARD_COMPETENCES, "save", "pv"))
    HINTS = {**Presentation.HINTS, "path": "ui.bm.hint.path", "facing": "ui.bm.hint.facing",
             "target": "ui.bm.hint.target"}

    def strict(self, state: GameState, settings) -> bool:
        return False             # the book lets players measure at any time

    # --- figures
    def __init__(self) -> None:
        self._numbers: dict[str, int] = {}    # figure id -> its number among its profile's (0: alone)
        self._game: tuple = ()                # the figures those numbers were given for

    def _remember(self, state: GameState) -> None:
        """Number the figures sharing a profile within a side, as the log does (again for
        each new game's figures)."""
        game = tuple((f.id, f.side, f.profile) for f in state.figures.values())
        if game == self._game:
            return
        self._game, self._numbers = game, {}
        groups: dict[tuple[int, str], list[str]] = {}
        for f in state.figures.values():
            groups.setdefault((f.side, f.profile), []).append(f.id)
        for ids in groups.values():
            for i, fid in enumerate(ids):
                self._numbers[fid] = i + 1 if len(ids) > 1 else 0

    def figure_name(self, fig: Figure | None, lang: str) -> str:
        """The profile's name in the language, numbered among its side's figures of that
        profile (as the log names it)."""
        if fig is None:
            return "?"
        label = (fig.status.get("label") or {}).get(lang)
        if not label:
            return fig.name
        n = self._numbers.get(fig.id, 0)
        return f"{label} {n}" if n else label

    def name_of(self, state: GameState, fid: str | None, lang: str) -> str:
        self._remember(state)
        return super().name_of(state, fid, lang)

    def figure_role(self, state: GameState, fig: Figure) -> str | None:
        f = F.fighter(fig)
        if "chef" in f.attributes or vitality_track(f)[0] == 3:
            return "leader"
        if "psi" in flags(f):
            return "caster"
        if f.ranged_weapons():
            return "ranged"
        return "beast" if f.kind != "humain" else "melee"

    def reach_moves(self, state: GameState, fig: Figure) -> dict:
        """Move, run and crawl reach for what the figure may still do this turn: the kinds
        its activation allows now, or, before it activates, those it could open with."""
        if fig.out or fig.status.get("fleeing"):
            return {}
        act = state.activation
        if act is not None and act.get("figure") == fig.id:
            kinds = set(A.kinds(state, table_for(state), fig))
        elif F.can_activate(fig):
            kinds = {A.CRAWL} if fig.status.get("down") else {A.MOVE, A.RUN, A.CRAWL}
        else:
            return {}
        style = {A.MOVE: "walk", A.RUN: "sprint", A.CRAWL: "assault"}
        return {style[k]: (A.move_mm(fig, k), {}) for k in (A.MOVE, A.RUN, A.CRAWL) if k in kinds}

    def figure(self, state: GameState, fig: Figure, lang: str) -> FigureInfo:
        self._remember(state)
        f = F.fighter(fig)
        cat = f.cat
        weapons = [shooting.weapon(f, w) for w in f.ranged_weapons()]
        info = FigureInfo(moves=self.reach_moves(state, fig), facing=fig.facing,
                          charge=A.move_mm(fig, A.MOVE) if not fig.status.get("down") else 0.0)
        info.ranges = [(cat[w.entry.id].name.get(lang, w.entry.id), (w.range * F.PAS, 2 * w.range * F.PAS))
                       for w in weapons if w.range > 0]
        info.shoot_reach = max((2 * w.range * F.PAS for w in weapons), default=0.0)
        info.melee = [(self._melee_name(f, lang), (0.0, F.CONTACT_MM))]
        radii = [r for _, r in self.auras(fig)]
        info.bubble = max(radii) if radii else None
        info.auras = self.auras(fig)
        info.areas = [(w.entry.id, float(w.entry.get("zone")) * F.PAS,
                       (2 * F.PAS if w.entry.get("deviation") else 0.0)) for w in weapons if w.entry.get("zone")]
        if fig.status.get("alert"):
            from .guard import reach_mm
            info.watch = reach_mm(fig)
        info.card = self._card(state, fig, lang)
        return info

    def auras(self, fig: Figure) -> list[tuple[str, float]]:
        """Rings around the figure (aura key, radius edge to edge in mm): a leader's, the
        battle trance lent to friends, a terrifying figure's reach."""
        f = F.fighter(fig)
        out = []
        for entry, _ in f.entries():
            for e in entry.effects:
                if e["do"] == "aura":
                    out.append((entry.id, float(e["radius"]) * F.PAS))
        if fig.status.get("aura_saves", {}).get(fig.id) is not None:
            eff = next(e for e in f.cat["meditation"].effects if e["do"] == "aura_save")
            out.append(("meditation", float(eff["radius"]) * F.PAS))
        if "terror" in flags(f):
            out.append(("terrifiant", TERROR_PAS * F.PAS))
        return out

    @staticmethod
    def level_word(lvl: int, lang: str) -> str:
        """A level on the card: '2+', '-', or the plain roll's word."""
        return preview.suffix(lvl).strip() or t("ui.bm.card.plain", lang)

    def _melee_name(self, f, lang: str) -> str:
        weapons = f.melee_weapons()
        if weapons:
            return weapons[0].name.get(lang, weapons[0].id)
        return t("ui.bm.card.unarmed", lang)

    def _card(self, state: GameState, fig: Figure, lang: str) -> dict:
        f = F.fighter(fig)
        stats = []
        for comp in CARD_COMPETENCES:
            if comp not in f.competences and (comp in ("lancer", "psi") or (comp == "tir" and not f.ranged_weapons())):
                continue
            printed, now = int(f.competences.get(comp, DEFAULT_LEVEL)), net(f, comp)
            text = self.level_word(now, lang)
            if now != printed:          # bare hands, wounds, a power: the profile's level after it
                text = t("ui.bm.card.printed", lang, now=text, printed=self.level_word(printed, lang))
            stats.append((t(f"ui.bm.comp.{comp}", lang), text))
        points, steps = vitality_track(f)
        stats.append((t("ui.bm.comp.pv", lang), f"{fig.vitality}/{points}"))
        weapons = [self._equipment_line(f, e, lang) for e in f.equipment]
        weapons.append(t("ui.bm.card.move", lang, n=base_move(f), run=2 * base_move(f)))
        if steps:
            weapons.append(self.track_line(fig, lang))
        traits = []
        for aid, param in f.attributes.items():
            entry = f.cat[aid]
            name = entry.name.get(lang, aid)
            if isinstance(param, int) and not isinstance(param, bool):
                name += preview.suffix(param) if entry.get("param") is None else f" {param}"
            elif isinstance(param, str):
                name += f" {param}"
            key = f"ui.bm.{'power' if entry.section == 'powers' else 'attr'}.{aid}"
            traits.append((name, t("ui.bm.card.trait", lang, name=name, text=t(key, lang))
                           if key in texts(lang) else name))
        role = "bm.enorme" if points == 6 else ("bm.personnage" if points == 3 else "bm.troupe")
        return {"name": self.figure_name(fig, lang), "role": role, "role_key": "ui.card.role_points",
                "cost": int(fig.status.get("cost", 0)), "stats": stats, "traits": traits,
                "weapons": weapons, "now": self._now(state, fig, lang)}

    def _equipment_line(self, f, eid: str, lang: str) -> str:
        e = f.cat[eid]
        name = e.name.get(lang, eid)
        if e.section == "ranged":
            w = shooting.weapon(f, e)
            extra = [t("ui.bm.card.rate", lang, n=w.rate)] if w.rate > 1 else []
            if e.get("zone"):
                extra.append(t("ui.bm.card.zone", lang, n=e.get("zone")))
            if w.pierce:
                extra.append(t("ui.bm.card.pierce", lang, n=w.pierce))
            if w.shield_bypass:
                extra.append(t("ui.bm.card.bypass", lang))
            return t("ui.bm.card.ranged", lang, name=name, range=round(w.range, 1), long=round(2 * w.range, 1),
                     dmg=preview.competence("degats", w.degats, lang), extra="".join(", " + x for x in extra))
        if e.section == "melee":
            extra = f", {t('ui.bm.card.pierce', lang, n=e.get('pierce'))}" if e.get("pierce") else ""
            return t("ui.bm.card.melee", lang, name=name, dmg=preview.competence("degats", int(e.get("degats", 0)),
                                                                                    lang), extra=extra)
        saves = [x for x in e.effects if x["do"] == "save"]
        if saves:
            key = "ui.bm.card.save_shots" if saves[0].get("against") == "shots" else "ui.bm.card.save"
            return t(key, lang, name=name, save=preview.competence("save", int(saves[0]["level"]), lang))
        return name

    def track_line(self, fig: Figure, lang: str) -> str:
        """The vitality track: its steps and the maluses they give, the current one marked."""
        points, steps = vitality_track(F.fighter(fig))
        if not steps:
            return ""
        if fig.vitality > steps[0]:
            key = "ui.bm.card.track_whole"
        elif len(steps) > 1 and fig.vitality <= steps[1]:
            key = "ui.bm.card.track_badly"
        else:
            key = "ui.bm.card.track_wounded"
        return t(key, lang, a=steps[0], b=steps[1] if len(steps) > 1 else 0)

    def _now(self, state: GameState, fig: Figure, lang: str) -> str:
        """Actions left and the types used this turn (the no-repeat rule)."""
        if fig.out:
            return ""
        total, repeat, _ = F.allowance(fig)
        left = F.actions_left(fig)
        done = [self._kind_name(k, lang) for k in fig.status.get("done", ()) if k != A.NOTHING]
        line = t("ui.bm.card.actions", lang, n=left, of=total)
        if done and not repeat:
            line += t("ui.bm.card.done", lang, kinds=", ".join(dict.fromkeys(done)))
        rolls = int(fig.status.get("damage_rolls", 0))
        if rolls >= damage_budget(F.fighter(fig)):
            line += t("ui.bm.card.no_damage_roll", lang)
        return line

    def _kind_name(self, key: str, lang: str) -> str:
        cat = catalogue()
        if key in cat.entries:
            return cat[key].name.get(lang, key)
        return t(f"ui.bm.action.{key}", lang)

    def status_labels(self, fig: Figure, lang: str) -> list[str]:
        out = [t(f"ui.bm.status.{k}", lang) for k in self.markers if fig.status.get(k)]
        if fig.status.get("morale_due") and not fig.status.get("morale_tested"):
            out.append(t("ui.bm.status.morale_due", lang))
        if fig.status.get("set_levels") or fig.status.get("turn_levels"):
            out.append(t("ui.bm.status.levels", lang))
        saves = {**fig.status.get("turn_saves", {}), **fig.status.get("move_saves", {})}
        if fig.status.get("aura_saves"):
            saves["aura"] = max(fig.status["aura_saves"].values())
        if saves:
            out.append(t("ui.bm.status.saves", lang, n=len(saves)))
        return out

    # --- sight and cover
    def sight_class(self, state: GameState, table, viewer: Figure, target: Figure) -> str:
        """Behind the viewer or out of sight: blocked; else its cover class, named by the
        save it gives (light cover Svg 2-, heavy cover Svg; B-R33)."""
        from game.rulesets._shared.facing import in_front

        if not in_front(viewer, target.pos) or not table.can_see(viewer.id, target.id):
            return "blocked"
        return SIGHT.get(deeds.shot_cover(table, viewer.id, target.id), "clear")

    # --- the odds
    def odds_preview(self, state: GameState, table, choice, value, target: Figure, partners,
                     strict: bool, lang: str) -> list[str]:
        actor = state.figures.get(choice.actor) if choice.actor else None
        if actor is None or target is None:
            return []

        def name(fig):
            return self.name_of(state, fig.id, lang)
        if choice.kind in A.SHOTS:
            n = deeds.rate(actor, str(value)) if value in F.fighter(actor).equipment else 1
            precise = choice.kind == A.PRECISE
            if value not in F.fighter(actor).equipment or deeds.second_gun(actor, str(value)) is None:
                return preview.shot_lines(state, table, actor, target, value, lang, name, precise=precise, shots_at=n)
            pair = (("two_guns", -1),)              # Pistolero: both handguns, each at Tir- (B-R59)
            other = deeds.second_gun(actor, str(value))
            return [*preview.shot_lines(state, table, actor, target, value, lang, name, precise=precise,
                                        shots_at=n, extra=pair),
                    *preview.shot_lines(state, table, actor, target, other, lang, name, precise=precise,
                                        extra=pair)]
        if choice.kind == A.FIGHT:
            return preview.fight_lines(state, table, actor, target, lang, name)
        if choice.kind == A.PSI:
            return preview.power_lines(state, table, actor, target, value, lang, name)
        use = self._feat_use(actor, choice.kind)
        if use in SHOT_USES:
            return preview.shot_lines(state, table, actor, target, value, lang, name,
                                      extra=((SHOT_USES[use], -1),))
        if choice.kind in (A.PRAYER, A.AID) or use == "aimed":
            return [self._test_line(actor, choice.kind, lang)]
        return []

    @staticmethod
    def _feat_use(fig: Figure, kind: str) -> str | None:
        """The catalogue ``use`` of an attribute action (``feats``), None for the others."""
        e = feats.uses(fig).get(kind)
        return None if e is None else str(e["use"])

    @staticmethod
    def _test_line(fig: Figure, aid: str, lang: str) -> str:
        """An attribute's test (B-R19): its level, its dice, its chance (``odds.feat_odds``)."""
        f = F.fighter(fig)
        lvl = attribute_level(f, aid)
        return t("ui.bm.odds.test", lang, roll=preview.roll_line("attr", 0 if lvl is None else lvl, (), lang),
                 p=preview.pct(feat_odds(f, aid)))

    def choice_odds(self, state: GameState, table, choice, value, lang: str) -> OddsNote | None:
        """A secret pick's button: the figure's Initiative roll, its leader included; a
        hiding action's (Camouflage, Furtif): its test."""
        actor = state.figures.get(choice.actor) if choice.actor else None
        if actor is not None and self._feat_use(actor, choice.kind) == "hide":
            line = self._test_line(actor, choice.kind, lang)
            return OddsNote(preview.pct(feat_odds(F.fighter(actor), choice.kind)), (line,))
        if choice.kind != flow.PICK or value is None or value not in state.figures:
            return None
        fig = state.figures[value]
        base, mods = preview.initiative(state, table, fig)
        final = base + sum(v for _, v in mods)
        return OddsNote(preview.competence("initiative", final, lang),
                        (preview.roll_line("initiative", base, mods, lang),))

    def mod_row(self, key: str, value: int, lang: str) -> str:
        if key == "level":
            return t("ui.bm.mod.level", lang, level=preview.suffix(value).strip() or "=")
        return f"{preview.mod_name(key, lang)} {value:+d}"

    def roll_chances(self, event, lang: str) -> list[tuple[str, float]]:
        """A test at a level: its chance of success before the dice; an opposed roll (no
        target): the chance of keeping a die at least this high."""
        if event.sides != 6 or not event.mods or not any(k == "level" for k, _ in event.mods):
            return []
        lvl = sum(v for _, v in event.mods)
        if event.target is not None:
            return [(t("ui.bm.why.test", lang, n=event.target), success_odds(lvl, int(event.target)))]
        if isinstance(event.result, bool) or not isinstance(event.result, int):
            return []
        return [(t("ui.bm.why.at_least", lang, n=event.result), success_odds(lvl, int(event.result)))]

    # --- the panel
    def action_label(self, choice, lang: str) -> str:
        return t(f"ui.bm.action.{choice.kind}", lang)

    def buttons(self, state: GameState, choice, lang: str) -> list[Button]:
        k = choice.kind
        tip = t(f"ui.bm.tip.{k}", lang)
        if k == flow.PICK:
            return [Button(t("ui.bm.action.pick_one", lang, who=self.name_of(state, fid, lang)), fid,
                           key=f"pick.{fid}", tooltip=tip, targets=(fid,)) for fid in choice.targets]
        if k == flow.ACTIVATE:
            fig = state.figures[choice.actor]
            return [Button(t("ui.bm.action.activate_n", lang, who=self.name_of(state, fig.id, lang),
                             n=F.actions_left(fig)), None, "activate", tip)]
        if k in A.SHOTS:
            f = F.fighter(state.figures[choice.actor])
            return [Button(t(f"ui.bm.action.{k}_with", lang, weapon=f.cat[w].name.get(lang, w)), w, f"{k}.{w}", tip)
                    for w in choice.values]
        actor = state.figures.get(choice.actor) if choice.actor else None
        if actor is not None and self._feat_use(actor, k) in SHOT_USES:
            f = F.fighter(actor)
            return [Button(t(f"ui.bm.action.{k}_with", lang, weapon=f.cat[w].name.get(lang, w)), w, f"{k}.{w}", tip)
                        for w in choice.values]
        if k == A.PSI:
            cat = catalogue()
            return [Button(t("ui.bm.action.psi_power", lang, power=cat[p].name.get(lang, p)), p, f"psi.{p}",
                           t(f"ui.bm.power.{p}", lang) if f"ui.bm.power.{p}" in texts(lang) else tip)
                    for p in choice.values]
        if choice.gather == "facing":
            return [Button(self.action_label(choice, lang), None, k, tip, aim=True)]
        return [Button(self.action_label(choice, lang), choice.values[0] if choice.values else None, k, tip)]

    def terrain_name(self, kind: str, lang: str) -> str:
        key = f"ui.bm.terrain.{kind}"
        return t(key, lang) if key in texts(lang) else kind

    def weapon_name(self, fig, value, lang: str = "fr") -> str:
        cat = catalogue()
        return cat[value].name.get(lang, value) if value in cat.entries else str(value)

    def input_hint(self, choice, stage: str) -> str:
        if choice.kind == flow.FACE:
            return "ui.bm.hint.face"
        return super().input_hint(choice, stage)

    def decision_caption(self, state: GameState, decision, lang: str) -> str | None:
        if decision.kind == flow.PICK:
            return t("ui.bm.bar.pick", lang, side=decision.side)
        if decision.kind == flow.FACE:
            return t("ui.bm.bar.face", lang, who=self.name_of(state, decision.figure, lang))
        if decision.kind == flow.GUARD:
            return t("ui.bm.bar.guard", lang, who=self.name_of(state, decision.figure, lang),
                     target=self.name_of(state, decision.context.get("intruder"), lang))
        return super().decision_caption(state, decision, lang)

    def confirm(self, state: GameState, choice, lang: str) -> str | None:
        """Ending a hero's activation with actions left; doing nothing while something
        else is open."""
        if choice.kind == A.END and choice.actor in state.figures:
            return t("ui.bm.confirm.end", lang, n=F.actions_left(state.figures[choice.actor]))
        if choice.kind == A.NOTHING and choice.actor in state.figures and state.activation is not None:
            fig = state.figures[choice.actor]
            if [k for k in A.kinds(state, table_for(state), fig) if k != A.NOTHING]:
                return t("ui.bm.confirm.nothing", lang, who=self.name_of(state, fig.id, lang))
        return None

    # --- the fighter bar, passing
    def pass_step(self, state: GameState, choices):
        """Passing the rest of a turn: the side's secret pick names its next figure, which is
        activated and then does nothing (each of its actions), until none is left."""
        from game.core.actions import Action

        pick = next((c for c in choices if c.kind == "pick" and c.targets), None)
        if pick is not None:
            return Action(kind="pick", actor=pick.actor, targets=(pick.targets[0],))
        step = super().pass_step(state, choices)
        if step is not None or state.pending:
            return step
        ready = next((c for c in choices if c.kind == "activate" and not c.values), None)
        return Action(kind="activate", actor=ready.actor) if ready is not None else None

    def roster_state(self, state: GameState, fig: Figure) -> RosterState:
        down = bool(fig.status.get("down") or fig.status.get("stunned"))
        if fig.out:
            return RosterState("out")
        act = state.activation
        if act is not None and act.get("figure") == fig.id:
            return RosterState("active", down)
        if fig.status.get("stunned"):
            return RosterState("held", down)
        if not F.can_activate(fig):
            return RosterState("done", down)
        return RosterState("ready", down)

    # --- the scenario
    def scenario_options(self, scenario: str, lang: str) -> list[ScenarioOption]:
        """The activation system: alternated (secret picks, the default) or classic."""
        return [ScenarioOption("activation", t("ui.bm.opt.activation", lang),
                               ((t("ui.bm.opt.alternate", lang), "alternate"),
                                (t("ui.bm.opt.classic", lang), "classic")),
                               t("ui.bm.opt.activation.tip", lang))]

    def scenario_hud(self, state: GameState, lang: str) -> list[str]:
        from .victory import scores

        lines = [t("ui.bm.hud.objective", lang), *self._objective_lines(state, lang)]
        sc = scores(state)
        for s in state.seats():
            lines.append(t("ui.bm.hud.score_named", lang, side=self._side_name(state, s, lang), k=round(sc.get(s, 0))))
        mode = "classic" if flow.classic(state) else "alternate"
        lines.append(t(f"ui.bm.hud.mode.{mode}", lang))
        act = state.activation
        if act is not None:
            fig = state.figures[act["figure"]]
            lines.append(t("ui.bm.hud.acting", lang, who=self.name_of(state, fig.id, lang),
                           n=F.actions_left(fig)))
        return lines

    def deployment_zones(self, state: GameState) -> dict[int, list[tuple[float, float, float, float]]]:
        """The scenario's strips (``extras["zones"]`` in pas), else the default 4-pas strips
        along the near and far edges, shown until the first activation."""
        if state.turn > 1 or any(f.status.get("activations") for f in state.figures.values()):
            return {}
        zones = state.extras.get("zones")
        if zones:
            return {int(s): [(x * F.PAS, y * F.PAS, (x + w) * F.PAS, (y + h) * F.PAS) for x, y, w, h in z]
                    for s, z in zones.items()}
        from .setup import STRIP_PAS

        strip = STRIP_PAS * F.PAS
        return {1: [(0.0, 0.0, state.width, strip)], 2: [(0.0, state.height - strip, state.width, state.height)]}

    def objective_areas(self, state: GameState) -> list[tuple[float, float, float]]:
        """The beacon (a pas-wide disc where it lies or on its carrier) or the nest (its
        radius); ``extras["objective"]`` keeps them in mm."""
        obj = state.extras.get("objective") or {}
        if "point" not in obj:
            return []
        x, y = obj["point"]
        return [(float(x), float(y), float(obj.get("radius") or F.PAS / 2))]

    def _objective_lines(self, state: GameState, lang: str) -> list[str]:
        obj = state.extras.get("objective") or {}
        if obj.get("type") == "extraction":
            holder = obj.get("holder")
            if holder:
                return [t("ui.bm.hud.beacon_carried", lang, who=self.name_of(state, holder, lang))]
            return [t("ui.bm.hud.beacon_lies", lang)]
        if obj.get("type") == "nest":
            if obj.get("holder") in state.sides:
                return [t("ui.bm.hud.nest_held", lang, side=self._side_name(state, int(obj["holder"]), lang),
                          n=int(obj.get("streak", 0)), hold=int(obj.get("hold", 2)))]
            return [t("ui.bm.hud.nest_free", lang, hold=int(obj.get("hold", 2)))]
        return []

    @staticmethod
    def _side_name(state: GameState, side: int, lang: str) -> str:
        label = state.sides[side].extras.get("label") or {}
        return str(label.get(lang) or state.sides[side].name)


Info = BonusMalusInfo
