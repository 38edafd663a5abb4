"""Export a graph as CSV files for ``neo4j-admin database import full``: the bulk path for huge graphs.

MERGE batches (``paperkg load``) are the right tool for incremental updates, but a first load of
millions of nodes is an order of magnitude faster offline. The files follow the import tool's header
conventions and the same naming as the loader (``Resource`` + class label, ``uri`` as the id, relationship
types in UPPER_SNAKE_CASE), so a graph imported this way answers the shipped Cypher queries unchanged.
"""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

from .propgraph import RESOURCE_LABEL, URI_KEY, PropertyGraph

#: array separator inside a cell (the import tool's default is ';', which appears in abstracts)
ARRAY_DELIMITER = "\u241f"  # SYMBOL FOR UNIT SEPARATOR: never in our text


def _type_of(values: list[Any]) -> str:
    sample = next((v for v in values if v is not None), "")
    if isinstance(sample, list):
        return "string[]"
    if isinstance(sample, bool):
        return "boolean"
    if isinstance(sample, int):
        return "long"
    if isinstance(sample, float):
        return "double"
    return "string"


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, list):
        return ARRAY_DELIMITER.join(str(v) for v in value)
    return str(value)


def export_csv(pg: PropertyGraph, directory: Path) -> dict[str, int]:
    """Write one nodes file per label and one relationships file per type; return rows per file.

    Returns:
        ``{file name: rows}``; ``import.sh`` in the same directory holds the matching import command.
    """
    directory.mkdir(parents=True, exist_ok=True)
    written: dict[str, int] = {}
    node_files, rel_files = [], []
    labels = sorted({n.label or RESOURCE_LABEL for n in pg.nodes.values()})
    for label in labels:
        nodes = [n for n in pg.nodes.values() if (n.label or RESOURCE_LABEL) == label]
        nodes.sort(key=lambda n: n.uri)
        keys = sorted({k for n in nodes for k in n.props})
        types = {k: _type_of([n.props.get(k) for n in nodes]) for k in keys}
        name = f"nodes_{label}.csv"
        with (directory / name).open("w", encoding="utf-8", newline="") as fh:
            w = csv.writer(fh)
            w.writerow([f"{URI_KEY}:ID", *(f"{k}:{types[k]}" for k in keys), ":LABEL"])
            labels_cell = RESOURCE_LABEL if label == RESOURCE_LABEL else f"{RESOURCE_LABEL};{label}"
            for n in nodes:
                w.writerow([n.uri, *(_cell(n.props.get(k)) for k in keys), labels_cell])
        written[name] = len(nodes)
        node_files.append(name)
    for rel_type in sorted(pg.relationships):
        name = f"rels_{rel_type}.csv"
        with (directory / name).open("w", encoding="utf-8", newline="") as fh:
            w = csv.writer(fh)
            w.writerow([":START_ID", ":END_ID", ":TYPE"])
            for s, o in pg.relationships[rel_type]:
                w.writerow([s, o, rel_type])
        written[name] = len(pg.relationships[rel_type])
        rel_files.append(name)
    args = " ".join([*(f"--nodes={f}" for f in node_files), *(f"--relationships={f}" for f in rel_files)])
    (directory / "import.sh").write_text(
        "#!/usr/bin/env bash\n# Run in this directory with the Neo4j server stopped; creates database DB "
        "(default neo4j).\n"
        f'neo4j-admin database import full "${{1:-neo4j}}" --overwrite-destination '
        f"--array-delimiter=$'\\u241f' --multiline-fields=true {args}\n"
        "# then, in Cypher: CREATE CONSTRAINT paperkg_resource_uri IF NOT EXISTS "
        "FOR (n:Resource) REQUIRE n.uri IS UNIQUE\n",
        encoding="utf-8",
    )
    return written
