"""The `referee` command line: games, rules, play, judge, check, bench.

Errors never show a traceback: a rules file error prints file:line:col with a caret, a
transcript error names the field, and the exit status says who must act (judge: 0 legal,
1 illegal, 2 unusable input).
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from pathlib import Path

from . import i18n
from .i18n import N_
from .errors import RefereeError, RulesError, TranscriptError, UsageError
from .transcript import dump_transcript

__all__ = ["main"]


def _settings(pairs: list[str] | None) -> dict[str, str]:
    out = {}
    for pair in pairs or []:
        if "=" not in pair:
            raise UsageError(f"--param takes NAME=VALUE, not {pair!r}")
        name, value = pair.split("=", 1)
        out[name.strip()] = value.strip()
    return out


def _write(text: str, output: str | None) -> None:
    if output:
        path = Path(output)
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(path)  # never leave a half-written file where a good one was
    else:
        sys.stdout.write(text)


def cmd_games(args) -> int:
    from .model import load_game
    from .model.document import game_names
    for name in game_names():
        game = load_game(name)
        players = sorted(game.players.value)
        count = str(players[0]) if len(players) == 1 else f"{players[0]}-{players[-1]}"
        print(f"{name:12} {game.title:12} {count} players, {len(game.clauses)} clauses")
    return 0


def cmd_rules(args) -> int:
    from .model import load_game
    from .verdicts import cite
    game = load_game(args.game, _settings(args.param))
    lang = args.lang
    out = [f"{game.title} — {game.path}"]
    for sid, source in game.sources.items():
        out.append(f"source {sid}: {source.filename} ({source.language}, {source.lines} lines)")
    for clause in game.clauses.values():
        out.append("")
        out.append(f"{clause.id}  [{cite(game, [clause.id], lang).split(' ', 1)[-1].strip('()')}]")
        out.extend(textwrap.wrap(i18n.gettext(lang, clause.statement), 96, initial_indent="  ",
                                 subsequent_indent="  "))
        for reason in (clause.provenance.tradition, clause.provenance.interpretation):
            if reason:
                out.extend(textwrap.wrap(i18n.gettext(lang, reason), 96, initial_indent="  * ",
                                         subsequent_indent="    "))
        for name in clause.parameters:
            param = game.parameters[name]
            out.append(f"  parameter {name} = {game.settings[name]} (default {param.default})")
        if args.formal and clause.formal:
            out.extend("    | " + line for line in clause.formal.splitlines())
    print("\n".join(out))
    return 0


def cmd_play(args) -> int:
    from .model import load_game
    from .transcript import random_transcript
    settings = _settings(args.param)
    game = load_game(args.game, settings)
    ref = {"rules": str(Path(args.game).resolve())} if args.game.endswith(".rules") else {"game": game.id}
    data = random_transcript(game, args.seed, whole_match=args.match, players=args.players,
                             parameters=settings, game_ref=ref)
    _write(dump_transcript(data), args.output)
    return 0


def cmd_judge(args) -> int:
    from .judge import judge_file
    judgement = judge_file(args.transcript, _settings(args.param))
    if args.json:
        print(json.dumps(judgement.to_json(args.lang), ensure_ascii=False, indent=1))
    else:
        print(judgement.text(args.lang))
    return judgement.exit_status


def cmd_check(args) -> int:
    from .coverage import uncovered_lines
    from .model import load_game
    game = load_game(args.file, _settings(args.param))
    rulings = sum(1 for c in game.clauses.values() if c.is_ruling)
    lang = args.lang

    def count(one: str, many: str, n: int) -> str:
        return i18n.ngettext(lang, one, many, n).format(n=n)
    print(i18n.gettext(lang, "{file}: ok — {title}: {clauses} ({rulings}), {parameters}, {checks}").format(
        file=args.file, title=i18n.gettext(lang, game.title),
        clauses=count(N_("{n} clause"), N_("{n} clauses"), len(game.clauses)),
        rulings=count(N_("{n} ruling"), N_("{n} rulings"), rulings),
        parameters=count(N_("{n} parameter"), N_("{n} parameters"), len(game.parameters)),
        checks=count(N_("{n} checked number"), N_("{n} checked numbers"), len(game.checks))))
    missing = uncovered_lines(game)
    if missing:
        print("  " + i18n.gettext(lang, "source lines neither cited nor listed as `uncovered`: {lines}").format(
            lines=", ".join(missing)))
    from .interpreter import unsupported_mechanics
    pending = unsupported_mechanics(game)
    if pending:
        print("  " + i18n.gettext(lang, "note: this referee cannot run {mechanics} yet").format(
            mechanics=", ".join(pending)))
    return 0


def cmd_bench(args) -> int:
    from .bench import run_bench
    return run_bench(args.game, seconds=args.seconds, players=args.players, settings=_settings(args.param),
                     peer=not args.no_peer)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="referee", description="Referee for card games written in the rules language.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def common(p, game=True):
        if game:
            p.add_argument("game", help="a game name (see `referee games`) or a path to a .rules file")
        p.add_argument("--param", action="append", metavar="NAME=VALUE", help="choose a parameter value")
        p.add_argument("--lang", default="en", choices=i18n.LANGUAGES, help="language of the output")

    p = sub.add_parser("games", help="list the games")
    p.set_defaults(run=cmd_games)
    p = sub.add_parser("rules", help="print a game's clauses with IDs and citations")
    common(p)
    p.add_argument("--formal", action="store_true", help="also print each clause's formal text")
    p.set_defaults(run=cmd_rules)
    p = sub.add_parser("play", help="play a seeded deal (or --match) with random legal players; prints a transcript")
    common(p)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--match", action="store_true", help="play the whole match")
    p.add_argument("--players", type=int)
    p.add_argument("-o", "--output", help="write the transcript to this file")
    p.set_defaults(run=cmd_play)
    p = sub.add_parser("judge", help="judge a transcript: exit 0 legal, 1 illegal, 2 unusable input")
    p.add_argument("transcript")
    common(p, game=False)
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_judge)
    p = sub.add_parser("check", help="validate a rules file (for variant authors)")
    p.add_argument("file")
    common(p, game=False)
    p.set_defaults(run=cmd_check)
    p = sub.add_parser("bench", help="rules-load time and random deals per second")
    common(p)
    p.add_argument("--seconds", type=float, default=3.0)
    p.add_argument("--players", type=int)
    p.add_argument("--no-peer", action="store_true", help="skip the OpenSpiel comparison")
    p.set_defaults(run=cmd_bench)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return int(exit_.code or 0) and 2
    try:
        return args.run(args)
    except RulesError as err:
        print(str(err), file=sys.stderr)
        return 2
    except (TranscriptError, UsageError) as err:
        print(f"referee: {err}", file=sys.stderr)
        return 2
    except RefereeError as err:
        print(f"referee: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
