"""What the interface shows of Mortebrume's odds: before an attack (unless strict measuring
hides distances), one line per reaction the target may choose and one per reserved action
that may interrupt it; on the reaction buttons, once the attack is declared, the odds of
each answer for the fighter attacked. From the ruleset's odds module, read-only."""
from __future__ import annotations

from game.core.presentation import OddsNote, num, pct
from game.core.state import Figure
from game.core.text import t


class OddsLines:
    """The odds part of MortebrumeInfo (it provides ``stats``, ``spells``, the labels)."""

    def odds_preview(self, state, table, choice, value, target: Figure, partners, strict: bool,
                     lang: str) -> list[str]:
        """A strike, shot or spell: one line per reaction the rules leave the target (the
        shield included), from the ruleset's odds module (the distance is where the figures
        stand; a strike from farther than the weapon's reach is counted at that reach, where
        its approach ends; a spell shows its power against the resistance it must beat)."""
        from game.rulesets.mortebrume import combat
        from game.rulesets.mortebrume import odds as mb

        st = self.stats
        actor = state.figures.get(choice.actor)
        if actor is None or choice.kind not in ("strike", "shoot", "cast", "reserved") or target.out:
            return []
        if strict:
            return [t("play.odds.mb_strict", lang)]
        if choice.kind == "cast":
            return self._spell_preview(state, table, choice, value, actor, target, lang)
        wid = str(value if value is not None else choice.values[0])
        inspired = int(actor.status.get("inspired", 0) or 0)
        dist = table.distance(actor.id, target.id)
        head = "play.odds.mb_head"
        if choice.kind in ("strike", "reserved"):
            if dist > st.CONTACT + st.EPS and choice.kind == "strike":
                dist, head = st.reach_band(wid)[1], "play.odds.mb_head_walk"
            reactions = combat.melee_reactions(state, actor, target) or ["none"]
            rows = [(r, mb.strike(actor, target, wid, dist, r, inspired)) for r in reactions]
        else:
            mist = st.mist_radius(state)
            reactions = combat.shot_reactions(state, actor, target) or ["none"]
            rows = [(r, mb.shot(actor, target, wid, dist, r, mist, inspired)) for r in reactions]
        lines = [t(head, lang, action=self.action_label(choice, lang), who=self.figure_name(actor, lang),
                   target=self.figure_name(target, lang), weapon=self.weapon_name(actor, wid, lang),
                   d=num(dist / st.CM, lang))]
        for reaction, o in rows:
            key, label = ("play.odds.mb_row_none", "") if reaction == "none" else \
                ("play.odds.mb_row", t(f"ui.react.{reaction}", lang))
            line = t(key, lang, reaction=label, p=pct(o.p_hit), e=num(o.expected_wounds, lang),
                     out=pct(o.p_out))
            if o.expected_back > 0:
                line += t("play.odds.mb_back", lang, back=num(o.expected_back, lang))
            lines.append(line)
        return lines + self._guard_lines(state, table, choice, actor, target, reactions, dist, lang)

    def _guard_lines(self, state, table, choice, actor, target, reactions, dist, lang) -> list[str]:
        """Who may interrupt the attack with a reserved action, and what its strike does to
        the attacker (answering it as well as it can). An attack that walks in is counted
        where it ends: only the target's own reserved action is sure to be within reach. (A
        reserved strike met by a reserved action is a simultaneous clash: not listed.)"""
        import copy

        from game.rulesets.mortebrume import guards

        if choice.kind == "reserved":
            return []
        walking = choice.kind == "strike" and table.distance(actor.id, target.id) > self.stats.CONTACT + self.stats.EPS
        striker = copy.copy(actor)      # by then it has declared its attack
        striker.status = {**actor.status, "struck": True} if choice.kind == "strike" else dict(actor.status)
        data = {"type": choice.kind, "reserved": False}
        if walking:
            opts = [r for r in reactions if r != "none"]
            who = [target] if reserved_ok(target, actor, opts) else []
        else:
            who = guards.who_may_interrupt(state, table, target, actor, data, [r for r in reactions if r != "none"])
        if any(g.id != target.id for g in who):      # never name a fighter the side cannot see
            seen = self.sight.visible_to(state, table, actor.side)
            who = [g for g in who if g.id == target.id or g.id in seen]
        lines = []
        for g in who:
            gap = dist if (walking or g.id == target.id) and choice.kind == "strike" else None
            r, o = guards.best_for_attacker(guards.strike_on_attacker(state, table, g, striker, gap))
            lines.append(t("play.odds.mb_guard", lang, who=self.figure_name(g, lang), p=pct(o.p_hit),
                           e=num(o.expected_wounds, lang),
                           reaction=t(f"ui.react.{r}", lang) if r != "none" else "—"))
        return lines

    def choice_odds(self, state, table, choice, value, lang: str) -> OddsNote | None:
        """A reaction button: the declared attack's odds against that reaction, for the
        fighter answering it, from the attack as the engine measured it once declared
        (shown under strict measuring too: docs/rulings/mortebrume.md)."""
        from game.rulesets.mortebrume import odds as mb

        if choice.kind != "react" or not state.pending or state.pending[-1].kind != "reaction":
            return None
        d = state.pending[-1]
        data, value = d.context, str(value)
        if data.get("attacker") not in state.figures:
            return None
        att, fig = state.figures[data["attacker"]], state.figures[d.figure]
        if value.startswith("reserved"):
            return self._guard_note(state, table, state.figures[value.split(":", 1)[1]] if ":" in value else fig,
                                    att, lang)
        inspired = int(att.status.get("inspired", 0) or 0)
        defence = int(fig.status.get("inspired", 0) or 0)
        declared = t("mb.odds.tip_declared", lang)
        if data["type"] == "spell":
            o = mb.spell(att, fig, data["spell"], data.get("raise", 0), data.get("area", 0), data["dist"],
                         value == "dodge", inspired, defence)
            return OddsNote(t("mb.odds.btn_spell", lang, p=pct(o.p_effect)),
                            (t("mb.odds.tip_spell", lang, p=pct(o.p_effect), s=pct(o.p_special)), declared))
        if data["type"] == "strike":
            o = mb.strike(att, fig, data["weapon"], data["dist"], value, inspired, defence)
        elif data["type"] == "shot":
            o = mb.shot(att, fig, data["weapon"], data["dist"], value, self.stats.mist_radius(state),
                        inspired, defence)
        else:
            return None
        lines = [t("mb.odds.tip", lang, p=pct(o.p_hit), e=num(o.expected_wounds, lang), out=pct(o.p_out))]
        if o.expected_back > 0:
            lines.append(t("mb.odds.tip_back", lang, back=num(o.expected_back, lang)))
        lines.append(declared)
        short = t("mb.odds.btn", lang, p=pct(o.p_hit), e=num(o.expected_wounds, lang))
        if o.expected_back > 0:
            short += t("mb.odds.btn_back", lang, back=num(o.expected_back, lang))
        return OddsNote(short, tuple(lines))

    def _guard_note(self, state, table, guard, att, lang: str) -> OddsNote:
        """A reserved action's button: its strike on the attacker, against each reaction the
        attacker has; the attack it interrupts goes on afterwards unless stopped."""
        from game.rulesets.mortebrume import guards

        rows = guards.strike_on_attacker(state, table, guard, att)
        _, best = guards.best_for_attacker(rows)
        lines = [t("mb.odds.tip_guard", lang, reaction=t(f"ui.react.{r}", lang) if r != "none" else "—",
                   p=pct(o.p_hit), e=num(o.expected_wounds, lang), out=pct(o.p_out)) for r, o in rows]
        lines.append(t("mb.odds.tip_guard_after", lang))
        return OddsNote(t("mb.odds.btn_guard", lang, p=pct(best.p_hit)), tuple(lines))

    def _spell_preview(self, state, table, choice, value, caster, target, lang) -> list[str]:
        """Casting a spell: its power (raise included) against the target's resistance, then
        for each reaction the chance it takes effect, with doubled power, and its expected
        effect."""
        from game.rulesets.mortebrume import odds as mb

        st, spells = self.stats, self.spells
        value = value if value is not None else choice.values[0]
        inspired = int(caster.status.get("inspired", 0) or 0)
        sid, rp, ra = spells.decode(value)
        sp = st.spell(sid)
        dist = spells.gap(table, caster, target)
        hostile = not sp.friendly and target.side != caster.side
        choices = ["dodge", "take"] if hostile and not target.status.get("stunned") else ["none"]
        rows = [(r, mb.spell(caster, target, sid, rp, ra, dist, r == "dodge", inspired))
                for r in choices]
        res = spells.resistance(caster, target, sp.resist)
        lines = [t("play.odds.mb_cast_head", lang, who=self.figure_name(caster, lang),
                   target=self.figure_name(target, lang),
                   spell=sp.name.get(lang), power=sp.power + rp, res=res, d=num(dist / st.CM, lang))]
        for reaction, o in rows:
            key, label = ("play.odds.mb_cast_none", "") if reaction == "none" else \
                ("play.odds.mb_cast_row", t(f"ui.react.{reaction}", lang))
            line = t(key, lang, reaction=label, p=pct(o.p_effect), s=pct(o.p_special))
            if sp.effect in ("wound", "drain", "heal", "ward"):
                line += t(f"play.odds.mb_effect_{sp.effect}", lang, e=num(o.expected_amount, lang))
            lines.append(line)
        if hostile:
            lines += self._guard_lines(state, table, choice, caster, target, choices, dist, lang)
        return lines


def reserved_ok(target: Figure, attacker: Figure, options: list[str]) -> bool:
    """The target may interrupt with its own reserved action (reserved.offer, once the
    attacker has come into reach)."""
    from game.rulesets.mortebrume import reserved, stats

    return reserved.usable(target) and attacker.id not in target.status.get("dodged", []) \
        and bool(options) and not stats.from_behind(attacker, target)
