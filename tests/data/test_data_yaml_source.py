"""Reading YAML into plain values with positions."""

from game.data.errors import format_path, show
from game.data.yaml_source import read_yaml


def test_values_and_positions():
    src = read_yaml("a: 1\nb:\n  - x\n  - {c: yes, d: true}\n")
    assert src.data == {"a": 1, "b": ["x", {"c": "yes", "d": True}]}  # only true/false are booleans
    assert src.values[("a",)] == (1, 4)
    assert src.keys[("b",)] == (2, 1)
    assert src.values[("b", 1, "c")] == (4, 9)
    assert src.value_pos(("b", 1, "missing")) == (4, 5)
    assert src.problems == []


def test_duplicates_and_tags_are_problems():
    src = read_yaml("a: 1\na: 2\nb: !!python/name:os.system\n")
    assert src.data["a"] == 1
    assert [(pos, issue.message) for pos, issue in src.problems] == [
        ((2, 1), "duplicate key 'a' (first given at line 1)"),
        ((3, 4), "Python tags ('!!python/name:os.system') are not allowed: only plain YAML data "
                 "is accepted"),
    ]


def test_empty_and_syntax_errors():
    assert read_yaml("").empty and read_yaml("# only a comment\n").empty
    src = read_yaml("a: [1, 2\n")
    assert src.data is None and src.problems[0][1].message.startswith("YAML syntax error")


def test_format_helpers():
    assert format_path(("terrain", "fixed", 2, "rect")) == "terrain.fixed[2].rect"
    assert format_path(()) == "(document)"
    assert show("abc") == "'abc'" and show(None) == "null" and show(True) == "true"
    assert show([1, "a"]) == "[1, 'a']" and show({"a": 1}) == "a mapping"
    assert show(10 ** 40) == "10000000000000000..."
