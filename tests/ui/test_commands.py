"""The screenshot command (checked loosely: size, table and side colours, the selected
figure's overlays change the picture), its one-line user errors, the UI bench's shape, and
no pygame or pymunk import outside game/ui."""
from __future__ import annotations

import re
from pathlib import Path

import pygame

ROOT = Path(__file__).resolve().parents[2]


def run(*args):
    import tempfile

    from tests.hermetic import run_main

    with tempfile.TemporaryDirectory() as home:      # a clean environment, a fresh user folder
        return run_main(*args, home=home, timeout=120)


def count_near(img, colour, tol=12) -> int:
    w, h = img.get_size()
    n = 0
    for x in range(0, w, 3):
        for y in range(0, h, 3):
            c = img.get_at((x, y))
            if all(abs(c[i] - colour[i]) <= tol for i in range(3)):
                n += 1
    return n


def test_screenshot_renders_the_table_with_overlays(tmp_path):
    from game.ui import theme

    plain, sel = tmp_path / "plain.png", tmp_path / "sel.png"
    out = run("screenshot", "--ruleset", "evenor", "--scenario", "extermination", "--seed", "3",
              "--out", str(plain), "--size", "960x640")
    assert out.returncode == 0, out.stderr
    out = run("screenshot", "--ruleset", "evenor", "--scenario", "extermination", "--seed", "3",
              "--out", str(sel), "--size", "960x640", "--select", "Myrina")
    assert out.returncode == 0, out.stderr
    a, b = pygame.image.load(str(plain)), pygame.image.load(str(sel))
    assert a.get_size() == (960, 640)
    assert count_near(a, theme.TABLE) > 2000                  # the table
    assert count_near(a, theme.SIDE_COLOURS[1]) > 20          # both sides' bases
    assert count_near(a, theme.SIDE_COLOURS[2]) > 20
    diff = sum(1 for x in range(0, 960, 4) for y in range(0, 640, 4) if a.get_at((x, y)) != b.get_at((x, y)))
    assert diff > 500                                         # card and overlays appeared


def test_screenshot_user_errors_are_one_line(tmp_path):
    for args, word in ((["--size", "big"], "--size"), (["--select", "Nobody"], "Nobody"),
                       (["--scenario", "nowhere"], "nowhere")):
        base = {"--ruleset": "evenor", "--scenario": "extermination", "--seed": "1",
                "--out": str(tmp_path / "x.png")}
        for k, v in zip(args[::2], args[1::2]):
            base[k] = v
        flat = [x for kv in base.items() for x in kv]
        out = run("screenshot", *flat)
        assert out.returncode == 2, out.stderr
        lines = out.stderr.strip().splitlines()
        assert len(lines) == 1 and word in lines[0] and "Traceback" not in out.stderr


def test_log_bench_measures_a_long_log():
    from game.ui.bench import run_log_bench

    res = run_log_bench(lines=120, appends=5)
    assert res["lines"] == 120 and 0 < res["line_ms_p50"] <= res["line_ms_p95"]
    assert res["new_reader_ms"] > 0


def test_ui_bench_shape():
    from game.ui.bench import run_ui_bench

    res = run_ui_bench(frames=40, paced=False, thinking=30)
    spread = {f"{k}_{q}" for k in ("frame_ms", "frame_cpu_ms", "idle_frame_ms", "idle_frame_cpu_ms",
                                    "thinking_frame_ms") for q in ("p50", "p95", "max")}
    assert set(res) == spread | {"thinking_decisions"}
    assert 0 < res["frame_ms_p50"] <= res["frame_ms_p95"] <= res["frame_ms_max"]
    assert 0 < res["idle_frame_cpu_ms_p50"] <= res["idle_frame_cpu_ms_p95"] <= res["idle_frame_cpu_ms_max"]
    assert 0 < res["thinking_frame_ms_p50"] <= res["thinking_frame_ms_p95"] <= res["thinking_frame_ms_max"]


def test_no_pygame_or_pymunk_import_outside_the_ui():
    pattern = re.compile(r"^\s*(import|from)\s+(pygame|pymunk|pygame_gui)\b", re.M)
    offenders = [str(p.relative_to(ROOT)) for p in (ROOT / "game").rglob("*.py")
                 if "ui" not in p.relative_to(ROOT / "game").parts[:1]
                 and pattern.search(p.read_text(encoding="utf-8"))]
    assert offenders == []


def test_catalogues_have_the_same_ui_keys_and_french_spacing():
    import json

    fr = json.loads((ROOT / "assets/i18n/fr/ui.json").read_text(encoding="utf-8"))
    en = json.loads((ROOT / "assets/i18n/en/ui.json").read_text(encoding="utf-8"))
    assert set(fr) == set(en)
    for k, v in fr.items():
        assert not re.search(r"[^\u00a0 ][:;!?](\s|$)", v) or k.startswith("ui.marker"), (k, v)
        assert not re.search(r" [:;!?]", v), (k, v)


def test_headless_start_leaves_no_driver_in_the_environment(monkeypatch):
    import os

    from game.ui import boot

    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    boot.headless((400, 300))
    assert "SDL_VIDEODRIVER" not in os.environ     # child processes would inherit it
