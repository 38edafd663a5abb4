"""``paperkg``: one command per user verb. Thin commands over library functions.

Exit codes: 0 ok; 1 finished with failures (rejected records, invalid graph, failed query);
2 usage or configuration error; 3 Neo4j unavailable. Results go to stdout, progress and diagnostics
to stderr.
"""

from __future__ import annotations

import json
import logging
import signal
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Literal, cast

import typer
from pydantic import SecretStr

from . import without_torch
from .errors import (
    EXIT_FAILURE,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_TERMINATED,
    InputError,
    PaperKGError,
    Terminated,
)
from .evaluate import ALL_SETS
from .resources import SAMPLE_CORPUS

app = typer.Typer(
    name="paperkg",
    help="Knowledge graphs from ML paper abstracts: spaCy -> RDF/Turtle -> Neo4j, with ready-made queries.",
    no_args_is_help=True,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

# fmt: off
UriOpt = typer.Option("neo4j://127.0.0.1:7687", "--uri", envvar="NEO4J_URI", help="Bolt/neo4j URI "
                                                                                  "(neo4j+s:// for Aura or "
                                                                                  "clusters).")
UserOpt = typer.Option("neo4j", "--user", envvar="NEO4J_USER", help="Neo4j user.")
PasswordOpt = typer.Option("", "--password", envvar="NEO4J_PASSWORD", help="Neo4j password (prefer the "
                                                                           "NEO4J_PASSWORD "
                                                                           "variable).", show_default=False)
DatabaseOpt = typer.Option("neo4j", "--database", envvar="NEO4J_DATABASE", help="Neo4j database name.")
QuietOpt = typer.Option(False, "--quiet", "-q", help="No progress bars or summaries on stderr.")
# fmt: on


def _err(message: str) -> None:
    typer.echo(message, err=True)


def _fail(exc: PaperKGError) -> typer.Exit:
    _err(f"paperkg: error: {exc}")
    return typer.Exit(exc.exit_code)


@contextmanager
def _interruptible() -> Iterator[None]:
    """Ctrl-C and SIGTERM end the command in one line, after every clean-up has run (exit 130 / 143)."""

    def _terminate(signum: int, frame: object) -> None:
        raise Terminated()

    main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, _terminate) if main else None
    try:
        yield
    except KeyboardInterrupt as exc:
        terminated = isinstance(exc, Terminated)
        _err(f"paperkg: interrupted ({'SIGTERM' if terminated else 'Ctrl-C'}); the output was not changed")
        raise typer.Exit(EXIT_TERMINATED if terminated else EXIT_INTERRUPTED) from None
    finally:
        if main and previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _progress(quiet: bool) -> bool | None:
    return False if quiet else None  # None: tqdm decides (bars only on a terminal)


def _read_graph(file: Path) -> Any:
    """A Turtle file as a property graph; a missing or non-Turtle file is an ``InputError`` (exit 2)."""
    from .load.propgraph import read_turtle

    if not file.is_file():
        raise InputError(f"{file}: no such file (run `paperkg build` first)")
    try:
        return read_turtle(str(file))
    except (SyntaxError, ValueError, OSError) as exc:
        message = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise InputError(f"{file}: not valid Turtle: {message}") from exc


def _settings(uri: str, user: str, password: str, database: str) -> Any:
    from .load.loader import Neo4jSettings

    return Neo4jSettings(uri=uri, user=user, password=SecretStr(password), database=database)


