"""Input modes of the table: what the player is building (a path, a target, partners, a
direction, a spot) and the action it becomes. How a template's open parts are gathered is
the template's own declaration (``ActionChoice.gather``), never a list of action names; the
texts and buttons come from the ruleset's presentation. Every action goes through the
engine's check; a refusal becomes a message in the player's language. No drawing and no
rules here."""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from game.core.actions import Action, ActionChoice
from game.core.text import refusal_text, t
from game.ui import form_desk, intent
from game.ui.rules_info import info_for

SNAP_MM = 3.0             # a move's destination this close to another base snaps into contact with it
CLAMP_NOTICE_MM = 4.0     # a move cut shorter than this is not worth a "too far" message


@dataclass
class Mode:
    choice: ActionChoice
    stage: str                        # "path", "target", "facing", "placement"
    waypoints: list = field(default_factory=list)
    path: tuple = ()
    targets: list = field(default_factory=list)
    weapon: object = None             # the value chosen on the button (a weapon, a spell...)
    then: str = ""                    # after a path: "target", "facing" or "play"


class Controller:
    def __init__(self, session):
        self.session = session
        self.selected: str | None = None
        self.mode: Mode | None = None
        self.partners: set[str] = set()
        self.message = ""
        self.refused = False
        self.confirm: tuple[str, Action] | None = None   # (question, action) awaiting yes
        self.step_first = False       # take the free step of a static action before it
        self.form: dict[str, object] = {}   # options chosen in the fields of a form
        self.building = None          # a form being filled (form_desk.FormRequest)
        self.prompt = None            # the re-roll prompt (form_model.RerollPrompt)
        self._seen_version = -1

    @property
    def engine(self):
        return self.session.engine

    @property
    def lang(self) -> str:
        return self.session.lang

    @property
    def presentation(self):
        return info_for(self.engine.ruleset.info.id)

    def say(self, text: str, refused: bool = False) -> None:
        self.message, self.refused = text, refused

    # --- keeping the selection sensible after each change
    def sync(self) -> None:
        if self.session.version == self._seen_version:
            return
        self._seen_version = self.session.version
        self.mode, self.confirm, self.step_first = None, None, False
        st = self.engine.state
        if not self.session.human_to_decide() and any(self.session.is_human(s) for s in self.session.seats()):
            # an agent decides: the person's selection (the card they read) stays put; what
            # the agent does shows on the table and in its recap, not in the panel
            if self.selected in st.figures and st.figures[self.selected].out:
                self.selected = None
        elif st.pending:
            self.selected = st.pending[-1].figure
            self.partners.clear()
        elif st.activation is not None:
            act = st.activation
            members = [m for m in act.get("members", [act.get("fig", act.get("figure"))])
                       if m in st.figures and not st.figures[m].out]
            if self.selected not in members:
                self.selected = st.activation.get("leader") if st.activation.get("leader") in members \
                    else (members[0] if members else None)
            else:
                self._member_finished(members)
        else:
            self._after_finished()
        self.partners.clear()     # partners are chosen afresh for each decision
        form_desk.offer(self)     # a re-roll prompt, or the form of the decision to answer

    def _after_finished(self) -> None:
        """One of the deciding side's figures is selected but can do nothing now (it has
        finished, or is out): the nearest of that side's figures that may act is selected
        instead (its card and buttons, not an empty panel), and the message says why."""
        st = self.engine.state
        old = st.figures.get(self.selected) if self.selected is not None else None
        legal = {c.actor for c in self.engine.legal_actions()}
        due = legal - {None}
        if old is None or old.id in due:
            return
        if old.side != self.session.decider():
            if len(legal) == 1 and due:        # the one figure that may act: its card and buttons
                self.selected = next(iter(due))
            return
        mine = [fid for fid in due if fid in st.figures and st.figures[fid].side == old.side]
        if not mine:
            return
        nxt = min(mine, key=lambda fid: (math.dist(st.figures[fid].pos, old.pos), fid))
        self.selected = nxt
        pres = self.presentation
        if not old.out and pres.roster_state(st, old).turn != "done":   # it has not acted: not its turn
            self.say(t("ui.next_figure.now", self.lang, next=pres.name_of(st, nxt, self.lang)))
            return
        self.say(t("ui.next_figure", self.lang, done=pres.name_of(st, old.id, self.lang),
                   next=pres.name_of(st, nxt, self.lang)))

    def _member_finished(self, members: list[str]) -> None:
        """A figure of a group activation (a leader's phase) has done all it may while
        others of the group still may act: the nearest of those is selected (its card and
        buttons, not the finished figure's greyed ones), and the message says why. A
        newcomer left on the leader's greyed buttons ended the phase with two friends
        still to act."""
        st = self.engine.state
        old = st.figures.get(self.selected)
        if old is None or not self.session.human_to_decide():
            return
        due = {c.actor for c in self.engine.legal_actions()} & set(members)
        if old.id in due or not due:
            return
        nxt = min(due, key=lambda fid: (math.dist(st.figures[fid].pos, old.pos), fid))
        self.selected = nxt
        pres = self.presentation
        self.say(t("ui.next_figure", self.lang, done=pres.name_of(st, old.id, self.lang),
                   next=pres.name_of(st, nxt, self.lang)))

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
        """Templates shown whoever is selected: those of no figure, every template of a
        pending decision that names no figure (placing one of several fighters still off
        the table, which cannot be clicked), and the only legal template when there is one
        (starting the figure due to act)."""
        st = self.engine.state
        whole = bool(st.pending) and st.pending[-1].figure is None
        legal = self.engine.legal_actions()
        if len(legal) == 1:                  # the one thing to do (the figure due to act...)
            return list(legal)
        return [c for c in legal if c.actor is None or whole]

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

    def start(self, choice: ActionChoice, value=None, *, targets: tuple[str, ...] | None = None,
              aim: bool = False) -> None:
        """A panel button: play at once, or enter the mode that gathers what is missing
        (as the template declares it)."""
        self.confirm = None
        how = choice.gather
        pres = self.presentation
        partners = tuple(p for p in sorted(self.partners) if p in choice.partners)
        if len(partners) < int(choice.hints.get("partners_min", 0)):
            self.say(t(pres.partner_hint(choice) or "ui.hint.pick_partners", self.lang))
            return
        if targets is not None:                     # the button named them (a secret pick...)
            value = value if choice.values else None   # a template without values takes none (the
            self.play(intent.simple(choice, targets=targets, value=value, partners=partners))  # button's is its own)
            return
        if how == "facing" and choice.move is not None and choice.move.required and value is None:
            self._enter(choice, "path", value, then="facing")     # a move ending with a facing
            return
        if how == "facing" and (aim or value is None):
            self._enter(choice, "facing", value)
            return
        if how == "placement":
            self._enter(choice, "placement", value)
            return
        if how == "goal":
            return self._goal(choice, value)
        wants_target = how in ("target", "contact") or (how == "form" and choice.min_targets >= 1)
        if self.step_first and choice.free_step:
            self._enter(choice, "path", value, then="target" if wants_target else "play")
            self.say(t("ui.hint.step", self.lang))
            return
        if how in ("path", "path_target"):
            self._enter(choice, "path", value, then="target" if how == "path_target" else "")
            return
        if wants_target:
            self._enter(choice, "target", value)
            return
        if how == "form" and value is None and form_desk.open_form(self, choice):
            return
        fixed = tuple(choice.targets[:choice.min_targets])
        action = intent.simple(choice, value=value, partners=partners, targets=fixed)
        question = pres.confirm(self.engine.state, choice, self.lang)
        if question:
            self.confirm = (question, action)
            self.say(question)
            return
        self.play(action)

    def _enter(self, choice: ActionChoice, stage: str, value=None, then: str = "") -> None:
        self.mode = Mode(choice, stage, weapon=value, then=then)
        self.say(t(self.presentation.input_hint(choice, stage), self.lang))

    def answer_confirm(self, yes: bool) -> None:
        pending, self.confirm = self.confirm, None
        if yes and pending is not None:
            self.play(pending[1])
        else:
            self.say("")

    def _goal(self, choice: ActionChoice, value=None) -> None:
        """A move the window routes to the template's goal (cover...): in place first."""
        tries = [intent.simple(choice, value=value)]
        if choice.move is not None:
            tries += [intent.simple(choice, value=value, path=p)
                      for p in intent.goal_routes(self.engine, choice.actor, choice.move)]
        action, why = intent.first_legal(self.engine, tries)
        if action is None:
            self.say(refusal_text(why, self.lang), refused=True)
        else:
            self.play(action)

    def heading_origin(self):
        """Where a direction is measured from: the end of the path drawn first (a move
        ending with a facing), the template's origin figure (the target a recul sends
        away...), else its actor."""
        m = self.mode
        if m.path:
            return m.path[-1]
        c = m.choice
        return self.engine.state.figures[c.hints.get("origin") or c.actor].pos

    def nearest_heading(self, pt, origin=None):
        """The offered heading (degrees) closest to the direction of the point."""
        m = self.mode
        ox, oy = origin if origin is not None else self.heading_origin()
        want = math.degrees(math.atan2(pt[1] - oy, pt[0] - ox)) % 360.0
        return min(m.choice.values, key=lambda v: abs((float(v) - want + 180.0) % 360.0 - 180.0))

    def face_point(self, pt) -> bool:
        """Facing mode: the direction toward the clicked point (the nearest offered), with
        the path drawn before it when the template moves first."""
        m = self.mode
        if m is None or m.stage != "facing":
            return False
        if m.path:
            return self.play(intent.simple(m.choice, path=m.path, value=self.nearest_heading(pt)))
        return self.play(intent.simple(m.choice, value=self.nearest_heading(pt)))

    def face_along(self) -> bool:
        """Facing mode after a path: face the way the last leg of the path went."""
        m = self.mode
        if m is None or m.stage != "facing" or len(m.path) < 2:
            return False
        (ax, ay), (bx, by) = m.path[-2], m.path[-1]
        return self.face_point((2 * bx - ax, 2 * by - ay))

    def path_then_face(self, path, aim=None) -> bool:
        """A move that ends with a facing: the path (cut where the rules stop it), then
        the facing toward ``aim`` when the player dragged from the end point, else a
        facing stage (click a direction)."""
        m = self.mode
        c = m.choice
        path = tuple(tuple(p) for p in path)
        probe = c.values[0] if c.values else None
        why = self.engine.check(intent.simple(c, path=path, value=probe))
        clamped = False
        if why is not None:
            shorter = intent.farthest_legal(self.engine, c, path, value=probe)
            if shorter is None:
                self.say(refusal_text(why, self.lang), refused=True)
                return True
            path, clamped = tuple(shorter.path), True
        if aim is not None and math.dist(aim, path[-1]) > 1.0:
            done = self.play(intent.simple(c, path=path, value=self.nearest_heading(aim, path[-1])))
            if done and clamped:
                self.say(t("ui.move_clamped", self.lang))
            return True
        m.path, m.stage = path, "facing"
        self.say(t(self.presentation.input_hint(c, "facing"), self.lang))
        return True

    def deploy_facing(self, spot, aim=None) -> float:
        """The facing of a fighter set down at ``spot``: toward ``aim`` when the player
        dragged to aim, else toward the table's centre; the nearest facing offered."""
        st = self.engine.state
        to = aim if aim is not None and math.dist(aim, spot) > 1.0 else (st.width / 2, st.height / 2)
        want = math.degrees(math.atan2(to[1] - spot[1], to[0] - spot[0])) % 360.0
        return min(self.mode.choice.values, key=lambda v: abs((float(v) - want + 180.0) % 360.0 - 180.0))

    def place(self, spot, aim=None) -> bool:
        """Placement mode: set the figure down at the clicked spot; the engine's check says
        why a spot is refused."""
        m = self.mode
        if m is None or m.stage != "placement":
            return False
        spot = (float(spot[0]), float(spot[1]))
        return self.play(intent.simple(m.choice, path=(spot,), value=self.deploy_facing(spot, aim)))

    def cancel(self) -> bool:
        if self.building is not None:
            self.building = None
            return True
        if self.confirm is not None:
            self.answer_confirm(False)
            return True
        if self.mode is not None:
            self.mode = None
            self.say("")
            return True
        return False

    # --- table clicks
    def click_point(self, pt, add_waypoint: bool = False, aim=None) -> bool:
        """A click on the table in path mode: a waypoint, or the destination (``aim``:
        where the player dragged to from it, for a move that ends with a facing)."""
        m = self.mode
        if m is None or m.stage != "path":
            return False
        if add_waypoint:
            m.waypoints.append(pt)
            return True
        pt = intent.snap_to_contact(self.engine.state, m.choice.actor, pt, SNAP_MM)
        pt = intent.keep_on_table(self.engine.state, m.choice.actor, pt)
        routed = intent.route(self.engine, m.choice.actor, m.waypoints + [pt], m.choice.move,
                              self.others(m.choice.actor))
        if routed is None:
            self.say(t("ui.refused.no_path", self.lang), refused=True)
            return True
        return self.use_path(routed[0], aim=aim)

    def aims_after_path(self) -> bool:
        """Whether the path being drawn ends with a facing (a drag from its end sets it)."""
        m = self.mode
        return m is not None and m.stage == "path" and m.then == "facing"

    def use_path(self, path, aim=None) -> bool:
        m = self.mode
        if m is None:
            return False
        if m.then == "facing":
            return self.path_then_face(path, aim)
        if m.then == "target":
            m.path, m.stage = tuple(path), "target"
            self.say(t(self.presentation.input_hint(m.choice, "target"), self.lang))
            return True
        self.play_move(m.choice, tuple(path), value=m.weapon)
        return True

    def play_move(self, choice: ActionChoice, path, **kw) -> bool:
        """Play a move along ``path``; one that goes beyond what the rules allow is carried
        out to the farthest point they accept along it (and the player is told)."""
        action = intent.simple(choice, path=tuple(path), **kw)
        why = self.engine.check(action)
        if why is None:
            return self.play(action)
        shorter = intent.farthest_legal(self.engine, choice, path, **kw) if choice.move is not None else None
        if shorter is None:
            self.say(refusal_text(why, self.lang), refused=True)
            return False
        if self.play(shorter):
            if math.dist(shorter.path[-1], path[-1]) > CLAMP_NOTICE_MM:   # not a hair short
                self.say(t("ui.move_clamped", self.lang))
            return True
        return False

    def click_figure(self, fid: str, pt=None, partner: bool = False) -> bool:
        """A click on a figure: a target in target mode; a partner when the click asks for
        one (``partner``: Ctrl held) or a template being built takes partners; else a
        selection (a plain click on a friend never changes the group by surprise)."""
        m = self.mode
        if m is not None and m.stage == "target":
            why = dict(self.target_status()).get(fid, False)
            if why:                      # a greyed target: say why, keep the mode
                self.say(refusal_text(why, self.lang), refused=True)
                return True
            if fid in m.choice.targets:
                return self.choose_target(fid, pt)
            if fid in self.engine.state.figures and not self._partner_candidate(fid):
                # neither a target nor a partner: the action being built stays, and says so
                name = self.presentation.name_of(self.engine.state, fid, self.lang)
                self.say(t("ui.not_a_target", self.lang, name=name), refused=True)
                return True
        st = self.engine.state
        fig = st.figures.get(fid)
        if fig is None:
            return False
        if (partner or m is not None) and self.toggle_partner(fid):
            return True
        self.select(fid)
        return True

    def toggle_partner(self, fid: str) -> bool:
        """Add or remove a partner of the selected figure; False when it cannot be one."""
        if not self._partner_candidate(fid):
            return False
        self.partners ^= {fid}
        return True

    def _partner_candidate(self, fid: str) -> bool:
        """Can this figure join the selected one (a leader's group, a joint attack)?"""
        return fid in self.partner_candidates()

    def partner_candidates(self) -> frozenset[str]:
        """The figures that may join the selected one: partners of a button's template, or
        of the template being built (the table rings them); none while an agent decides
        (its templates are not the person's to build)."""
        if self.selected is None or not self.session.human_to_decide():
            return frozenset()
        out: set[str] = set()
        for c in self.choices():
            if (c.gather == "none" and self.mode is None) or (self.mode is not None and self.mode.choice is c):
                out.update(c.partners)
        out.discard(self.selected)
        return frozenset(out)

    def target_status(self) -> list[tuple[str, object]]:
        """The current mode's targets, each with None (the rules accept it) or the refusal
        to show on its greyed entry: the template's own answer before any move, the
        engine's check of the concrete action once a path was drawn (a step, a move and
        shoot). Cached per mode, path and game version."""
        m = self.mode
        if m is None or m.stage != "target":
            return []
        c = m.choice
        key = (id(m), m.path, self.session.version)
        if getattr(self, "_status_key", None) == key:
            return self._status
        refused = c.refused
        ids = list(c.targets) + [t for t in refused if t not in c.targets]
        out: list[tuple[str, object]] = []
        # a form's value (a spell's power...) changes the answer: the engine judges the
        # value chosen on the button, or, none chosen yet, whether any value of the form works
        valued = c.gather == "form" and bool(c.values) and not (c.move is not None and c.move.required)
        for tid in ids:
            if tid not in c.targets:
                why = refused[tid]
            elif m.path or valued:
                why = form_desk.target_refusal(self.engine, c, tid, m.weapon, m.path)
            else:
                why = refused.get(tid)
            out.append((tid, why))
        out.sort(key=lambda item: item[1] is not None)     # what can be chosen first, greyed after
        self._status_key, self._status = key, out
        return out

    def offered(self) -> tuple[str, ...]:
        """The targets of the current mode the rules accept as things stand."""
        return tuple(tid for tid, why in self.target_status() if why is None)

    def choose_target(self, tid: str, pt=None) -> bool:
        m = self.mode
        if m is None:
            return False
        c = m.choice
        if tid not in c.targets:
            return False
        if c.max_targets > 1:
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
        if (c.gather == "form" or form_desk.contact_form(c)) and m.weapon is None \
                and form_desk.open_form(self, c, targets, m.path):
            return True                  # the target known, its form (then the play) follows
        value = m.weapon if m.weapon is not None else (c.values[0] if c.values else None)
        if c.gather == "contact" or form_desk.contact_form(c):
            reach = self.presentation.contact_reach(c, value)
            cap = None if self.presentation.uncapped_paths(self.engine.state) else "allowance"
            paths = intent.contact_routes(self.engine, c, targets[0], near=pt, reach=reach, cap=cap,
                                          others=self.others(c.actor),
                                          far=self.presentation.approach_limit(c, value))
            tries = [intent.simple(c, targets=targets, value=value, path=p, partners=partners)
                     for p in paths]
            if not tries:
                self.say(t("ui.refused.no_path", self.lang), refused=True)
                return True
            action, why = intent.first_legal(self.engine, tries)
            if action is None:
                self.say(refusal_text(why, self.lang), refused=True)
                return True
            return self.play(action)
        if m.weapon is None and c.gather == "form" and len(c.values) > 1:    # no value chosen: the first the rules take
            value = next((v for v in c.values if self.engine.check(intent.simple(
                c, targets=targets, value=v, path=m.path, partners=partners)) is None), value)
        values = intent.even_split(c, len(targets))
        if m.path and c.hints.get("at_point"):      # the action happens where the path ends
            values = (len(m.path) - 1,)
        return self.play(intent.simple(c, targets=targets, value=value, path=m.path, partners=partners,
                                       values=values))
