"""Where the packaged files live: the ontology and shapes, the query library, the sample corpus.

In the repository ``ontology/``, ``queries/`` and ``data/`` are top-level folders (the user asked for
``ontology/`` and ``queries/``), which an editable install reads in place. A wheel carries the same files
inside the package (``pipeline/ontology``, ``pipeline/queries``, ``pipeline/data``: mapped at build time
by ``setup.py``, not copied), so an installed ``paperkg`` works from any directory without a checkout.
``PAPERKG_HOME`` still points at another tree with that layout when set.
"""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def _root() -> Path:
    home = os.environ.get("PAPERKG_HOME")
    if home:
        return Path(home)
    if (_PACKAGE / "ontology" / "paperkg.ttl").is_file():  # an installed wheel
        return _PACKAGE
    return _PACKAGE.parent  # a checkout (editable install)


#: the folder holding ``ontology/``, ``queries/`` and ``data/``: the checkout, or the installed package
PROJECT_ROOT = _root()
ONTOLOGY_DIR = PROJECT_ROOT / "ontology"
QUERIES_DIR = PROJECT_ROOT / "queries"
DATA_DIR = PROJECT_ROOT / "data"
ONTOLOGY_FILE = ONTOLOGY_DIR / "paperkg.ttl"
SHAPES_FILE = ONTOLOGY_DIR / "shapes.ttl"
SAMPLE_CORPUS = DATA_DIR / "iclr2025"
