"""The shipped query library: ``queries/NAME.cypher`` and its SPARQL twin ``queries/NAME.rq``.

Each file starts with a comment header that says what it answers and which parameters it takes::

    // answers: the datasets most papers use
    // param: dataset = ImageNet-1k
    // param: limit = 25 (at most this many rows)

Every ``.rq`` is a complete SPARQL 1.1 query that runs unchanged in any engine: ``PREFIX`` lines, and its
parameters bound as variables in one ``VALUES`` line (the header's defaults) plus the ``LIMIT`` clause.
Parameters always travel as parameters, never pasted into the text: ``$dataset`` in Cypher; in SPARQL the
runner drops the ``VALUES`` line and binds ``?dataset`` by SEP-0007 substitution instead. The one exception
is ``limit``: SPARQL's ``LIMIT`` takes no variable, so the runner rewrites the number of the ``LIMIT``
clause, and only with a validated non-negative integer. A query that reads a precomputed ranking also
binds ``?limit`` in its ``VALUES`` line (``FILTER(?rank <= ?limit)`` reads only the first positions instead
of sorting the whole graph); it is then substituted like any other parameter, from the same validated
integer. A name lookup computes its key in a line ``BIND(LCASE(STR(?name)) AS ?name_key)``; the runner
drops that line too and substitutes the lower-cased value (an index lookup in pyoxigraph instead of a
scan). Cypher runs in a read transaction.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

import neo4j
import pyoxigraph as ox

from .errors import InputError, QueryError
from .resources import QUERIES_DIR

_HEADER = re.compile(r"^\s*(?://|#)\s*(answers|param)\s*:\s*(.*)$", re.I)
_PARAM = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)\s*(?:=\s*(.*?))?\s*(?:\((.*)\))?$")
#: the parameter every list query takes: at most this many rows
LIMIT_PARAM = "limit"
#: a one-line ``VALUES ?a { ... }`` or ``VALUES (?a ?b) { (...) }``: where a ``.rq`` binds its parameters
_VALUES_LINE = re.compile(
    r"^[ \t]*VALUES[ \t]+(?P<vars>\?\w+|\((?:[ \t]*\?\w+)+[ \t]*\))[ \t]*\{[^{}\n]*\}[ \t]*\n", re.M | re.I
)
_LIMIT_CLAUSE = re.compile(r"^([ \t]*LIMIT[ \t]+)\d+([ \t]*)$", re.M | re.I)
#: ``BIND(LCASE(STR(?name)) AS ?name_key)`` on a line of its own: a parameter's lookup key, which the query
#: computes in any engine; paperkg drops the line and substitutes the key (lower-cased in Python, as the
#: graph's stored keys are), because pyoxigraph looks a bound value up in its index but scans for a BIND
_KEY_BIND = re.compile(r"^[ \t]*BIND\(LCASE\(STR\(\?(?P<param>\w+)\)\) AS \?(?P=param)_key\)[ \t]*\n", re.M)
KEY_SUFFIX = "_key"


@dataclass(frozen=True)
class QuerySpec:
    name: str
    path: Path
    answers: str
    params: dict[str, str] = field(default_factory=dict)  # name -> default ("" when none)

    @property
    def text(self) -> str:
        return self.path.read_text(encoding="utf-8")


def parse_header(path: Path) -> QuerySpec:
    answers, params = "", {}
    for line in path.read_text(encoding="utf-8").splitlines():
        m = _HEADER.match(line)
        if not m:
            if line.strip() and not line.lstrip().startswith(("//", "#")):
                break
            continue
        kind, rest = m.group(1).lower(), m.group(2).strip()
        if kind == "answers":
            answers = rest
        else:
            pm = _PARAM.match(rest)
            if pm:
                params[pm.group(1)] = (pm.group(2) or "").strip()
    return QuerySpec(name=path.stem, path=path, answers=answers, params=params)


def available(directory: Path = QUERIES_DIR) -> dict[str, dict[str, QuerySpec]]:
    """``{name: {"cypher": spec, "sparql": spec}}`` for every query file shipped."""
    out: dict[str, dict[str, QuerySpec]] = {}
    for path in sorted(directory.glob("*.cypher")) + sorted(directory.glob("*.rq")):
        engine = "cypher" if path.suffix == ".cypher" else "sparql"
        out.setdefault(path.stem, {})[engine] = parse_header(path)
    return out


def resolve(name_or_file: str, engine: str, directory: Path = QUERIES_DIR) -> QuerySpec:
    """A shipped query by name, or any query file by path."""
    path = Path(name_or_file)
    if path.suffix in (".cypher", ".rq") and path.is_file():
        return parse_header(path)
    specs = available(directory).get(name_or_file, {})
    if engine not in specs:
        names = ", ".join(sorted(available(directory))) or "none"
        raise QueryError(f"no {engine} query named {name_or_file!r} (available: {names})")
    return specs[engine]


def bind_params(spec: QuerySpec, given: dict[str, str]) -> dict[str, Any]:
    """Defaults from the header, overridden by ``given``; unknown or missing parameters are errors."""
    unknown = set(given) - set(spec.params)
    if unknown:
        raise QueryError(
            f"query {spec.name!r} takes no parameter(s) {', '.join(sorted(unknown))}; "
            f"it takes: {', '.join(spec.params) or 'none'}"
        )
    values = {**spec.params, **given}
    missing = [k for k, v in values.items() if v == ""]
    if missing:
        raise QueryError(f"query {spec.name!r} needs --param {missing[0]}=VALUE")
    limit = values.get(LIMIT_PARAM)
    if limit is not None and not (_INT.fullmatch(str(limit)) and int(limit) >= 0):
        raise QueryError(f"query {spec.name!r}: {LIMIT_PARAM} must be a whole number >= 0")
    return {k: _typed(v, spec.params[k]) for k, v in values.items()}


_INT = re.compile(r"-?\d+")
_FLOAT = re.compile(r"-?\d+\.\d+")


def _typed(value: str, default: str) -> Any:
    """A parameter is a number only when its header default is one (``min_papers = 2``); everything else
    stays the string given, so ``-p paper=2024`` or ``-p paper=2401.12345`` still finds the paper."""
    if _INT.fullmatch(default):
        if not _INT.fullmatch(value):
            raise QueryError(f"parameter expects an integer (like {default}), got {value!r}")
        return int(value)
    if _FLOAT.fullmatch(default):
        try:
            return float(value)
        except ValueError:
            raise QueryError(f"parameter expects a number (like {default}), got {value!r}") from None
    return value


def run_cypher(
    driver: neo4j.Driver, spec: QuerySpec, params: dict[str, Any], database: str
) -> list[dict[str, Any]]:
    """Run a Cypher query in a read transaction and return plain rows."""

    def _work(tx: neo4j.ManagedTransaction) -> list[dict[str, Any]]:
        return [record.data() for record in tx.run(spec.text, params)]

    try:
        with driver.session(database=database, default_access_mode=neo4j.READ_ACCESS) as session:
            return session.execute_read(_work)
    except neo4j.exceptions.CypherSyntaxError as exc:
        raise QueryError(f"{spec.path}: Cypher syntax error: {_first_line(exc.message)}") from exc
    except neo4j.exceptions.Neo4jError as exc:  # e.g. a write in this read transaction, a type error
        raise QueryError(
            f"{spec.path}: Neo4j refused the query: {exc.code}: {_first_line(exc.message)}"
        ) from exc


def _first_line(message: str | None) -> str:
    return (message or "").strip().splitlines()[0] if (message or "").strip() else "no message"


def open_store(turtle_path: Path) -> ox.Store:
    """An in-memory pyoxigraph store holding one Turtle file.

    Raises:
        InputError: the file is missing or not Turtle (exit 2, as for every command).
    """
    if not turtle_path.is_file():
        raise InputError(f"{turtle_path}: no such file (run `paperkg build` first)")
    store = ox.Store()
    try:
        store.bulk_load(path=str(turtle_path), format=ox.RdfFormat.TURTLE)
    except (SyntaxError, ValueError, OSError) as exc:
        raise InputError(f"{turtle_path}: not valid Turtle: {_first_line(str(exc))}") from exc
    return store


def _ox_value(term: Any) -> Any:
    if term is None:
        return None
    if isinstance(term, ox.Literal):
        dt = term.datatype.value if term.datatype is not None else ""
        if dt.endswith(("#integer", "#int", "#long")):
            return int(term.value)
        if dt.endswith(("#decimal", "#double", "#float")):
            return float(Decimal(term.value))
        return term.value
    return term.value


def values_bound(spec: QuerySpec, params: dict[str, Any]) -> set[str]:
    """The parameters the ``.rq`` binds in its ``VALUES`` line: all but ``limit``, and ``limit`` too where
    the query also needs it as a value (to read only the first positions of a precomputed ranking)."""
    return set(_values_line(spec, params)[1])


def _values_line(spec: QuerySpec, params: dict[str, Any]) -> tuple[re.Match[str] | None, frozenset[str]]:
    bound = frozenset(k for k in params if k != LIMIT_PARAM)
    wanted = {bound, bound | {LIMIT_PARAM}} if LIMIT_PARAM in params else {bound}
    lines = [
        m for m in _VALUES_LINE.finditer(spec.text) if frozenset(re.findall(r"\?(\w+)", m["vars"])) in wanted
    ]
    if not bound and not lines:
        return None, frozenset()
    if len(lines) != 1:
        raise QueryError(
            f"{spec.path}: parameters {', '.join(sorted(bound))} must be bound in one VALUES line"
        )
    return lines[0], frozenset(re.findall(r"\?(\w+)", lines[0]["vars"]))


def sparql_text(spec: QuerySpec, params: dict[str, Any]) -> str:
    """The query text ``run_sparql`` sends: the parameters' ``VALUES`` line dropped (they are bound by
    substitution instead) and the ``LIMIT`` clause set from the ``limit`` parameter.

    Raises:
        QueryError: the file does not bind its parameters in exactly one ``VALUES`` line, or has no single
            ``LIMIT`` clause while taking a ``limit``.
    """
    text = spec.text
    line, bound = _values_line(spec, params)
    if line is not None:
        text = text[: line.start()] + text[line.end() :]
    text = _KEY_BIND.sub(lambda m: "" if m["param"] in bound else m[0], text)
    if LIMIT_PARAM in params:
        limit = params[LIMIT_PARAM]
        if not isinstance(limit, int) or isinstance(limit, bool) or limit < 0:
            raise QueryError(f"{spec.path}: {LIMIT_PARAM} must be a whole number >= 0, not {limit!r}")
        # SPARQL's LIMIT takes no variable: the validated integer is the only thing written into the text
        text, n = _LIMIT_CLAUSE.subn(lambda m: f"{m[1]}{limit}{m[2]}", text)
        if n != 1:
            raise QueryError(f"{spec.path}: takes a {LIMIT_PARAM} but has no single LIMIT clause")
    return text


def lookup_keys(spec: QuerySpec, params: dict[str, Any]) -> dict[str, str]:
    """``{name_key: value lower-cased}`` for each bound parameter whose key the ``.rq`` computes with
    ``BIND(LCASE(STR(?name)) AS ?name_key)``: what ``run_sparql`` substitutes in place of that line."""
    bound = values_bound(spec, params)
    return {
        f"{m['param']}{KEY_SUFFIX}": str(params[m["param"]]).lower()
        for m in _KEY_BIND.finditer(spec.text)
        if m["param"] in bound
    }


def run_sparql(store: ox.Store, spec: QuerySpec, params: dict[str, Any]) -> list[dict[str, Any]]:
    """Run a SPARQL SELECT with parameters substituted as RDF literals (never spliced into the text).

    The query must project its parameter variables (an oxigraph rule for substitutions); they are
    left out of the returned rows. No prefixes are added: a shipped query declares its own.
    """
    text = sparql_text(spec, params)  # first: it refuses a bad limit before it is substituted anywhere
    bound = values_bound(spec, params)
    substitutions: dict[ox.Variable, ox.NamedNode | ox.BlankNode | ox.Literal | ox.Triple] = {
        ox.Variable(k): ox.Literal(str(v), datatype=ox.NamedNode("http://www.w3.org/2001/XMLSchema#integer"))
        if isinstance(v, int)
        else ox.Literal(str(v))
        for k, v in params.items()
        if k in bound
    }
    keys = lookup_keys(spec, params)
    substitutions.update({ox.Variable(k): ox.Literal(v) for k, v in keys.items()})
    try:
        solutions = store.query(text, substitutions=substitutions)
    except SyntaxError as exc:
        raise QueryError(f"{spec.path}: SPARQL syntax error: {exc}") from exc
    if not isinstance(solutions, ox.QuerySolutions):
        raise QueryError(f"{spec.path}: only SELECT queries are supported")
    # oxigraph substitutes only projected variables, so parameters are projected too: drop them here
    names = [v.value for v in solutions.variables if v.value not in params and v.value not in keys]
    return [{n: _ox_value(sol[n]) for n in names} for sol in solutions]
