"""Build orchestration: the three passes of ``paperkg build`` (read and extract, resolve, map and write),
the incremental extraction cache and the optional Dask pool for large corpora.

Drives ``corpus`` -> ``extract`` -> ``graph`` and returns a ``BuildSummary`` to the CLI.
"""
