"""The `referee` command line: games, rules, params, play, judge, convert, legal, explain, check,
ruling, bench, completion.

Errors never show a traceback: a rules file error prints file:line:col with a caret, a
transcript error names the field, and the exit status says who must act (judge: 0 legal,
1 illegal, 2 unusable input). Under `--json` an error is a JSON object on standard output
(`referee-error/1`, schema in `referee/data/error.schema.json`), still with exit 2.
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from pathlib import Path
from typing import NoReturn

from . import __version__, i18n
from .errors import (
    NotationError,
    Phrase,
    RefereeError,
    RulesError,
    SourcePosition,
    TranscriptError,
    UsageError,
    in_language,
)
from .i18n import N_

# Everything else is imported by the command that needs it: `referee --help` stays instant.

__all__ = ["main"]


def param_settings(pairs: list[str] | None) -> dict[str, str]:
    """The readings chosen with `--param NAME=VALUE` (repeatable), by parameter name."""
    out = {}
    for pair in pairs or []:
        if "=" not in pair:
            raise UsageError(Phrase("--param takes NAME=VALUE, not {pair}", pair=repr(pair)))
        name, value = pair.split("=", 1)
        out[name.strip()] = value.strip()
    return out


def _write(text: str, output: str | None, inputs: tuple[str, ...] = ()) -> None:
    if output:
        # on demand, for start-up time
        from .output import write_output
        write_output(text, output, inputs)  # atomic, and never over a link, a folder or an input
    else:
        sys.stdout.write(text)


def _count(text: str) -> int:
    """A count of players: a whole number from 1 (argparse turns the error into exit 2)."""
    # on demand, for start-up time
    from .limits import LIMITS
    value = int(text)
    if not 1 <= value <= LIMITS.players:
        raise argparse.ArgumentTypeError(f"must be a whole number from 1 to {LIMITS.players}, not {text}")
    return value


def _positive(text: str) -> int:
    """A count of deals or repetitions: a whole number from 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number from 1 to 1000000, not {text}") from None
    if not 1 <= value <= 1_000_000:
        raise argparse.ArgumentTypeError(f"must be a whole number from 1 to 1000000, not {text}")
    return value


def _rules_reference(rules: str, output: str | None) -> dict:
    """How a transcript names the rules file it was played under: by its name, when it sits in
    the transcript's folder (a judge reads nothing else), or for `judge --rules FILE`."""
    path = Path(rules).resolve()
    if output and path.parent != Path(output).parent.resolve():
        print(f"referee: note: {rules} is not in the transcript's folder; judge it with "
              f"`referee judge TRANSCRIPT --rules {rules}`", file=sys.stderr)
    return {"rules": path.name}


def cmd_games(args) -> int:
    # on demand, for start-up time
    from .model import load_game
    from .model.document import game_names, variant_names

    def line(name: str, game, indent: str = "") -> str:
        players = sorted(game.table.players.value)
        count = str(players[0]) if len(players) == 1 else f"{players[0]}-{players[-1]}"
        return f"{indent + name:24} {game.title:36} {count} players, {len(game.clauses)} clauses"

    variants = [(name, load_game(name)) for name in variant_names()]
    for name in game_names():
        print(line(name, load_game(name)))
        # A shipped variant is listed under the game it extends, directly or through another variant.
        for vname, variant in variants:
            if variant.base == name or (variant.base and load_game(variant.base).base == name):
                print(line(vname, variant, "  "))
    return 0


def cmd_rules(args) -> int:
    # on demand, for start-up time
    from .model import load_game
    from .verdicts import cite
    game = load_game(args.game, param_settings(args.param))
    lang = args.lang
    out = [f"{game.title} — {game.path}"]
    for sid, source in game.sources.items():
        out.append(f"source {sid}: {source.filename} ({source.language}, {source.lines} lines)")
    for deck in game.table.decks.values():
        # The suits with the names other traditions give them (`suit names`), for readers who
        # know the cards by another pack's names.
        suits = []
        for suit in deck.suits:
            others = [f"{tradition}: {dict(names)[suit.code]}" for tradition, names in deck.suit_names
                      if suit.code in dict(names)]
            suits.append(f"{suit.code} {suit.symbol}" + (f" ({'; '.join(others)})" if others else ""))
        out.append(f"deck {deck.id}: {', '.join(suits)}")
    for clause in game.clauses.values():
        out.append("")
        title = f" {i18n.gettext(lang, clause.title)}" if clause.title else ""
        out.append(f"{clause.id}{title}  [{cite(game, [clause.id], lang).split(' ', 1)[-1].strip('()')}]")
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


