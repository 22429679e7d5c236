"""Rulesets register at one place: every package under game/rulesets declares itself
completely, the game's registries come from those declarations, and an incomplete one is
refused at start with one message naming what it lacks."""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from game.core import plugins as reg
from game.core.errors import UserError

ROOT = Path(__file__).resolve().parents[2]
IDS = re.compile(r"evenor|mortebrume|swidenth|bonus_malus|kharn_ages|kharn", re.IGNORECASE)


def _fake_rulesets(tmp_path, monkeypatch, packages: dict[str, str]):
    """A package of rulesets holding the given __init__ sources, as discovery's root."""
    root = tmp_path / "fake_rulesets"
    root.mkdir()
    (root / "__init__.py").write_text("")
    for name, src in packages.items():
        (root / name).mkdir()
        (root / name / "__init__.py").write_text(src)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(reg, "PACKAGE", "fake_rulesets")
    monkeypatch.setattr(reg, "_PLUGINS", None)
    for mod in [m for m in sys.modules if m.startswith("fake_rulesets")]:
        monkeypatch.delitem(sys.modules, mod)


COMPLETE = '''from game.core.plugins import declare
PLUGIN = declare(id="{id}", rules="game.rulesets.evenor.ruleset:RULESET",
                 schemas="game.rulesets.evenor.schema",
                 presentation="game.core.presentation:Presentation",
                 builder="game.rulesets._shared.builder:BuilderRules",
                 rules_pages=("rules", ("turn",)))
'''


def test_every_ruleset_package_declares_itself_completely():
    found = reg.plugins()
    packages = sorted(p.name for p in (ROOT / "game" / "rulesets").iterdir()
                      if p.is_dir() and (p / "__init__.py").exists() and not p.name.startswith("_"))
    building = reg.in_progress()
    assert sorted(found) == [p for p in packages if p not in building] and len(found) >= 2
    assert not set(found) & set(building)
    for rid, decl in found.items():
        assert reg.problems(decl) == []
        rules = decl.load("rules")
        assert rules.info.id == rid and rules.scenarios()
        assert decl.load("presentation")() is not None
        assert decl.load("builder")().ruleset == rid


def test_registries_come_from_the_declarations():
    from game.ai.utility import _planner_ref
    from game.core.ruleset import available, get_ruleset
    from game.data import registry

    for rid, decl in reg.plugins().items():
        assert rid in available() and get_ruleset(rid).info.id == rid
        assert registry.has_schemas(rid) and registry.lookup(rid, "scenario") is not None
        assert _planner_ref(rid) == decl.planner


def test_an_incomplete_declaration_is_refused_with_one_message(tmp_path, monkeypatch):
    _fake_rulesets(tmp_path, monkeypatch, {
        "good": COMPLETE.format(id="good"),
        "half": 'from game.core.plugins import declare\n'
                'PLUGIN = declare(id="half", rules="game.rulesets.evenor.ruleset:RULESET", colour="red")\n',
        "silent": '"""declares nothing"""\n',
        "typo": COMPLETE.format(id="typo").replace("game.core.presentation:", "game.core.presentatio:"),
        "building": 'IN_PROGRESS = "rules only"\n',
        "hidden": COMPLETE.format(id="hidden") + 'IN_PROGRESS = "still hidden"\n',
        "blank": 'IN_PROGRESS = ""\n',
    })
    with pytest.raises(UserError) as err:
        reg.plugins()
    msg = str(err.value)
    assert "\n" not in msg
    assert "fake_rulesets.half registers incompletely: missing schemas, presentation, builder, rules_pages; " \
           "unknown field(s) colour" in msg
    assert "fake_rulesets.silent registers incompletely: no PLUGIN declared" in msg
    assert "fake_rulesets.typo registers incompletely: presentation names a module that does not exist" in msg
    assert "fake_rulesets.good" not in msg
    assert "fake_rulesets.building" not in msg                    # a package being built is skipped
    assert "fake_rulesets.hidden registers incompletely: IN_PROGRESS must be" in msg
    assert "fake_rulesets.blank registers incompletely: IN_PROGRESS must be" in msg


def test_a_package_being_built_is_skipped_not_registered(tmp_path, monkeypatch):
    _fake_rulesets(tmp_path, monkeypatch, {"good": COMPLETE.format(id="good"),
                                           "building": 'IN_PROGRESS = "rules only"\n'})
    assert sorted(reg.plugins()) == ["good"]
    assert reg.in_progress() == {"building": "rules only"}


