"""Reading YAML text into plain Python values plus a position map.

The text is read event by event with PyYAML's *safe* loader machinery, so we
never build arbitrary Python objects, never recurse (deep nesting is refused
with a message), and know the 1-based line/column of every value and key.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import yaml
from yaml import events as ev

from .errors import Issue

Pos = tuple[int, int]

MAX_DEPTH = 40
YAML_TAG = "tag:yaml.org,2002:"


class _Loader(yaml.SafeLoader):
    """Safe loader where only true/false are booleans (YAML 1.2 style)."""


class _FastLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
    """The same on libyaml's parser when PyYAML has it: several times faster on the many
    files a game reads. Its syntax messages differ, so a text it refuses is read again by
    ``_Loader``, whose messages are the ones players see."""


_HAS_LIBYAML = hasattr(yaml, "CSafeLoader")
# Where the two parsers were seen to differ (libyaml lets a tab or a '?' pass in places PyYAML
# refuses them, and counts a stray byte-order mark differently): such texts are read by PyYAML.
_PURE_ONLY = re.compile("[\t\ufeff?]")

for _cls in (_Loader, _FastLoader):
    _cls.yaml_implicit_resolvers = {
        first: [(tag, rx) for tag, rx in resolvers if tag != YAML_TAG + "bool"]
        for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
    }
    _cls.add_implicit_resolver(
        YAML_TAG + "bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
    )

_SCALAR_TAGS = {YAML_TAG + t: t for t in ("str", "int", "float", "bool", "null", "timestamp")}
_KIND_NAMES = {"int": "integer", "float": "number", "timestamp": "date", "bool": "boolean"}


@dataclass
class Source:
    """Plain data read from YAML, with where each piece came from."""

    data: object = None
    values: dict[tuple, Pos] = field(default_factory=dict)  # path -> value position
    keys: dict[tuple, Pos] = field(default_factory=dict)  # path -> key position
    problems: list[tuple[Pos, Issue]] = field(default_factory=list)
    empty: bool = False

    def value_pos(self, path: tuple) -> Pos:
        while path not in self.values and path:
            path = path[:-1]
        return self.values.get(path, (1, 1))

    def key_pos(self, path: tuple) -> Pos:
        return self.keys.get(path) or self.value_pos(path)


def short_tag(tag: str) -> str:
    return "!!" + tag[len(YAML_TAG):] if tag.startswith(YAML_TAG) else tag


def _tag_message(tag: str) -> str:
    if "python/" in tag:
        return f"Python tags ('{short_tag(tag)}') are not allowed: only plain YAML data is accepted"
    return f"tag '{short_tag(tag)}' is not supported"


def _pos(mark) -> Pos:
    return (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)


class _Frame:
    __slots__ = ("container", "path", "keep", "pos", "key", "key_keep", "key_pos")

    def __init__(self, container, path, keep, pos):
        self.container = container  # dict or list
        self.path = path
        self.keep = keep  # False inside refused/duplicate subtrees
        self.pos = pos
        self.key = None  # pending mapping key (None: expecting a key)
        self.key_keep = True
        self.key_pos = (1, 1)


class _Builder:
    def __init__(self, src: Source, loader: _Loader):
        self.src = src
        self.loader = loader
        self.stack: list[_Frame] = []
        self.root_set = False

    def problem(self, pos: Pos, path: tuple, message: str, at_key: bool = False) -> None:
        self.src.problems.append((pos, Issue(path, message, at_key)))

    # -- placing a finished value into its parent -------------------------
    def slot(self, pos: Pos) -> tuple[tuple, bool] | None:
        """Where the next value goes: (path, keep); None if it is a mapping key."""
        if not self.stack:
            return (), True
        top = self.stack[-1]
        if isinstance(top.container, list):
            return top.path + (len(top.container),), top.keep
        if top.key is None:
            return None
        return top.path + (top.key,), top.keep and top.key_keep

    def place(self, value, path: tuple, keep: bool, pos: Pos) -> None:
        if not self.stack:
            self.src.data = value
            self.src.values[()] = pos
            self.root_set = True
            return
        top = self.stack[-1]
        if isinstance(top.container, list):
            if top.keep:
                top.container.append(value)
                if keep:
                    self.src.values[path] = pos
            else:
                top.container.append(None)
            return
        if keep:
            top.container[top.key] = value
            self.src.values[path] = pos
            self.src.keys[path] = top.key_pos
        top.key = None

    def set_key(self, event, pos: Pos) -> None:
        top = self.stack[-1]
        keep = top.keep
        if isinstance(event, ev.ScalarEvent):
            key = event.value
            tag = event.tag
            if tag not in (None, "!") and tag not in _SCALAR_TAGS:
                if keep:
                    self.problem(pos, top.path, f"tag '{short_tag(tag)}' is not allowed on a key",
                                 at_key=True)
                keep = False
            elif tag == YAML_TAG + "merge" or (tag is None and key == "<<" and event.implicit[0]):
                if keep:
                    self.problem(pos, top.path, "merge keys ('<<') are not supported", at_key=True)
                keep = False
        else:
            key = f"<complex key at line {pos[0]}>"
            if keep:
                self.problem(pos, top.path, "mapping keys must be plain text, not lists or mappings",
                             at_key=True)
            keep = False
        if keep and key in top.container:
            first = self.src.keys.get(top.path + (key,), (1, 1))
            self.problem(pos, top.path + (key,),
                         f"duplicate key '{key}' (first given at line {first[0]})", at_key=True)
            keep = False
        top.key = key
        top.key_keep = keep
        top.key_pos = pos

    # -- scalars ----------------------------------------------------------
    def scalar_value(self, event, path: tuple, keep: bool, pos: Pos):
        tag = event.tag
        if tag in (None, "!"):
            tag = self.loader.resolve(yaml.ScalarNode, event.value, event.implicit)
        kind = _SCALAR_TAGS.get(tag)
        if kind is None:
            if keep:
                self.problem(pos, path, _tag_message(tag))
            return _REFUSED
        node = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style)
        try:
            return self.loader.yaml_constructors[tag](self.loader, node)
        except Exception:  # noqa: BLE001 - e.g. 10**5000, 2024-13-45
            if keep:
                if kind == "int":
                    message = f"integer too large ({len(event.value)} characters)"
                else:
                    message = f"invalid {_KIND_NAMES.get(kind, kind)} (got {event.value[:30]!r})"
                self.problem(pos, path, message)
            return _REFUSED

    # -- main loop ----------------------------------------------------------
    def feed(self, event) -> None:
        pos = _pos(event.start_mark)
        if isinstance(event, (ev.StreamStartEvent, ev.StreamEndEvent, ev.DocumentEndEvent)):
            return
        if isinstance(event, ev.DocumentStartEvent):
            if self.root_set:
                self.problem(pos, (), "only one YAML document per file is allowed")
                raise _Stop
            return
        if isinstance(event, (ev.MappingEndEvent, ev.SequenceEndEvent)):
            frame = self.stack.pop()
            if frame.path is _KEY:
                return
            self.place(frame.container, frame.path, frame.keep, frame.pos)
            return
        where = self.slot(pos)
        if where is None:  # this event is a mapping key
            self.set_key(event, pos)
            if isinstance(event, (ev.MappingStartEvent, ev.SequenceStartEvent)):
                self.stack.append(_Frame({} if isinstance(event, ev.MappingStartEvent) else [],
                                         _KEY, False, pos))
            return
        path, keep = where
        if isinstance(event, ev.AliasEvent):
            if keep:
                self.problem(pos, path, "aliases ('*name') are not supported: write the value out")
            self.place(_REFUSED, path, keep, pos)
            return
        if isinstance(event, ev.ScalarEvent):
            self.place(self.scalar_value(event, path, keep, pos), path, keep, pos)
            return
        # collection start
        is_map = isinstance(event, ev.MappingStartEvent)
        expected = YAML_TAG + ("map" if is_map else "seq")
        if event.tag not in (None, "!", expected):
            if keep:
                self.problem(pos, path, _tag_message(event.tag))
            keep = False
        if len(self.stack) >= MAX_DEPTH:
            self.problem(pos, (), f"nesting is too deep (more than {MAX_DEPTH} levels)")
            raise _Stop
        self.stack.append(_Frame({} if is_map else [], path, keep, pos))


class _Stop(Exception):
    pass


class _Refused:
    """Placeholder for a value we refused to read (an error is already reported)."""

    def __repr__(self) -> str:
        return "<refused>"


_REFUSED = _Refused()
_KEY = ("<key>",)


def is_refused(value: object) -> bool:
    return value is _REFUSED


class _Refuse(Exception):
    """The fast parser refused the text: read it again with the pure-Python one."""


def read_yaml(text: str) -> Source:
    """Parse ``text``; never raises. Problems are collected in ``Source.problems``."""
    if _HAS_LIBYAML and not _PURE_ONLY.search(text):
        try:
            return _read(text, _FastLoader)
        except _Refuse:
            pass
    return _read(text, _Loader)


def _read(text: str, loader_class: type) -> Source:
    src = Source()
    loader = None
    fast = loader_class is _FastLoader
    try:
        loader = loader_class(text)
        builder = _Builder(src, loader)
        while loader.check_event():
            builder.feed(loader.get_event())
    except _Stop:
        pass
    except yaml.YAMLError as exc:
        if fast:
            raise _Refuse from exc
        _syntax_problem(src, text, exc)
    except Exception as exc:  # noqa: BLE001 - last resort: never raise
        if fast:
            raise _Refuse from exc
        src.problems.append(((1, 1), Issue((), f"cannot read this YAML ({type(exc).__name__})")))
    finally:
        if loader is not None:
            loader.dispose()
    if src.data is None and not src.values and not src.problems:
        src.empty = True
    return src


def _syntax_problem(src: Source, text: str, exc: yaml.YAMLError) -> None:
    if isinstance(exc, yaml.MarkedYAMLError):
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or exc.context or "invalid YAML"
        src.problems.append((_pos(mark), Issue((), f"YAML syntax error: {problem}")))
    elif isinstance(exc, yaml.reader.ReaderError):
        src.problems.append((_char_pos(text, exc.position),
                             Issue((), f"unexpected character #x{exc.character:04x} "
                                       "(is this a text file?)")))
    else:
        src.problems.append(((1, 1), Issue((), f"YAML error: {exc}")))


def _char_pos(text: str, index: int) -> Pos:
    before = text[:index]
    line = before.count("\n") + 1
    return line, index - (before.rfind("\n") + 1) + 1
