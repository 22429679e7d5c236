"""What the window reads from Swidenth: move and run reach, the leaders' command bubbles,
the 0.5 pas engagement ring, the three range bands of a shooter, cover classes, the profile
card with its stun tokens and their expiry, both fighters' damage-band odds before a fight,
a shot's or a spell's odds, and the labels of the phase, preparation, deed and recoil
buttons. Read-only: built on the ruleset's own functions (actions, phases, melee, shooting,
odds)."""
from __future__ import annotations

import math

from game.core.presentation import Button, FigureInfo, OddsNote, Presentation, RosterState, ScenarioOption, pct
from game.core.state import Figure, GameState
from game.core.text import number, t
from game.rulesets.swidenth import actions as A
from game.rulesets.swidenth import catalogue as cat_mod
from game.rulesets.swidenth import figures as F
from game.rulesets.swidenth import flow, melee, names, odds, phases, shooting, spells

STATS = ("mouv", "combat", "tir", "defense", "bravoure", "psychisme")   # the card's line, then Vitalité


def _engaged(state: GameState, fig: Figure) -> bool:
    """An enemy within 0.5 pas, edge to edge (round bases: no table needed)."""
    return any(not e.out and e.side != fig.side
               and math.dist(e.pos, fig.pos) - e.radius - fig.radius <= F.ENGAGE + 1e-6
               for e in state.figures.values())


