"""Terrain drawn as what it is, in one colour-blind-safe style for every ruleset (issue 18,
item 4): every terrain kind any ruleset's catalogue or scenario uses has a look; kinds the
rules treat differently differ in lightness (also as protanopes and deuteranopes see them);
the table draws each piece with its look, pre-rendered once per zoom (a pan redraws none);
the legend draws the same swatches."""
from __future__ import annotations

from itertools import combinations
from pathlib import Path

import numpy as np
import pygame
import pytest
import yaml

from game.core.engine import Engine
from game.core.plugins import plugins
from game.core.ruleset import get_ruleset
from game.ui import terrain_style as ts

ROOT = Path(__file__).resolve().parents[2]
MIN_STEP = 8.0          # L* between kinds the rules treat differently

# Machado, Oliveira & Fernandes (2009), severity 1.0, on linear RGB
CVD = {
    "normal": np.eye(3),
    "protan": np.array([[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216],
                        [-0.003882, -0.048116, 1.051998]]),
    "deutan": np.array([[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413],
                        [-0.011820, 0.042940, 0.968881]]),
}


def lstar(rgb: np.ndarray, vision: str = "normal") -> np.ndarray:
    """CIE L* of sRGB pixels (..., 3) as an eye with that vision sees them."""
    c = rgb.astype(float) / 255
    lin = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    lin = np.clip(lin @ CVD[vision].T, 0, 1)
    y = lin @ np.array([0.2126, 0.7152, 0.0722])
    return np.where(y > 216 / 24389, 116 * np.cbrt(y) - 16, y * 24389 / 27)


@pytest.fixture(scope="module")
def screen():
    from game.ui import boot

    return boot.headless((320, 240))


def _terrain_kinds(node, out: set[str]) -> None:
    """Kinds named under a scenario's `terrain` (listed pieces, fixed ones, random kinds)."""
    if isinstance(node, dict):
        if isinstance(node.get("kind"), str):
            out.add(node["kind"])
        for key, value in node.items():
            if key == "kinds" and isinstance(value, list):
                out |= {k for k in value if isinstance(k, str)}
            else:
                _terrain_kinds(value, out)
    elif isinstance(node, list):
        for item in node:
            _terrain_kinds(item, out)


def _scenario_files_kinds() -> dict[str, set[str]]:
    """Every YAML file holding scenarios (scenarios/<ruleset>/*.yaml, a ruleset package's
    scenarios.yaml), by file: the terrain kinds it names."""
    files = [*ROOT.glob("scenarios/*/*.yaml"), *ROOT.glob("game/rulesets/*/scenarios.yaml")]
    found = {}
    for path in files:
        for doc in yaml.safe_load_all(path.read_text(encoding="utf-8")):
            kinds: set[str] = set()
            docs = doc.values() if path.name == "scenarios.yaml" and isinstance(doc, dict) else [doc]
            for d in docs:
                if isinstance(d, dict) and "terrain" in d:
                    _terrain_kinds(d["terrain"], kinds)
            if kinds:
                found[str(path.relative_to(ROOT))] = kinds
    return found


def _catalogue_kinds() -> dict[str, dict[str, dict]]:
    """Each ruleset's terrain kinds with what the rules say of them (tags and flags)."""
    out = {}
    for path in ROOT.glob("game/rulesets/*/catalogue.yaml"):
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        kinds = data.get("terrain_kinds") or {}
        if kinds:
            out[path.parent.name] = {k: {f: v for f, v in (spec or {}).items() if f != "name"}
                                     for k, spec in kinds.items()}
    return out


def _played_kinds() -> dict[tuple[str, str], set[tuple[str, tuple[str, ...]]]]:
    """(kind, tags) of the pieces each playable scenario sets on the table (random terrain
    is drawn from the ruleset's catalogue, whose kinds are checked too)."""
    out = {}
    for rid in sorted(plugins()):
        for sc in get_ruleset(rid).scenarios():
            st = Engine.new(rid, sc, 1).state
            out[(rid, sc)] = {(p.kind, tuple(sorted(p.tags))) for p in st.terrain}
    return out


