"""paperkg: knowledge graphs from ML paper abstracts (spaCy -> RDF/Turtle -> Neo4j)."""

# in a child process of the ``paperkg`` command (a spaCy worker), before anything imports spaCy
from . import without_torch as _without_torch  # noqa: F401