class SwidenthInfo(Presentation):
    """Swidenth measures in pas on round bases, with no hidden information and no strict
    measuring (S-R21)."""

    reason_prefix = "sw.reason."
    order = ("initiative", "activate", A.MOVE, A.CONCENTRATE, A.RELOAD, A.NOTHING, A.RUN, A.FIGHT,
             A.SHOOT, A.CAST, A.CAMOUFLAGE, A.PICK_UP, A.SKIP, flow.PUSH, "end")
    markers = ("stun", "camouflaged", "dropped", "unloaded")
    answers = (flow.PUSH,)
    down_status = ("stun",)
    sight_classes = ("clear", "concealed", "cover", "blocked")
    sight_legend = "ui.sw.legend.sight."
    melee_legend = "ui.sw.legend.engage"
    glossary_terms = tuple((f"ui.sw.stat.{k}", f"ui.sw.gloss.{k}") for k in (*STATS, "vitalite"))
    HINTS = {**Presentation.HINTS, "path": "ui.sw.hint.path", "target": "ui.sw.hint.target"}

    free_step_keys = ()         # no step before a deed: the preparation is the move

    def strict(self, state: GameState, settings) -> bool:
        return False            # measuring is allowed at any time (S-R21)

    def fixed_slots(self, state: GameState, actor: str) -> list[tuple[str, str]]:
        """Until its deed, a member keeps the buttons of its preparations and of the deeds
        its kit allows in place, greyed with the reason when not offered: choosing the
        preparation (a move that opens the run) never moves the deed buttons."""
        m = flow.member(state, actor)
        fig = state.figures.get(actor)
        if m is None or fig is None or fig.out or m["deed"] is not None:
            return []
        engaged = _engaged(state, fig)
        prep = "ui.sw.slot.prepared" if m["prep"] is not None else "ui.sw.slot.engaged"
        out = [(A.MOVE, prep), (A.CONCENTRATE, prep), (A.NOTHING, prep),
               (A.RUN, "ui.sw.slot.engaged" if engaged and m["prep"] == A.MOVE else "ui.sw.slot.run"),
               (A.FIGHT, "ui.sw.slot.fight")]
        weapon = cat_mod.ranged_weapon(cat_mod.load(), F.kit(fig))
        if weapon is not None:
            out.append((A.SHOOT, "ui.sw.slot.engaged" if engaged else "ui.sw.slot.unloaded"
                        if weapon.id in fig.status.get("unloaded", ()) else "ui.sw.slot.shoot"))
        if fig.status.get("caster"):
            out.append((A.CAST, "ui.sw.slot.cast"))
        return out

    # --- figures
    def _moves(self, state: GameState, fig: Figure) -> dict:
        """Before it acts: its move (Mouv) and how far a run after it takes it (1.5 Mouv);
        after its move, the run that is left; nothing once engaged or done."""
        if _engaged(state, fig):
            return {}
        m = flow.member(state, fig.id)
        walk, run = A.move_allowance(fig), A.run_allowance(fig)
        if m is None:
            if phases.activated(state, fig):
                return {}
            return {"walk": (walk, {}), "sprint": (walk + run, {})}
        if m["deed"] is not None:
            return {}
        if m["prep"] is None:
            return {"walk": (walk, {}), "sprint": (walk + run, {})}
        if m["prep"] == A.MOVE:
            return {"sprint": (run, {})}
        return {}

    def figure_role(self, state: GameState, fig: Figure) -> str | None:
        if F.rank(fig) in ("chef", "champion"):
            return "leader"
        if fig.status.get("caster"):
            return "caster"
        cat = cat_mod.load()
        if cat_mod.ranged_weapon(cat, F.kit(fig)) is not None:
            return "ranged"
        return "beast" if "crocs" in F.kit(fig) else "melee"

    def figure(self, state: GameState, fig: Figure, lang: str) -> FigureInfo:
        cat = cat_mod.load()
        w = cat_mod.ranged_weapon(cat, F.kit(fig))
        bands = tuple((k + 1) * w.range / 3 * F.PAS for k in range(3)) if w else None
        # a leader's bubble matters until its phase opens (the members are fixed then)
        bubble = phases.bubble_pas(fig, cat) * F.PAS if phases.is_leader(fig) and not phases.activated(
            state, fig) else None
        info = FigureInfo(moves=self._moves(state, fig),
                          ranges=[(self._item(w.id, lang), bands)] if w else [],
                          bubble=bubble or None, charge=A.move_allowance(fig),
                          shoot_reach=bands[2] if bands else 0.0)
        info.melee = [(cat_mod.melee_kit(cat, F.kit(fig)).primary, (0.0, F.ENGAGE))]
        info.card = self._card(state, fig, lang, cat)
        return info

    def _item(self, item: str, lang: str) -> str:
        from game.rulesets.swidenth.narration import _equipment_name

        return _equipment_name(item, lang)

    def _card(self, state: GameState, fig: Figure, lang: str, cat) -> dict:
        band = fig.status.get("warband") or state.sides[fig.side].roster
        try:
            cost = cat_mod.profile_cost(cat, cat.profile(band, fig.profile))
        except KeyError:
            cost = 0
        stats = []
        for key in STATS:
            base, now = F.base_stat(fig, key), F.stat(fig, key)
            stats.append((t(f"ui.sw.stat.{key}", lang), str(now) if now == base else f"{now} ({base})"))
        stats.append((t("ui.sw.stat.vitalite", lang), f"{fig.vitality}/{fig.max_vitality}"))
        weapons = []
        for item in F.kit(fig):
            if item in cat.weapons:
                wd = cat.weapons[item]
                if wd.kind == "ranged":
                    p = wd.range // 3
                    extra = t("ui.sw.card.bands", lang, a=p, b=2 * p, c=3 * p)
                    if item in fig.status.get("unloaded", ()):
                        extra += t("ui.sw.card.unloaded", lang)
                else:
                    extra = ""
                weapons.append(t("ui.sw.card.weapon", lang, name=self._item(item, lang), damage=wd.damage,
                                 extra=extra))
            elif item in cat.armour:
                weapons.append(t("ui.sw.card.armour", lang, name=self._item(item, lang),
                                 d=cat.armour[item].defense))
        kit = cat_mod.melee_kit(cat, F.kit(fig))
        if kit.combat:
            weapons.append(t("ui.sw.card.melee_combat", lang, damage=kit.damage, combat=f"{kit.combat:+d}"))
        else:
            weapons.append(t("ui.sw.card.melee", lang, damage=kit.damage))
        traits = []
        for sp in fig.status.get("spells", ()):
            data = cat.spells[sp]
            traits.append((self._item(sp, lang), t(f"ui.sw.spell.{data['effect']}", lang,
                                                    r=data.get("range", 0), d=data.get("difficulty", 0))))
        if bubble := phases.bubble_pas(fig, cat):
            traits.append((t("ui.sw.card.bubble", lang, n=number(bubble, lang, None)),
                           t("ui.sw.tip.bubble", lang, n=number(bubble, lang, None))))
        return {"name": self.figure_name(fig, lang), "role": f"sw.{F.rank(fig)}", "role_key": "ui.card.role_points",
                "cost": cost, "stats": stats, "traits": traits, "weapons": weapons,
                "now": self._now(state, fig, lang)}

    def _now(self, state: GameState, fig: Figure, lang: str) -> str:
        """What the figure still has to do in the phase under way ("" when not in it)."""
        m = flow.member(state, fig.id)
        if m is None or fig.out:
            return ""
        if m["deed"] is not None:
            return t("ui.sw.card.done", lang)
        if m["prep"] is None:
            return t("ui.sw.card.prepare", lang)
        return t("ui.sw.card.deed", lang, prep=t(f"ui.sw.prep.{m['prep']}", lang))

    def status_labels(self, fig: Figure, lang: str) -> list[str]:
        """Stun tokens with the turn each one falls, then the other states."""
        out = []
        tokens = sorted(fig.status.get("stun", ()))
        if tokens:
            turns = [str(x) for x in tokens]
            turns = turns[0] if len(turns) == 1 else t("ui.sw.and", lang, a=", ".join(turns[:-1]), b=turns[-1])
            out.append(t("ui.sw.status.stun", lang, n=len(tokens), malus=F.STUN_PENALTY * len(tokens),
                         turns=turns))
        if fig.status.get("camouflaged"):
            out.append(t("ui.status.camouflaged", lang))
        if fig.status.get("dropped"):
            out.append(t("ui.sw.status.dropped", lang, items=", ".join(self._item(i, lang)
                                                                         for i in fig.status["dropped"])))
        if fig.status.get("horrible"):
            out.append(t("ui.status.horrible", lang))
        if fig.status.get("rout_tests"):
            out.append(t("ui.sw.status.rout", lang, n=fig.status["rout_tests"]))
        return out

    def sight_class(self, state, table, viewer: Figure, target: Figure) -> str:
        """clear, +2 cover (concealed), +4 cover, or blocked: the shot's cover classes."""
        c = shooting.target_cover(table, viewer.id, target.id)
        if not c.visible:
            return "blocked"
        return {0: "clear", 2: "concealed"}.get(c.klass, "cover")

    # --- a roll explained (the log's "why?" box)
    def mod_row(self, key: str, value: int, lang: str) -> str:
        return f"{t('sw.mod.' + key, lang)} {value:+d}"

    def roll_chances(self, event, lang: str) -> list[tuple[str, float]]:
        """A D20 test: its chance of success; one D20 of an opposed roll: the chance of a
        total at least this high (who wins also depends on the other D20)."""
        from game.rulesets._shared import d20

        if event.sides != 20 or len(event.faces) != 1:
            return []
        mod = sum(v for _, v in event.mods)
        if isinstance(event.result, bool) and event.target is not None:
            return [(t("why.sw.test", lang, n=event.target + mod),
                     d20.target_odds(mod, event.target + mod).success)]
        if isinstance(event.result, int) and event.against is not None:
            need = event.result - mod
            return [(t("why.sw.at_least", lang, total=event.result), max(0, min(20, 21 - need)) / 20)]
        return []

    def figure_name(self, fig: Figure | None, lang: str) -> str:
        return names.figure_name(fig, lang) if fig is not None else "?"

    def target_label(self, state: GameState, choice, tid: str, lang: str, strict: bool = False) -> str:
        if tid in state.figures and not state.figures[tid].out:
            return self.name_of(state, tid, lang)
        return super().target_label(state, choice, tid, lang, strict)

    def weapon_name(self, fig, value, lang: str = "fr") -> str:
        return self._item(str(value), lang)

    def terrain_name(self, kind: str, lang: str) -> str:
        return t(f"ui.sw.terrain.{kind}", lang)

    # --- odds
    def odds_preview(self, state, table, choice, value, target: Figure, partners, strict: bool,
                     lang: str) -> list[str]:
        actor = state.figures.get(choice.actor) if choice.actor else None
        if actor is None or target is None:
            return []
        m = flow.member(state, actor.id) or {"prep": None, "engaged_by_move": []}
        concentrated = m["prep"] == A.CONCENTRATE
        if choice.kind == A.FIGHT:
            return self.fight_lines(state, table, actor, target, lang, concentrated=concentrated,
                                    charged=A.is_charge(m["prep"] or A.NOTHING, m["engaged_by_move"], target.id))
        if choice.kind == A.SHOOT:
            return self.shot_lines(state, table, actor, target, lang, aimed=concentrated)
        if choice.kind == A.CAST and value is not None:
            return self.spell_lines(state, table, actor, target, str(value), lang, concentrated=concentrated)
        return []

    def _mods(self, mods, lang: str) -> str:
        return ", ".join(f"{t('sw.mod.' + k, lang)} {v:+d}" for k, v in mods if v) or t("ui.sw.odds.no_mods", lang)

    def _risk(self, who: str, h: odds.Harmed, lang: str) -> str:
        return t("ui.sw.odds.risk", lang, who=who, recoil=pct(h.recoil), stun=pct(h.stunned),
                 wound=pct(h.wounded), out=pct(h.out), horrible=pct(h.horrible))

    def fight_lines(self, state, table, att: Figure, dfn: Figure, lang: str, *, concentrated: bool = False,
                    charged: bool = False) -> list[str]:
        """Both fighters' rolls and what each risks: the defender when the attacker wins,
        the attacker when the defender does (melee is two-way)."""
        su = melee.setup(state, table, att, dfn, concentrated=concentrated, charged=charged)
        o = odds.melee(su)
        a, d = self.name_of(state, att.id, lang), self.name_of(state, dfn.id, lang)
        lines = [t("ui.sw.odds.fight", lang, who=a, target=d, am=f"{su.att.mod:+d}", dm=f"{su.dfn.mod:+d}"),
                 t("ui.sw.odds.mods", lang, who=a, mods=self._mods(su.att.mods, lang), dmg=su.att.damage),
                 t("ui.sw.odds.mods", lang, who=d, mods=self._mods(su.dfn.mods, lang), dmg=su.dfn.damage)]
        if charged:
            lines.append(t("ui.sw.odds.charge", lang))
        lines.append(t("ui.sw.odds.outcome", lang, w=pct(o.win), tie=pct(o.tie), l=pct(o.lose)))
        lines.append(self._risk(d, o.dfn, lang))
        lines.append(self._risk(a, o.att, lang))
        lines.append(t("ui.sw.odds.fumble", lang, a=pct(o.att_fumble), d=pct(o.dfn_fumble)))
        return lines

    def shot_lines(self, state, table, shooter: Figure, target: Figure, lang: str, *, aimed: bool = False) -> list[str]:
        sp = shooting.plan(state, table, shooter, target, aimed=aimed)
        if sp.refused is not None:
            return [t(f"ui.sw.refused.{sp.refused}", lang)]
        o = odds.shot(sp, F.base_stat(target, "defense"), target.vitality)
        a, d = self.name_of(state, shooter.id, lang), self.name_of(state, target.id, lang)
        att = sum(v for _, v in sp.att_mods)
        dfn = sum(v for _, v in sp.dfn_mods)
        cover_pct = round(100 * sp.cover.hidden_fraction) if sp.cover else 0
        return [t("ui.sw.odds.shot", lang, who=a, target=d, am=f"{att:+d}", dm=f"{dfn:+d}"),
                t("ui.sw.odds.band", lang, band=t(f"ui.sw.band.{sp.band}", lang),
                  cover=t("ui.sw.cover." + str(sp.cover.klass if sp.cover else 0), lang), hidden=cover_pct),
                t("ui.sw.odds.shot_mods", lang, who=a, mods=self._mods(sp.att_mods, lang), dmg=sp.damage),
                t("ui.sw.odds.dodge", lang, who=d, mods=self._mods(sp.dfn_mods, lang)),
                t("ui.sw.odds.hit", lang, p=pct(o.hit)),
                self._risk(d, o.target, lang)]

    def spell_lines(self, state, table, caster: Figure, target: Figure, spell: str, lang: str, *,
                    concentrated: bool = False) -> list[str]:
        why = spells.refusal(state, table, caster, target, spell)
        if why is not None:
            return [t(f"ui.sw.refused.spell.{why}", lang)]
        data = cat_mod.load().spells[spell]
        mine = F.stat(caster, "psychisme") + (spells.CONCENTRATION_PSY if concentrated else 0)
        o = odds.spell(data["effect"], mine, F.stat(target, "psychisme"), damage=int(data.get("damage", 0)),
                       defense=F.base_stat(target, "defense"), vitality=target.vitality,
                       bravoure=F.stat(target, "bravoure"), difficulty=int(data.get("difficulty", 0)))
        mods = [("psychisme", F.base_stat(caster, "psychisme")), *F.stun_mods(caster)]
        mods += [("concentration", spells.CONCENTRATION_PSY)] if concentrated else []
        lines = [t("ui.sw.odds.spell", lang, spell=self._item(spell, lang), p=pct(o.success)),
                 t("ui.sw.odds.spell_mods", lang, who=self.name_of(state, caster.id, lang),
                   mods=self._mods(mods, lang), am=f"{mine:+d}")]
        if data["effect"] == "heal":
            lines.append(t("ui.sw.odds.heal", lang, d=int(data["difficulty"])))
        else:
            lines.append(t("ui.sw.odds.spell_resist", lang, who=self.name_of(state, target.id, lang),
                           dm=f"{F.stat(target, 'psychisme'):+d}"))
        if data["effect"] == "damage":
            lines.append(self._risk(self.name_of(state, target.id, lang), o.target, lang))
        elif data["effect"] in ("stun", "bravoure"):
            lines.append(t("ui.sw.odds.spell_stun", lang, p=pct(o.stun)))
        return lines

    def choice_odds(self, state, table, choice, value, lang: str) -> OddsNote | None:
        """The recoil buttons: whether the loser can step back, or is stunned instead."""
        if choice.kind != flow.PUSH or not state.pending or value != "recoil":
            return None
        from game.rulesets._shared.engagement import engaged_with
        from game.rulesets._shared.push import away, push_group
        from game.rulesets._shared.tables import base_of
        from game.rulesets.swidenth import recoil

        d = state.pending[-1]
        win, lose = state.figures[d.figure], state.figures[d.context["loser"]]
        group = [lose, *recoil.followers(state, table, win, lose)]
        blocked = any(engaged_with(state, table, f, F.ENGAGE) for f in group[1:])
        if not blocked:
            res = push_group(table, [base_of(f) for f in group], away(win.pos, lose.pos), F.PAS)
            blocked = any(r.blocker is not None or r.travelled < F.PAS - 1e-6 for r in res)
        key = "blocked" if blocked else "free"
        return OddsNote(t(f"ui.sw.recoil.{key}", lang), (t(f"ui.sw.recoil.tip.{key}", lang),))

    # --- the panel
    def action_label(self, choice, lang: str) -> str:
        return t(f"ui.sw.action.{choice.kind}", lang)

    def buttons(self, state: GameState, choice, lang: str) -> list[Button]:
        k = choice.kind
        if k == "activate":
            n = len(choice.partners)
            who = self.name_of(state, choice.actor, lang)
            return [Button(t("ui.sw.action.activate_n", lang, who=who, n=n), None, "activate",
                           t("ui.sw.tip.activate", lang, who=who, n=n))]
        if k == flow.PUSH:
            loser = self.name_of(state, state.pending[-1].context["loser"], lang) if state.pending else "?"
            return [Button(t(f"ui.sw.push.{v}", lang, who=loser), v, f"push.{v}", t(f"ui.sw.tip.push.{v}", lang))
                    for v in choice.values]
        if k == A.CAST:
            return [Button(t("ui.sw.action.cast_spell", lang, spell=self._item(v, lang)), v, f"cast.{v}",
                           t("ui.sw.tip.cast", lang)) for v in choice.values]
        tip = t(f"ui.sw.tip.{k}", lang)
        return [Button(self.action_label(choice, lang), choice.values[0] if choice.values else None, k, tip)]

    def decision_caption(self, state: GameState, decision, lang: str) -> str | None:
        if decision.kind == flow.PUSH:
            return t("ui.sw.bar.push", lang, who=self.name_of(state, decision.context["loser"], lang))
        return super().decision_caption(state, decision, lang)

    def confirm(self, state: GameState, choice, lang: str) -> str | None:
        """Ending a phase whose members have not all taken their deed."""
        act = state.activation
        if choice.kind != "end" or not act:
            return None
        left = sum(1 for fid, m in act["members"].items() if m["deed"] is None and not state.figures[fid].out)
        return t("ui.sw.confirm.end", lang, n=left) if left else None

    def partner_hint(self, choice) -> str | None:
        return "ui.sw.hint.phase" if choice.kind == "activate" else None

    # --- the fighter bar, passing
    def roster_state(self, state: GameState, fig: Figure) -> RosterState:
        """Acting in the phase under way (deed not taken yet), done for the turn, or ready;
        down while it carries stun tokens."""
        down = bool(fig.status.get("stun"))
        if fig.out:
            return RosterState("out")
        m = flow.member(state, fig.id)
        if m is not None and m["deed"] is None:
            return RosterState("active", down)
        if phases.activated(state, fig):
            return RosterState("done", down)
        return RosterState("ready", down)

    def pass_step(self, state: GameState, choices):
        """End the phase under way; between phases, open a leader's phase alone (it will
        then be ended); the initiative of a new turn is never passed."""
        from game.core.actions import Action

        if state.pending:
            return None
        step = super().pass_step(state, choices)
        if step is not None:
            return step
        leaders = [c for c in choices if c.kind == "activate"]
        return Action(kind="activate", actor=leaders[0].actor) if leaders else None

    # --- the scenario
    def scenario_options(self, scenario: str, lang: str) -> list[ScenarioOption]:
        """The two warbands, every pairing of two different ones of the catalogue (the
        first is the default, as the setup's)."""
        bands = cat_mod.load().warbands

        def name(w):
            return bands[w]["name"][lang]

        pairs = [(a, b) for a in bands for b in bands if a != b]
        return [ScenarioOption("warbands", t("ui.sw.opt.warbands", lang),
                               tuple((t("ui.sw.opt.pair", lang, a=name(a), b=name(b)), (a, b)) for a, b in pairs),
                               t("ui.sw.opt.warbands.tip", lang))]

    def scenario_hud(self, state: GameState, lang: str) -> list[str]:
        from game.rulesets.swidenth import victory

        obj = state.extras.get("objective")
        if obj:
            lines = [t("ui.sw.hud.ford", lang, r=obj["radius"], turn=obj["from_turn"])]
            lines += [t("ui.sw.hud.ford_score", lang, n=s, k=round(state.sides[s].score)) for s in state.seats()]
        else:
            lines = [t("ui.sw.hud.points", lang)]
            lines += [t("ui.sw.hud.points_score", lang, n=s,
                        k=sum(victory.points_out(state, o) for o in state.opponents(s))) for s in state.seats()]
        phase = self.phase_line(state, lang)
        return lines + ([phase] if phase else [])

    def phase_line(self, state: GameState, lang: str) -> str:
        """Whose phase is under way and what its members still owe."""
        act = state.activation
        if act is None:
            return ""
        left = [fid for fid, m in act["members"].items() if m["deed"] is None and not state.figures[fid].out]
        if act["kind"] == phases.LEADER:
            return t("ui.sw.hud.leader_phase", lang, n=act["side"], who=self.name_of(state, act["leader"], lang),
                     k=len(left), of=len(act["members"]))
        return t("ui.sw.hud.troops_phase", lang, n=act["side"], k=len(left), of=len(act["members"]))

    def deployment_zones(self, state: GameState) -> dict[int, list[tuple[float, float, float, float]]]:
        """The deployment strips, shown until the first initiative is rolled."""
        if state.extras.get(flow.KEY, {}).get("turn") or state.turn > 1:
            return {}
        pas = F.PAS                 # the scenario's (x, y, w, h) in pas -> corners in mm
        return {int(side): [(x * pas, y * pas, (x + w) * pas, (y + h) * pas) for x, y, w, h in zones]
                for side, zones in state.extras.get("zones", {}).items()}

    def objective_areas(self, state: GameState) -> list[tuple[float, float, float]]:
        obj = state.extras.get("objective")
        if not obj:
            return []
        return [(obj["point"][0] * F.PAS, obj["point"][1] * F.PAS, obj["radius"] * F.PAS)]
