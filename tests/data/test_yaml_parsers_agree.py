"""YAML text is read by libyaml's parser when PyYAML has it, and again by the pure-Python
parser when libyaml refuses it (its messages are the ones players see). Whatever libyaml
accepts must read exactly as the pure-Python parser reads it: the same values, the same
line:col for every key and value, the same problems. Checked on every bundled data file
and on seeded mutations of them (characters dropped, doubled or swapped, accents, tabs)."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.data import yaml_source as ys

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted(p for d in ("scenarios", "game", "assets") for p in (ROOT / d).rglob("*.yaml"))
NOISE = ["\t", " ", ":", "-", "é", "'", '"', "#", "\n", "[", "{", "&a", "*a", "!!str ", "\x07", "\u00a0", "\r",
         "\ufeff", "---\n", "...\n", "? ", "|", ">", "%YAML 1.1\n", "\x00", "\U0001f600", ",", "@", "`", "\\"]


def _both(text: str):
    pure = ys._read(text, ys._Loader)
    if ys._PURE_ONLY.search(text):
        return pure, None
    try:
        fast = ys._read(text, ys._FastLoader)
    except ys._Refuse:
        return pure, None
    return pure, fast


def _value(data, path: tuple):
    for step in path:
        data = data[step] if isinstance(data, dict | list) else None
    return data


def _same(pure: ys.Source, fast: ys.Source) -> None:
    """Equal reads. The one difference allowed: an empty value in a flow mapping (``{a: , b: 1}``)
    is placed one column apart by the two parsers, so empty values are compared by line."""
    assert fast.data == pure.data
    assert fast.keys == pure.keys and fast.values.keys() == pure.values.keys()
    for path, pos in pure.values.items():
        if path and _value(pure.data, path) is None:
            assert fast.values[path][0] == pos[0], path
        else:
            assert fast.values[path] == pos, path
    assert [(p, i.message) for p, i in fast.problems] == [(p, i.message) for p, i in pure.problems]


@pytest.mark.skipif(not ys._HAS_LIBYAML, reason="PyYAML built without libyaml")
def test_every_bundled_file_reads_the_same() -> None:
    assert len(FILES) > 50
    for path in FILES:
        pure, fast = _both(path.read_text(encoding="utf-8"))
        assert fast is not None, f"{path}: libyaml refused a bundled file"
        _same(pure, fast)


@pytest.mark.skipif(not ys._HAS_LIBYAML, reason="PyYAML built without libyaml")
def test_mutated_files_read_the_same_or_fall_back() -> None:
    rng = random.Random(7)
    refused = 0
    for _ in range(250):
        text = rng.choice(FILES).read_text(encoding="utf-8")[:3000]
        for _ in range(rng.randint(1, 3)):
            at = rng.randrange(len(text))
            cut = rng.choice((0, 1, 2))
            text = text[:at] + rng.choice(NOISE + [text[at:at + 3]]) + text[at + cut:]
        pure, fast = _both(text)
        if fast is None:
            refused += 1
            read = ys.read_yaml(text)
            assert read.data == pure.data
            assert [(p, i.message) for p, i in read.problems] == [(p, i.message) for p, i in pure.problems]
        else:
            _same(pure, fast)
    assert 10 < refused < 240, refused
