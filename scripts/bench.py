#!/usr/bin/env python
"""Scale benchmark: NLP throughput, parallel speed-up, whole-build time and memory, SPARQL and Neo4j loads.

One run measures, for each corpus size (first N abstracts of ``../shared/corpora/ai_venues_abstracts.jsonl``,
skipping those ``../shared/eval-exclude.sha256`` keeps for the independent evaluation):

* NLP stage vs the bare spaCy model (``spacy.load`` full pipeline, ``nlp.pipe``) over the same
  normalised texts: abstracts/s, tokens/s, time ratio; ours with 1 worker vs ``--workers`` N (speed-up).
  Both are loaded and warmed up first, then timed in ``--nlp-rounds`` paired rounds (a bare pass, then
  ours); the ratio is the median round's. Only for sizes up to ``--compare-max``.
* The whole build as a subprocess (``paperkg build --workers N``): wall time per stage, triples, peak
  resident memory of the process tree (main + spaCy workers, sampled every 0.2 s with psutil).
* Incremental: 100 new abstracts added to the built corpus with the extraction cache; for sizes up
  to ``--compare-max`` the output is compared with a full rebuild byte for byte.
* SPARQL: pyoxigraph bulk load + every shipped ``queries/*.rq`` (default parameters); rdflib parse + the
  same queries for the ratio (sizes up to ``--rdflib-max``; run in a child with a time limit).
* Neo4j: first load and idempotent re-load into the test server (skipped with a message when it is not
  reachable), then every shipped ``queries/*.cypher`` (default parameters); what the bench loaded is
  deleted again afterwards (``--keep-neo4j`` keeps it).
* Query latencies, in both engines, are warm: one run first (plans compiled, pages cached), then the
  median of ``QUERY_RUNS`` runs. ``--graph FILE`` measures only these (load + queries) on a graph already
  built, with no corpus and no build.

Writes ``bench/report.json`` and ``bench/report.md`` and prints the Markdown.

Usage:
    .venv/bin/python scripts/bench.py --sizes 1000            # quick
    .venv/bin/python scripts/bench.py --sizes 1000,10000,all --workers 2
    .venv/bin/python scripts/bench.py --graph bench/work60k/graph-all.ttl   # query latencies only
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing as mp
import os
import platform
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))
from train import digest, eval_exclude_hashes  # noqa: E402  (the hash and reader train.py excludes by)

SHARED = Path(os.environ.get("PAPERKG_SHARED", ROOT.parent / "shared"))
DEFAULT_CORPUS = SHARED / "corpora" / "ai_venues_abstracts.jsonl"
EVAL_EXCLUDE = SHARED / "eval-exclude.sha256"
INCREMENT = 100
#: timed runs per query after one warm-up run; the median is reported
QUERY_RUNS = 5


# --------------------------------------------------------------------------------------------- helpers


def read_exclude(path: Path = EVAL_EXCLUDE) -> frozenset[str]:
    """The hashes of ``../shared/eval-exclude.sha256``; none when it is absent (a corpus of one's own)."""
    return frozenset(eval_exclude_hashes(path)) if path.is_file() else frozenset()


def _excluded(line: bytes, exclude: frozenset[str]) -> bool:
    """Whether the abstract of ``line`` is kept for the independent evaluation (its text's hash, made as
    that file says: whitespace collapsed, UTF-8). A line that is not a JSON object stays in: the build
    rejects it, which is part of what is measured."""
    if not exclude:
        return False
    try:
        abstract = json.loads(line).get("abstract")
    except (ValueError, AttributeError):
        return False
    if not isinstance(abstract, str):
        return False
    return digest(abstract) in exclude


class Subset(NamedTuple):
    """What ``_subset`` did: abstracts written, abstracts skipped as kept for the independent evaluation,
    lines read."""

    written: int
    skipped: int
    read: int


def _subset(corpus: Path, n: int | None, dest: Path, exclude: frozenset[str] = frozenset()) -> Subset:
    """First ``n`` lines of ``corpus`` (all when ``None``) into ``dest``, skipping the abstracts kept for
    the independent evaluation (no output is ever made on them)."""
    count = skipped = read = 0
    with corpus.open("rb") as src, dest.open("wb") as out:
        for line in src:
            if n is not None and count >= n:
                break
            if not line.strip():
                continue
            read += 1
            if _excluded(line, exclude):
                skipped += 1
                continue
            out.write(line)
            count += 1
    return Subset(count, skipped, read)


def _increment(subset: Path, dest: Path, k: int = INCREMENT) -> None:
    """``subset`` plus ``k`` new abstracts (revised versions of its first ``k``: new ids, new text)."""
    lines = subset.read_bytes().splitlines()
    with dest.open("wb") as out:
        for line in lines:
            out.write(line + b"\n")
        for line in lines[:k]:
            obj = json.loads(line)
            obj["id"] = f"{obj['id']}#rev2"
            obj["abstract"] = obj["abstract"] + " We release an extended version of this study."
            out.write(json.dumps(obj).encode("utf-8") + b"\n")


class _RssSampler:
    """Peak RSS of a process and its children, sampled in a thread."""

    def __init__(self, pid: int, interval: float = 0.2) -> None:
        import psutil

        self._proc = psutil.Process(pid)
        self._interval = interval
        self.peak_tree = 0
        self.peak_main = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        import psutil

        while not self._stop.is_set():
            try:
                main = self._proc.memory_info().rss
                total = main
                for child in self._proc.children(recursive=True):
                    with contextlib.suppress(psutil.Error):
                        total += child.memory_info().rss
            except psutil.Error:
                break
            self.peak_main = max(self.peak_main, main)
            self.peak_tree = max(self.peak_tree, total)
            self._stop.wait(self._interval)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()


#: Where the builds run from: a snapshot of the code taken when the bench starts (see ``_snapshot``).
_CODE_DIR: Path = ROOT


def _snapshot(workdir: Path) -> Path:
    """Copy ``pipeline/`` and the gazetteers so every build of one run uses the same rules, even while
    someone edits the checkout (the cache fingerprint includes the rule sources, so an edit between the
    base build and the incremental one would otherwise make every abstract a miss)."""
    import shutil

    dest = workdir / "src"
    shutil.rmtree(dest, ignore_errors=True)
    shutil.copytree(ROOT / "pipeline", dest / "pipeline", ignore=shutil.ignore_patterns("__pycache__"))
    if (ROOT / "data" / "gazetteers").is_dir():
        shutil.copytree(ROOT / "data" / "gazetteers", dest / "data" / "gazetteers")
    return dest


def _run_build(
    corpus: Path, output: Path, workers: int, cache: Path | None, extra: list[str] | None = None
) -> dict[str, Any]:
    """``paperkg build`` in a child process; its summary plus wall time and peak memory."""
    summary_json = output.with_suffix(".summary.json")
    cmd = [
        sys.executable,
        "-m",
        "pipeline.cli",
        "build",
        str(corpus),
        "-o",
        str(output),
        "-q",
        "--workers",
        str(workers),
        "--summary-json",
        str(summary_json),
    ]
    cmd += ["--cache-dir", str(cache)] if cache else ["--no-cache"]
    cmd += extra or []
    backup = None
    if cache and (cache / "extractions.sqlite").exists() and "--no-validate" not in (extra or []):
        import shutil

        backup = cache.with_name(cache.name + ".bak")
        shutil.rmtree(backup, ignore_errors=True)
        shutil.copytree(cache, backup)
    started = time.perf_counter()
    env = {**os.environ, "PAPERKG_HOME": str(ROOT), "PYTHONPATH": str(_CODE_DIR)}
    proc = subprocess.Popen(
        cmd, cwd=_CODE_DIR, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    sampler = _RssSampler(proc.pid)
    _out, err = proc.communicate()
    sampler.stop()
    wall = time.perf_counter() - started
    if not summary_json.exists() and "--no-validate" not in (extra or []):
        # the graph did not validate (a bug in the data, not a scale problem): record why, and measure
        # the rest on the unvalidated graph so the run still yields numbers
        print(
            f"   validated build failed: {err.strip().splitlines()[0] if err.strip() else proc.returncode}; "
            "re-running with --no-validate",
            file=sys.stderr,
            flush=True,
        )
        if cache:  # the failed run filled the cache: put it back as it was, so the re-run does the same work
            import shutil

            shutil.rmtree(cache, ignore_errors=True)
            if backup is not None:
                shutil.move(str(backup), str(cache))
        res = _run_build(corpus, output, workers, cache, [*(extra or []), "--no-validate"])
        res["validation_error"] = "\n".join(err.strip().splitlines()[:12])
        res["failed_validated_wall_s"] = round(wall, 2)
        return res
    if proc.returncode not in (0, 1) or not summary_json.exists():
        raise RuntimeError(f"build failed ({proc.returncode}): {err[-2000:]}")
    summary = json.loads(summary_json.read_text())
    return {
        "wall_s": round(wall, 2),
        "peak_rss_mb": round(sampler.peak_tree / 2**20, 1),
        "peak_rss_main_mb": round(sampler.peak_main / 2**20, 1),
        "summary": summary,
    }


# --------------------------------------------------------------------------------------------- NLP


#: paired rounds of the NLP comparison (a bare pass, then ours, each round); the median round is reported
NLP_ROUNDS = 3
#: abstracts each pipeline labels once, untimed, before the rounds (models loaded, lazy parts built)
NLP_WARMUP = 64


def paired_ratio(bare_s: list[float], ours_s: list[float]) -> dict[str, Any]:
    """The NLP stage's cost against the bare model from rounds of back-to-back passes: each round's
    ratio, and their median. Pairing passes that ran a minute apart cancels the drift of a shared
    machine's speed (the bare pass alone moved 35-42 s per 1,000 abstracts within one run), which a
    single pass of each cannot tell from the pipeline; the median ignores one disturbed round."""
    if not bare_s or len(bare_s) != len(ours_s):
        raise ValueError("one bare and one paperkg time per round")
    ratios = [round(o / b, 3) for b, o in zip(bare_s, ours_s, strict=True)]
    return {
        "ratios": ratios,
        "median": round(statistics.median(ratios), 2),
        "spread": round(max(ratios) - min(ratios), 2),
    }


def bench_nlp(corpus: Path, workers: int, batch_size: int, rounds: int = NLP_ROUNDS) -> dict[str, Any]:
    """Bare ``spacy.load`` (every component) against paperkg's NLP stage (reading and normalising the
    corpus included) on the same abstracts, in one process: both loaded and warmed up first, then
    ``rounds`` rounds of a bare pass followed by ours. Then one pass with ``workers`` processes.

    The stage loads its pipelines on numpy's BLAS (``pipeline.extract.blas``), bare spaCy runs on
    thinc's default blis. The rounds run with one BLAS thread, so that the ratio compares the work of one
    core each (blis is single-threaded); each round also times the bare model loaded as the stage loads
    its own (``bare_same_ops``), so the report says how much of the ratio is the ops and how much the
    work."""
    import spacy
    from threadpoolctl import threadpool_limits

    from pipeline.corpus.normalize import normalize_text
    from pipeline.corpus.read import read_corpus
    from pipeline.extract import blas
    from pipeline.extract import nlp as ours

    papers = list(read_corpus([corpus]))
    texts = [normalize_text(p.abstract).text for p in papers]
    n = len(texts)
    model = ours.model_name()
    bare = spacy.load(model)
    bare_ops = blas.load(model)
    nlp = ours.build_nlp()
    tokens = sum(len(d) for d in bare.tokenizer.pipe(texts, batch_size=256))
    out: dict[str, Any] = {
        "abstracts": n,
        "tokens": tokens,
        "model": model,
        "bare_pipes": list(bare.pipe_names),
        "our_pipes": list(nlp.pipe_names),
        "rounds": rounds,
    }
    for lang in (bare, bare_ops):
        for _ in lang.pipe(texts[:NLP_WARMUP], batch_size=batch_size):
            pass
    for _ in ours.extract(papers[:NLP_WARMUP], nlp, n_process=1, batch_size=batch_size):
        pass

    bare_s: list[float] = []
    bare_ops_s: list[float] = []
    ours_s: list[float] = []
    with threadpool_limits(limits=1, user_api="blas"):
        for k in range(rounds):
            for lang, times in ((bare, bare_s), (bare_ops, bare_ops_s)):
                t0 = time.perf_counter()
                for _ in lang.pipe(texts, batch_size=batch_size):
                    pass
                times.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            for _ in ours.extract(read_corpus([corpus]), nlp, n_process=1, batch_size=batch_size):
                pass
            ours_s.append(time.perf_counter() - t0)
            print(
                f"   nlp round {k + 1}: bare {bare_s[-1]:.1f} s, bare on the stage's ops "
                f"{bare_ops_s[-1]:.1f} s, ours {ours_s[-1]:.1f} s",
                file=sys.stderr,
                flush=True,
            )
    del bare, bare_ops, nlp

    from pipeline.build.distributed import extract_pool

    t0 = time.perf_counter()  # includes starting the workers and loading spaCy in each
    for _ in extract_pool(read_corpus([corpus]), workers, batch_size=batch_size):
        pass
    oursn_s = time.perf_counter() - t0

    def rate(s: float) -> dict[str, float]:
        return {"seconds": round(s, 2), "abstracts_per_s": round(n / s, 1), "tokens_per_s": round(tokens / s)}

    paired = paired_ratio(bare_s, ours_s)
    ours1_s = statistics.median(ours_s)
    out["bare"] = rate(statistics.median(bare_s))
    out["ours_1"] = rate(ours1_s)
    out[f"ours_{workers}"] = rate(oursn_s)
    out["bare_same_ops"] = rate(statistics.median(bare_ops_s))
    out["round_seconds"] = {
        "bare": [round(x, 2) for x in bare_s],
        "bare_same_ops": [round(x, 2) for x in bare_ops_s],
        "ours": [round(x, 2) for x in ours_s],
    }
    out["round_ratios"] = paired["ratios"]
    out["ratio_spread"] = paired["spread"]
    out["ratio_ours_vs_bare"] = paired["median"]
    out["ratio_ours_vs_bare_same_ops"] = paired_ratio(bare_ops_s, ours_s)["median"]
    out["speedup"] = round(ours1_s / oursn_s, 2)
    out["workers"] = workers
    return out


# --------------------------------------------------------------------------------------------- queries


def _timed(run: Any, runs: int = QUERY_RUNS) -> dict[str, Any]:
    """One warm-up call of ``run`` (it returns the rows), then ``runs`` timed calls: the median."""
    t0 = time.perf_counter()
    rows = len(run())
    first = time.perf_counter() - t0
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        rows = len(run())
        times.append(time.perf_counter() - t0)
    return {
        "first_ms": round(first * 1000, 1),
        "median_ms": round(statistics.median(times) * 1000, 1),
        "min_ms": round(min(times) * 1000, 1),
        "max_ms": round(max(times) * 1000, 1),
        "runs": runs,
        "rows": rows,
    }


def _load_average() -> list[float] | None:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return None


#: ``--query-params`` cases: ``{query: {param: value}}``, measured besides the defaults (``queries_given``)
QueryParams = dict[str, dict[str, str]]


def _time_queries(
    language: str, run: Callable[[Any, dict[str, Any]], Any], given: dict[str, Any] | None
) -> dict[str, Any]:
    """Warm latency of every shipped query in one language: with the header defaults (``queries``) and,
    when given, with values that exist in the graph (``queries_given``)."""
    from pipeline import query as q

    out: dict[str, Any] = {}
    for key, cases in (("queries", None), ("queries_given", given)):
        if key == "queries_given" and not cases:
            continue
        out[key] = {}
        for name, specs in q.available().items():
            spec = specs.get(language)
            if spec is None or (cases is not None and name not in cases):
                continue
            params = q.bind_params(spec, (cases or {}).get(name, {}))
            out[key][name] = _timed(lambda spec=spec, params=params: run(spec, params))
    return out


def bench_sparql_oxigraph(ttl: Path, given: QueryParams | None = None) -> dict[str, Any]:
    from pipeline import query as q

    t0 = time.perf_counter()
    store = q.open_store(ttl)
    load_s = time.perf_counter() - t0
    res: dict[str, Any] = {"load_s": round(load_s, 2), "quads": len(store), "queries": {}}
    res["load_average_before"] = _load_average()
    res.update(_time_queries("sparql", lambda spec, params: q.run_sparql(store, spec, params), given))
    res["load_average_after"] = _load_average()
    return res


def _rdflib_child(ttl: str, result_file: str) -> None:
    from rdflib import Graph

    from pipeline import query as q

    with open(result_file, "w", encoding="utf-8") as fh:
        t0 = time.perf_counter()
        g = Graph()
        g.parse(ttl, format="turtle")
        fh.write(json.dumps({"load_s": round(time.perf_counter() - t0, 2), "triples": len(g)}) + "\n")
        fh.flush()
        for name, specs in q.available().items():
            spec = specs.get("sparql")
            if spec is None:
                continue
            t0 = time.perf_counter()
            try:  # the file unchanged: standard SPARQL with its defaults in VALUES and LIMIT
                rows = len(list(g.query(spec.text)))
                fh.write(
                    json.dumps(
                        {"query": name, "ms": round((time.perf_counter() - t0) * 1000, 1), "rows": rows}
                    )
                    + "\n"
                )
            except Exception as exc:  # noqa: BLE001 - report and go on
                fh.write(
                    json.dumps({"query": name, "error": f"{type(exc).__name__}: {str(exc)[:200]}"}) + "\n"
                )
            fh.flush()


def bench_sparql_rdflib(ttl: Path, timeout: float) -> dict[str, Any]:
    result_file = ttl.with_suffix(".rdflib.jsonl")
    ctx = mp.get_context("spawn")
    proc = ctx.Process(target=_rdflib_child, args=(str(ttl), str(result_file)))
    proc.start()
    proc.join(timeout)
    timed_out = proc.is_alive()
    if timed_out:
        proc.terminate()
        proc.join()
    res: dict[str, Any] = {"queries": {}, "timed_out_after_s": timeout if timed_out else None}
    if result_file.exists():
        for line in result_file.read_text().splitlines():
            obj = json.loads(line)
            if "query" in obj:
                res["queries"][obj.pop("query")] = obj
            else:
                res.update(obj)
    return res


# --------------------------------------------------------------------------------------------- Neo4j


def bench_neo4j(ttl: Path, triples: int, keep: bool, given: QueryParams | None = None) -> dict[str, Any]:
    from pipeline import query as q
    from pipeline.errors import BackendUnavailable
    from pipeline.load.loader import Neo4jLoader, connect, settings_from_env
    from pipeline.load.propgraph import RESOURCE_LABEL, URI_KEY, read_turtle

    settings = settings_from_env(password="paperkg-test-pw", max_attempts=2)  # the test server by default
    try:
        driver = connect(settings)
    except BackendUnavailable as exc:
        return {"skipped": str(exc)}
    res: dict[str, Any] = {"uri": settings.uri, "database": settings.database}
    with driver:
        t0 = time.perf_counter()
        pg = read_turtle(str(ttl))
        res["parse_s"] = round(time.perf_counter() - t0, 2)
        uris = list(pg.nodes)
        existing, _, _ = driver.execute_query(
            f"UNWIND $uris AS u MATCH (n:{RESOURCE_LABEL} {{{URI_KEY}: u}}) RETURN count(n) AS n",
            uris=uris,
            database_=settings.database,
        )
        res["preexisting_nodes"] = existing[0]["n"]  # > 0: the "first" load was partly an update
        loader = Neo4jLoader(driver, database=settings.database, batch_size=1000)
        for run in ("first", "reload"):
            s = loader.load(pg, progress=False)
            rows = s.nodes + s.relationships
            res[run] = {
                "seconds": round(s.seconds, 2),
                "nodes": s.nodes,
                "relationships": s.relationships,
                "triples_per_s": round(triples / s.seconds),
                "rows_per_s": round(rows / s.seconds),
            }
        res["load_average_before"] = _load_average()
        res.update(
            _time_queries(
                "cypher",
                lambda spec, params: q.run_cypher(driver, spec, params, settings.database),
                given,
            )
        )
        res["load_average_after"] = _load_average()
        if not keep:
            t0 = time.perf_counter()
            for i in range(0, len(uris), 5000):
                driver.execute_query(
                    f"UNWIND $uris AS u MATCH (n:{RESOURCE_LABEL} {{{URI_KEY}: u}}) DETACH DELETE n",
                    uris=uris[i : i + 5000],
                    database_=settings.database,
                )
            res["cleanup_s"] = round(time.perf_counter() - t0, 2)
    return res


# --------------------------------------------------------------------------------------------- report


TARGETS = {
    "nlp_ratio": 1.3,
    "speedup": 1.7,
    "build_minutes_60k": 15,
    "peak_rss_mb": 2048,
    "neo4j_triples_per_s": 50_000,
    "sparql_ms": 200,
    "cypher_ms": 100,
}


def _mark(ok: bool | None) -> str:
    return "n/a" if ok is None else ("yes" if ok else "**no**")


def markdown(report: dict[str, Any]) -> str:
    lines = [
        f"# paperkg scale benchmark ({report['machine']['cpus']} CPUs, {report['machine']['python']}, "
        f"workers={report['workers']})",
        "",
    ]
    if report.get("skipped"):
        return "\n".join(lines + [report["skipped"]])
    if report.get("graph"):  # --graph: only the queries (and the Neo4j load they needed) were measured
        size = report["sizes"][0]
        lines = [f"# paperkg query latency ({report['machine']['cpus']} CPUs, {report['machine']['python']})"]
        lines += ["", f"Graph `{report['graph']}`: {size['abstracts']} papers, {size['triples']} triples."]
        neo = size.get("neo4j", {})
        if "skipped" in neo:
            lines += ["", f"Neo4j skipped: {neo['skipped']}"]
        elif neo:
            f, r = neo["first"], neo["reload"]
            lines += [
                "",
                f"Neo4j load {f['seconds']} s ({f['triples_per_s']} triples/s), reload {r['seconds']} s.",
            ]
        lines += _latency_lines(size)
        lines += ["", "## Targets", "", "| target | measured | holds |", "|---|---|---|"]
        lines += [f"| {t['target']} | {t['measured']} | {_mark(t['holds'])} |" for t in report["targets"]]
        return "\n".join(lines) + "\n"
    lines += [
        "## NLP stage vs bare spaCy model",
        "",
        "| abstracts | tokens | bare abs/s | bare tok/s | ours 1w abs/s | ours 1w tok/s | "
        "ratio, median round (≤1.3) | ratio to bare on the stage's ops | "
        f"ours {report['workers']}w abs/s | speed-up (≥1.7) |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    w = report["workers"]
    for size in report["sizes"]:
        n = size.get("nlp")
        if not n:
            continue
        lines.append(
            f"| {n['abstracts']} | {n['tokens']} | {n['bare']['abstracts_per_s']} | "
            f"{n['bare']['tokens_per_s']} | "
            f"{n['ours_1']['abstracts_per_s']} | {n['ours_1']['tokens_per_s']} | {n['ratio_ours_vs_bare']} | "
            f"{n.get('ratio_ours_vs_bare_same_ops', '-')} | "
            f"{n[f'ours_{w}']['abstracts_per_s']} | {n['speedup']} |"
        )
    lines += [
        "",
        f"## Whole build (`paperkg build --workers {w}`, empty cache, validated Turtle)",
        "",
        "| abstracts | wall s | abs/s | load model | read+nlp | resolve | map+write | validate | triples | "
        "peak RSS tree MB | peak RSS main MB |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for size in report["sizes"]:
        b = size.get("build")
        if not b:
            continue
        s = b["summary"]["seconds"]
        flag = " (NOT validated: SHACL violation, see report.json)" if b.get("validation_error") else ""
        lines.append(
            f"| {b['summary']['ok']}{flag} | {b['wall_s']} | {b['summary']['ok'] / b['wall_s']:.1f} | "
            f"{s.get('load_model', 0):.1f} | {s['read+nlp']:.1f} | {s['resolve']:.1f} | {s['map+write']:.1f} "
            f"| "
            f"{s['validate']:.1f} | {b['summary']['triples']} | {b['peak_rss_mb']} | {b['peak_rss_main_mb']} "
            f"|"
        )
    lines += [
        "",
        f"## Incremental (+{INCREMENT} new abstracts on a built corpus, extraction cache)",
        "",
        "| base abstracts | wall s | extracted | from cache | equals full rebuild |",
        "|---|---|---|---|---|",
    ]
    for size in report["sizes"]:
        inc = size.get("incremental")
        if inc:
            lines.append(
                f"| {size['abstracts']} | {inc['wall_s']} | {inc['summary']['extracted']} | "
                f"{inc['summary']['cached']} | {inc.get('equals_full_rebuild', 'not checked')} |"
            )
    lines += ["", "## SPARQL (pyoxigraph; rdflib for the ratio)", ""]
    qnames: list[str] = sorted({q for size in report["sizes"] for q in size["sparql"]["oxigraph"]["queries"]})
    header = (
        "| query | "
        + " | ".join(f"ox {s['abstracts']} ms | rdflib {s['abstracts']} ms" for s in report["sizes"])
        + " |"
    )
    lines += [header, "|---|" + "---|---|" * len(report["sizes"])]
    loads = (
        "| *load* | "
        + " | ".join(
            f"{s['sparql']['oxigraph']['load_s'] * 1000:.0f} | "
            + (
                f"{s['sparql']['rdflib'].get('load_s', '-') * 1000:.0f}"
                if isinstance(s["sparql"].get("rdflib", {}).get("load_s"), (int, float))
                else "-"
            )
            for s in report["sizes"]
        )
        + " |"
    )
    lines.append(loads)
    for qn in qnames:
        cells = []
        for s in report["sizes"]:
            ox_q = s["sparql"]["oxigraph"]["queries"].get(qn, {})
            rd = s["sparql"].get("rdflib", {})
            rd_q = rd.get("queries", {}).get(qn, {})
            missing = f"> {rd['timed_out_after_s']:.0f} s (cut)" if rd.get("timed_out_after_s") else "-"
            cells.append(f"{ox_q.get('median_ms', '-')} | {rd_q.get('ms', rd_q.get('error', missing))}")
        lines.append(f"| {qn} | " + " | ".join(cells) + " |")
    lines += [
        "",
        "## Neo4j load (real server, MERGE batches of 1000)",
        "",
        "| abstracts | triples | first s | first triples/s | first rows/s | reload s | reload triples/s | "
        "reload rows/s |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for size in report["sizes"]:
        neo = size.get("neo4j", {})
        if "skipped" in neo:
            lines.append(f"| {size['abstracts']} | skipped: {neo['skipped']} |||||||")
            continue
        if not neo:
            continue
        f, r = neo["first"], neo["reload"]
        lines.append(
            f"| {size['abstracts']} | {size.get('triples', '-')} | {f['seconds']} | "
            f"{f['triples_per_s']} | "
            f"{f['rows_per_s']} | {r['seconds']} | {r['triples_per_s']} | {r['rows_per_s']} |"
        )
    for size in report["sizes"]:
        lines += _latency_lines(size)
    lines += ["", "## Targets", "", "| target | measured | holds |", "|---|---|---|"]
    for t in report["targets"]:
        lines.append(f"| {t['target']} | {t['measured']} | {_mark(t['holds'])} |")
    return "\n".join(lines) + "\n"


def _latency_lines(size: dict[str, Any]) -> list[str]:
    """Per-query latency at one size: pyoxigraph beside Neo4j, warm, median of ``QUERY_RUNS``."""
    ox_q = size["sparql"]["oxigraph"]["queries"]
    neo = size.get("neo4j", {})
    neo_q = neo.get("queries", {})
    runs = next(iter(ox_q.values()), {}).get("runs", QUERY_RUNS)
    loads = [
        x
        for x in (
            size["sparql"]["oxigraph"].get("load_average_before"),
            neo.get("load_average_after"),
        )
        if x
    ]
    lines = [
        "",
        f"## Query latency at {size['abstracts']} abstracts (default parameters, limit 25; warm: one run, "
        f"then the median of {runs})",
        "",
    ]
    if loads:
        lines += [f"Load average (1, 5, 15 min) before and after: {' / '.join(str(x) for x in loads)}.", ""]
    lines += [
        f"| query | rows | pyoxigraph ms (< {TARGETS['sparql_ms']}) | Neo4j ms (< {TARGETS['cypher_ms']}) |",
        "|---|---|---|---|",
    ]
    for name in sorted(set(ox_q) | set(neo_q)):
        o, c = ox_q.get(name, {}), neo_q.get(name, {})
        lines.append(
            f"| {name} | {o.get('rows', c.get('rows', '-'))} | {o.get('median_ms', '-')} | "
            f"{c.get('median_ms', '-')} |"
        )
    ox_g = size["sparql"]["oxigraph"].get("queries_given", {})
    neo_g = neo.get("queries_given", {})
    if ox_g or neo_g:
        lines += ["", "With the parameters of `--query-params` (values that exist in this graph):", ""]
        lines += ["| query | parameters | rows | pyoxigraph ms | Neo4j ms |", "|---|---|---|---|---|"]
        for name in sorted(set(ox_g) | set(neo_g)):
            o, c = ox_g.get(name, {}), neo_g.get(name, {})
            shown = ", ".join(f"{k}={v}" for k, v in size.get("query_params", {}).get(name, {}).items())
            lines.append(
                f"| {name} | {shown} | {o.get('rows', c.get('rows', '-'))} | {o.get('median_ms', '-')} | "
                f"{c.get('median_ms', '-')} |"
            )
    return lines


def _slowest(timed: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The slowest query of one engine's timings, with the default parameters or the given ones."""
    runs = [
        *timed["queries"].items(),
        *((f"{k} (given)", v) for k, v in timed.get("queries_given", {}).items()),
    ]
    return max(runs, key=lambda kv: kv[1]["median_ms"])


def _rounds_text(n: dict[str, Any]) -> str:
    """ "median of 3 paired rounds: 1.12, 1.08, 1.2; " (empty for a report from before the rounds)."""
    ratios = n.get("round_ratios")
    if not ratios:
        return ""
    return f"median of {len(ratios)} paired rounds: {', '.join(f'{r:.2f}' for r in ratios)}; "


def evaluate_targets(report: dict[str, Any]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    sizes = report["sizes"]
    nlp_sizes = [s for s in sizes if s.get("nlp")]
    if nlp_sizes:
        n = nlp_sizes[-1]["nlp"]
        out.append(
            {
                "target": "NLP stage ≤ 1.3× bare model time",
                "measured": f"{n['ratio_ours_vs_bare']}× ({_rounds_text(n)}{n['abstracts']} abstracts"
                + (
                    f"; {n['ratio_ours_vs_bare_same_ops']}× bare loaded on the stage's ops)"
                    if "ratio_ours_vs_bare_same_ops" in n
                    else ")"
                ),
                "holds": n["ratio_ours_vs_bare"] <= TARGETS["nlp_ratio"],
            }
        )
        out.append(
            {
                "target": f"{report['workers']} workers ≥ 1.7× one worker",
                "measured": f"{n['speedup']}×",
                "holds": n["speedup"] >= TARGETS["speedup"],
            }
        )
    big = sizes[-1]
    b = big.get("build")
    n_abs = big["abstracts"]
    if b:
        minutes = b["wall_s"] / 60
        extrap = minutes * 59715 / n_abs
        out.append(
            {
                "target": "59,715 abstracts → validated Turtle < 15 min",
                "measured": f"{minutes:.1f} min for {n_abs}"
                + ("" if n_abs >= 59715 else f" (extrapolated to 59,715: {extrap:.1f} min)"),
                "holds": extrap < TARGETS["build_minutes_60k"],
            }
        )
        out.append(
            {
                "target": "peak RSS < 2 GB",
                "measured": f"{b['peak_rss_mb']} MB (tree, {n_abs} abstracts)",
                "holds": b["peak_rss_mb"] < TARGETS["peak_rss_mb"],
            }
        )
    neo = big.get("neo4j", {})
    if neo and "skipped" not in neo:
        out.append(
            {
                "target": "Neo4j load ≥ 50k triples/s",
                "measured": f"{neo['first']['triples_per_s']}/s",
                "holds": neo["first"]["triples_per_s"] >= TARGETS["neo4j_triples_per_s"],
            }
        )
        out.append(
            {
                "target": "re-load at least as fast",
                "measured": f"{neo['reload']['triples_per_s']}/s",
                "holds": neo["reload"]["seconds"] <= neo["first"]["seconds"] * 1.05,
            }
        )
    engines = [
        ("every SPARQL query < 200 ms (pyoxigraph, warm median)", big["sparql"]["oxigraph"], "sparql_ms")
    ]
    if neo.get("queries"):
        engines.append(("every Cypher query < 100 ms (Neo4j)", neo, "cypher_ms"))
    for target, timed, limit in engines:
        name, worst = _slowest(timed)
        out.append(
            {
                "target": target,
                "measured": f"slowest {name} {worst['median_ms']} ms ({n_abs} abstracts)",
                "holds": worst["median_ms"] < TARGETS[limit],
            }
        )
    inc = big.get("incremental")
    if inc:
        ok = inc["summary"]["extracted"] == INCREMENT
        eq = inc.get("equals_full_rebuild")
        out.append(
            {
                "target": f"+{INCREMENT} abstracts processes only those",
                "measured": f"extracted {inc['summary']['extracted']}, cached {inc['summary']['cached']}, "
                f"{inc['wall_s']} s" + (f"; equals full rebuild: {eq}" if eq is not None else ""),
                "holds": ok and eq is not False,
            }
        )
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    ap.add_argument("--sizes", default="1000,10000,all", help="comma-separated abstract counts or 'all'")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--batch-size", type=int, default=64)
    ap.add_argument(
        "--compare-max",
        type=int,
        default=10000,
        help="largest size for the NLP comparison passes and the incremental-vs-rebuild check",
    )
    ap.add_argument(
        "--nlp-rounds",
        type=int,
        default=NLP_ROUNDS,
        help="paired bare/ours passes of the NLP comparison; the median round's ratio is reported",
    )
    ap.add_argument("--rdflib-max", type=int, default=10000, help="largest size for the rdflib comparison")
    ap.add_argument("--rdflib-timeout", type=float, default=300)
    ap.add_argument("--no-neo4j", action="store_true")
    ap.add_argument("--keep-neo4j", action="store_true", help="leave the loaded graph in Neo4j")
    ap.add_argument("--workdir", type=Path, default=ROOT / "bench" / "work")
    ap.add_argument("--json", type=Path, default=ROOT / "bench" / "report.json")
    ap.add_argument("--markdown", type=Path, default=ROOT / "bench" / "report.md")
    ap.add_argument("--render", type=Path, help="only re-render the Markdown of an existing report.json")
    ap.add_argument(
        "--graph",
        type=Path,
        help="measure only the query latencies (pyoxigraph, and Neo4j unless --no-neo4j) on this Turtle "
        "file; no corpus, no build",
    )
    ap.add_argument(
        "--query-params",
        type=Path,
        help='JSON {"query": {"param": "value"}}: also measure these queries with these parameters (values '
        "that exist in the graph, where the defaults find nothing)",
    )
    args = ap.parse_args()
    args.workdir = args.workdir.resolve()  # the build runs as a subprocess in another directory
    if args.render:
        report = json.loads(args.render.read_text())
        report["targets"] = evaluate_targets(report)
        print(markdown(report))
        return 0

    from pipeline.extract.nlp import PIPELINE_VERSION

    report: dict[str, Any] = {
        # what was measured, so that a table filled from this report says which pipeline and command
        "pipeline_version": PIPELINE_VERSION,
        "date": time.strftime("%Y-%m-%d"),
        "command": " ".join(["python scripts/bench.py", *sys.argv[1:]]),
        "machine": {
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "platform": platform.platform(),
        },
        "workers": args.workers,
        "corpus": str(args.corpus),
        "sizes": [],
    }
    if args.graph:
        report["graph"] = str(args.graph)
        given = json.loads(args.query_params.read_text()) if args.query_params else None
        size = bench_graph(args.graph.resolve(), no_neo4j=args.no_neo4j, keep=args.keep_neo4j, given=given)
        report["sizes"].append(size)
        return _write_report(report, args.json, args.markdown)
    if not args.corpus.is_file():
        report["skipped"] = (
            f"corpus {args.corpus} not found (../shared absent?): nothing measured; pass --corpus FILE"
        )
        print(report["skipped"], file=sys.stderr)
        print(markdown(report))
        return 0
    args.workdir.mkdir(parents=True, exist_ok=True)
    global _CODE_DIR
    _CODE_DIR = _snapshot(args.workdir)
    exclude = read_exclude()
    report["excluded_eval_abstracts"] = len(exclude)
    for raw in [s.strip() for s in args.sizes.split(",") if s.strip()]:
        n = None if raw == "all" else int(raw)
        label = raw
        subset = args.workdir / f"corpus-{label}.jsonl"
        made = _subset(args.corpus, n, subset, exclude)
        count = made.written
        size: dict[str, Any] = {"label": label, "abstracts": count, "skipped_eval_abstracts": made.skipped}
        if n is None:  # the whole corpus: what the README's bench block says it was
            report["corpus_abstracts"], report["skipped_eval_abstracts"] = made.read, made.skipped
        print(f"== {count} abstracts", file=sys.stderr, flush=True)
        if count <= args.compare_max:
            print("   nlp comparison ...", file=sys.stderr, flush=True)
            size["nlp"] = bench_nlp(subset, args.workers, args.batch_size, args.nlp_rounds)
        print("   build ...", file=sys.stderr, flush=True)
        ttl = args.workdir / f"graph-{label}.ttl"
        cache = args.workdir / f"cache-{label}"
        if cache.exists():
            import shutil

            shutil.rmtree(cache)
        build = _run_build(subset, ttl, args.workers, cache)
        size["build"] = build
        size["triples"] = build["summary"]["triples"]
        print(f"   build {build['wall_s']} s, peak {build['peak_rss_mb']} MB", file=sys.stderr, flush=True)

        print("   incremental ...", file=sys.stderr, flush=True)
        grown = args.workdir / f"corpus-{label}-plus{INCREMENT}.jsonl"
        _increment(subset, grown)
        inc_ttl = args.workdir / f"graph-{label}-plus{INCREMENT}.ttl"
        size["incremental"] = _run_build(grown, inc_ttl, args.workers, cache)
        if count <= args.compare_max:
            full_ttl = args.workdir / f"graph-{label}-plus{INCREMENT}-full.ttl"
            try:
                full = _run_build(grown, full_ttl, args.workers, None)
            except RuntimeError as exc:
                size["incremental"]["full_rebuild_error"] = str(exc)[-1000:]
                print(f"   full rebuild failed: {str(exc)[-300:]}", file=sys.stderr, flush=True)
            else:
                size["incremental"]["full_rebuild_wall_s"] = full["wall_s"]
                size["incremental"]["equals_full_rebuild"] = full_ttl.read_bytes() == inc_ttl.read_bytes()

        print("   sparql ...", file=sys.stderr, flush=True)
        size["sparql"] = {"oxigraph": bench_sparql_oxigraph(ttl)}
        if count <= args.rdflib_max:
            size["sparql"]["rdflib"] = bench_sparql_rdflib(ttl, args.rdflib_timeout)
        if not args.no_neo4j:
            print("   neo4j ...", file=sys.stderr, flush=True)
            size["neo4j"] = bench_neo4j(ttl, build["summary"]["triples"], args.keep_neo4j)
        report["sizes"].append(size)
        # write after every size, so a long run that is cut short still leaves its numbers
        _write_report(report, args.json, args.markdown, show=False)
    print(markdown(report))
    return 0


def bench_graph(ttl: Path, *, no_neo4j: bool, keep: bool, given: QueryParams | None = None) -> dict[str, Any]:
    """``--graph``: the query latencies of a graph already built, in pyoxigraph and Neo4j (unless
    ``no_neo4j``)."""
    import pyoxigraph as ox

    from pipeline import query as q

    store = q.open_store(ttl)
    papers = len(list(store.quads_for_pattern(None, ox.NamedNode(RDF_TYPE), ox.NamedNode(PKG_PAPER))))
    triples = len(store)
    del store
    size: dict[str, Any] = {"label": ttl.stem, "abstracts": papers, "triples": triples, "graph": str(ttl)}
    print(f"== {ttl}: {papers} papers, {triples} triples", file=sys.stderr, flush=True)
    print("   sparql ...", file=sys.stderr, flush=True)
    if given:
        size["query_params"] = given
    size["sparql"] = {"oxigraph": bench_sparql_oxigraph(ttl, given)}
    if not no_neo4j:
        print("   neo4j ...", file=sys.stderr, flush=True)
        size["neo4j"] = bench_neo4j(ttl, triples, keep, given)
    return size


RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"
PKG_PAPER = "https://w3id.org/paperkg/ontology#Paper"


def _write_report(report: dict[str, Any], json_path: Path, md_path: Path, *, show: bool = True) -> int:
    report["targets"] = evaluate_targets(report)
    json_path.parent.mkdir(parents=True, exist_ok=True)
    json_path.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    md_path.write_text(markdown(report), encoding="utf-8")
    if show:
        print(markdown(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
