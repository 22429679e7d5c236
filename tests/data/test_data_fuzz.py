"""check_files never raises, whatever the file holds (hypothesis)."""

import copy
import os
import re
import tempfile
from pathlib import Path

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from game.data import check_files, roster_paths, scenario_paths

LINE_RE = re.compile(r"^[^\n]+:\d+:\d+: [^\n]+: [^\n]+$")
REPO = Path(__file__).resolve().parents[2]
SAMPLES = [yaml.safe_load(p.read_text(encoding="utf-8"))
           for p in (scenario_paths("evenor") + roster_paths("evenor")
                     + [REPO / "game" / "rulesets" / "evenor" / "catalogue.yaml"])]
FRAGMENTS = ["kind: scenario", "kind: roster", "kind: catalogue", "ruleset: evenor",
             "ruleset: swidenth", "members: [leda, oni]", "- ", "  ", "{", "}", "[", "]", ":",
             "!!python/object:os.system", "&a", "*a", "<<:", "---", "? ", "\t", "'", '"',
             "table: {width: 24, height: 24}", "roles:", "  - id: a", "zones: [[0, 0, 1, 1]]",
             "1e999", ".inf", "99999999999999999999999999", "\x00", "\ufeff", "é", "#"]
VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                 max_size=4),
    max_leaves=12)


def _check(content: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "f.yaml")
        with open(path, "wb") as handle:
            handle.write(content)
        code, lines = check_files([path])
    assert code in (0, 2)
    assert all(isinstance(line, str) and "\n" not in line for line in lines)
    if code == 2:
        assert lines and all(LINE_RE.match(line) for line in lines), lines


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=3000))
def test_random_bytes(content):
    _check(content)


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=2000))
def test_random_text(text):
    _check(text.encode("utf-8", "surrogatepass"))


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(FRAGMENTS) | st.text(max_size=6), max_size=40),
       st.sampled_from(["\n", " ", "\n  ", ""]))
def test_yaml_like_text(parts, sep):
    _check(sep.join(parts).encode("utf-8", "surrogatepass"))


def _paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, prefix + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _paths(value, prefix + (i,))


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_mutated_valid_files(data):
    doc = copy.deepcopy(data.draw(st.sampled_from(SAMPLES)))
    for _ in range(data.draw(st.integers(1, 3))):
        paths = [p for p in _paths(doc) if p]
        if not paths:
            break
        path = data.draw(st.sampled_from(paths))
        parent = doc
        for part in path[:-1]:
            parent = parent[part]
        if data.draw(st.booleans()) and isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent[path[-1]] = data.draw(VALUES)
    text = yaml.safe_dump(doc, allow_unicode=True)
    _check(text.encode("utf-8", "surrogatepass"))
