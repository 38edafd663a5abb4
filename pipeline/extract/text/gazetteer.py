"""Load the shipped name lists (``data/gazetteers/*.tsv``, filtered from Papers with Code, CC BY-SA).

The lists are *evidence* for the entity rules, never the only source of names: a name found by the
linguistic rules is kept whether or not it is listed. Files are produced by
``scripts/build_gazetteers.py``; each has a header ``name<TAB>tier`` where ``tier`` is ``strong`` (a
name-shaped entry, safe to match on its own) or ``weak`` (also an ordinary word: only used when the
context agrees).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from ...errors import ConfigError

#: Where the filtered lists live: inside the package when installed with package data, else the checkout.
_CANDIDATE_DIRS = (
    Path(__file__).resolve().parents[2] / "data" / "gazetteers",
    Path(__file__).resolve().parents[3] / "data" / "gazetteers",
)
KINDS = ("datasets", "methods", "metrics", "tasks")


@dataclass(frozen=True)
class Gazetteer:
    """Name -> tier maps, one per entity kind (names keep their listed spelling)."""

    datasets: dict[str, str] = field(default_factory=dict)
    methods: dict[str, str] = field(default_factory=dict)
    metrics: dict[str, str] = field(default_factory=dict)
    tasks: dict[str, str] = field(default_factory=dict)

    def names(self, kind: str, tier: str | None = None) -> list[str]:
        """Names of one kind (optionally one tier), in file order."""
        table: dict[str, str] = getattr(self, kind)
        return [name for name, t in table.items() if tier is None or t == tier]


def default_dir() -> Path:
    """The first existing gazetteer directory."""
    for path in _CANDIDATE_DIRS:
        if (path / "methods.tsv").exists():
            return path
    raise ConfigError(f"gazetteer files not found in {', '.join(map(str, _CANDIDATE_DIRS))}")


def _read(path: Path) -> dict[str, str]:
    table: dict[str, str] = {}
    if not path.exists():
        return table
    for line in path.read_text(encoding="utf-8").splitlines()[1:]:
        name, _, tier = line.partition("\t")
        if name:
            table[name] = tier or "strong"
    return table


@lru_cache(maxsize=4)
def load_gazetteer(directory: str | None = None) -> Gazetteer:
    """Read the four lists once per directory (cached)."""
    base = Path(directory) if directory else default_dir()
    return Gazetteer(**{kind: _read(base / f"{kind}.tsv") for kind in KINDS})
