"""Shell completion for the `referee` command: a script for bash or zsh, written from the command
line's own parser, so that a new command or option is completed without editing a list.

The script completes commands and options from the words written into it, and asks
`referee complete KIND` for what changes with the installation: the shipped games and variants,
the parameters of a game (`NAME=VALUE`), the casebook's rulings. zsh runs the bash script
through its `bashcompinit`.
"""

from __future__ import annotations

import argparse

from .errors import RefereeError
from .resources import rules_dir

__all__ = ["script", "words"]

# Options whose value is a file, a game, a language or a parameter.
_FILE_OPTIONS = ("-o", "--output", "--rules")


def words(kind: str, game: str | None = None) -> list[str]:
    """What `referee complete KIND [GAME]` prints: one word a line."""
    if kind == "games":
        folder = rules_dir()
        return sorted(p.stem for p in [*folder.glob("*.rules"), *(folder / "variants").glob("*.rules")])
    if kind == "rulings":
        # on demand: completion runs at every TAB and each kind of word loads only what it lists
        from .rulings import load_rulings
        return [str(r.number) for r in load_rulings()]
    if kind == "params" and game:
        # on demand: completion runs at every TAB and each kind of word loads only what it lists
        from .model.cache import load_kept, shipped_game
        try:  # a shipped game as the install step kept it (no parse); any other file is parsed
            loaded = load_kept(shipped_game(game) or game, {})
        except (RefereeError, OSError):  # completing a half-typed name: nothing to offer
            return []
        out = []
        for name, parameter in loaded.parameters.items():
            out.extend([f"{name}={value}" for value, _ in parameter.choices] or [f"{name}="])
        return out
    return []


def _subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _options(parser: argparse.ArgumentParser) -> list[str]:
    return [option for action in parser._actions for option in action.option_strings]


def _takes_game(parser: argparse.ArgumentParser) -> bool:
    return any(action.dest == "game" and not action.option_strings for action in parser._actions)


def script(shell: str, parser: argparse.ArgumentParser) -> str:
    """The completion script for `shell` (bash or zsh)."""
    commands = {name: sub for name, sub in _subcommands(parser).items() if name != "complete"}
    cases = "\n".join(f"        {name}) opts={' '.join(_options(sub))!r} ;;" for name, sub in commands.items())
    game_commands = "|".join(name for name, sub in commands.items() if _takes_game(sub))
    valued = "|".join(sorted({o for sub in commands.values() for a in sub._actions if a.nargs != 0
                              for o in a.option_strings} - {"--param", "--lang", *_FILE_OPTIONS}))
    bash = _BASH.format(commands=" ".join(commands), top=" ".join(_options(parser)), cases=cases,
                        game_commands=game_commands, files="|".join(_FILE_OPTIONS), valued=valued or "--none")
    if shell == "zsh":
        return "# zsh: load with  source <(referee completion zsh)\n" \
               "autoload -U +X compinit && compinit\nautoload -U +X bashcompinit && bashcompinit\n" + bash
    return "# bash: load with  source <(referee completion bash)\n" + bash


_BASH = r"""_referee() {{
    local cur prev cmd opts game i word
    cur="${{COMP_WORDS[COMP_CWORD]}}"
    prev="${{COMP_WORDS[COMP_CWORD-1]}}"
    if [ "$COMP_CWORD" -eq 1 ]; then
        COMPREPLY=($(compgen -W "{commands} {top}" -- "$cur"))
        return
    fi
    cmd="${{COMP_WORDS[1]}}"
    # The game: the first word after the command that is neither an option nor an option's value.
    game=""
    for ((i = 2; i < COMP_CWORD; i++)); do
        word="${{COMP_WORDS[i]}}"
        case "${{COMP_WORDS[i-1]}}" in --param|--lang|=|{files}|{valued}) continue ;; esac
        case "$word" in -*|=) ;; *) game="$word"; break ;; esac
    done
    # Bash splits NAME=VALUE at "=" (COMP_WORDBREAKS): complete the value of `--param NAME=`.
    if [[ ( "$cur" == "=" && "${{COMP_WORDS[COMP_CWORD-2]}}" == --param ) ||
          ( "$prev" == "=" && "${{COMP_WORDS[COMP_CWORD-3]}}" == --param ) ]]; then
        word="${{COMP_LINE:0:COMP_POINT}}"; word="${{word##* }}"
        COMPREPLY=($(compgen -W "$(referee complete params "$game" 2>/dev/null)" -- "$word"))
        COMPREPLY=("${{COMPREPLY[@]#*=}}")
        return
    fi
    case "$prev" in
        --lang) COMPREPLY=($(compgen -W "en ru pl hr" -- "$cur")); return ;;
        --param) COMPREPLY=($(compgen -W "$(referee complete params "$game" 2>/dev/null)" -- "$cur")); return ;;
        {files}) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        {valued}) return ;;
    esac
    case "$cmd" in
{cases}
        *) opts="" ;;
    esac
    case "$cur" in
        -*) COMPREPLY=($(compgen -W "$opts" -- "$cur")); return ;;
    esac
    case "$cmd" in
        {game_commands})
            [ -z "$game" ] && COMPREPLY=($(compgen -W "$(referee complete games 2>/dev/null)" -- "$cur") \
                                         $(compgen -f -X '!*.rules' -- "$cur")) ;;
        check) COMPREPLY=($(compgen -W "$(referee complete games 2>/dev/null)" -- "$cur") \
                                    $(compgen -f -- "$cur")) ;;
        ruling) COMPREPLY=($(compgen -W "$(referee complete rulings 2>/dev/null)" -- "$cur")) ;;
        completion) COMPREPLY=($(compgen -W "bash zsh" -- "$cur")) ;;
        games) ;;
        *) COMPREPLY=($(compgen -f -- "$cur")) ;;
    esac
}}
complete -F _referee referee
"""
