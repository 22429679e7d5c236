"""The command line (a contract, see the design notes): play, sim, check, bench,
screenshot, replay. User errors print one clear line on stderr and exit 2.

Every argument is checked before any work starts: numbers when parsed (whole numbers in
their range, see :func:`whole`), then each command's values against what the game holds
(rulesets, scenarios, agents, output files) in :func:`validate`."""
from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable

from game.core.errors import UserError
from game.sim import MAX_GAMES, SEED_MAX

AGENT_HELP = "random, greedy, ai or ai:facile|normal|difficile[:PERSONALITY]"


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, exit 2
        sys.stderr.write(f"{self.prog}: {message}\n")
        raise SystemExit(2)


def _shown(text: str) -> str:
    return text if len(text) <= 24 else f"{text[:20]}... ({len(text)} characters)"


def whole(lo: int, hi: int) -> Callable[[str], int]:
    """An argparse type: a whole number from lo to hi (one line naming the range otherwise)."""
    def parse(text: str) -> int:
        if not re.fullmatch(r"[+-]?\d{1,15}", text.strip()) or not lo <= int(text) <= hi:
            raise argparse.ArgumentTypeError(f"expected a whole number from {lo} to {hi} "
                                             f"(got '{_shown(text)}')")
        return int(text)
    parse.__name__ = "whole number"
    return parse


SEED = whole(0, SEED_MAX)


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="main.py", description="Escarmouche: French skirmish rules on a screen.")
    sub = p.add_subparsers(dest="command", parser_class=_Parser)

    play = sub.add_parser("play", help="open the window straight into a game")
    play.add_argument("--ruleset", required=True)
    play.add_argument("--scenario", required=True)
    play.add_argument("--p1", default="human")
    play.add_argument("--p2", default="human")
    play.add_argument("--seed", type=SEED, default=None)
    play.add_argument("--lang", choices=["fr", "en"], default="fr")

    sim = sub.add_parser("sim", help="play whole games headless")
    sim.add_argument("--ruleset", required=True)
    sim.add_argument("--scenario", required=True, help="a scenario id or 'all'")
    sim.add_argument("--p1", required=True, help=AGENT_HELP)
    sim.add_argument("--p2", required=True, help=AGENT_HELP)
    sim.add_argument("--games", type=whole(1, MAX_GAMES), default=1)
    sim.add_argument("--seed", type=SEED, default=1)
    sim.add_argument("--json", action="store_true")
    sim.add_argument("--log", action="store_true", help="narrate the game (single game)")
    sim.add_argument("--rosters", default=None, metavar="P1_ROSTER,P2_ROSTER",
                     help="each agent's warband (preset ids), following it when the seats "
                          "swap; the scenario's own by default")
    sim.add_argument("--lang", choices=["fr", "en"], default="fr")

    chk = sub.add_parser("check", help="validate scenario / roster / catalogue YAML files")
    chk.add_argument("files", nargs="+")

    bench = sub.add_parser("bench", help="run a benchmark")
    bench.add_argument("what", choices=["geometry", "ui", "window", "ai", "log", "odds"])
    bench.add_argument("--json", action="store_true")

    shot = sub.add_parser("screenshot", help="render the opening table to a PNG")
    shot.add_argument("--ruleset", required=True)
    shot.add_argument("--scenario", required=True)
    shot.add_argument("--seed", type=SEED, default=1)
    shot.add_argument("--out", required=True)
    shot.add_argument("--size", default="1280x800")
    shot.add_argument("--select", default=None)

    rep = sub.add_parser("replay", help="replay a saved game")
    rep.add_argument("save")
    rep.add_argument("--lang", choices=["fr", "en"], default="fr")
    return p


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        from game.core.plugins import plugins

        plugins()   # every ruleset registers completely, or the game says what is missing
        if args.command is None:
            try:
                return _resolve(WINDOW["menu"], "the desktop game")(args)
            except UserError:
                parser.print_help()  # no window yet: the commands are the way in
                return 0
        validate(args)
        return _COMMANDS[args.command](args)
    except UserError as exc:
        sys.stderr.write(f"main.py {args.command or ''}: {exc}\n".replace(" :", ":"))
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # output piped into a reader that stopped early
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _scenarios(ruleset_id: str, spec: str, every: bool = True) -> list[str]:
    from game.core.ruleset import get_ruleset

    rs = get_ruleset(ruleset_id)
    known = rs.scenarios()
    if spec == "all" and every:
        return known
    if spec not in known:
        shown = ", ".join(known) + (", all" if every else "")
        raise UserError(f"unknown scenario '{_shown(spec)}' for {ruleset_id} (known: {shown})")
    return [spec]


def _check_rosters(ruleset_id: str, spec: str) -> None:
    """``--rosters A,B``: two preset ids of that ruleset."""
    from game.rulesets._shared.bundled import roster_ids

    names = spec.split(",")
    known = roster_ids(ruleset_id)
    if len(names) != 2:
        raise UserError(f"--rosters: expected two preset ids joined by a comma "
                        f"(got '{_shown(spec)}')")
    for name in names:
        if name not in known:
            raise UserError(f"--rosters: unknown preset '{_shown(name)}' for {ruleset_id} "
                            f"(known: {', '.join(known)})")