def test_a_broken_registration_stops_every_command_at_start(tmp_path, monkeypatch, capsys):
    from game.cli import main

    _fake_rulesets(tmp_path, monkeypatch, {"half": 'from game.core.plugins import declare\n'
                                                   'PLUGIN = declare(id="half")\n'})
    assert main(["check", str(ROOT / "scenarios")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "half registers incompletely: missing rules, schemas" in err


def _generic_sources() -> list[Path]:
    """The code that must know no ruleset: engine, data layer, command line, window, and the
    AI outside its per-ruleset folders."""
    places = [*(ROOT / "game" / "ui").rglob("*.py"), *(ROOT / "game" / "core").rglob("*.py"),
              *(ROOT / "game" / "data").rglob("*.py"), ROOT / "game" / "cli.py", ROOT / "game" / "sim.py"]
    ai = ROOT / "game" / "ai"
    return places + [p for p in ai.rglob("*.py")
                     if not IDS.fullmatch(p.relative_to(ai).parts[0])
                     and not (p.relative_to(ai).parts[0] == "profiles" and len(p.relative_to(ai).parts) > 2)]


def test_a_ruleset_is_named_only_inside_its_own_package():
    """Engine, data layer, command line, window and generic AI learn everything from the
    registrations: no ruleset id appears there (code, comments and docstrings alike)."""
    hits = [f"{p.relative_to(ROOT)}:{i}: {line.strip()}" for p in _generic_sources()
            for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), start=1)
            if IDS.search(line)]
    assert hits == []


def _ruleset_kinds() -> set[str]:
    """Every action kind a registered ruleset applies (its apply table, its answers)."""
    import ast

    kinds = set()
    for decl in reg.plugins().values():
        folder = ROOT / Path(*decl.rules.partition(":")[0].split(".")[:-1])
        for path in folder.rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "ActionChoice" \
                        and node.args and isinstance(node.args[0], ast.Constant):
                    kinds.add(node.args[0].value)
    return kinds


def _shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else path.name


def _kind_dispatch(path: Path, kinds: set[str]) -> list[str]:
    """Places that decide by an action kind's name: a comparison of something named
    ``kind``/``kinds`` with a kind's literal (or a module constant listing kinds), or a
    module constant listing two kinds or more."""
    import ast

    tree = ast.parse(path.read_text(encoding="utf-8"))
    listed: dict[str, set[str]] = {}
    out = []
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, (ast.Tuple, ast.List, ast.Set, ast.Dict)):
            items = node.value.keys if isinstance(node.value, ast.Dict) else node.value.elts
            words = {e.value for e in items if isinstance(e, ast.Constant) and isinstance(e.value, str)}
            for target in node.targets:
                if isinstance(target, ast.Name):
                    listed[target.id] = words & kinds
                    if len(words & kinds) >= 2:
                        out.append(f"{_shown(path)}:{node.lineno}: {target.id} lists kinds "
                                   f"{sorted(words & kinds)}")

    def named_kind(e) -> bool:
        if isinstance(e, ast.Subscript):      # entry["kind"]
            return isinstance(e.slice, ast.Constant) and e.slice.value in ("kind", "kinds")
        name = e.attr if isinstance(e, ast.Attribute) else getattr(e, "id", "")
        return name in ("kind", "kinds")

    def literals(e) -> set[str]:
        if isinstance(e, ast.Constant) and isinstance(e.value, str):
            return {e.value}
        if isinstance(e, (ast.Tuple, ast.List, ast.Set)):
            return set().union(*(literals(x) for x in e.elts)) if e.elts else set()
        if isinstance(e, ast.Name):
            return listed.get(e.id, set())
        return set()

    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(named_kind(e) for e in sides):
                hit = set().union(*(literals(e) for e in sides)) & kinds
                if hit:
                    out.append(f"{_shown(path)}:{node.lineno}: compares a kind with {sorted(hit)}")
    return out


def test_the_window_and_engine_never_decide_by_an_action_kind():
    """How an action's input is gathered, labelled and ordered comes from its template and
    the ruleset's presentation, never from lists of action names in generic code."""
    kinds = _ruleset_kinds()
    assert {"move", "end"} <= kinds and len(kinds) > 20      # the detector sees the rulesets' kinds
    hits = [h for p in _generic_sources() for h in _kind_dispatch(p, kinds)]
    assert hits == []


def test_the_kind_detector_finds_dispatch(tmp_path):
    """The detector above would catch today's kind of mistake (so it can fail)."""
    bad = tmp_path / "probe.py"
    bad.write_text('PATHS = ("move", "run")\n\ndef f(c):\n    return c.kind == "charge" or c.kind in PATHS\n')
    assert len(_kind_dispatch(bad, {"move", "run", "charge"})) == 3