@app.command()
def build(
    inputs: list[str] = typer.Argument(
        None,
        help="Files (.txt seed format or .jsonl), directories, or - for stdin. Default: the bundled sample.",
    ),
    output: Path = typer.Option(Path("out/graph.ttl"), "--output", "-o", help="Turtle file to write."),
    rejects: Path | None = typer.Option(
        None, "--rejects", help="Where rejected records go (default: <output stem>.rejects.jsonl)."
    ),
    workers: int = typer.Option(1, "--workers", "-w", min=1, help="spaCy worker processes."),
    batch_size: int = typer.Option(64, "--batch-size", min=1, help="spaCy batch size."),
    no_validate: bool = typer.Option(
        False, "--no-validate", help="Skip SHACL validation (faster; not recommended)."
    ),
    summary_json: Path | None = typer.Option(None, "--summary-json", help="Also write the summary as JSON."),
    engine: str = typer.Option(
        "local",
        "--engine",
        help="Where the NLP stage runs: local (spaCy processes) or dask (a Dask distributed cluster).",
    ),
    scheduler: str | None = typer.Option(
        None,
        "--scheduler",
        help="Dask scheduler address (tcp://host:8786); without it --engine dask starts a local cluster of "
        "--workers workers.",
    ),
    cache_dir: Path | None = typer.Option(
        None,
        "--cache-dir",
        help="Extraction cache (reused across builds; keyed by abstract hash + NLP version). Default: "
        "<output dir>/.paperkg-cache.",
    ),
    no_cache: bool = typer.Option(
        False,
        "--no-cache",
        help="Do not read or keep the extraction cache (every abstract goes through spaCy).",
    ),
    quiet: bool = QuietOpt,
) -> None:
    """Extract entities and results from abstracts and write a validated Turtle graph.

    Abstracts already extracted by an earlier build (same text, same NLP version) come from the cache,
    so adding a few abstracts to a large corpus only runs spaCy on the new ones.

    Example: paperkg build data/iclr2025 -o out/graph.ttl
    Example: paperkg build corpus.jsonl --engine dask --scheduler tcp://10.0.0.5:8786
    """
    from .build.passes import build as run_build

    if engine not in ("local", "dask"):
        raise typer.BadParameter("expected local or dask", param_hint="--engine")
    if scheduler and engine != "dask":
        raise typer.BadParameter("--scheduler needs --engine dask", param_hint="--scheduler")
    sources = inputs or [str(SAMPLE_CORPUS)]
    cache = None if no_cache else (cache_dir or output.parent / ".paperkg-cache")
    try:
        with _interruptible():
            summary = run_build(
                sources,
                output,
                rejects_file=rejects,
                n_process=workers,
                batch_size=batch_size,
                validate=not no_validate,
                progress=_progress(quiet),
                cache_dir=cache,
                engine=cast(Literal["local", "dask"], engine),  # checked above
                scheduler=scheduler,
            )
    except PaperKGError as exc:
        raise _fail(exc) from exc
    data = summary.__dict__
    if summary_json:
        summary_json.parent.mkdir(parents=True, exist_ok=True)
        summary_json.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    lines = [
        f"papers: read {summary.read}, ok {summary.ok}, rejected {summary.rejected}"
        + (f" (see {summary.rejects_file})" if summary.rejects_file else ""),
        "entities: " + ", ".join(f"{k.lower()} {v}" for k, v in summary.entities.items()),
        f"results: {summary.results}",
        f"extracted: {summary.extracted} with spaCy ({summary.engine}), {summary.cached} from the cache",
        f"triples: {summary.triples} -> {summary.output}",
        "seconds: " + ", ".join(f"{k} {v:.2f}" for k, v in summary.seconds.items()),
    ]
    typer.echo("\n".join(lines))
    raise typer.Exit(EXIT_FAILURE if summary.rejected else EXIT_OK)


def _load(
    file: Path, replace: bool, uri: str, user: str, password: str, database: str, batch_size: int, quiet: bool
) -> None:
    from .load.loader import Neo4jLoader, connect

    try:
        started = time.perf_counter()
        pg = _read_graph(file)
        parse_s = time.perf_counter() - started
        settings = _settings(uri, user, password, database)
        with connect(settings) as driver:
            loader = Neo4jLoader(driver, database=database, batch_size=batch_size)
            summary = loader.load(pg, replace=replace, progress=_progress(quiet))
    except PaperKGError as exc:
        raise _fail(exc) from exc
    typer.echo(
        f"loaded {summary.nodes} nodes and {summary.relationships} relationships into {database} "
        f"in {summary.batches} batches ({parse_s:.2f}s parse, {summary.seconds:.2f}s load)"
        + (
            f"; removed {summary.deleted_nodes} stale nodes, {summary.deleted_relationships} stale "
            f"relationships"
            if replace
            else ""
        )
    )


@app.command()
def load(
    file: Path = typer.Argument(Path("out/graph.ttl"), help="Turtle file written by `paperkg build`."),
    batch_size: int = typer.Option(1000, "--batch-size", min=1, help="Rows per UNWIND batch."),
    uri: str = UriOpt,
    user: str = UserOpt,
    password: str = PasswordOpt,
    database: str = DatabaseOpt,
    quiet: bool = QuietOpt,
) -> None:
    """Load a Turtle graph into Neo4j (MERGE on IRIs: loading twice changes nothing).

    Example: NEO4J_PASSWORD=... paperkg load out/graph.ttl
    """
    _load(file, False, uri, user, password, database, batch_size, quiet)


@app.command()
def reload(
    file: Path = typer.Argument(Path("out/graph.ttl"), help="Turtle file written by `paperkg build`."),
    batch_size: int = typer.Option(1000, "--batch-size", min=1, help="Rows per UNWIND batch."),
    uri: str = UriOpt,
    user: str = UserOpt,
    password: str = PasswordOpt,
    database: str = DatabaseOpt,
    quiet: bool = QuietOpt,
) -> None:
    """Load a graph and remove whatever earlier paperkg loads wrote that it no longer has.

    Example: paperkg build data/ && paperkg reload out/graph.ttl
    """
    _load(file, True, uri, user, password, database, batch_size, quiet)