def cmd_params(args) -> int:
    """Every parameter of a game: the names `--param NAME=VALUE` takes, each value, the default."""
    # on demand, for start-up time
    from .model import load_game
    game = load_game(args.game, param_settings(args.param))
    lang = args.lang
    if args.json:
        print(json.dumps({"format": "referee-params/1", "game": game.id, "parameters": [
            {"name": p.name, "value": game.settings[p.name], "default": p.default, "clause": p.clause,
             "question": i18n.gettext(lang, p.question),
             "choices": [{"value": v, "description": i18n.gettext(lang, d)} for v, d in p.choices],
             "low": p.low, "high": p.high} for p in game.parameters.values()]}, ensure_ascii=False, indent=1))
        return 0
    default = i18n.gettext(lang, "default")
    out = []
    for p in game.parameters.values():
        out.append(f"{p.name}={game.settings[p.name]}  [{p.clause}] {i18n.gettext(lang, p.question)}")
        if p.is_number:
            bounds = f"{'' if p.low is None else p.low}..{'' if p.high is None else p.high}"
            out.append(f"  {bounds:16} ({default} {p.default})")
        for value, description in p.choices:
            mark = f" ({default})" if value == p.default else ""
            out.append(f"  {value:16} {i18n.gettext(lang, description)}{mark}")
    print("\n".join(out) if out else f"{game.id}: —")
    return 0


def cmd_completion(args) -> int:
    # on demand, for start-up time
    from .completion import script
    sys.stdout.write(script(args.shell, build_parser()))
    return 0


def cmd_complete(args) -> int:
    """The words the completion script asks for as it completes (`referee complete games`)."""
    # on demand, for start-up time
    from .completion import words
    found = words(args.kind, args.game)
    if found:
        print("\n".join(found))
    return 0


def cmd_play(args) -> int:
    # on demand, for start-up time
    from .model.cache import load_kept, shipped_game
    from .simulate import random_transcript
    settings = param_settings(args.param)
    path = shipped_game(args.game)  # a shipped game is read as the install step kept it, as `judge` does
    if path is None:
        from .model.document import find_rules_file  # any other file is parsed: the reader on demand
        path = find_rules_file(args.game)
    game = load_kept(path, settings)
    named_file = args.game.endswith(".rules") or Path(game.path).name != f"{args.game}.rules"
    ref = _rules_reference(game.path, args.output) if named_file else {"game": game.id}
    data = random_transcript(game, args.seed, whole_match=args.match, players=args.players,
                             parameters=settings, game_ref=ref)
    _write(_transcript_text(data, args.output, game), args.output, inputs=(game.path,))
    return 0


def _transcript_text(data: dict, output: str | None, game=None, base: Path | None = None) -> str:
    """A transcript as the output file's extension asks: the deal notation for `.deal`, else JSON."""
    if output and Path(output).suffix.lower() == ".deal":
        # on demand, for start-up time
        from .notation import write_deal
        return write_deal(data, game, base=base)
    # on demand, for start-up time
    from .transcript import dump_transcript
    return dump_transcript(data)


def cmd_convert(args) -> int:
    # on demand, for start-up time
    from .records import read_deal_file
    data = read_deal_file(args.input, settings=param_settings(args.param))
    output = None if args.output == "-" else args.output
    # Standard output gets the other form than the input's.
    shown = output or ("-.json" if Path(args.input).suffix.lower() == ".deal" else "-.deal")
    _write(_transcript_text(data, shown, base=Path(args.input).parent), output, inputs=(args.input,))
    return 0


def cmd_judge(args) -> int:
    # on demand, for start-up time
    from .judge import judge_file
    from .report import judgement_json, judgement_text
    judgement = judge_file(args.transcript, param_settings(args.param), rules_file=args.rules)
    if args.json:
        print(json.dumps(judgement_json(judgement, args.lang), ensure_ascii=False, indent=1))
    else:
        print(judgement_text(judgement, args.lang))
    return judgement.exit_status


