"""What the window reads from Evenor to draw overlays, cards and odds: movement allowances,
weapon ranges, the Meneur's bubble, line-of-sight classes, exact odds of shots and fights.
It only reads (the same functions the rules use); it never decides whether an action is
legal."""
from __future__ import annotations

from game.core.presentation import Button, FigureInfo, Presentation, ScenarioOption, num, pct
from game.core.state import Figure, GameState
from game.core.text import t


class EvenorInfo(Presentation):
    """Evenor measures in pas on round bases, with no hidden information."""

    order = ("activate", "coordinate", "wait", "move", "charge", "move_shoot", "shoot", "aim", "fight",
             "power", "take_cover", "hide", "prone", "stand_up", "pick_up", "step", "pass", "react",
             "assign", "end")
    markers = ("activated", "prone", "hidden", "cover", "blessed", "confused", "waiting", "emboldened")
    answers = ("react", "assign")

    def __init__(self):
        from game.rulesets.evenor import odds, shooting, stats

        self.stats, self.odds, self.shooting = stats, odds, shooting

    def figure(self, state: GameState, fig: Figure, lang: str) -> FigureInfo:
        st = self.stats
        flags = {"ignore_terrain": st.ignores_terrain(fig), "ignore_difficult": st.ignores_difficult(fig)}
        prof = st.profile(fig)
        ranged = st.ranged_weapons(fig)
        info = FigureInfo(
            moves={"walk": (st.fast_move(fig), flags), "assault": (st.slow_move(fig), flags)},
            ranges=[(w.name, tuple(r * st.PAS for r in w.range)) for _, w in ranged],
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
            head = t("ui.odds.shot", lang, who=actor.name, target=target.name, n=o.dice, x=o.target)
            why = ["reroll"] if self.stats.profile(actor).weapons[int(weapon)].enchanted and o.dice else []
        elif choice.kind in ("charge", "fight"):
            from game.rulesets.evenor.melee import weapon_power

            group = [actor] + [state.figures[p] for p in partners if p in state.figures]
            o = self.fight_odds(state, table, group, target, charged=choice.kind == "charge")
            head = t("ui.odds.fight", lang, who=actor.name, target=target.name, n=o.dice, x=o.target)
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
        return lines

    # --- the panel
    def buttons(self, state, choice, lang: str) -> list[Button]:
        k, values = choice.kind, choice.values
        if k in ("activate", "coordinate") and values:
            fig = state.figures[choice.actor]
            ladder = choice.hints.get("ladder") or []
            out = []
            for n in values:
                key = f"ui.{k}_n" if n else f"ui.{k}_static"
                tip = t("ui.tip.ladder", lang, steps=", ".join(f"{v}+" for v in ladder[:n])) if n else ""
                out.append(Button(t(key, lang, n=n, p=pct(self.ladder_odds(state, fig, n))), n,
                                  f"{k}.{n}", tip))
            return out
        if k == "react":
            return [Button(t(f"ui.react.{values[0]}", lang), values[0], f"react.{values[0]}")]
        if k == "assign":
            d = state.pending[-1]
            names = [state.figures[a].name for a in d.context.get("attackers", [])]
            return [Button(", ".join(f"{n}\u00a0: {h}" for n, h in zip(names, d.options[i])), i, f"assign.{i}")
                    for i in values]
        if k == "power":
            pid = values[0]
            return [Button(f"{t('ui.action.power', lang)}\u00a0: {t(f'power.{pid}', lang)}", pid, f"power.{pid}")]
        return super().buttons(state, choice, lang)

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

    def status_labels(self, fig: Figure, lang: str) -> list[str]:
        return [t(f"ui.status.{k}", lang) for k in sorted(fig.status)
                if fig.status.get(k) and (k in self.markers or k == "weapon_lost")]

    def ladder_odds(self, state, fig: Figure, n: int) -> float:
        return self.odds.ladder(state, fig, n)

    def weapon_name(self, fig: Figure, idx: int, lang: str = "fr") -> str:
        return self.stats.profile(fig).weapons[idx].name

    def terrain_name(self, kind: str, lang: str) -> str:
        tk = self.stats.catalogue().terrain_kinds.get(kind)
        return (getattr(tk.name, lang, None) or tk.name.fr) if tk else kind


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
