"""One exception root for paperkg, and the exit codes the CLI maps them to.

Exit codes: 0 ok, 1 finished but something failed (rejected records, invalid graph, failed query),
2 usage or configuration error, 3 backend (Neo4j) unavailable.
"""

from __future__ import annotations

EXIT_OK = 0
EXIT_FAILURE = 1
EXIT_USAGE = 2
EXIT_UNAVAILABLE = 3


class PaperKGError(Exception):
    """Root of every error paperkg raises on purpose."""

    exit_code = EXIT_FAILURE


class ConfigError(PaperKGError):
    """Bad settings, options or missing installation pieces."""

    exit_code = EXIT_USAGE


class InputError(PaperKGError):
    """An input file cannot be read at all (not a single bad record: those are rejected and counted)."""

    exit_code = EXIT_USAGE


class ValidationError(PaperKGError):
    """A graph does not conform to the SHACL shapes."""

    exit_code = EXIT_FAILURE


class BackendUnavailable(PaperKGError):
    """Neo4j cannot be reached or refuses our credentials."""

    exit_code = EXIT_UNAVAILABLE


class QueryError(PaperKGError):
    """A named query does not exist or failed."""

    exit_code = EXIT_FAILURE


class Busy(PaperKGError):
    """Another paperkg run holds what this one needs (the output file, or the database for a load)."""

    exit_code = EXIT_USAGE


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised like Ctrl-C so every ``finally`` runs (workers stopped, temporary files removed).

    A ``KeyboardInterrupt``, not a ``PaperKGError``: no ``except Exception`` on the way may swallow it.
    """


#: Exit status after Ctrl-C / SIGTERM (128 + the signal number, as shells report it).
EXIT_INTERRUPTED = 130
EXIT_TERMINATED = 143