def _parse_params(params: list[str] | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in params or []:
        if "=" not in item:
            raise typer.BadParameter(f"expected NAME=VALUE, got {item!r}", param_hint="--param")
        key, value = item.split("=", 1)
        out[key.strip()] = value
    return out


def _print_rows(rows: list[dict[str, Any]], fmt: str, limit: int | None) -> None:
    shown = rows[:limit] if limit else rows
    if fmt == "json":
        typer.echo(json.dumps(shown, indent=2, ensure_ascii=False))
        return
    if not shown:
        typer.echo("(no rows)")
        return
    cols = list(shown[0])
    cells = [[("" if r.get(c) is None else str(r.get(c)))[:80] for c in cols] for r in shown]
    widths = [max(len(c), *(len(row[i]) for row in cells)) for i, c in enumerate(cols)]
    typer.echo("  ".join(c.ljust(w) for c, w in zip(cols, widths, strict=False)))
    typer.echo("  ".join("-" * w for w in widths))
    for row in cells:
        typer.echo("  ".join(v.ljust(w) for v, w in zip(row, widths, strict=False)))
    if limit and len(rows) > limit:
        typer.echo(f"... {len(rows) - limit} more rows (--limit 0 for all)")


FormatOpt = typer.Option("table", "--format", "-f", help="table or json.")
LimitOpt = typer.Option(50, "--limit", help="Rows to print (0: all).")
ParamOpt = typer.Option(None, "--param", "-p", help="Query parameter NAME=VALUE (repeatable).")


@app.command()
def query(
    name: str = typer.Argument(
        ..., help="A query in queries/ (without .cypher) or a .cypher file; `paperkg queries` lists them."
    ),
    param: list[str] | None = ParamOpt,
    fmt: str = FormatOpt,
    limit: int = LimitOpt,
    uri: str = UriOpt,
    user: str = UserOpt,
    password: str = PasswordOpt,
    database: str = DatabaseOpt,
) -> None:
    """Run a ready-made Cypher query against Neo4j (read transaction) and print the rows.

    Example: paperkg query leaderboard -p dataset=ImageNet-1k -p "metric=linear evaluation accuracy"
    """
    from . import query as q
    from .load.loader import connect

    try:
        spec = q.resolve(name, "cypher")
        bound = q.bind_params(spec, _parse_params(param))
        with connect(_settings(uri, user, password, database)) as driver:
            rows = q.run_cypher(driver, spec, bound, database)
    except PaperKGError as exc:
        raise _fail(exc) from exc
    _print_rows(rows, fmt, limit or None)


@app.command()
def sparql(
    name: str = typer.Argument(..., help="A query in queries/ (without .rq) or a .rq file."),
    data: Path = typer.Option(Path("out/graph.ttl"), "--data", "-d", help="Turtle file to query."),
    param: list[str] | None = ParamOpt,
    fmt: str = FormatOpt,
    limit: int = LimitOpt,
) -> None:
    """Run a ready-made SPARQL query over a Turtle export with pyoxigraph (no server needed).

    Example: paperkg sparql top-datasets --data out/graph.ttl
    """
    from . import query as q

    try:
        spec = q.resolve(name, "sparql")
        bound = q.bind_params(spec, _parse_params(param))
        rows = q.run_sparql(q.open_store(data), spec, bound)
    except PaperKGError as exc:
        raise _fail(exc) from exc
    _print_rows(rows, fmt, limit or None)


@app.command("queries")
def list_queries() -> None:
    """List the shipped queries, what each answers and its parameters.

    Example: paperkg queries
    """
    from . import query as q

    for name, specs in q.available().items():
        spec = specs.get("cypher") or specs["sparql"]
        params = ", ".join(f"{k}={v}" if v else k for k, v in spec.params.items())
        engines = "+".join(sorted(specs))
        typer.echo(f"{name:24} [{engines}] {spec.answers}" + (f"  (params: {params})" if params else ""))


@app.command("export-csv")
def export_csv_cmd(
    file: Path = typer.Argument(Path("out/graph.ttl"), help="Turtle file written by `paperkg build`."),
    directory: Path = typer.Option(
        Path("out/csv"), "--dir", "-d", help="Directory for the CSV files and import.sh."
    ),
) -> None:
    """Write CSV files for `neo4j-admin database import full` (bulk first load of a huge graph).

    Example: paperkg export-csv out/graph.ttl --dir out/csv && (cd out/csv && bash import.sh neo4j)
    """
    from .load.csvexport import export_csv

    try:
        written = export_csv(_read_graph(file), directory)
    except PaperKGError as exc:
        raise _fail(exc) from exc
    for name, rows in written.items():
        typer.echo(f"{rows:>9}  {directory / name}")
    typer.echo(f"import command: {directory / 'import.sh'}")


@app.command()
def validate(
    file: Path = typer.Argument(..., help="Turtle file to check against ontology/shapes.ttl."),
) -> None:
    """Check a Turtle file against the paperkg SHACL shapes (exit 1 when it does not conform).

    Example: paperkg validate out/graph.ttl
    """
    from .graph.validate import validate_file

    try:
        report = validate_file(file)
    except PaperKGError as exc:
        raise _fail(exc) from exc
    if report.conforms:
        typer.echo(f"{file}: conforms")
        return
    typer.echo(report.text)
    _err(f"{file}: does not conform ({report.violations} violations)")
    raise typer.Exit(EXIT_FAILURE)


@app.command()
def stats(
    file: Path | None = typer.Argument(None, help="A Turtle file; without it, count what is in Neo4j."),
    uri: str = UriOpt,
    user: str = UserOpt,
    password: str = PasswordOpt,
    database: str = DatabaseOpt,
) -> None:
    """Nodes per label and relationships per type, of a Turtle file or of the Neo4j database.

    Example: paperkg stats out/graph.ttl
    """
    from .load.loader import Neo4jLoader, connect

    try:
        if file is not None:
            counts = _read_graph(file).counts()
        else:
            with connect(_settings(uri, user, password, database)) as driver:
                counts = Neo4jLoader(driver, database=database).counts()
    except PaperKGError as exc:
        raise _fail(exc) from exc
    for key, n in counts.items():
        typer.echo(f"{key:28} {n}")


@app.command()
def evaluate(
    sets: str = typer.Option(
        ",".join(ALL_SETS),
        "--sets",
        help="Comma-separated: seeds (bundled), train_dev, iclr2025_dev and iclr2024_dev (development), "
        "iclr2024_heldout, iclr2024_test, iclr_heldout, iclr_results_heldout, xvenue_heldout, "
        "xvenue_heldout_more, xvenue_results_heldout and results_heldout (held-out tests), "
        "scierc, scier, scier_ood "
        "(peer test splits); all but seeds read ../shared and are skipped without it.",
    ),
    rules_only: bool = typer.Option(
        False, "--rules-only", help="Score the rules without the learned entity model (the baseline)."
    ),
    json_out: Path | None = typer.Option(None, "--json", help="Write the full report as JSON."),
    markdown_out: Path | None = typer.Option(None, "--markdown", help="Write the tables as Markdown."),
    compare: Path | None = typer.Option(
        None,
        "--compare",
        help="An earlier --json report: each change on the abstracts both scored, with its 95% interval "
        "(seeds, development sets and peer benchmarks; held-out sets are compared by their totals only).",
    ),
) -> None:
    """Score extraction against the seed gold and the peer benchmarks' test splits.

    Example: paperkg evaluate --sets seeds --markdown out/eval.md

    Example: paperkg evaluate --sets xvenue_heldout --rules-only   (the rules without the trained model)

    Example: paperkg evaluate --sets train_dev,iclr2025_dev,iclr2024_dev --compare out/eval-before.json
    """
    from .evaluate import compare_reports, format_comparison, format_report, run_evaluation
    from .extract.nlp import build_nlp

    old = _read_report(compare) if compare else None
    try:
        nlp = build_nlp(learned=False) if rules_only else None
        report = run_evaluation([s.strip() for s in sets.split(",") if s.strip()], nlp)
    except ValueError as exc:  # an unknown set name
        raise typer.BadParameter(str(exc), param_hint="--sets") from exc
    text = format_report(report)
    if old is not None:
        report["compared_with"] = compare_reports(report, old)
        text += "\n\n" + format_comparison(report["compared_with"])
    if json_out:
        json_out.parent.mkdir(parents=True, exist_ok=True)
        json_out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    if markdown_out:
        markdown_out.parent.mkdir(parents=True, exist_ok=True)
        markdown_out.write_text(text + "\n", encoding="utf-8")
    typer.echo(text)


def _read_report(path: Path) -> dict[str, Any]:
    """An earlier ``--json`` report, or a one-line usage error naming the file."""
    try:
        report = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise typer.BadParameter(
            f"{path}: not a readable JSON report ({exc})", param_hint="--compare"
        ) from exc
    if not isinstance(report, dict) or not isinstance(report.get("sets"), dict):
        raise typer.BadParameter(f"{path}: not a paperkg evaluate report (no 'sets')", param_hint="--compare")
    return report


def main() -> None:
    without_torch.keep_out()  # before anything imports spaCy (module docstring of without_torch)
    logging.basicConfig(
        level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s", stream=sys.stderr
    )
    app()


if __name__ == "__main__":
    main()
