"""The ``referee-output`` directive: a referee command run while the book is built.

A page that shows what the referee says writes the command, not its output::

    ```{referee-output} judge tests/golden/TRANSCRIPT.json
    ```

The command runs in-process with ``--lang`` set to the book's language, and its output (standard
output and errors together, as a terminal shows them) becomes a literal block. So the Russian
book shows the Russian verdict, and no page can show output the current referee does not give:
a changed verdict changes the page at the next build, and a command that fails (exit status
other than 0 or 1) fails the build.

Only commands that read files are allowed, and only files inside the repository: a page
cannot make the build write anywhere or read what the book does not ship.
"""

from __future__ import annotations

import contextlib
import io
import os
import shlex
from pathlib import Path

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from .cli import main

__all__ = ["RefereeOutput", "READING_COMMANDS"]

# Commands that only read their inputs and print; `play -o` and friends are left out on purpose.
READING_COMMANDS = frozenset({"rules", "judge", "check"})
_ROOT = Path(__file__).resolve().parent.parent


class RefereeOutput(SphinxDirective):
    """Run ``referee ARGS --lang <book language>`` and show what it prints."""

    required_arguments = 1
    final_argument_whitespace = True
    has_content = False

    def run(self) -> list[nodes.Node]:
        argv = shlex.split(self.arguments[0])
        if not argv or argv[0] not in READING_COMMANDS:
            raise self.error(f"referee-output runs only {', '.join(sorted(READING_COMMANDS))}, "
                             f"not {argv[:1]}")
        for arg in argv[1:]:
            if arg.startswith("-"):
                continue
            path = (_ROOT / arg).resolve()
            if path.suffix in (".json", ".rules", ".deal"):
                if not path.is_relative_to(_ROOT) or not path.is_file():
                    raise self.error(f"referee-output: {arg} is not a file of the repository")
                self.env.note_dependency(str(path))
        buffer = io.StringIO()
        cwd = os.getcwd()
        try:
            os.chdir(_ROOT)  # the command's file names are relative to the repository
            with contextlib.redirect_stdout(buffer), contextlib.redirect_stderr(buffer):
                status = main([*argv, "--lang", self.config.language or "en"])
        finally:
            os.chdir(cwd)
        if status not in (0, 1):  # 1 is a verdict ("illegal"), 2 a broken command
            raise self.error(f"referee {' '.join(argv)} failed (exit status {status}):\n"
                             f"{buffer.getvalue()}")
        text = buffer.getvalue().rstrip("\n")
        block = nodes.literal_block(text, text, classes=["referee-output"])
        block["language"] = "text"
        block["translatable"] = False  # already in the book's language
        return [block]
