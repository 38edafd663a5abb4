"""The ``paperkg`` command and its spaCy workers run without torch; a library import leaves it alone.

Each case runs in a fresh interpreter: the point is what a process imports, which the test process
(where spaCy is long imported) cannot show.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

#: run in a child: import the package, then report whether ``import torch`` is blocked (None in modules)
BLOCKED = "import sys, pipeline; print(sys.modules.get('torch', 'absent') is None)"
#: the same, in a spawned worker of a process that called ``keep_out`` (as the command's spaCy workers are)
IN_WORKER = (
    "import multiprocessing as mp\n"
    "from pipeline import without_torch\n"
    "without_torch.keep_out()\n"
    "expr = \"(__import__('pipeline'), __import__('sys').modules.get('torch', 'absent') is None)[1]\"\n"
    "if __name__ == '__main__':\n"
    "    with mp.get_context('spawn').Pool(1) as pool:\n"
    "        print(pool.apply(eval, (expr,)))\n"
)


def run(code: str, **env: str) -> str:
    clean = {k: v for k, v in os.environ.items() if k not in ("PAPERKG_WITHOUT_TORCH", "PAPERKG_ALLOW_TORCH")}
    out = subprocess.run(
        [sys.executable, "-c", code], env={**clean, **env}, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


def test_importing_the_library_leaves_torch_alone() -> None:
    assert run(BLOCKED) == "False"


def test_the_commands_workers_run_without_torch() -> None:
    assert run(IN_WORKER) == "True"


def test_keep_out_blocks_torch_for_spacy_in_the_command_itself() -> None:
    code = (
        "from pipeline import without_torch; without_torch.keep_out()\n"
        "import sys, os, thinc.compat as c\n"
        "print(sys.modules['torch'] is None, os.environ[without_torch.ENV], c.has_torch)"
    )
    assert run(code) == "True 1 False"


@pytest.mark.parametrize("allow", ["1", "yes"])
def test_paperkg_allow_torch_turns_it_off(allow: str) -> None:
    assert run(IN_WORKER, PAPERKG_ALLOW_TORCH=allow) == "False"


def test_the_command_entry_point_keeps_torch_out() -> None:
    code = (
        "import sys\n"
        "from pipeline.cli import main\n"
        "sys.argv = ['paperkg', '--help']\n"
        "try:\n"
        "    main()\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(sys.modules.get('torch', 'absent') is None)"
    )
    assert run(code).splitlines()[-1] == "True"
