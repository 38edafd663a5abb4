"""Build-time mapping of the top-level data folders into the package (everything else is in pyproject.toml).

``ontology/``, ``queries/`` and ``data/{gazetteers,iclr2025}`` stay where users look for them in the
repository; the wheel carries them as ``pipeline/ontology``, ``pipeline/queries`` and ``pipeline/data/...``,
where ``pipeline/resources.py`` (and the gazetteer loader) find them in an installed package. This is a
mapping (``package_dir``), not a copy, so the two can never drift. The files each carries are listed under
``[tool.setuptools.package-data]``.
"""

from setuptools import find_namespace_packages, setup

DATA_PACKAGES = {
    "pipeline.ontology": "ontology",
    "pipeline.queries": "queries",
    "pipeline.data.gazetteers": "data/gazetteers",
    "pipeline.data.iclr2025": "data/iclr2025",
}

setup(
    # the stage subpackages (pipeline.corpus, pipeline.extract.*, ...), the model folder, and the mapped data
    packages=[
        *find_namespace_packages(include=["pipeline", "pipeline.*"], exclude=["*.__pycache__"]),
        *DATA_PACKAGES,
    ],
    package_dir=DATA_PACKAGES,
)