def test_every_kind_used_anywhere_has_a_look():
    files, catalogues, played = _scenario_files_kinds(), _catalogue_kinds(), _played_kinds()
    assert {"scenarios/evenor/extermination.yaml", "scenarios/mortebrume/pierre_de_brume.yaml",
            "scenarios/swidenth/le_gue.yaml"} <= set(files)
    assert set(plugins()) <= set(catalogues)
    used = {k for ks in files.values() for k in ks} | {k for c in catalogues.values() for k in c} \
        | {k for pieces in played.values() for k, _ in pieces}
    assert {"foret", "rocher", "wood", "rocks", "low_wall", "ruine", "terrain_difficile"} <= used
    missing = sorted(k for k in used if ts.look_name(k) is None)
    assert not missing, f"terrain kinds with no look: {missing}"
    assert ts.look_name("a_kind_nobody_drew") is None   # the check above can fail


def _sample(kind: str, tags, scale: float = 1.0) -> np.ndarray:
    """The kind's piece (a 90 x 90 px square) as drawn on the table, its pixels inside."""
    pts = [(0, 0), (89, 0), (89, 89), (0, 89)]
    img, _ = ts.render_piece(ts.look_of(kind), ts.stippled(kind, tags), pts, scale)
    px = pygame.surfarray.pixels3d(img)[6:-6, 6:-6].reshape(-1, 3).copy()
    return px


@pytest.mark.parametrize("vision", ["normal", "protan", "deutan"])
def test_kinds_the_rules_tell_apart_differ_in_lightness(screen, vision):
    checked = 0
    for rid, kinds in sorted(_catalogue_kinds().items()):
        for scale in (0.9, 2.5):
            light = {k: lstar(_sample(k, rules.get("tags", ())), vision).mean() for k, rules in kinds.items()}
            for a, b in combinations(sorted(kinds), 2):
                if kinds[a] == kinds[b]:
                    continue
                checked += 1
                assert abs(light[a] - light[b]) >= MIN_STEP, \
                    f"{rid}: {a} ({light[a]:.1f}) and {b} ({light[b]:.1f}) look alike ({vision}, x{scale})"
    assert checked >= 10       # Mortebrume alone has four kinds all treated differently


def test_each_look_has_a_texture_not_a_flat_colour(screen):
    for name in ts.LOOKS:
        px = lstar(_sample(next(k for k, v in ts.KIND_LOOK.items() if v == name), ()))
        assert px.std() >= 2.0, f"{name} is a flat colour"


def _table(rid: str, scenario: str):
    from game.ui.rules_info import info_for
    from game.ui.settings import Settings
    from game.ui.table_view import TableView
    from game.ui.theme import Fonts

    st = Engine.new(rid, scenario, 3).state
    view = TableView(Fonts(), Settings(grid=False))
    view.set_units(info_for(rid))
    view.set_rect(pygame.Rect(0, 0, 640, 640), st, refit=True)
    return st, view


def test_the_table_draws_each_piece_with_its_look(screen):
    st, view = _table("mortebrume", "pierre_de_brume")
    layer = view._static_layer(st)
    pix = pygame.surfarray.array3d(layer)
    light = {}
    for piece in st.terrain:
        mask = pygame.Surface(layer.get_size())
        mask.fill((0, 0, 0))
        pts = [view.camera.to_screen(x, y) for x, y in piece.points]
        pygame.draw.polygon(mask, (255, 255, 255), pts)
        inside = pygame.surfarray.array3d(mask)[..., 0] > 0
        light.setdefault(piece.kind, []).append(lstar(pix[inside]).mean())
    table = lstar(np.array([[196, 184, 150]])).mean()
    means = {k: float(np.mean(v)) for k, v in light.items()}
    assert set(means) == {"foret", "rocher", "muret", "pente"}
    for a, b in combinations(sorted(means), 2):
        assert abs(means[a] - means[b]) >= MIN_STEP - 2, means
    assert means["foret"] < means["rocher"] < means["pente"] < means["muret"]
    assert all(abs(m - table) >= 5 for k, m in means.items() if k != "muret"), (means, table)


def test_pieces_are_drawn_once_per_zoom(screen, monkeypatch):
    st, view = _table("swidenth", "le_gue")
    calls = []
    real = ts.render_piece
    monkeypatch.setattr(ts, "render_piece", lambda *a, **k: calls.append(1) or real(*a, **k))
    view._static_layer(st)
    first = len(calls)
    assert first == len(st.terrain)
    view.camera.ox += 37           # a pan: the layer is made again, its pieces are not
    view.camera.version += 1
    view._static_layer(st)
    assert len(calls) == first
    view.camera.zoom(1.5, (320, 320))   # a new zoom draws them again
    view._static_layer(st)
    assert len(calls) == 2 * first


