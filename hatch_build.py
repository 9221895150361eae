"""The wheel's build step: keep the parser tables and the shipped games inside the wheel
(`referee/front/_tables/`), so that an installed `referee` reads them as a checkout does, and no
install step writes into site-packages at run time.

It runs `python -m referee.install --into DIR` from the tree being built, with the build
environment's Lark (a build requirement), and adds DIR to the wheel. An editable install is
left alone: `scripts/setup` runs the install step into the checkout itself.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class KeptTablesHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        folder = Path(tempfile.mkdtemp(prefix="referee-tables-")) / "_tables"
        env = {**os.environ, "PYTHONPATH": self.root, "REFEREE_CACHE": "off", "PYTHONDONTWRITEBYTECODE": "1"}
        subprocess.run([sys.executable, "-m", "referee.install", "--into", str(folder)], cwd=self.root, env=env,
                       check=True, stdout=subprocess.DEVNULL)
        build_data["force_include"][str(folder)] = "referee/front/_tables"
