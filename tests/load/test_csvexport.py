"""The neo4j-admin import files hold exactly the graph the loader would write, with typed headers."""

from __future__ import annotations

import csv
from pathlib import Path

from pipeline.load.csvexport import ARRAY_DELIMITER, export_csv
from pipeline.load.propgraph import read_turtle


def test_csv_files_cover_every_node_and_relationship_with_typed_headers(
    sample_graph: Path, tmp_path: Path
) -> None:
    pg = read_turtle(str(sample_graph))
    written = export_csv(pg, tmp_path)
    node_rows = sum(n for name, n in written.items() if name.startswith("nodes_"))
    rel_rows = sum(n for name, n in written.items() if name.startswith("rels_"))
    assert node_rows == len(pg.nodes) and rel_rows == pg.relationship_count
    with (tmp_path / "nodes_Result.csv").open(encoding="utf-8", newline="") as fh:
        rows = list(csv.reader(fh))
    header = rows[0]
    assert header[0] == "uri:ID" and header[-1] == ":LABEL" and "value:double" in header
    value_col = header.index("value:double")
    assert all(float(r[value_col]) == pg.nodes[r[0]].props["value"] for r in rows[1:])
    assert {r[-1] for r in rows[1:]} == {"Resource;Result"}
    with (tmp_path / "nodes_Method.csv").open(encoding="utf-8", newline="") as fh:
        methods = list(csv.DictReader(fh))
    with_alts = [m for m in methods if m.get("altLabels:string[]")]
    assert with_alts, "the sample has methods with alternative labels"
    m = with_alts[0]
    assert m["altLabels:string[]"].split(ARRAY_DELIMITER) == pg.nodes[m["uri:ID"]].props["altLabels"]
    script = (tmp_path / "import.sh").read_text()
    assert "neo4j-admin database import full" in script and "--relationships=rels_PROPOSES.csv" in script
