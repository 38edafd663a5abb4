"""The package tree is the pipeline diagram: imports flow one way, down the data flow, with no cycles.

Read from the source with ``ast`` (nothing is imported), so a new module that breaks the rule fails here.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "pipeline"

#: stage -> the stages it may import (besides itself). The shared layer imports nothing of ours.
ALLOWED = {
    "records": set(),
    "errors": set(),
    "resources": set(),
    "corpus": {"records", "errors", "resources"},
    "extract": {"corpus", "records", "errors", "resources"},
    "graph": {"records", "errors", "resources"},
    "load": {"graph", "records", "errors", "resources"},
    "query": {"graph", "load", "records", "errors", "resources"},
    "build": {"corpus", "extract", "graph", "records", "errors", "resources"},
    "evaluate": {"corpus", "extract", "records", "errors", "resources", "bootstrap"},
    # evaluate's intervals: counts in, intervals out, nothing of ours imported
    "bootstrap": set(),
}


def _module(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_edges() -> dict[str, set[str]]:
    edges: dict[str, set[str]] = defaultdict(set)
    for path in PACKAGE.rglob("*.py"):
        mod = _module(path)
        pkg = mod if path.name == "__init__.py" else mod.rsplit(".", 1)[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level:
                base = pkg.split(".")[: len(pkg.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
                names = [] if node.module else [a.name for a in node.names]
                edges[mod] |= {f"{target}.{n}" for n in names} or {target}
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("pipeline."):
                edges[mod].add(str(node.module))
    return edges


def _stage(mod: str) -> str:
    return mod.split(".")[1] if "." in mod else mod


def test_stages_import_only_down_the_data_flow() -> None:
    wrong = sorted(
        f"{a} imports {b}"
        for a, bs in import_edges().items()
        for b in bs
        if _stage(a) != _stage(b) and _stage(a) in ALLOWED and _stage(b) not in ALLOWED[_stage(a)]
    )
    assert not wrong, wrong


def test_no_import_cycles() -> None:
    edges = import_edges()
    known = set(edges)

    def real(target: str) -> str | None:  # "pipeline.extract.nlp.build_nlp" -> the module it names
        while target and target not in known:
            target = target.rpartition(".")[0]
        return target or None

    graph = {a: {m for b in bs if (m := real(b)) and m != a} for a, bs in edges.items()}
    state: dict[str, int] = {}
    cycles: list[str] = []

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in graph.get(node, ()):
            if state.get(nxt) == 1:
                cycles.append(" -> ".join([*path[path.index(nxt) :], nxt]))
            elif nxt not in state:
                visit(nxt, [*path, nxt])
        state[node] = 2

    for start in sorted(graph):
        if start not in state:
            visit(start, [start])
    assert not cycles, cycles


def test_every_subpackage_says_its_job() -> None:
    for init in PACKAGE.rglob("__init__.py"):
        if init.parent == PACKAGE:
            continue
        doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8")))
        assert doc and len(doc.split()) >= 15, f"{init} needs a docstring: its job and what it hands on"
