"""What the window reads from a ruleset, and nothing else: its measuring unit and grid,
each figure's allowances, ranges, bands and profile card, sight classes, odds previews, the
labels of its action buttons. Each ruleset's package holds a pure presentation module (no
pygame) subclassing :class:`Presentation`; the window asks it through this interface and
never names a ruleset. It only reads (the functions the rules themselves use); whether an
action is legal is the engine's answer alone."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from game.core.state import Figure, GameState
from game.core.text import number, t


@dataclass
class FigureInfo:
    # reach regions drawn around the figure: style -> (allowance mm, path flags); the styles
    # are the window's: "walk" (its usual move), "sprint" (a longer one), "assault" (an attack's)
    moves: dict[str, tuple[float, dict]] = field(default_factory=dict)
    ranges: list[tuple[str, tuple[float, float, float]]] = field(default_factory=list)  # mm
    bubble: float | None = None           # a leader's command reach (edge to edge), mm
    charge: float = 0.0                   # reach of a move into melee (the threat overlay), mm
    charge_flags: dict = field(default_factory=dict)   # path flags of that move
    shoot_reach: float = 0.0              # longest range, mm
    card: dict = field(default_factory=dict)
    melee: list = field(default_factory=list)   # (weapon, (lo, hi) mm): reach bands
    shots: list = field(default_factory=list)   # (weapon, (close, ideal, far) mm)
    mist: float | None = None             # visibility radius, mm
    facing: float | None = None           # degrees: the field of vision is the front half
    auras: list = field(default_factory=list)   # (key, radius mm edge to edge): rings it lends
    areas: list = field(default_factory=list)   # (weapon value, zone radius mm, stray mm): templates
    watch: float | None = None            # a sentry's trigger reach over its front half, mm
    rings: list = field(default_factory=list)   # (key, (x, y) mm, radius mm from that point): rings
    #                                             around other figures ("aura": a leader's, "terror")


# Where a figure stands in its side's turn (the fighter bar): still to activate, in the
# activation under way, done for the turn, unable to activate this turn, out of action, not
# on the table yet (being deployed).
TURN_STATES = ("ready", "active", "done", "held", "out", "reserve")


@dataclass(frozen=True)
class RosterState:
    """A figure's line in the fighter bar: its turn state (one of TURN_STATES) and whether
    it is down (on the ground, stunned...: on the table but hampered)."""

    turn: str
    down: bool = False


@dataclass(frozen=True)
class Button:
    """One button of the panel for a template: what it shows and what it sets."""

    label: str
    value: Any = None                  # the action's value (None: the template's only one, or none)
    key: str = ""                      # stable name (tests and the button pool find it by this)
    tooltip: str = ""
    targets: tuple[str, ...] | None = None   # targets it sets itself (a secret pick, a fixed target)
    toggled: bool = False
    aim: bool = False                  # for a facing: point the direction on the table instead


@dataclass(frozen=True)
class FormField:
    """A field of a form (a value built from linked choices): a button that cycles through
    its options; the form's last choice is made by the buttons that follow it."""

    key: str
    label: str                         # what the button shows for the current option
    options: tuple[Any, ...]
    current: Any
    tooltip: str = ""


ARROWS = "→↘↓↙←↖↑↗"   # screen directions (y grows downward), from east clockwise


