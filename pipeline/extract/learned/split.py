"""Which annotated training abstracts are held back as the development split (model selection)."""

from __future__ import annotations

import hashlib

#: one abstract in DEV_MODULO goes to the development split
DEV_MODULO = 10


def is_dev(paper_id: str) -> bool:
    """Deterministic by id (not by position), so adding batches never moves an abstract between splits."""
    return int(hashlib.sha256(paper_id.encode("utf-8")).hexdigest(), 16) % DEV_MODULO == 0