def cmd_legal(args) -> int:
    # on demand, for start-up time
    from .director import legal_at, legal_in, parse_position, read_at
    if args.position is not None:
        if args.transcript is not None or args.at is not None or args.rules is not None or args.param:
            raise UsageError(Phrase("--position gives the whole position: name no transcript, --at, --rules "
                                    "or --param with it"))
        view = legal_in(args.position)
        _show(view, args)
        return view.exit_status
    if args.transcript is None:
        raise UsageError(Phrase("name a transcript (and --at a position in it), or give --position TEXT"))
    position = parse_position(args.at)
    at = read_at(args.transcript, position, args.rules, param_settings(args.param))  # one read, one replay
    view = legal_at(at.data, position, Path(args.transcript).parent, param_settings(args.param), args.rules, at=at)
    _show(view, args)
    return view.exit_status


def cmd_explain(args) -> int:
    # on demand, for start-up time
    from .director import explain_at, parse_position, read_at
    position = parse_position(args.at)
    at = read_at(args.transcript, position, args.rules, param_settings(args.param))  # one read, one replay
    found = explain_at(at.data, position, Path(args.transcript).parent, param_settings(args.param), args.rules,
                       lang=args.lang, at=at)
    _show(found, args)
    return found.exit_status


def cmd_claim(args) -> int:
    # on demand, for start-up time
    from .claiming import claim_at
    from .director import parse_position, read_transcript
    from .mechanics.claims.rules import Unstated
    position = parse_position(args.at)
    data = read_transcript(args.transcript, args.rules, param_settings(args.param))
    unstated = {"any": Unstated.ANY, "best": Unstated.BEST}.get(args.reading or "")
    bound = (("points",) if args.points else ()) + (("at", "most") if args.at_most else ())
    words = (*bound, args.tricks.strip().lower(), *args.line.split())

    shown: list[int] = []

    def progress(nodes: int) -> None:  # long searches show they are alive, on stderr only
        shown.append(nodes)
        print(f"\r{nodes:,} positions searched...", end="", file=sys.stderr, flush=True)

    view = claim_at(data, position, args.seat - 1, words, concede=args.concede, unstated=unstated, base=Path(args.transcript).parent,
                    settings=param_settings(args.param), rules_file=args.rules, budget=args.budget,
                    progress=None if args.json or not sys.stderr.isatty() else progress)
    if shown:
        print(file=sys.stderr)
    _show(view, args)
    return view.exit_status


def _show(answer, args) -> None:
    deal = answer.judgement.in_play if args.show else None
    if args.json:
        out = answer.to_json(args.lang)
        if args.show:
            out["drawing"] = None if deal is None else deal.draw(args.lang)
        print(json.dumps(out, ensure_ascii=False, indent=1))
    else:
        if deal is not None:
            print(deal.draw(args.lang))
        print(answer.text(args.lang))


def cmd_check(args) -> int:
    # on demand, for start-up time
    from .coverage import uncovered_lines
    from .model import load_game
    game = load_game(args.file, param_settings(args.param))
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
    # on demand, for start-up time
    from .interpreter import unsupported_mechanics
    pending = unsupported_mechanics(game)
    if pending:
        print("  " + i18n.gettext(lang, "note: this referee cannot run {mechanics} yet").format(
            mechanics=", ".join(pending)))
    return 0


def cmd_ruling(args) -> int:
    # on demand, for start-up time
    from .model import load_game
    from .rulings import find_ruling, load_rulings, render, replay
    lang = args.lang
    if args.list:
        for ruling in load_rulings():
            title = i18n.gettext(lang, load_game(ruling.game).title)
            print(f"{ruling.number:3d}  {title:24} {i18n.gettext(lang, ruling.title)}")
        return 0
    if args.number is None:
        raise UsageError(i18n.gettext(lang, "name a ruling by its number, or give --list"))
    ruling = find_ruling(args.number)
    replays = [replay(ruling, case) for case in ruling.cases]
    print(render(ruling, replays, lang, verbose=args.verbose))
    return 0 if all(r.holds for r in replays) else 1