def _check_agent(spec: str, option: str, human: bool = False) -> None:
    from game.ai.agents import accepted_specs

    if spec in accepted_specs() or human and spec == "human":
        return
    also = "human, " if human else ""
    raise UserError(f"{option}: unknown agent '{_shown(spec)}' (accepted: {also}{AGENT_HELP})")


def validate(args) -> None:
    """Check a command's values before it starts any work (UserError on the first bad one)."""
    command = args.command
    if command in ("sim", "play", "screenshot"):
        _scenarios(args.ruleset, args.scenario, every=command == "sim")
    if command in ("sim", "play"):
        _check_agent(args.p1, "--p1", human=command == "play")
        _check_agent(args.p2, "--p2", human=command == "play")
    if command == "sim":
        last = args.seed + (args.games - 1) // 2     # each pair of games takes the next seed
        if last > SEED_MAX:
            raise UserError(f"--seed: {args.games} games from seed {args.seed} would go past "
                            f"{SEED_MAX} (use a seed up to {SEED_MAX - (args.games - 1) // 2})")
        if args.log and args.games != 1:
            raise UserError("--log narrates a single game: use --games 1")
        if args.rosters is not None:
            _check_rosters(args.ruleset, args.rosters)
        if args.log and args.json:
            raise UserError("--log and --json cannot be used together (--json prints only "
                            "the results, --log the narrated game)")
    if command == "screenshot":
        from pathlib import Path

        from game.ui.launch import parse_size

        parse_size(args.size)
        out = Path(args.out)
        if out.suffix.lower() != ".png":
            raise UserError(f"--out must name a .png file (got '{_shown(args.out)}')")
        if out.is_dir():
            raise UserError(f"--out names a folder, not a file (got '{_shown(args.out)}')")


def cmd_sim(args) -> int:
    from game import sim

    scenarios = _scenarios(args.ruleset, args.scenario)
    printer = _narrator(args.lang) if args.log else None
    rosters = tuple(args.rosters.split(",")) if args.rosters else None
    result = sim.run(args.ruleset, scenarios, args.p1, args.p2, args.games, args.seed,
                     on_events=printer, rosters=rosters)
    unseen = result.pop("refused_unseen", 0)    # not part of the JSON contract
    at_limit = result.pop("draws_turn_limit", 0)
    if args.json:
        print(json.dumps(result))
    else:
        w = result["wins"]
        print(f"{result['games']} game(s): p1 {w['p1']} wins, p2 {w['p2']} wins, "
              f"{result['draws']} draw(s) ({at_limit} at the turn limit); score p1 {result['score_p1']:.3f} "
              f"(95% {result['score_p1_ci95'][0]:.2f}-{result['score_p1_ci95'][1]:.2f}); "
              f"errors {result['errors']}, illegal actions {result['illegal_actions']}, "
              f"refused for figures out of sight {unseen}, mean turns {result['turns_mean']}")
    return 1 if result["errors"] else 0


def _narrator(lang: str):
    def on_events(engine, events):
        for e in events:
            line = engine.ruleset.describe(e, engine.state, lang)
            if line:
                print(line)
    return on_events


def cmd_check(args) -> int:
    from game.data import check_files

    code, lines = check_files(args.files)
    for line in lines:
        print(line, file=sys.stdout if code == 0 else sys.stderr)
    return code


# Commands that live in other packages, imported only when used ("module:function").
BENCHES = {"geometry": "game.geometry.bench:run_geometry_bench",
           "ai": "game.ai.bench:run_ai_bench", "odds": "game.ai.odds_bench:run_odds_bench",
           "ui": "game.ui.bench:run_ui_bench", "window": "game.ui.bench:run_window_bench",
           "log": "game.ui.bench:run_log_bench"}
WINDOW = {"menu": "game.ui.launch:main_menu", "play": "game.ui.launch:play",
          "screenshot": "game.ui.launch:screenshot", "replay": "game.ui.launch:replay"}


def _resolve(target: str, what: str):
    """Import "module:function"; a module not written yet is a clear user error."""
    import importlib

    module, func = target.split(":")
    try:
        mod = importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name and module.startswith(exc.name):
            raise UserError(f"{what} is not available yet in this version") from None
        raise
    return getattr(mod, func)


def cmd_bench(args) -> int:
    result = _resolve(BENCHES[args.what], f"the {args.what} benchmark")()
    if args.json:
        print(json.dumps(result))
    else:
        for k, v in result.items():
            print(f"{k}: {v}")
    return 0


def cmd_replay(args) -> int:
    """Open a save as a replay in the window; without a window, narrate it."""
    from game.core.engine import Engine
    from game.core.record import load_game

    record = load_game(args.save).record  # every digest verified; bad files refused in one line
    try:
        return _resolve(WINDOW["replay"], "the replay window")(args)
    except UserError:
        pass
    narrate = _narrator(args.lang)
    eng = Engine.new(record.ruleset, record.scenario, record.seed, record.options)
    for action in record.actions:
        narrate(eng, eng.step(action))
    return 0


def cmd_play(args) -> int:
    return _resolve(WINDOW["play"], "the desktop game")(args)


def cmd_screenshot(args) -> int:
    return _resolve(WINDOW["screenshot"], "the screenshot command")(args)


_COMMANDS = {"sim": cmd_sim, "check": cmd_check, "bench": cmd_bench, "replay": cmd_replay,
             "play": cmd_play, "screenshot": cmd_screenshot}