def compass(origin, point) -> str:
    """An arrow pointing from ``origin`` toward ``point`` on the screen."""
    ang = math.degrees(math.atan2(point[1] - origin[1], point[0] - origin[0])) % 360.0
    return ARROWS[int((ang + 22.5) // 45) % 8]


@dataclass(frozen=True)
class OddsNote:
    """The odds of one button (a reaction's, say): a few words added to its label and the
    detail added to its tooltip."""

    short: str
    lines: tuple[str, ...] = ()


@dataclass(frozen=True)
class Lane:
    """A shot or a charge (``kind``, its text key ``ui.lane.<kind>``) a friend of a moving
    figure may still make this turn at an enemy: a move ending in its way warns."""

    friend: str
    enemy: str
    kind: str


@dataclass(frozen=True)
class FormLayout:
    """A form value laid out as linked fields (the attack builder, the defence form): each
    of the template's values split into one option per field (``parts``), the fields in the
    order the player settles them. A ``toggles`` field's options are tuples of items, each
    item a toggle; the others are picked one option at a time. Labels are the player's text.
    Only the splits of the template's values can be chosen (the window greys the rest)."""

    fields: tuple[str, ...]
    parts: dict[Any, dict[str, Any]]             # value -> {field: option}
    labels: dict[str, str]                       # field -> the row's label
    option_labels: dict[tuple[str, Any], str]    # (field, option or toggle item) -> label
    toggles: tuple[str, ...] = ()
    default: Any = None                          # the value shown first
    marked: Any = None                           # the value to mark (the advised one)
    submit: str = ""                             # the label of the button that plays it
    title: str = ""


@dataclass(frozen=True)
class OddsTable:
    """Odds shown under a form: a header and rows of cells; ``marked`` the row to mark."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    marked: int | None = None
    note: str = ""


@dataclass(frozen=True)
class ScenarioOption:
    """An option of a new game that a ruleset declares as data; the new-game form shows it
    as a drop-down and passes the chosen value to the ruleset's setup under ``key``."""

    key: str                                 # the setup option it sets
    label: str                               # shown over the drop-down
    choices: tuple[tuple[str, Any], ...]     # (label, value); the first is the default
    tooltip: str = ""


def pct(p: float) -> str:
    """A probability as players read it: '42 %' (no-break space)."""
    return f"{round(100 * p)}\u00a0%"


def num(v: float, lang: str, digits: int = 1) -> str:
    """A decimal number in the language's convention (decimal comma in French)."""
    return number(float(v), lang, digits)


def mods_text(mods, lang: str) -> str:
    """Modifiers as '<name> +1, <name> -2' from (catalogue key suffix, value) pairs."""
    return ", ".join(f"{t('mod.' + k, lang)} {v:+d}" for k, v in mods)


class Presentation:
    """Defaults for a ruleset with round bases, open sight and no preview; subclasses
    override what their ruleset shows."""

    unit = "pas"
    unit_mm = 25.0
    grid_step = 25.0              # mm between grid lines
    scale_units = 6               # units shown by the scale bar
    has_mist = False              # some figures may be hidden from a side: fog, hand-offs matter
    threats = True                # the "who could reach me" overlay is fair to show
    odds = True                   # odds may be previewed before committing
    order: tuple[str, ...] = ()   # action kinds in the order their buttons are listed
    markers: tuple[str, ...] = ()  # statuses marked on the table and named on the card
    free_step_keys = ("ui.step_first", "ui.tip.step_first")   # the "move first" switch
    round_arcs = False            # round bases show their front half (the ruleset gives them a facing)
    answers: tuple[str, ...] = ()  # kinds that answer another side's action (no recap of their own)
    HINTS = {"path": "ui.hint.path", "target": "ui.hint.target", "facing": "ui.hint.facing",
             "placement": "play.hint.deploy"}

    # --- options
    def strict(self, state: GameState, settings: Any) -> bool:
        """Whether distances are hidden from the player (strict measuring)."""
        return bool(getattr(settings, "strict_measuring", False))

    def new_game_options(self, settings: Any) -> dict:
        """Options of a new game taken from the player's settings."""
        return {}

    def scenario_options(self, scenario: str, lang: str) -> list[ScenarioOption]:
        """Options the new-game form offers for that scenario (none by default)."""
        return []

    # --- figures
    def figure(self, state: GameState, fig: Figure, lang: str) -> FigureInfo:
        return FigureInfo(card={"name": fig.name, "role": "", "cost": 0,
                                "stats": [("V", f"{fig.vitality}/{fig.max_vitality}")],
                                "traits": [], "weapons": []})

    def figure_role(self, state: GameState, fig: Figure) -> str | None:
        """What the figure is, for its badge on the table: leader, caster, ranged, melee or
        beast (None: no badge)."""
        return None

    def lies_on_table(self, fig: Figure) -> bool:
        """A figure out of play that still lies on the table (it may be finished off); by
        default the fallen are taken off."""
        return False

    def sight_class(self, state: GameState, table, viewer: Figure, target: Figure) -> str:
        """clear, concealed, cover or blocked: how the viewer sees the target."""
        s = table.sight(viewer.id, target.id)
        if not s.visible:
            return "blocked"
        return "concealed" if s.hidden_fraction > 0.5 else "clear"

    def odds_preview(self, state: GameState, table, choice, value, target: Figure,
                     partners: tuple[str, ...], strict: bool, lang: str) -> list[str]:
        """Lines of exact odds for that template, value and target (none by default)."""
        return []

    def choice_odds(self, state: GameState, table, choice, value, lang: str) -> OddsNote | None:
        """Exact odds of one button of a template, for the side that would press it (a
        reaction: what happens to the defender if it answers so); None: nothing to show."""
        return None

    def ladder_odds(self, state: GameState, fig: Figure, n: int) -> float:
        """Chance that an activation attempting n actions succeeds (1 when it cannot fail)."""
        return 1.0

    # --- a roll explained (game.core.roll_why)
    def mod_row(self, key: str, value: int, lang: str) -> str:
        """A roll's modifier as the log's "why?" box shows it ('' to leave it out)."""
        return f"{t('mod.' + key, lang)} {value:+d}"

    def die_note(self, event, face: int, lang: str) -> str:
        """What one die of a roll meant on its own ('' when only the whole roll says it)."""
        return ""

    def roll_chances(self, event, lang: str) -> list[tuple[str, float]]:
        """The chances a roll had before it was made, as (what, probability) rows, from the
        event alone; none when the ruleset cannot say them exactly."""
        return []

    # --- the panel's buttons
    def sort_key(self, choice) -> int:
        """Where a template's buttons go in the panel."""
        return self.order.index(choice.kind) if choice.kind in self.order else len(self.order)

    def fixed_slots(self, state: GameState, actor: str) -> list[tuple[str, str]]:
        """(kind, reason text key) of the action kinds whose buttons keep their place while
        the figure acts, greyed with the reason when not offered (none by default)."""
        return []

    def input_hint(self, choice, stage: str) -> str:
        """The text key telling the player what to do in an input stage."""
        return self.HINTS.get(stage, "ui.hint.target")

    def action_label(self, choice, lang: str) -> str:
        return t(f"ui.action.{choice.kind}", lang)

    def buttons(self, state: GameState, choice, lang: str) -> list[Button]:
        """The buttons of a template: one, or one per value (targets chosen afterwards)."""
        name = self.action_label(choice, lang)
        tip = t(f"ui.tip.{choice.kind}", lang)
        if choice.gather == "facing":          # the values are directions: pointed on the table
            return [Button(name, None, choice.kind, tip, aim=True)]
        if choice.gather == "placement":       # the values are facings: chosen by the drop
            return [Button(name, None, choice.kind, tip)]
        if choice.gather == "secret":
            return [Button(self.name_of(state, tid, lang), targets=(tid,),
                           key=f"{choice.kind}.{tid}", tooltip=tip) for tid in choice.targets]
        if len(choice.values) <= 1:
            return [Button(name, choice.values[0] if choice.values else None, choice.kind, tip)]
        fig = state.figures.get(choice.actor) if choice.actor else None
        return [Button(f"{name} ({self.value_label(fig, choice, v, lang)})", v, f"{choice.kind}.{v}", tip)
                for v in choice.values]

    def target_label(self, state: GameState, choice, tid: str, lang: str, strict: bool = False) -> str:
        """How a target reads in the panel's list: a figure's name; a token by its number,
        the direction it lies in from the actor and (unless distances are hidden) how far."""
        if tid in state.figures:
            fig = state.figures[tid]
            name = self.figure_name(fig, lang)
            return t("ui.target.fallen", lang, name=name) if fig.out else name
        tokens = [tok for tok in state.tokens]
        tok = next((x for x in tokens if x.id == tid), None)
        if tok is None:
            return tid
        n = tokens.index(tok) + 1
        fig = state.figures.get(choice.actor) if choice.actor else None
        if fig is None:
            return t("ui.token_n", lang, n=n)
        arrow = compass(fig.pos, (tok.x, tok.y))
        if strict:
            return t("ui.token_dir", lang, n=n, dir=arrow)
        gap = max(0.0, math.dist(fig.pos, (tok.x, tok.y)) - fig.radius) / self.unit_mm
        return t("ui.token_at", lang, n=n, dir=arrow, dist=self.length(gap, lang))

    def length(self, units: float, lang: str) -> str:
        """A distance given in the ruleset's unit, written with that unit in the language."""
        return t(f"ui.length_{self.unit}", lang, d=round(units, 1))

    def value_label(self, fig: Figure | None, choice, value, lang: str) -> str:
        """How one of a template's values reads on its button."""
        return str(value)

    def form(self, state: GameState, choice, chosen: dict[str, Any], lang: str
             ) -> tuple[list[FormField], list[Button]]:
        """A template whose value is built from linked fields: the fields (cycling buttons,
        ``chosen`` holds the player's current options by field key) and the buttons of the
        values they leave. By default, no field: the template's own buttons, or a single
        one when the values are laid out as a form (``form_layout``: the window opens it)."""
        if self.form_layout(state, choice, lang) is not None:
            return [], [Button(self.action_label(choice, lang), None, choice.kind,
                               t(f"ui.tip.{choice.kind}", lang))]
        return [], self.buttons(state, choice, lang)

    def form_layout(self, state: GameState, choice, lang: str) -> FormLayout | None:
        """The template's values laid out as linked fields (None: no such form; the window
        shows the template's buttons)."""
        return None

    def form_odds(self, state: GameState, table, choice, value, targets: tuple[str, ...],
                  lang: str) -> OddsTable | None:
        """Exact odds of a form's current value (against the targets chosen), or None."""
        return None

    def reroll_notes(self, state: GameState, choice, event, lang: str) -> dict[int, str]:
        """What re-rolling each die of ``event`` (the roll a re-roll template is about)
        would do, by die index: a few words each (none by default)."""
        return {}

    # kinds of decision a person may let the ruleset's advice answer for a side (the
    # template's ``hints["advised"]``), and the option's text keys (label, tooltip)
    advised_answers: tuple[str, ...] = ()
    advised_keys: tuple[str, str] = ("ui.new.advised", "ui.new.tip.advised")

    def confirm(self, state: GameState, choice, lang: str) -> str | None:
        """A question to ask before playing the template (None: play at once)."""
        return None

    def partner_hint(self, choice) -> str | None:
        """The text key telling how to bring partners along with this template."""
        return None

    def plan_hint(self, state: GameState, table, choice, lang: str) -> str | None:
        """Before a figure commits (``choice``: its activation template), a line that helps
        choose how much to attempt (which enemies it could charge, say); None: nothing."""
        return None

    def open_lanes(self, state: GameState, table, mover: str) -> list[Lane]:
        """The shots and charges ``mover``'s friends may still make this turn, as things
        stand (none by default: no warning when a move ends in their way)."""
        return []

    def lane_open(self, state: GameState, table, lane: Lane) -> bool:
        """Whether that lane is still open in ``state`` (the moving figure elsewhere), by
        the rules' own test of the shot or the charge."""
        return True

    def decision_caption(self, state: GameState, decision, lang: str) -> str | None:
        """What a pending decision asks, for the top bar (None: the generic wording): the
        catalogue's play.bar.<kind> when it has one."""
        from game.core.text import catalogue

        key = f"play.bar.{decision.kind}"
        return t(key, lang) if key in catalogue("fr") else None

    # --- the table
    def contact_reach(self, choice, value) -> float:
        """Gap (mm) from which the template's attack needs no approach (0: only in contact)."""
        return 0.0

    def approach_limit(self, choice, value) -> float:
        """Farthest gap (mm) the rules still accept the template's attack from, penalties
        aside (the window may end an approach there when nothing nearer can be reached)."""
        return self.contact_reach(choice, value)

    def uncapped_paths(self, state: GameState) -> bool:
        """Whether proposed paths may run past the allowance (the rules stop the figure
        where its move runs out, as under strict measuring)."""
        return False

    def placement_limits(self, ruleset, state: GameState, choice, side: int) -> dict:
        """What the placing side may know of where a figure may be set down (zones, spots
        accepted, figures seen); empty when the ruleset says nothing."""
        return {}

    # --- names
    def figure_name(self, fig: Figure | None, lang: str) -> str:
        """A figure's name as players of the language read it: proper names stay as written,
        a name the ruleset's data gives in both languages (a profile's) is translated."""
        return fig.name if fig is not None else "?"

    def name_of(self, state: GameState, fid: str | None, lang: str) -> str:
        """The name of the figure ``fid`` (its id when the state has no such figure)."""
        fig = state.figures.get(fid) if fid else None
        return self.figure_name(fig, lang) if fig is not None else str(fid or "?")

    def weapon_name(self, fig: Figure | None, value, lang: str = "fr") -> str:
        return str(value)

    def terrain_name(self, kind: str, lang: str) -> str:
        return kind

    # --- the fighter bar, the passing of a turn
    down_status: tuple[str, ...] = ()   # statuses that leave a figure down (prone, stunned...)
    held_status: tuple[str, ...] = ()   # statuses that keep it from activating this turn
    reserve_status: tuple[str, ...] = ()   # statuses of a figure not on the table yet

    def roster_state(self, state: GameState, fig: Figure) -> RosterState:
        """Where the figure stands in its side's turn: out of action, in the activation
        under way, activated already, kept from activating, or still to activate."""
        down = any(fig.status.get(k) for k in self.down_status)
        if any(fig.status.get(k) for k in self.reserve_status):
            return RosterState("reserve")
        if fig.out:
            return RosterState("out")
        act = state.activation
        if act is not None and (fig.id in (act.get("members") or ()) or act.get("fig") == fig.id):
            return RosterState("active", down)
        if fig.status.get("activated"):
            return RosterState("done", down)
        if any(fig.status.get(k) for k in self.held_status):
            return RosterState("held", down)
        return RosterState("ready", down)

    def pass_step(self, state: GameState, choices) -> Any:
        """One step of passing the rest of the deciding side's turn, from its legal
        templates: the simplest form of the first template the ruleset marks safe
        (``hints["safe"]``: ending the activation under way, activating a figure to do
        nothing); None when there is no such way (a decision is owed, say)."""
        from game.core.actions import Action

        if state.pending:
            return None
        for c in choices:
            if c.hints.get("safe") and c.min_targets == 0 and not (c.move and c.move.required):
                return Action(kind=c.kind, actor=c.actor, value=c.values[0] if c.values else None)
        return None

    def hint_args(self, state: GameState, fig: Figure | None, lang: str) -> dict[str, str]:
        """Placeholders a guided game's hint may name about the figure it is for (a figure's
        melee weapons and their bands, say); every hint text of the ruleset can be filled
        from them."""
        return {}

    # --- the glossary, the legend, the scenario
    glossary_terms: tuple[tuple[str, str], ...] = ()   # (term key, meaning key) of the card's stats
    sight_classes: tuple[str, ...] = ("clear", "concealed", "blocked")   # those sight_class returns
    sight_legend = "ui.legend.sight."   # text key prefix of the sight classes in the legend
    range_count = 3                     # range bands a weapon has (the legend lists that many)
    legend_keys: dict[str, str] = {}    # legend entry -> the ruleset's own text key for it
    melee_legend = "ui.legend.reach"    # text key of a melee band in the legend ({lo}, {hi})

    def legend_text(self, entry: str, default: str) -> str:
        """The text key of a legend entry ("reach.walk", "range.short", "bubble"...)."""
        return self.legend_keys.get(entry, default)

    def glossary(self, lang: str) -> dict[str, str]:
        """The card's abbreviations as the player reads them -> their full name and meaning."""
        return {t(term, lang): t(meaning, lang) for term, meaning in self.glossary_terms}

    def turn_limit(self, state: GameState) -> int | None:
        """The last turn of the game (None: no limit)."""
        limit = state.max_turns
        return int(limit) if limit and not state.extras.get("no_turn_limit") else None

    reason_prefix = "reason."      # catalogue keys of the ways a game ends ("reason.<why>")

    def outcome_reason(self, reason: str, lang: str) -> str:
        """Why the game ended, in the ruleset's words."""
        return t(self.reason_prefix + reason, lang)

    def scenario_hud(self, state: GameState, lang: str) -> list[str]:
        """The scenario's objective (one line) then its score lines (none by default)."""
        return []

    def deployment_zones(self, state: GameState) -> dict[int, list[tuple[float, float, float, float]]]:
        """Each side's deployment zones as (x0, y0, x1, y1) mm rectangles."""
        return {}

    def objective_areas(self, state: GameState) -> list[tuple[float, float, float]]:
        """Areas the scenario scores (x, y, radius mm)."""
        return []

    def deploying(self, state: GameState) -> bool:
        """Whether the figures are still being set down on the table."""
        return False

    def status_labels(self, fig: Figure, lang: str) -> list[str]:
        """The figure's states worth a line on its card (its statuses among ``markers``)."""
        return [t(f"ui.status.{k}", lang) for k in sorted(fig.status)
                if fig.status.get(k) and k in self.markers]
