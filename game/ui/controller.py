"""Input modes of the table: what the player is building (a path, a target, partners) and
the action it becomes. Every action goes through the engine's check; a refusal becomes a
message in the player's language. No drawing and no rules here."""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from game.core.actions import Action, ActionChoice
from game.core.text import refusal_text, t
from game.ui import intent

IMMEDIATE = ("aim", "prone", "stand_up", "hide", "pass", "wait", "end", "impose", "inspire",
             "priority", "deploy_order", "push")
PATH_KINDS = ("move", "step", "move_shoot", "run", "free_move")


@dataclass
class Mode:
    choice: ActionChoice
    stage: str                        # "path", "target"
    waypoints: list = field(default_factory=list)
    path: tuple = ()
    targets: list = field(default_factory=list)
    weapon: object = None             # value of a shooting action (weapon index) or power id
    then: str = ""                    # after a free step: "target" or "play"


class Controller:
    def __init__(self, session):
        self.session = session
        self.selected: str | None = None
        self.mode: Mode | None = None
        self.partners: set[str] = set()
        self.message = ""
        self.refused = False
        self.confirm: tuple[str, Action] | None = None   # (question key, action) awaiting yes
        self.step_first = False       # take the free step of a static action before it
        self._seen_version = -1

    @property
    def engine(self):
        return self.session.engine

    @property
    def lang(self) -> str:
        return self.session.lang

    def say(self, text: str, refused: bool = False) -> None:
        self.message, self.refused = text, refused

    # --- keeping the selection sensible after each change
    def sync(self) -> None:
        if self.session.version == self._seen_version:
            return
        self._seen_version = self.session.version
        self.mode, self.confirm, self.step_first = None, None, False
        st = self.engine.state
        if st.pending:
            self.selected = st.pending[-1].figure
            self.partners.clear()
        elif st.activation is not None:
            act = st.activation
            members = [m for m in act.get("members", [act.get("fig")])
                       if m in st.figures and not st.figures[m].out]
            if self.selected not in members:
                self.selected = st.activation.get("leader") if st.activation.get("leader") in members \
                    else (members[0] if members else None)
        self.partners.clear()     # partners are chosen afresh for each decision

    def others(self, fid: str | None):
        """Bases the proposed paths go around: only those the player sees (mist)."""
        return intent.seen_others(self.engine.state, self.session.visible(), fid)

    def select(self, fid: str | None) -> None:
        if fid != self.selected:
            self.mode = None
        self.selected = fid
        self.confirm = None

    def choices(self) -> list[ActionChoice]:
        return intent.templates_for(self.engine, self.selected)

    def global_choices(self) -> list[ActionChoice]:
        """Templates shown whoever is selected: those of no figure, and every template of
        a pending decision that names no figure (placing one of several fighters still off
        the table, which cannot be clicked)."""
        st = self.engine.state
        whole = bool(st.pending) and st.pending[-1].figure is None
        return [c for c in self.engine.legal_actions() if c.actor is None or whole]

    # --- playing
    def play(self, action: Action) -> bool:
        why = self.session.submit(action)
        if why is not None:
            self.say(refusal_text(why, self.lang), refused=True)
            return False
        self.say("")
        self.mode = None
        self.sync()
        return True

    def start(self, choice: ActionChoice, value=None) -> None:
        """A panel button: play at once, or enter the mode that gathers what is missing."""
        self.confirm = None
        kind = choice.kind
        if kind in ("activate", "coordinate"):
            partners = tuple(p for p in sorted(self.partners) if p in choice.partners)
            if kind == "coordinate" and not partners:
                self.say(t("ui.hint.pick_partners", self.lang))
                return
            self.play(intent.simple(choice, value=value, partners=partners))
            return
        if kind == "end":
            left = self._actions_left()
            if left:
                self.confirm = ("ui.confirm.end_activation", intent.simple(choice))
                self.say(t("ui.confirm.end_activation", self.lang, n=left))
                return
            self.play(intent.simple(choice))
            return
        if kind == "assign":
            self.play(intent.simple(choice, value=value))
            return
        if kind == "heal":
            self.play(intent.simple(choice, targets=choice.targets, value=value))
            return
        if kind == "turn":
            self.mode = Mode(choice, "facing")
            self.say(t("ui.hint.facing", self.lang))
            return
        if kind == "react":
            return self._react(choice, value)
        if kind == "designate":
            self.play(intent.simple(choice, targets=(value,)))
            return
        if kind == "push" and value is None:       # aim the recul on the table
            self.mode = Mode(choice, "heading")
            self.say(t("play.hint.push", self.lang))
            return
        if kind == "deploy" and not choice.hints.get("auto"):
            self.mode = Mode(choice, "deploy")
            self.say(t("play.hint.deploy", self.lang))
            return
        if kind == "take_cover":
            return self._cover(choice)
        if self.step_first and has_free_step(choice):
            then = "target" if choice.targets and choice.min_targets >= 1 else "play"
            self.mode = Mode(choice, "path", weapon=value, then=then)
            self.say(t("ui.hint.step", self.lang))
            return
        if kind == "power" and choice.min_targets == 0:
            self.play(intent.simple(choice, value=value))
            return
        if kind in IMMEDIATE or choice.hints.get("auto"):
            self.play(intent.simple(choice, value=value))
            return
        if kind in PATH_KINDS:
            self.mode = Mode(choice, "path", weapon=value)
            self.say(t("ui.hint.path", self.lang))
            return
        self.mode = Mode(choice, "target", weapon=value)
        self.say(t("ui.hint.target", self.lang))

    def answer_confirm(self, yes: bool) -> None:
        pending, self.confirm = self.confirm, None
        if yes and pending is not None:
            self.play(pending[1])
        else:
            self.say("")

    def _actions_left(self) -> int:
        act = self.engine.state.activation
        if not act or "members" not in act:
            return 0
        return sum(m["left"] for fid, m in act["members"].items()
                   if not self.engine.state.figures[fid].out and m.get("dynamic"))

    def _react(self, choice: ActionChoice, value) -> None:
        if choice.move is not None and choice.move.required:
            self.mode = Mode(choice, "path", weapon=value)
            self.say(t("ui.hint.path", self.lang))
        elif choice.move is not None and choice.move.goal == "cover":
            self._cover(choice, value)
        elif choice.targets and choice.min_targets >= 1:
            self.mode = Mode(choice, "target", weapon=value)
            self.say(t("ui.hint.target", self.lang))
        else:
            self.play(intent.simple(choice, value=value))

    def _cover(self, choice: ActionChoice, value=None) -> None:
        tries = [intent.simple(choice, value=value)]
        if choice.move is not None:
            tries += [intent.simple(choice, value=value, path=p)
                      for p in intent.cover_routes(self.engine, choice.actor, choice.move)]
        action, why = intent.first_legal(self.engine, tries)
        if action is None:
            self.say(refusal_text(why, self.lang), refused=True)
        else:
            self.play(action)

    def heading_origin(self):
        """Where a facing or a recul direction is measured from: the turning figure, or the
        target a recul sends away."""
        m = self.mode
        st = self.engine.state
        if m.stage == "heading":
            return st.figures[m.choice.hints["target"]].pos
        return st.figures[m.choice.actor].pos

    def nearest_heading(self, pt):
        """The offered heading (degrees) closest to the direction of the point."""
        m = self.mode
        ox, oy = self.heading_origin()
        want = math.degrees(math.atan2(pt[1] - oy, pt[0] - ox)) % 360.0
        return min(m.choice.values, key=lambda v: abs((float(v) - want + 180.0) % 360.0 - 180.0))

    def face_point(self, pt) -> bool:
        """Facing mode: turn toward the clicked point; heading mode: push that way (the
        nearest direction offered)."""
        m = self.mode
        if m is None or m.stage not in ("facing", "heading"):
            return False
        return self.play(intent.simple(m.choice, value=self.nearest_heading(pt)))

    def deploy_facing(self, spot, aim=None) -> float:
        """The facing of a fighter set down at ``spot``: toward ``aim`` when the player
        dragged to aim, else toward the table's centre; the nearest facing offered."""
        st = self.engine.state
        to = aim if aim is not None and math.dist(aim, spot) > 1.0 else (st.width / 2, st.height / 2)
        want = math.degrees(math.atan2(to[1] - spot[1], to[0] - spot[0])) % 360.0
        return min(self.mode.choice.values, key=lambda v: abs((float(v) - want + 180.0) % 360.0 - 180.0))

    def place(self, spot, aim=None) -> bool:
        """Deploy mode: set the fighter down at the clicked spot; the engine's check says
        why a spot is refused."""
        m = self.mode
        if m is None or m.stage != "deploy":
            return False
        spot = (float(spot[0]), float(spot[1]))
        return self.play(intent.simple(m.choice, path=(spot,), value=self.deploy_facing(spot, aim)))

    def cancel(self) -> bool:
        if self.confirm is not None:
            self.answer_confirm(False)
            return True
        if self.mode is not None:
            self.mode = None
            self.say("")
            return True
        return False

    # --- table clicks
    def click_point(self, pt, add_waypoint: bool = False) -> bool:
        """A click on the table in path mode: a waypoint, or the destination."""
        m = self.mode
        if m is None or m.stage != "path":
            return False
        if add_waypoint:
            m.waypoints.append(pt)
            return True
        routed = intent.route(self.engine, m.choice.actor, m.waypoints + [pt], m.choice.move,
                              self.others(m.choice.actor))
        if routed is None:
            self.say(t("ui.refused.no_path", self.lang), refused=True)
            return True
        return self.use_path(routed[0])

    def use_path(self, path) -> bool:
        m = self.mode
        if m is None:
            return False
        if m.choice.kind == "move_shoot" or m.then == "target":
            m.path, m.stage = tuple(path), "target"
            self.say(t("ui.hint.target", self.lang))
            return True
        self.play(intent.simple(m.choice, path=tuple(path), value=m.weapon))
        return True

    def click_figure(self, fid: str, pt=None) -> bool:
        """A click on a figure: a target in target mode, a partner, else a selection."""
        m = self.mode
        if m is not None and m.stage == "target" and fid in m.choice.targets:
            return self.choose_target(fid, pt)
        st = self.engine.state
        fig = st.figures.get(fid)
        if fig is None:
            return False
        if self._partner_candidate(fid):
            self.partners ^= {fid}
            return True
        self.select(fid)
        return True

    def _partner_candidate(self, fid: str) -> bool:
        """Can this figure join the selected one (Meneur, coordination, coordinated attack)?"""
        if self.selected is None or fid == self.selected:
            return False
        for c in self.choices():
            if fid in c.partners and (c.kind in ("activate", "coordinate") or
                                      (self.mode is not None and self.mode.choice is c)):
                return True
        return False

    def choose_target(self, tid: str, pt=None) -> bool:
        m = self.mode
        if m is None:
            return False
        c = m.choice
        if tid not in c.targets:
            return False
        if c.max_targets > 1 and c.kind == "fight":
            if tid in m.targets:
                m.targets.remove(tid)
            elif len(m.targets) < c.max_targets:
                m.targets.append(tid)
            if len(m.targets) < c.max_targets:
                self.say(t("ui.hint.more_targets", self.lang))
                return True
        else:
            m.targets = [tid]
        return self.finish_targets(pt)

    def finish_targets(self, pt=None) -> bool:
        m = self.mode
        if m is None or not m.targets:
            return False
        c = m.choice
        targets = tuple(m.targets)
        partners = tuple(p for p in sorted(self.partners) if p in c.partners)
        if c.kind == "charge":
            paths = intent.contact_route(self.engine, c.actor, targets[0], c.move, near=pt,
                                         others=self.others(c.actor))
            tries = [intent.simple(c, targets=targets, path=p, partners=partners) for p in paths]
            if not tries:
                self.say(t("ui.refused.no_path", self.lang), refused=True)
                return True
            action, why = intent.first_legal(self.engine, tries)
            if action is None:
                self.say(refusal_text(why, self.lang), refused=True)
                return True
            return self.play(action)
        if c.kind == "move_shoot":
            weapon = m.weapon if m.weapon is not None else (c.values[0] if c.values else None)
            return self.play(intent.simple(c, targets=targets, path=m.path, value=weapon,
                                           values=(max(0, len(m.path) - 1),)))
        if c.kind == "fight":
            return self.play(intent.simple(c, targets=targets, partners=partners,
                                           values=intent.even_split(c, len(targets))))
        if c.kind == "strike":
            value = m.weapon if m.weapon is not None else c.values[0]
            from game.ui.rules_info import info_for

            adapter = info_for(self.engine.ruleset.info.id)
            reach = adapter.strike_reach(value) if hasattr(adapter, "strike_reach") else 0.0
            paths = intent.strike_routes(self.engine, c, targets[0], near=pt, reach=reach,
                                         others=self.others(c.actor))
            tries = [intent.simple(c, targets=targets, value=value, path=p) for p in paths]
            action, why = intent.first_legal(self.engine, tries)
            if action is None:
                self.say(refusal_text(why, self.lang), refused=True)
                return True
            return self.play(action)
        value = m.weapon if m.weapon is not None else (c.values[0] if c.values else None)
        return self.play(intent.simple(c, targets=targets, value=value, path=m.path))


def has_free_step(choice: ActionChoice) -> bool:
    """A static action that may begin with the free step (an optional move, no goal)."""
    m = choice.move
    return (m is not None and not m.required and m.goal is None
            and choice.kind not in ("move", "step", "move_shoot", "react", "free_move", "run"))
