"""What the window reads from Evenor to draw overlays, cards and odds: movement allowances,
weapon ranges, the Meneur's bubble, line-of-sight classes, exact odds of shots and fights.
It only reads (the same functions the rules use); it never decides whether an action is
legal."""
from __future__ import annotations

from game.core.presentation import Button, FigureInfo, OddsNote, Presentation, ScenarioOption, num, pct
from game.core.state import Figure, GameState
from game.core.text import data_name, number, t


class EvenorInfo(Presentation):
    """Evenor measures in pas on round bases, with no hidden information."""

    order = ("activate", "coordinate", "wait", "move", "charge", "move_shoot", "shoot", "aim", "fight",
             "power", "take_cover", "hide", "prone", "stand_up", "pick_up", "step", "pass", "react",
             "assign", "end")
    markers = ("activated", "prone", "hidden", "cover", "blessed", "confused", "waiting", "emboldened")
    answers = ("react", "assign")
    down_status = ("prone",)
    sight_classes = ("clear", "cover", "concealed", "blocked")
    glossary_terms = tuple((f"ev.gloss.{k}", f"ev.gloss.{k}.tip") for k in ("I", "R", "C", "T", "S", "V", "DO"))

    def __init__(self):
        from game.rulesets.evenor import answers, odds, shooting, stats

        self.stats, self.odds, self.shooting, self.answer_odds = stats, odds, shooting, answers

    def _moves(self, state: GameState, fig: Figure, flags: dict) -> dict:
        """Reach zones of what the figure may still walk: both moves before it acts or
        while it has dynamic actions left; only the free step (1 pas) once those are spent
        or when only a static action is left; nothing once its activation is over."""
        st = self.stats
        act = state.activation
        m = act["members"].get(fig.id) if act else None
        if m is None:
            if fig.status.get("activated"):
                return {}
            return {"walk": (st.fast_move(fig), flags), "assault": (st.slow_move(fig), flags)}
        if m["left"] > 0 and m["dynamic"]:
            return {"walk": (st.fast_move(fig), flags), "assault": (st.slow_move(fig), flags)}
        step = st.STATIC_STEP if m["left"] > 0 and not fig.status.get("prone") else m["step"]
        return {"walk": (step, flags)} if step > 0.5 else {}

    def figure(self, state: GameState, fig: Figure, lang: str) -> FigureInfo:
        st = self.stats
        flags = {"ignore_terrain": st.ignores_terrain(fig), "ignore_difficult": st.ignores_difficult(fig)}
        prof = st.profile(fig)
        ranged = st.ranged_weapons(fig)
        info = FigureInfo(
            moves=self._moves(state, fig, flags),
            ranges=[(data_name(w.name, lang), tuple(r * st.PAS for r in w.range)) for _, w in ranged],
            bubble=st.COORD_RANGE if st.is_leader(fig) else None,
            charge=st.slow_move(fig), charge_flags=flags,
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
        weapons = []
        for w in prof.weapons:
            rng = "" if w.range is None else \
                t("ui.card.range", lang, r="/".join(number(r, lang, None) for r in w.range))
            ench = t("ui.card.enchanted", lang) if w.enchanted else ""
            weapons.append(t("ui.card.weapon", lang, name=data_name(w.name, lang), power=w.power, range=rng,
                             enchanted=ench))
        stats_line = [(t(f"lang.stat.{k}", lang), v) for k, v in (
            ("I", f"{prof.I}+"), ("R", f"{prof.R}+"), ("C", f"{prof.C}+"),
            ("T", f"{prof.T}+" if prof.T else "–"), ("S", f"{prof.S}+" if prof.S else "–"),
            ("V", f"{fig.vitality}/{fig.max_vitality}"))]
        info.card = {"name": self.figure_name(fig, lang), "role": prof.role, "cost": prof.cost, "stats": stats_line,
                     "traits": traits, "weapons": weapons, "now": _actions_left(state, fig, lang)}
        return info

    def sight_class(self, state, table, viewer: Figure, target: Figure) -> str:
        s = table.sight(viewer.id, target.id)
        if not s.visible:
            return "blocked"
        from game.rulesets.evenor.shooting import cover_against

        cover = cover_against(state, target, viewer)
        if cover and any(c in s.terrain_blockers for c in cover):
            return "cover"
        if s.hidden_fraction > 0.5:
            return "concealed"
        return "clear"

    def scenario_options(self, scenario: str, lang: str) -> list[ScenarioOption]:
        """The turn limit: the book sets none (the default, with only a safety limit); the
        players may agree on one. Reaching either is a draw."""
        from game.rulesets.evenor.setup import SAFETY_TURNS, TURN_LIMITS

        none = (t("ui.ev.opt.turns.none", lang, n=SAFETY_TURNS), None)
        return [ScenarioOption("max_turns", t("ui.ev.opt.turns", lang),
                               (none,) + tuple((t("ui.ev.opt.turns.n", lang, n=n), n) for n in TURN_LIMITS),
                               t("ui.ev.opt.turns.tip", lang, n=SAFETY_TURNS))]

    def shot_odds(self, state, table, shooter: Figure, target: Figure, weapon: int, **kw):
        return self.odds.shot(state, table, shooter, target, weapon, **kw)

    def fight_odds(self, state, table, attackers: list[Figure], defender: Figure, **kw):
        return self.odds.fight(state, table, attackers, defender, **kw)

    def odds_preview(self, state, table, choice, value, target: Figure, partners, strict: bool,
                     lang: str) -> list[str]:
        """A shot (the chance to hit, expected hits, the chance to put the target out) or a
        charge or fight (the same, plus the chances to win, lose and fall back)."""
        actor = state.figures.get(choice.actor)
        if actor is None:
            return []
        if choice.kind in ("shoot", "move_shoot"):
            weapon = value if value is not None else choice.values[0]
            member = (state.activation or {}).get("members", {}).get(actor.id, {})
            o = self.shot_odds(state, table, actor, target, int(weapon),
                               moving=choice.kind == "move_shoot",
                               aimed=bool(member.get("aimed")) and choice.kind == "shoot")
            head = t("ui.odds.shot", lang, who=self.figure_name(actor, lang),
                     target=self.figure_name(target, lang), n=o.dice, x=o.target)
            why = ["reroll"] if self.stats.profile(actor).weapons[int(weapon)].enchanted and o.dice else []
        elif choice.kind in ("charge", "fight"):
            from game.rulesets.evenor.melee import weapon_power

            group = [actor] + [state.figures[p] for p in partners if p in state.figures]
            o = self.fight_odds(state, table, group, target, charged=choice.kind == "charge")
            head = t("ui.odds.fight", lang, who=self.figure_name(actor, lang),
                     target=self.figure_name(target, lang), n=o.dice, x=o.target)
            enchanted = any(weapon_power(f, [target], charged=choice.kind == "charge")[1] for f in group)
            why = ["sixes", "reroll"] if enchanted else ["sixes"]
        else:
            return []
        from game.rulesets.evenor.narration import mods_text

        lines = [head]
        if o.mods:
            lines.append(t("ui.odds.mods", lang, mods=mods_text(o.mods, lang)))
        why_text = f" ({', '.join(t('ui.odds.why.' + w, lang) for w in why)})" if why else ""
        lines.append(t("ui.odds.hit", lang, p=pct(o.p_hit), e=num(o.expected_hits, lang), why=why_text))
        lines.append(t("ui.odds.out", lang, p=pct(o.p_out)))
        if o.p_down >= 0.005:       # the damage table: shots and blows knock down too
            lines.append(t("ui.odds.down", lang, p=pct(o.p_down)))
        if choice.kind in ("charge", "fight"):
            lines.append(t("ui.odds.win", lang, w=pct(o.p_win), l=pct(o.p_lose),
                           back=pct(o.p_attacker_out)))
        if choice.kind in ("charge", "move_shoot"):
            lines += self.leaving_lines(state, table, group if choice.kind == "charge" else [actor], lang)
        if choice.kind == "charge":
            lines += self.answer_lines(self.answer_odds.charge(state, table, group, target, o), target, lang)
        elif choice.kind in ("shoot", "move_shoot"):
            lines += self.answer_lines(self.answer_odds.shot(
                state, table, actor, target, int(weapon), moving=choice.kind == "move_shoot",
                aimed=bool(member.get("aimed")) and choice.kind == "shoot"), target, lang)
        return lines

    def answer_lines(self, ans, target: Figure, lang: str) -> list[str]:
        """The target's chance to answer, then one line per answer the rules would offer it."""
        if not ans.rows or not ans.p_react:
            return [t("ui.odds.answer.cannot", lang, who=target.name)]
        lines = [t("ui.odds.answer.roll", lang, who=target.name, x=ans.roll, p=pct(ans.p_react))]
        for a in ans.rows:
            name = self.answer_name(a.reaction, lang)
            if not a.fight:
                line = t("ui.odds.answer.flee", lang, reaction=name)
            elif a.p_win or a.p_lose:
                line = t("ui.odds.answer.fight", lang, reaction=name, w=pct(a.p_win), l=pct(a.p_lose),
                         out=pct(a.p_out))
            else:
                line = t("ui.odds.answer.shot", lang, reaction=name, out=pct(a.p_out), e=num(a.loss, lang))
            if a.back_out:
                line += t("ui.odds.answer.back", lang, back=pct(a.back_out))
            if a.p_power is not None:
                line += t("ui.odds.answer.power", lang, p=pct(a.p_power))
            lines.append(line)
        return lines

    def _power_answer(self, state, table, caster, fig, pid: str, value: str, lang: str) -> OddsNote | None:
        """Answering a power aimed at the figure: the power works as often whatever the
        answer (they are simultaneous); a shot back may fell the caster, a power of one's
        own works on its own roll."""
        p = self.answer_odds.power_chance(caster, pid, fig)
        lines = [t("ui.odds.tip.confused", lang, p=pct(p))]
        if value == "shoot_back":
            idx = self.shooting.weapons_in_range(state, table, fig, caster)[0]
            back = self.odds.shot(state, table, fig, caster, idx).p_out
            return OddsNote(t("ui.odds.btn.fell", lang, back=pct(back)),
                            (t("ui.odds.tip.fell", lang, back=pct(back)), *lines))
        if value.startswith("power:"):
            mine = self.answer_odds.power_chance(fig, value.split(":", 1)[1], caster)
            return OddsNote(t("ui.odds.btn.power", lang, p=pct(mine)),
                            (t("ui.odds.tip.power", lang, p=pct(mine)), *lines))
        return OddsNote(t("ui.odds.btn.confused", lang, p=pct(p)), tuple(lines))

    def leaving_lines(self, state, table, movers, lang: str) -> list[str]:
        """For each mover leaving a fight, the free attacks of the foes in contact."""
        lines = []
        for f in movers:
            lv = self.answer_odds.leaving(state, table, f)
            if lv.foes:
                names = ", ".join(state.figures[x].name for x in lv.foes)
                lines.append(t("ui.odds.leaving", lang, who=f.name, foes=names, out=pct(lv.p_out),
                               e=num(lv.loss, lang)))
        return lines

    def answer_name(self, reaction: str, lang: str) -> str:
        if reaction.startswith("power:"):
            return t("power." + reaction.split(":", 1)[1], lang)
        return t(f"ui.odds.answer.name.{reaction}", lang)

    def choice_odds(self, state, table, choice, value, lang: str) -> OddsNote | None:
        """A reaction button: what the attack does to the figure answering so (and what
        its answer does to the attacker), from the decision's own attack."""
        if choice.kind != "react" or not state.pending or state.pending[-1].kind != "reaction":
            return None
        d = state.pending[-1]
        ctx, fig, value = d.context, state.figures[d.figure], str(value)
        foes = [state.figures[a] for a in ctx["attackers"]]
        ans = self.answer_odds
        if ctx["type"] == "shot":
            kw = {"moving": bool(ctx.get("moving")), "aimed": bool(ctx.get("aimed"))}
            if value == "none":
                o = self.odds.shot(state, table, foes[0], fig, int(ctx["weapon"]), **kw)
                row = ans.Answer(value, o.p_out, o.expected_loss)
            else:
                row = _row(ans.shot(state, table, foes[0], fig, int(ctx["weapon"]), **kw), value)
        elif ctx["type"] == "charge":
            if value == "none":
                o = self.odds.fight(state, table, foes, fig, charged=True)
                row = ans.Answer(value, o.p_out, o.expected_loss, o.p_win, o.p_lose, o.p_attacker_out)
            else:
                row = _row(ans.charge(state, table, foes, fig), value)
        elif ctx["type"] == "engage" and value == "countercharge_shot":
            row = ans.engage_shot(state, table, foes[0], fig)
            return OddsNote(t("ui.odds.btn.fell", lang, back=pct(row.back_out)),
                            (t("ui.odds.tip.fell", lang, back=pct(row.back_out)),))
        elif ctx["type"] in ("engage", "charge") and value == "flee":
            return OddsNote(t("ui.odds.btn.flee", lang), (t("ui.odds.tip.flee", lang),))
        elif ctx["type"] == "power":
            return self._power_answer(state, table, foes[0], fig, str(ctx.get("power")), value, lang)
        else:
            return None
        if row is None:
            return None
        if not row.fight:
            return OddsNote(t("ui.odds.btn.flee", lang), (t("ui.odds.tip.flee", lang),))
        if ctx["type"] == "charge":
            short = t("ui.odds.btn.fight", lang, w=pct(row.p_lose), out=pct(row.p_out))
            lines = [t("ui.odds.tip.fight", lang, w=pct(row.p_lose), l=pct(row.p_win), out=pct(row.p_out),
                       e=num(row.loss, lang))]
        else:
            short = t("ui.odds.btn.shot", lang, out=pct(row.p_out))
            lines = [t("ui.odds.tip.shot", lang, out=pct(row.p_out), e=num(row.loss, lang))]
        if row.back_out and value in ("shoot_back", "countercharge_shot"):   # a shot: what it does first
            short = t("ui.odds.btn.back", lang, back=pct(row.back_out), out=pct(row.p_out))
        if row.back_out:
            lines.append(t("ui.odds.tip.back", lang, back=pct(row.back_out)))
        if row.p_power is not None:
            lines.append(t("ui.odds.tip.power", lang, p=pct(row.p_power)))
        if value == "prone":            # what lying down costs afterwards (a newcomer asked)
            lines.append(t("ui.odds.tip.prone_cost", lang))
        return OddsNote(short, tuple(lines))

    # --- the panel
    def buttons(self, state, choice, lang: str) -> list[Button]:
        k, values = choice.kind, choice.values
        if k in ("activate", "coordinate") and values:
            fig = state.figures[choice.actor]
            ladder = choice.hints.get("ladder") or []
            out = []
            for n in values:
                key = f"ui.{k}_n" if n else f"ui.{k}_static"
                tip = t("ui.tip.ladder", lang, steps=", ".join(f"{v}+" for v in ladder[:n])) + " " + \
                    t("ui.tip.ladder.fail", lang) if n else ""
                out.append(Button(t(key, lang, n=n, p=pct(self.ladder_odds(state, fig, n))), n,
                                  f"{k}.{n}", tip))
            return out
        if k == "react":
            v = str(values[0])
            label = t("ui.react.power_named", lang, power=t("power." + v.split(":", 1)[1], lang)) \
                if v.startswith("power:") else t(f"ui.react.{v}", lang)    # a power answers: named
            return [Button(label, values[0], f"react.{values[0]}")]
        if k == "assign":
            d = state.pending[-1]
            names = [self.name_of(state, a, lang) for a in d.context.get("attackers", [])]
            return [Button(", ".join(t("lang.assign_part", lang, who=n, hits=h) for n, h in zip(names, d.options[i])),
                           i, f"assign.{i}")
                    for i in values]
        if k == "power":
            pid = values[0]
            return [Button(t("lang.power_button", lang, power=t(f"power.{pid}", lang)), pid, f"power.{pid}")]
        return super().buttons(state, choice, lang)

    def fixed_slots(self, state, actor: str) -> list[tuple[str, str]]:
        """While a figure has actions left, its moves, charge, shots and fight keep their
        buttons in place (a charge comes and goes with the enemies within reach)."""
        act = state.activation
        m = act["members"].get(actor) if act else None
        fig = state.figures.get(actor)
        if m is None or fig is None or fig.out or m["left"] <= 0:
            return []
        st = self.stats
        ranged = bool(st.ranged_weapons(fig)) and st.profile(fig).T is not None
        out = []
        if m["dynamic"]:
            out += [("move", "ev.slot.move"), ("charge", "ev.slot.charge")]
            if ranged:
                out.append(("move_shoot", "ev.slot.shoot"))
        if ranged:
            out.append(("shoot", "ev.slot.shoot"))
            if m["dynamic"]:
                out.append(("aim", "ev.slot.aim"))
        out += [("fight", "ev.slot.fight"), ("take_cover", "ev.slot.take_cover")]
        if state.tokens:
            out.append(("pick_up", "ev.slot.pick_up"))
        return out

    def value_label(self, fig, choice, value, lang: str) -> str:
        return self.weapon_name(fig, value, lang) if choice.kind in ("shoot", "move_shoot") else str(value)

    def confirm(self, state, choice, lang: str) -> str | None:
        """Ending an activation with dynamic actions still to take."""
        act = state.activation
        if choice.kind != "end" or not act or "members" not in act:
            return None
        left = sum(m["left"] for fid, m in act["members"].items()
                   if not state.figures[fid].out and m.get("dynamic"))
        return t("ui.confirm.end_activation", lang, n=left) if left else None

    def partner_hint(self, choice) -> str | None:
        return {"activate": "ui.hint.meneur", "coordinate": "ui.hint.coordinate"}.get(choice.kind)

    def plan_hint(self, state: GameState, table, choice, lang: str) -> str | None:
        """Before activating: the enemies a charge reaches with one action, else that a
        charge needs a move first (two actions) when one is within a move and a charge.
        A newcomer activated for one action and found no charge possible."""
        from game.rulesets.evenor import charges, stats

        if choice.kind != "activate" or not choice.values or max(choice.values) < 1:
            return None
        fig = state.figures[choice.actor]
        foes = [e for e in state.enemies_of(fig) if not e.out]
        if fig.status.get("prone") or any(table.contact(fig.id, e.id) for e in foes):
            return None
        slow, fast = stats.slow_move(fig), stats.fast_move(fig)
        near = [e for e in foes if table.distance(fig.id, e.id) <= slow + 1e-6
                and charges.charge_refusal(state, table, fig, e, slow) is None]
        if near:
            return t("ui.plan.charge_now", lang, names=", ".join(e.name for e in near))
        if max(choice.values) >= 2 and any(table.distance(fig.id, e.id) <= slow + fast + 1e-6 for e in foes):
            return t("ui.plan.charge_after_move", lang)
        return None

    def open_lanes(self, state: GameState, table, mover: str):
        from game.rulesets.evenor import lanes

        return lanes.open_lanes(state, table, mover)

    def lane_open(self, state: GameState, table, lane) -> bool:
        from game.rulesets.evenor import lanes

        return lanes.lane_open(state, table, lane)

    def status_labels(self, fig: Figure, lang: str) -> list[str]:
        return [t(f"ui.status.{k}", lang) for k in sorted(fig.status)
                if fig.status.get(k) and (k in self.markers or k == "weapon_lost")]

    # --- the scenario
    def scenario_hud(self, state: GameState, lang: str) -> list[str]:
        """The objective of the scenario's victory type, then its score: Orichalque brought
        home, DO taken out of action, or the ambushed side's escapes and losses."""
        vic = state.extras.get("victory", {})
        kind = vic.get("type", "extermination")
        sides = state.seats()
        lines = [t(f"ev.hud.objective.{kind}", lang)]
        if kind == "orichalque":
            left = sum(1 for tok in state.tokens if tok.delivered_by is None)
            lines += [t("ev.hud.orichalque", lang, n=s, k=num(state.sides[s].score, lang, 0)) for s in sides]
            lines.append(t("ev.hud.orichalque_left", lang, k=left))
        elif kind == "escape":
            role = vic.get("role")
            for s in sides:
                figs = [f for f in state.figures.values() if f.side == s]
                if state.sides[s].role == role:
                    out = sum(1 for f in figs if f.out and not f.status.get("escaped"))
                    away = sum(1 for f in figs if f.status.get("escaped"))
                    lines.append(t("ev.hud.escape", lang, n=s, k=away, lost=out, of=len(figs)))
        else:      # extermination: the DO of the enemies taken out of action so far
            lines += [t("ev.hud.do_out", lang, n=s, k=sum(
                self.stats.value_do(f) for f in state.figures.values()
                if f.side in state.opponents(s) and f.out and not f.status.get("escaped"))) for s in sides]
        return lines

    def deployment_zones(self, state: GameState) -> dict[int, list[tuple[float, float, float, float]]]:
        pas = self.stats.PAS
        return {int(s): [(x * pas, y * pas, (x + w) * pas, (y + h) * pas) for x, y, w, h in zones]
                for s, zones in state.extras.get("zones", {}).items()}

    def figure_role(self, state, fig: Figure) -> str | None:
        st = self.stats
        if st.is_leader(fig):
            return "leader"
        from game.rulesets.evenor.schema import POWER_TRAITS

        if any(st.has(fig, p) for p in POWER_TRAITS):
            return "caster"
        return "ranged" if st.profile(fig).T is not None else "melee"

    def ladder_odds(self, state, fig: Figure, n: int) -> float:
        return self.odds.ladder(state, fig, n)

    def mod_row(self, key: str, value: int, lang: str) -> str:
        """A modifier raises or lowers the number to roll (the ladder's rank is no modifier)."""
        if key == "rank":
            return ""
        return t("log.mod.harder" if value > 0 else "log.mod.easier", lang, name=t("mod." + key, lang),
                 n=abs(value))

    def die_note(self, event, face: int, lang: str) -> str:
        if event.target is None:
            return ""
        return t("why.ev.reached" if face >= event.target else "why.ev.missed", lang)

    def roll_chances(self, event, lang: str) -> list[tuple[str, float]]:
        """Every Evenor roll with a number to reach counts the dice showing it or more: one
        die is a test, several a pool (each 6 of a melee pool is rolled again as a new roll)."""
        from game.core.roll_why import binomial_at_least

        if event.target is None:
            return []
        p = min(1.0, max(0.0, (7 - event.target) / 6))
        n = len(event.faces)
        if isinstance(event.result, bool) or n == 1:
            return [(t("why.ev.success", lang, target=event.target), p)]
        at_least = binomial_at_least(n, p)
        rows = [(t("why.ev.at_least", lang, k=1), at_least[1])]
        if isinstance(event.result, int) and 1 < event.result <= n:
            rows.append((t("why.ev.at_least", lang, k=event.result), at_least[event.result]))
        return rows

    def weapon_name(self, fig: Figure, idx: int, lang: str = "fr") -> str:
        return data_name(self.stats.profile(fig).weapons[idx].name, lang)

    def terrain_name(self, kind: str, lang: str) -> str:
        tk = self.stats.catalogue().terrain_kinds.get(kind)
        return (getattr(tk.name, lang, None) or tk.name.fr) if tk else kind


def _row(answers, reaction: str):
    """The answer of that reaction (None when the rules would not offer it)."""
    return next((a for a in answers.rows if a.reaction == reaction), None)


def _actions_left(state: GameState, fig: Figure, lang: str) -> str:
    """What the figure still has to do in the activation under way ("" when not in it)."""
    m = (state.activation or {}).get("members", {}).get(fig.id)
    if m is None:
        return ""
    if not m["left"]:
        return t("ui.card.left_none", lang)
    if m["dynamic"]:
        return t("ui.card.left_dynamic", lang, n=m["left"])
    return t("ui.card.left_static", lang)
