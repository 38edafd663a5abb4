"""Where the files the package reads at run time live: the ontology, the shapes and the query library.

They are top-level folders of the project (the user asked for ``ontology/`` and ``queries/``), so an
editable install reads them in place; ``PAPERKG_HOME`` points elsewhere for other layouts.
"""

from __future__ import annotations

import os
from pathlib import Path

PROJECT_ROOT = Path(os.environ.get("PAPERKG_HOME", Path(__file__).resolve().parents[1]))
ONTOLOGY_DIR = PROJECT_ROOT / "ontology"
QUERIES_DIR = PROJECT_ROOT / "queries"
DATA_DIR = PROJECT_ROOT / "data"
ONTOLOGY_FILE = ONTOLOGY_DIR / "paperkg.ttl"
SHAPES_FILE = ONTOLOGY_DIR / "shapes.ttl"
SAMPLE_CORPUS = DATA_DIR / "iclr2025"