def cmd_bench(args) -> int:
    if args.game == "judge":  # not a game: the director's figures (help, judge, cost per action)
        # on demand, for start-up time
        from .judge_bench import run_judge_bench
        return run_judge_bench()
    if args.game == "stream":  # nor this: the first illegal action of a million, and reading per megabyte
        # on demand, for start-up time
        from .judge_bench import run_stream_bench
        return run_stream_bench()
    if args.game == "wheel":  # not a game: the installed wheel against the checkout
        # on demand, for start-up time
        from .wheel_bench import run_wheel_bench
        return run_wheel_bench(args.repeats)
    if args.game == "claim":  # nor this: claims ruled on seeded random positions, against the targets
        # on demand, for start-up time
        from .claim_bench import run_claim_bench
        return run_claim_bench(args.positions, args.output)
    # on demand, for start-up time
    from .bench import run_bench
    if (args.game is None) == (not args.all):
        raise UsageError(Phrase("name one game, or give --all for every shipped game (not both)"))
    return run_bench(None if args.all else [args.game], deals=args.deals, repeats=args.repeats,
                     players=args.players, settings=param_settings(args.param), peer=not args.no_peer,
                     output=args.output)


class _ArgumentError(Exception):
    """A command line argparse cannot read: raised instead of exiting, so that `main` can answer
    under `--json` with a JSON object."""

    def __init__(self, parser: argparse.ArgumentParser, message: str) -> None:
        super().__init__(message)
        self.parser, self.message = parser, message


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _ArgumentError(self, message)


_PARAM_HELP = ("choose a parameter's value (repeatable); `referee params GAME` lists each parameter's "
               "name, values and default")
_SHOW_HELP = ("also draw the table at the position: the hands around it, the trick, layout or pot in the "
              "middle (with --json: as \"drawing\")")
