"""Issue 12, finding 3: every shipped ``.rq`` is complete, standard SPARQL 1.1 that another engine runs
unchanged (PREFIX lines, parameters as variables bound in a ``VALUES`` line, documented in the header).

Each file runs as it is, with no prefixes or bindings handed in, on rdflib's own SPARQL engine and on
pyoxigraph, and both give the same rows; ``paperkg sparql`` with the header's defaults gives them too.
"""

from __future__ import annotations

import math
import re
from decimal import Decimal
from pathlib import Path
from typing import Any

import pyoxigraph as ox
import pytest
from rdflib import Graph, Literal, URIRef
from rdflib.plugins.sparql import prepareQuery

from pipeline import query as q
from pipeline.errors import QueryError

SPECS = {name: pair["sparql"] for name, pair in q.available().items()}


def _norm(value: Any) -> Any:
    if isinstance(value, Decimal):
        value = float(value)
    if isinstance(value, float):
        return round(value, 6) if not math.isnan(value) else "nan"
    return value


def _rdflib_value(term: Any) -> Any:
    if term is None:
        return None
    if isinstance(term, Literal):
        return _norm(term.toPython())
    if isinstance(term, URIRef):
        return str(term)
    return str(term)


def _ox_rows(store: ox.Store, text: str) -> list[tuple[tuple[str, Any], ...]]:
    solutions = store.query(text)
    assert isinstance(solutions, ox.QuerySolutions)
    names = [v.value for v in solutions.variables]
    return [tuple((n, _norm(q._ox_value(sol[n]))) for n in names) for sol in solutions]


def _rdflib_rows(graph: Graph, text: str) -> list[tuple[tuple[str, Any], ...]]:
    result = graph.query(text)
    names = [str(v) for v in result.vars or []]
    return [tuple((n, _rdflib_value(row[n])) for n in names) for row in result]  # type: ignore[index]


@pytest.fixture(scope="module")
def engines(sample_graph: Path) -> tuple[Graph, ox.Store]:
    return Graph().parse(sample_graph, format="turtle"), q.open_store(sample_graph)


@pytest.mark.parametrize("name", sorted(SPECS))
def test_rq_parses_standalone_with_no_prefixes_handed_in(name: str) -> None:
    text = SPECS[name].text
    prepareQuery(text)  # rdflib: fails on any undeclared prefix
    ox.Store().query(text)  # oxigraph, empty store, no prefixes given
    for prefix in set(re.findall(r"(?<![\w<#])([a-z][\w-]*):[A-Za-z_]", text.split("SELECT", 1)[1])):
        assert re.search(rf"^PREFIX {prefix}: <", text, re.M), f"{name}: prefix {prefix}: used, not declared"


@pytest.mark.parametrize("name", sorted(SPECS))
def test_rq_parameters_are_values_variables_documented_in_the_header(name: str) -> None:
    spec = SPECS[name]
    values = re.findall(r"^\s*VALUES\s+\(?([?\w\s]+?)\)?\s*\{", spec.text, re.M)
    bound = {v.lstrip("?") for line in values for v in line.split()}
    params = set(spec.params)
    assert bound - {q.LIMIT_PARAM} == params - {q.LIMIT_PARAM}, "every parameter is a VALUES variable"
    assert spec.params.get(q.LIMIT_PARAM) == "25", "list queries take a limit, 25 by default"
    assert re.search(r"^LIMIT 25$", spec.text, re.M)
    if q.LIMIT_PARAM in bound:  # a ranked query reads the first ?limit positions: its VALUES says 25 too
        assert q.values_bound(spec, q.bind_params(spec, {})) == params
        line = next(v for v in re.findall(r"^\s*VALUES.*$", spec.text, re.M) if "?limit" in v)
        names = re.findall(r"\?(\w+)", line.split("{")[0])
        assert line.split("{", 1)[1].replace("(", " ").replace(")", " ").split()[names.index("limit")] == "25"


#: a VALUES line edited as a user of another tool would, where the default finds nothing on the sample
USER_EDITS = {
    "co-occurring-methods": (
        "VALUES (?min_papers ?limit) { (2 25) }",
        "VALUES (?min_papers ?limit) { (1 25) }",
        {"min_papers": "1"},
    )
}


@pytest.mark.parametrize("name", sorted(SPECS))
def test_rq_gives_the_same_rows_on_rdflib_and_pyoxigraph(engines: tuple[Graph, ox.Store], name: str) -> None:
    graph, store = engines
    spec = SPECS[name]
    text, given = spec.text, {}
    if name in USER_EDITS:
        old, new, given = USER_EDITS[name]
        assert old in text
        text = text.replace(old, new)
    ox_rows = _ox_rows(store, text)
    assert ox_rows, f"{name}: no rows on the sample, agreement would prove nothing"
    assert _rdflib_rows(graph, text) == ox_rows
    # paperkg's own runner, binding the same values by substitution, agrees with the file as is
    params = q.bind_params(spec, given)
    hidden = set(params) | set(q.lookup_keys(spec, params))  # parameters and the lookup keys paperkg binds
    ours = [tuple((k, _norm(v)) for k, v in r.items()) for r in q.run_sparql(store, spec, params)]
    assert ours == [tuple(c for c in row if c[0] not in hidden) for row in ox_rows]


def test_limit_parameter_caps_the_rows_and_must_be_a_whole_number(sample_graph: Path) -> None:
    store = q.open_store(sample_graph)
    spec = SPECS["top-methods"]
    assert len(q.run_sparql(store, spec, q.bind_params(spec, {}))) == 25
    assert len(q.run_sparql(store, spec, q.bind_params(spec, {"limit": "3"}))) == 3
    assert len(q.run_sparql(store, spec, q.bind_params(spec, {"limit": "100000"}))) > 25
    for bad in ("-1", "2.5", "3 } SELECT", "all"):
        with pytest.raises(QueryError, match="whole number"):
            q.bind_params(spec, {"limit": bad})
    with pytest.raises(QueryError, match="whole number"):
        q.sparql_text(spec, {"limit": "3 } SELECT * WHERE { ?s ?p ?o }"})


def test_a_parameter_not_bound_in_one_values_line_is_refused(tmp_path: Path) -> None:
    f = tmp_path / "bad.rq"
    f.write_text("# answers: x\n# param: name = y\nSELECT ?name WHERE { ?s ?p ?name }\n", encoding="utf-8")
    with pytest.raises(QueryError, match="one VALUES line"):
        q.sparql_text(q.parse_header(f), {"name": "y"})
