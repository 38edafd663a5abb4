"""Keep PyTorch out of the ``paperkg`` command's processes, its spaCy workers included.

Why: paperkg never runs torch (its models are thinc's own CNNs, the scorers dot products), but thinc,
under spaCy, imports torch whenever it is installed, as it is in most ML researchers' environments and in
the project's own training extra. That costs every process about 500 MB: with torch installed, one
process running the NLP stage measured 1.0 GB against 0.5 GB without, which for a build with two workers
is most of its 2 GB budget. ``keep_out`` (called by the command, never on import) records torch as absent
in this process and, through an environment variable its child processes inherit, in every worker,
which runs this module's check on importing ``pipeline`` before spaCy. Library users importing
``pipeline`` in their own process are left alone; ``PAPERKG_ALLOW_TORCH=1`` turns this off.
"""

from __future__ import annotations

import os
import sys

#: set by ``keep_out`` for the command's child processes
ENV = "PAPERKG_WITHOUT_TORCH"


def _block() -> None:
    if "torch" not in sys.modules:
        sys.modules["torch"] = None  # type: ignore[assignment]  # "import torch" now raises ImportError


def keep_out() -> None:
    """Make this process and its children run without torch (unless ``PAPERKG_ALLOW_TORCH=1``)."""
    if os.environ.get("PAPERKG_ALLOW_TORCH", "") not in ("", "0"):
        return
    os.environ[ENV] = "1"
    _block()


if os.environ.get(ENV) == "1":  # a child of the command (a spaCy worker): before spaCy is imported
    _block()
