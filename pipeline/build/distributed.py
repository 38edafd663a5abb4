"""The NLP stage in parallel: a local process pool (``paperkg build --workers N``) or a Dask distributed
cluster (``paperkg build --engine dask [--scheduler ADDRESS]``).

Both ship *papers* to the workers and get *extractions* back (small pydantic records), never spaCy
``Doc`` objects: spaCy's own ``n_process`` serialises every Doc with msgpack to send it back, which
fails on our pydantic-valued Doc extensions (E871) and would cost more than the extractions anyway.

Papers travel to the workers in batches; each worker process loads the spaCy pipeline once (on its
first batch) and returns ``PaperExtraction`` records. The driver keeps a bounded number of batches in
flight and yields the results strictly in input order, so everything after the NLP stage (resolution,
mapping, the Turtle writer) is the same code as the single-process build and the output is byte-identical.

Workers need the same environment as the driver: ``pipeline`` importable, the same spaCy model and
``nlp.PIPELINE_VERSION`` (checked on every batch, so a stale worker fails loudly instead of mixing
rule versions). Without ``scheduler`` a ``LocalCluster`` on loopback is started and torn down again.
"""

from __future__ import annotations

import logging
import os
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from ..errors import ConfigError
from ..records import PaperExtraction, PaperRecord

logger = logging.getLogger(__name__)

#: Papers per task: large enough to amortise scheduling (a task is ~3 s of spaCy), small for balance.
TASK_PAPERS = 128

_WORKER_NLP: dict[str, Any] = {}


def _extract_batch(papers: list[PaperRecord], version: str, batch_size: int) -> list[PaperExtraction]:
    """Runs on a worker: the NLP stage over one batch, with the worker's cached pipeline."""
    from ..extract import blas
    from ..extract import nlp as _nlp

    if version != _nlp.PIPELINE_VERSION:
        raise ConfigError(
            f"worker has paperkg NLP version {_nlp.PIPELINE_VERSION}, the driver {version}: install the same "
            f"version"
        )
    model = _WORKER_NLP.get("nlp")
    if model is None:
        blas.one_thread()  # a dask worker: one pipeline per process, one core each
        model = _WORKER_NLP["nlp"] = _nlp.build_nlp()
    return list(_nlp.extract(papers, model, n_process=1, batch_size=batch_size))


def _pool_init(parent: int) -> None:
    from ..extract import blas
    from ..extract import nlp as _nlp

    # Ctrl-C reaches the whole process group: the driver stops the workers itself, without a traceback
    # from each; and a worker whose driver is gone (even SIGKILLed) exits instead of holding 300 MB.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_exit_with_parent, args=(parent,), daemon=True).start()
    blas.one_thread()  # the pool is the parallelism: one BLAS thread per worker
    _WORKER_NLP["nlp"] = _nlp.build_nlp()


def _exit_with_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(1)


def _pool_batch(papers: list[PaperRecord], batch_size: int) -> list[PaperExtraction]:
    from ..extract import nlp as _nlp

    return list(_nlp.extract(papers, _WORKER_NLP["nlp"], n_process=1, batch_size=batch_size))


def extract_pool(
    papers: Iterable[PaperRecord],
    n_process: int,
    *,
    task_papers: int = TASK_PAPERS,
    batch_size: int = 64,
    in_flight: int | None = None,
) -> Iterator[PaperExtraction]:
    """``nlp.extract`` over ``n_process`` local worker processes (each loads spaCy once); input order kept,
    at most ``in_flight`` batches (default 2 per worker) outstanding so memory stays flat."""
    import multiprocessing as mp
    from concurrent.futures import ProcessPoolExecutor

    in_flight = in_flight or 2 * n_process
    pool = ProcessPoolExecutor(
        n_process, mp_context=mp.get_context("spawn"), initializer=_pool_init, initargs=(os.getpid(),)
    )
    try:
        yield from _in_order(
            _batches(papers, task_papers),
            lambda batch: pool.submit(_pool_batch, batch, batch_size),
            in_flight,
        )
    except BaseException:  # Ctrl-C, SIGTERM, a closed generator, an error: do not wait for running batches
        workers = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for proc in workers:
            proc.terminate()
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _in_order(
    batches: Iterator[list[PaperRecord]], submit: Callable[[list[PaperRecord]], Any], in_flight: int
) -> Iterator[PaperExtraction]:
    """Submit batches keeping at most ``in_flight`` outstanding; yield their extractions in input order.

    Both engines' futures (concurrent.futures and Dask) block in ``result()``, so one FIFO serves both.
    """
    pending: deque[Any] = deque()
    for batch in batches:
        pending.append(submit(batch))
        if len(pending) >= in_flight:
            yield from pending.popleft().result()
    while pending:
        yield from pending.popleft().result()


def _batches(papers: Iterable[PaperRecord], size: int) -> Iterator[list[PaperRecord]]:
    batch: list[PaperRecord] = []
    for p in papers:
        batch.append(p)
        if len(batch) >= size:
            yield batch
            batch = []
    if batch:
        yield batch


@contextmanager
def client_for(scheduler: str | None, n_workers: int = 2) -> Iterator[Any]:
    """A ``distributed.Client`` to ``scheduler``, or to a fresh loopback ``LocalCluster`` of ``n_workers``."""
    try:
        from distributed import Client, LocalCluster
    except ImportError as exc:  # pragma: no cover - dask is an optional extra
        raise ConfigError("the dask engine needs dask[distributed]: pip install 'dask[distributed]'") from exc
    if scheduler:
        try:
            client = Client(scheduler, timeout="10s")
        except OSError as exc:
            raise ConfigError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from exc
        try:
            yield client
        finally:
            client.close()
        return
    # its INFO chatter would drown the build's output
    logging.getLogger("distributed").setLevel(logging.WARNING)
    cluster = LocalCluster(
        n_workers=n_workers,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=":0",
        silence_logs=logging.WARNING,
    )
    client = Client(cluster)
    try:
        yield client
    finally:
        client.close()
        cluster.close()


def extract(
    papers: Iterable[PaperRecord],
    client: Any,
    *,
    task_papers: int = TASK_PAPERS,
    batch_size: int = 64,
    in_flight: int | None = None,
) -> Iterator[PaperExtraction]:
    """Like ``nlp.extract`` but on the cluster behind ``client``; yields in input order.

    At most ``in_flight`` batches (default: 3 per worker thread) are submitted at a time, so neither the
    driver nor the scheduler ever holds the whole corpus.
    """
    from ..extract.nlp import PIPELINE_VERSION

    if in_flight is None:
        threads = sum(client.nthreads().values()) or 1
        in_flight = 3 * threads
    # pure=False: identical batches (duplicate abstracts) must still come back once each
    yield from _in_order(
        _batches(papers, task_papers),
        lambda batch: client.submit(_extract_batch, batch, PIPELINE_VERSION, batch_size, pure=False),
        in_flight,
    )