_TRANSCRIPT_HELP = "a transcript: a .json file (referee-transcript/1) or a .deal file in the deal notation"
_JSON_HELP = "print JSON ({format}, schema in referee/data/{schema}); an error is a JSON object too, exit 2"


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="referee", description="Referee for card games written in the rules language.",
                     epilog="Shell completion: `source <(referee completion bash)` (or zsh).")
    parser.add_argument("--version", action="version", version=f"referee {__version__}",
                        help="print the referee's version and exit")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def common(p, game=True):
        if game:
            p.add_argument("game", help="a game name (see `referee games`) or a path to a .rules file")
        p.add_argument("--param", action="append", metavar="NAME=VALUE", help=_PARAM_HELP)
        p.add_argument("--lang", default="en", choices=i18n.LANGUAGES, help="language of the output")

    def json_flag(p, format_: str, schema: str):
        p.add_argument("--json", action="store_true", help=_JSON_HELP.format(format=format_, schema=schema))

    p = sub.add_parser("games", help="list the games")
    p.set_defaults(run=cmd_games)
    p = sub.add_parser("rules", help="print a game's clauses with IDs and citations")
    common(p)
    p.add_argument("--formal", action="store_true", help="also print each clause's formal text")
    p.set_defaults(run=cmd_rules)
    p = sub.add_parser("params", help="list a game's parameters: the names and values --param takes, and the defaults")
    common(p)
    json_flag(p, "referee-params/1", "params.schema.json")
    p.set_defaults(run=cmd_params)
    p = sub.add_parser("play", help="play a seeded deal (or --match) with random legal players; prints a transcript")
    common(p)
    p.add_argument("--seed", type=int, default=0, metavar="N",
                   help="seed of the random draw, deal and players (default 0): the same seed plays the same deal")
    p.add_argument("--match", action="store_true", help="play the whole match")
    p.add_argument("--players", type=_count, metavar="N",
                   help="how many sit at the table, for a game that allows several counts (default: the first count its rules state)")
    p.add_argument("-o", "--output", metavar="FILE", help="write the transcript to this file (replaced atomically); "
                   "a .deal file is written in the deal notation, any other as JSON")
    p.set_defaults(run=cmd_play)
    p = sub.add_parser("convert", help="convert a transcript between JSON and the deal notation (.deal)")
    p.add_argument("input", metavar="INPUT", help="a .json transcript or a .deal file")
    p.add_argument("output", metavar="OUTPUT",
                   help="the file to write (.deal: the deal notation, else JSON; - for standard output)")
    common(p, game=False)
    p.set_defaults(run=cmd_convert)
    p = sub.add_parser("judge", help="judge a transcript: exit 0 legal, 1 illegal or a wrong score, 2 unusable input")
    p.add_argument("transcript", metavar="TRANSCRIPT", help=_TRANSCRIPT_HELP)
    common(p, game=False)
    json_flag(p, "referee-judgement/1", "judgement.schema.json")
    p.add_argument("--rules", metavar="FILE", help="judge under this rules file, whatever the transcript names")
    p.set_defaults(run=cmd_judge)
    at_help = ("a position: DEAL.ACTION (2.7: deal 2 before its action 7), \"deal 2 action 7\", "
               "DEAL alone for the end of that deal, or end")
    p = sub.add_parser("legal", help="whose turn it is at a position of a transcript, every legal action, "
                                     "and the clause that forbids each other kind")
    p.add_argument("transcript", metavar="TRANSCRIPT", nargs="?", help=_TRANSCRIPT_HELP)
    p.add_argument("--position", metavar="TEXT", help="a position string instead of a transcript, as "
                   "Deal.position() writes it (game GAME; players N; deal D dealer S; hand 1: CARDS; ...; actions: ...)")
    common(p, game=False)
    p.add_argument("--at", metavar="POSITION", help=at_help + " (the default)")
    p.add_argument("--show", action="store_true", help=_SHOW_HELP)
    json_flag(p, "referee-legal/1", "legal.schema.json")
    p.add_argument("--rules", metavar="FILE", help="replay under this rules file, whatever the transcript names")
    p.set_defaults(run=cmd_legal)
    p = sub.add_parser("explain", help="why the action at a position was legal or not, under every reading of "
                                       "the parameters involved: exit 0 legal, 1 illegal, 2 unusable input")
    p.add_argument("transcript", metavar="TRANSCRIPT", help=_TRANSCRIPT_HELP)
    common(p, game=False)
    p.add_argument("--at", metavar="POSITION", required=True, help=at_help)
    p.add_argument("--show", action="store_true", help=_SHOW_HELP)
    json_flag(p, "referee-explain/1", "explain.schema.json")
    p.add_argument("--rules", metavar="FILE", help="replay under this rules file, whatever the transcript names")
    p.set_defaults(run=cmd_explain)
    p = sub.add_parser("claim", help="rule on a claim (or a concession) at a position of a transcript, with all "
                                     "hands open: exit 0 it holds, 1 it fails, 2 unusable input or not decided")
    p.add_argument("transcript", metavar="TRANSCRIPT", help=_TRANSCRIPT_HELP)
    p.add_argument("seat", type=_count, help="the claiming seat, counted from 1")
    p.add_argument("tricks", help="the tricks claimed of those left, or `rest` for all of them")
    common(p, game=False)
    p.add_argument("--at", metavar="POSITION", required=True, help=at_help + " (inside the trick play)")
    p.add_argument("--line", metavar="CARDS", default="", help="the cards the claimer says he will play, in order "
                   "(\"AS KS QS\")")
    p.add_argument("--concede", action="store_true", help="a concession: TRICKS of those left go to the others")
    p.add_argument("--at-most", action="store_true", help="a claim that the side takes at most TRICKS more "
                   "(\"no more tricks\": 0)")
    p.add_argument("--points", action="store_true", help="TRICKS counts the points the contract scores for what "
                   "the side takes: at least so many more, or with --at-most no more (\"no more hearts\": 0)")
    p.add_argument("--reading", choices=("any", "best"), help="the claimer's plays his claim does not state: any "
                   "legal card (doubt against him) or his best play; default: the game's claim rule")
    p.add_argument("--budget", type=_positive, default=1_000_000, help="the most positions searched before the "
                   "ruling says it is not decided")
    p.add_argument("--show", action="store_true", help=_SHOW_HELP)
    json_flag(p, "referee-claim/1", "claim.schema.json")
    p.add_argument("--rules", metavar="FILE", help="replay under this rules file, whatever the transcript names")
    p.set_defaults(run=cmd_claim)
    p = sub.add_parser("check", help="validate a rules file (for variant authors)")
    p.add_argument("file", metavar="FILE", help="the rules file to check (a .rules file, or a shipped game's name)")
    common(p, game=False)
    p.set_defaults(run=cmd_check)
    p = sub.add_parser("ruling", help="print a ruling of the casebook and replay its cases: exit 0 all hold, 1 one does not")
    p.add_argument("number", nargs="?", metavar="NUMBER", help="the ruling's number (see --list)")
    p.add_argument("--list", action="store_true", help="list the rulings")
    p.add_argument("-v", "--verbose", action="store_true", help="also print the judgement of each case")
    p.add_argument("--lang", default="en", choices=i18n.LANGUAGES, help="language of the output")
    p.set_defaults(run=cmd_ruling)
    p = sub.add_parser("bench", help="rules-load time and random deals per CPU second, beside peers; "
                                     "`bench judge`: the time of --help, of judging a match, and of one betting action; "
                                     "`bench stream`: the first illegal action of a million, and reading per megabyte; "
                                     "`bench wheel`: `judge` from the built and installed wheel against the checkout; "
                                     "`bench claim`: claims ruled on seeded random positions, against the targets")
    common(p, game=False)
    p.add_argument("game", nargs="?", help="a game name (see `referee games`) or a path to a .rules file")
    p.add_argument("--all", action="store_true", help="every shipped game")
    p.add_argument("--deals", type=_positive, default=1000, help="complete deals per contender and repetition")
    p.add_argument("--repeats", type=_positive, default=7, help="interleaved repetitions")
    p.add_argument("-o", "--output", metavar="FILE", help="also write the figures as JSON to this file")
    p.add_argument("--players", type=_count, metavar="N",
                   help="how many sit at the table, for a game that allows several counts (default: the first count its rules state)")
    p.add_argument("--no-peer", action="store_true", help="skip the OpenSpiel comparison")
    p.add_argument("--positions", type=_positive, default=20, help="`bench claim`: seeded positions per game")
    p.set_defaults(run=cmd_bench)
    p = sub.add_parser("completion", help="print a shell completion script (commands, options, games, "
                                          "parameters): `source <(referee completion bash)`")
    p.add_argument("shell", choices=("bash", "zsh"), help="the shell to complete for")
    p.set_defaults(run=cmd_completion)
    # Not listed (no help): what the completion script asks for as it completes.
    p = sub.add_parser("complete")
    p.add_argument("kind", choices=("games", "params", "rulings"))
    p.add_argument("game", nargs="?")
    p.set_defaults(run=cmd_complete)
    return parser


