"""Rulesets plug in at one place: each package under ``game/rulesets/`` (not starting with
an underscore) declares a ``PLUGIN`` in its ``__init__`` with everything about itself, and
every registry of the game is derived from those declarations: the rules objects
(``game.core.ruleset``), the data schemas (``game.data.registry``), the AI planners and
profiles (``game.ai.utility``), the window's presentation, the rules reference and the
warband builder. Nothing outside a ruleset's own package names it.

References are ``"module:attribute"`` strings (or a module name for ``schemas``), imported
only when first used, so listing the rulesets stays cheap. A declaration that leaves out
something required is refused at start with one message naming what is missing.

A package still being built sets ``IN_PROGRESS = "<what is missing>"`` in its ``__init__``
instead of a ``PLUGIN``: discovery skips it (``in_progress()`` lists them). Setting both is
refused, so a finished ruleset cannot stay hidden by mistake."""
from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from dataclasses import dataclass, fields
from typing import Any

from game.core.errors import UserError

PACKAGE = "game.rulesets"


@dataclass(frozen=True)
class BenchGame:
    """One seeded game of ``bench ai``: the AI under test against an opponent."""

    scenario: str
    seed: int
    agent: str
    opponent: str
    turns: int | None = None    # stop after this many turns (None: play to the end)


@dataclass(frozen=True)
class RulesetPlugin:
    """What a ruleset package declares about itself (see the module docstring)."""

    id: str
    rules: str                          # "module:attr": the Ruleset object
    schemas: str                        # module whose import registers the data schemas
    presentation: str                   # "module:attr": factory of the window's presentation
    builder: str                        # "module:attr": factory of the warband builder rules
    rules_pages: tuple[str, tuple[str, ...]]   # text prefix of the rules reference, page ids
    planner: str | None = None          # "module:attr": decide(engine, view, agent); None: generic
    ai_profiles: str | None = None      # package holding the planner's profiles (base.yaml...)
    bench: tuple[BenchGame, ...] = ()   # games of ``bench ai``
    ui_bench: tuple[str, int] | None = None   # (scenario, seed) for ``bench ui``
    rank: int = 0                       # place in the menus: lower first, then by id (the first is the default)

    # --- lazy access
    def load(self, what: str) -> Any:
        """The object a "module:attr" field refers to (imported on first use)."""
        ref = getattr(self, what)
        if ref is None:
            return None
        module, _, attr = ref.partition(":")
        obj = importlib.import_module(module)
        return getattr(obj, attr) if attr else obj


REQUIRED = ("id", "rules", "schemas", "presentation", "builder", "rules_pages")
_FIELDS = {f.name for f in fields(RulesetPlugin)}


def declare(**kw: Any) -> RulesetPlugin | dict[str, Any]:
    """Build a package's declaration; an incomplete one is kept as the raw mapping so that
    discovery can say, in one message, everything it lacks."""
    if _lacks(kw):
        return dict(kw)
    kw["rules_pages"] = (kw["rules_pages"][0], tuple(kw["rules_pages"][1]))
    kw["bench"] = tuple(kw.get("bench", ()))
    return RulesetPlugin(**kw)


def _lacks(kw: dict[str, Any]) -> list[str]:
    out = []
    missing = [k for k in REQUIRED if kw.get(k) in (None, "", ())]
    if kw.get("planner") and not kw.get("ai_profiles"):
        missing.append("ai_profiles (the planner needs its profiles)")
    if missing:
        out.append("missing " + ", ".join(missing))
    unknown = sorted(set(kw) - _FIELDS)
    if unknown:
        out.append("unknown field(s) " + ", ".join(unknown))
    return out


_PLUGINS: dict[str, RulesetPlugin] | None = None
_EXTRA: dict[str, RulesetPlugin] = {}


def problems(decl: Any) -> list[str]:
    """What is wrong with a package's declaration (empty when it is complete)."""
    if decl is None:
        return ["no PLUGIN declared in its __init__"]
    if isinstance(decl, dict):
        return _lacks(decl)
    if not isinstance(decl, RulesetPlugin):
        return [f"PLUGIN is a {type(decl).__name__}, not a declaration"]
    out = []
    for what in ("rules", "schemas", "presentation", "builder", "ai_profiles", "planner"):
        ref = getattr(decl, what)
        if ref is not None and importlib.util.find_spec(ref.partition(":")[0]) is None:
            out.append(f"{what} names a module that does not exist ({ref})")
    return out


def _discover() -> dict[str, RulesetPlugin]:
    pkg = importlib.import_module(PACKAGE)
    found: dict[str, RulesetPlugin] = {}
    errors: list[str] = []
    for mod in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda m: m.name):
        if not mod.ispkg or mod.name.startswith("_"):
            continue
        name = f"{PACKAGE}.{mod.name}"
        try:
            package = importlib.import_module(name)
        except Exception as exc:  # a package that fails to import is reported, not a traceback
            errors.append(f"{name}: cannot be imported ({type(exc).__name__}: {exc})")
            continue
        decl = getattr(package, "PLUGIN", None)
        building = getattr(package, "IN_PROGRESS", None)
        if building is not None:
            if decl is not None or not isinstance(building, str) or not building.strip():
                errors.append(f"{name} registers incompletely: IN_PROGRESS must be a non-empty "
                              "reason and comes without a PLUGIN")
            continue
        why = problems(decl)
        if not why and decl.id != mod.name:
            why = [f"declares id '{decl.id}' but its package is '{mod.name}'"]
        if why:
            errors.append(f"{name} registers incompletely: {'; '.join(why)}")
            continue
        found[decl.id] = decl
    if errors:
        raise UserError("ruleset registration: " + " | ".join(errors))
    return found


def in_progress() -> dict[str, str]:
    """Packages under ``game/rulesets`` being built (not registered): name -> what is missing."""
    pkg = importlib.import_module(PACKAGE)
    out = {}
    for mod in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda m: m.name):
        if mod.ispkg and not mod.name.startswith("_"):
            reason = getattr(importlib.import_module(f"{PACKAGE}.{mod.name}"), "IN_PROGRESS", None)
            if isinstance(reason, str) and reason.strip():
                out[mod.name] = reason
    return out


def plugins() -> dict[str, RulesetPlugin]:
    """Every registered ruleset by id (discovered once; raises UserError if one is broken)."""
    global _PLUGINS
    if _PLUGINS is None:
        _PLUGINS = _discover()
    return {**_PLUGINS, **_EXTRA}


def plugin(rid: str) -> RulesetPlugin:
    """The declaration of one ruleset; a clear UserError for an unknown id."""
    found = plugins()
    if rid not in found:
        raise UserError(f"unknown ruleset '{rid}' (known: {', '.join(sorted(found))})")
    return found[rid]


def available() -> list[str]:
    """The registered rulesets in menu order (``rank``, then id): the first is the default."""
    return sorted(plugins(), key=lambda rid: (plugins()[rid].rank, rid))


def register(decl: RulesetPlugin) -> None:
    """Add a ruleset declared outside ``game/rulesets`` (test rulesets); checked like the rest."""
    why = problems(decl)
    if why:
        raise UserError(f"ruleset registration: {getattr(decl, 'id', '?')} registers incompletely: "
                        + "; ".join(why))
    _EXTRA[decl.id] = decl


def unregister(rid: str) -> None:
    _EXTRA.pop(rid, None)
