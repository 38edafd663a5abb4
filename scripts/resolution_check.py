"""Count entity nodes that share a normalised label with another node of the same type in a built graph.

Why: resolution promises one node per real-world entity. A second node whose label normalises to the same
key (``pipeline.graph.resolve.norm_key``: case, hyphens, spaces, Unicode, plurals) is a resolution miss; the
target
is 0. The evaluator's coarser lenient key (``pipeline.evaluate.norm_name``, which also ignores dots and a
trailing "s") is reported too, with the pairs, because some of its collisions are distinct things
(DiT-S vs DiTs) that must stay apart.

Usage:
    paperkg build ../shared/corpora/iclr2025.jsonl -o out/iclr2025.ttl --workers 2
    python scripts/resolution_check.py out/iclr2025.ttl [--show 20]
    python scripts/resolution_check.py --cache bench/work60k/cache-all   # resolve a build cache's extractions

``--cache`` re-resolves the extractions a build cached (``extractions.sqlite``) with the current resolver
and mention tidying, without re-running the NLP stage: how a resolution change acts on a large corpus.
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from pathlib import Path

import pyoxigraph as ox

from pipeline.evaluate import norm_name
from pipeline.graph.resolve import norm_key
from pipeline.graph.vocab import PKG

TYPES = {"Method": PKG.Method, "Dataset": PKG.Dataset, "Metric": PKG.Metric, "Task": PKG.Task}
_QUERY = """
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
SELECT ?type ?node ?label WHERE { ?node a ?type ; rdfs:label ?label }
"""


def labels_by_type(path: Path) -> dict[str, dict[str, str]]:
    store = ox.Store()
    store.bulk_load(path=str(path), format=ox.RdfFormat.TURTLE)
    out: dict[str, dict[str, str]] = {}
    for name, iri in TYPES.items():
        rows = store.query(_QUERY, substitutions={ox.Variable("type"): ox.NamedNode(str(iri))})
        out[name] = {row["node"].value: row["label"].value for row in rows}
    return out


def collisions(labels: dict[str, str], key) -> list[list[str]]:  # type: ignore[no-untyped-def]
    """Groups of two or more labels (one per node) whose keys are equal."""
    groups: dict[str, list[str]] = defaultdict(list)
    for label in labels.values():
        groups[key(label)].append(label)
    return [sorted(g) for g in groups.values() if len(g) > 1]


def labels_from_cache(directory: Path) -> dict[str, dict[str, str]]:
    """Node labels by type when the cached extractions of a build are resolved now (tidied first)."""
    import sqlite3

    from pipeline.build.cache import CACHE_FILE, decode
    from pipeline.extract.entities.tidy import tidy_mention
    from pipeline.graph.resolve import build_index
    from pipeline.records import PaperExtraction, PaperRecord

    placeholder = PaperRecord(id="cached", abstract="cached", source="cache")

    def extractions():  # type: ignore[no-untyped-def]
        db = sqlite3.connect(directory / CACHE_FILE)
        for (payload,) in db.execute("SELECT payload FROM extraction"):
            ex: PaperExtraction = decode(payload, placeholder)
            tidied = tuple(m for m in (tidy_mention(m) for m in ex.entities) if m is not None)
            yield ex.model_copy(update={"entities": tidied})

    out: dict[str, dict[str, str]] = {name: {} for name in TYPES}
    for ref in build_index(extractions()).entities():
        out[ref.type.value.capitalize()][str(ref.iri)] = ref.label
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("graph", type=Path, nargs="?", help="Turtle written by `paperkg build`")
    ap.add_argument("--cache", type=Path, help="a build cache directory to re-resolve instead of a graph")
    ap.add_argument("--show", type=int, default=20, help="pairs to print for the coarse key")
    args = ap.parse_args()
    if (args.graph is None) == (args.cache is None):
        ap.error("give a graph or --cache DIR")
    by_type = labels_from_cache(args.cache) if args.cache else labels_by_type(args.graph)
    total_fine = total_coarse = 0
    shown: list[list[str]] = []
    print(f"{'type':8} {'nodes':>6} {'same norm_key':>14} {'same lenient key':>17}")
    for name, labels in by_type.items():
        fine = sum(len(g) for g in collisions(labels, norm_key))
        coarse_groups = collisions(labels, norm_name)
        coarse = sum(len(g) for g in coarse_groups)
        total_fine += fine
        total_coarse += coarse
        shown += [[name, *g] for g in coarse_groups]
        print(f"{name:8} {len(labels):6} {fine:14} {coarse:17}")
    print(f"{'all':8} {sum(map(len, by_type.values())):6} {total_fine:14} {total_coarse:17}")
    for group in shown[: args.show]:
        print("  lenient-key group:", group[0], "|", " / ".join(group[1:]))


if __name__ == "__main__":
    main()