def _error_json(kind: str, err: BaseException | None, lang: str, message: str) -> str:
    """An error as `--json` prints it (`referee-error/1`): the same message as on standard error,
    and its parts: where (file:line:col, or the transcript's field), the problem, what was expected,
    the hint."""
    position = getattr(err, "position", None)
    part = (lambda name: None if getattr(err, name, None) is None else in_language(getattr(err, name), lang))
    return json.dumps({
        "format": "referee-error/1", "error": kind, "message": message,
        "position": {"file": position.path, "line": position.line, "column": position.column}
        if isinstance(position, SourcePosition) else None,
        "where": getattr(err, "where", None), "problem": part("problem") or message, "expected": part("expected"),
        "hint": part("hint"), "exit_status": 2}, ensure_ascii=False, indent=1)


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    words = sys.argv[1:] if argv is None else argv
    try:
        args = parser.parse_args(argv)
    except _ArgumentError as err:
        if "--json" in words:
            print(_error_json("usage", None, "en", err.message))
        else:
            err.parser.print_usage(sys.stderr)
            print(f"{err.parser.prog}: error: {err.message}", file=sys.stderr)
        return 2
    except SystemExit as exit_:  # --help, --version
        return int(exit_.code or 0) and 2
    lang = getattr(args, "lang", "en")
    as_json = getattr(args, "json", False)

    def fail(kind: str, message: str, err: BaseException | None = None) -> int:
        if as_json:
            print(_error_json(kind, err, lang, message))
        else:
            print(message, file=sys.stderr)
        return 2

    try:
        return args.run(args)
    except (RulesError, NotationError) as err:
        return fail("rules" if isinstance(err, RulesError) else "transcript", err.render(lang), err)
    except TranscriptError as err:
        return fail("transcript", f"referee: {err.render(lang)}", err)
    except UsageError as err:
        return fail("usage", f"referee: {in_language(err.args[0], lang) if err.args else err}", err)
    except RefereeError as err:
        return fail("referee", f"referee: {in_language(err.args[0], lang) if err.args else err}", err)
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130
    except (RecursionError, MemoryError) as err:  # the limits should stop any input before this
        return fail("limit", f"referee: the input is too large or too deeply nested to handle ({type(err).__name__})")
    except OSError as err:
        return fail("file", f"referee: {err.filename or 'output'}: {err.strerror or err}")
    except Exception as err:  # a bug: still no traceback for the user, but say it is one
        return fail("internal", f"referee: internal error, please report it with the command and its input: "
                    f"{type(err).__name__}: {str(err)[:500]}")


if __name__ == "__main__":
    sys.exit(main())