def test_the_legend_draws_the_same_swatches(make_app, monkeypatch):
    from tests.ui.driver import Driver
    from tests.ui.test_fighter_bar import scene_for

    app = make_app()
    engine = Engine.new("mortebrume", "pierre_de_brume", 3)
    st = engine.state
    scene = scene_for(app, engine)
    drawn = []
    real, real_stipple = ts.swatch, ts.stipple_swatch
    monkeypatch.setattr(ts, "swatch", lambda surf, r, kind, tags=(): drawn.append((kind, tuple(tags)))
                        or real(surf, r, kind, tags))
    monkeypatch.setattr(ts, "stipple_swatch", lambda surf, r, g: drawn.append(("stipple", ())) or
                        real_stipple(surf, r, g))
    Driver(app).key(pygame.K_l)
    assert scene.legend.open
    assert {(p.kind, tuple(p.tags)) for p in st.terrain} <= set(drawn)
    assert ("stipple", ()) in drawn      # forest and slopes are difficult ground here
    assert "terrain.uphill" in {e.key for e in scene.legend.entries()}
    # the legend's samples differ between kinds as the table's pieces do
    samples = {}
    for kind in ("foret", "rocher", "muret", "pente"):
        s = pygame.Surface((24, 16))
        real(s, pygame.Rect(0, 0, 24, 16), kind, ())
        samples[kind] = lstar(pygame.surfarray.array3d(s)[2:-2, 2:-2].reshape(-1, 3)).mean()
    assert samples["foret"] < samples["rocher"] < samples["pente"] < samples["muret"], samples


def test_a_piece_larger_than_the_view_is_drawn_in_part_seamlessly(screen):
    look = ts.look_of("foret")
    pts = [(0, 0), (900, 40), (870, 700), (20, 650)]
    whole, (wx, wy) = ts.render_piece(look, True, pts, 6.0)
    window = pygame.Rect(333, 217, 200, 150)
    part, (px, py) = ts.render_piece(look, True, pts, 6.0, window=window)
    assert (px, py) == window.topleft and part.get_size() == window.size
    a = pygame.surfarray.array3d(part)
    b = pygame.surfarray.array3d(whole)[px - wx:px - wx + window.w, py - wy:py - wy + window.h]
    assert (a == b).all()
    cache = ts.PieceCache()
    piece = type("P", (), {"kind": "foret", "tags": [], "points": [[0, 0], [10, 0], [10, 10], [0, 10]]})()
    assert cache.get(piece, 2.0, pygame.Rect(100, 100, 50, 50)) is None    # out of view: not drawn


def test_slopes_show_the_way_up(screen, monkeypatch):
    st, view = _table("mortebrume", "pierre_de_brume")
    uphill = st.extras["uphill"]
    assert {p.kind for p in st.terrain if p.id in uphill} == {"pente"}
    seen = []
    real = ts.render_piece

    def spy(*a, **k):
        seen.append(k.get("uphill"))
        return real(*a, **k)

    monkeypatch.setattr(ts, "render_piece", spy)
    view._static_layer(st)
    assert sorted(u for u in seen if u is not None) == sorted(uphill.values())
    look, pts = ts.look_of("pente"), [(0, 0), (120, 0), (120, 120), (0, 120)]
    level = pygame.surfarray.array3d(real(look, False, pts, 1.0)[0])
    up = pygame.surfarray.array3d(real(look, False, pts, 1.0, uphill=0.0)[0]).astype(int)
    down = pygame.surfarray.array3d(real(look, False, pts, 1.0, uphill=180.0)[0]).astype(int)
    assert (level != up).any() and (up != down).any()
    for heading in (0.0, 90.0, 200.0):      # each arrow's tip is its point farthest up the slope
        ux, uy = np.cos(np.radians(heading)), np.sin(np.radians(heading))
        _, arrows = ts.uphill_arrows(pts, heading)
        for head, a, b in arrows:
            along = [x * ux + y * uy for x, y in (*head, a, b)]
            assert along[0] == max(along) and along[-1] == min(along)
