"""Small typed records that cross stage boundaries (corpus -> nlp -> mapping -> export/loader).

Stages never reach into each other's internals: they hand over these pydantic models, which forbid
unknown fields so that a typo in one stage fails loudly instead of silently dropping data.
"""

from __future__ import annotations

from enum import Enum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class Record(BaseModel):
    """Base for every boundary record: immutable and strict."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class PaperRecord(Record):
    """One abstract as read from the corpus, before any NLP."""

    id: str = Field(description="Stable identifier, kept verbatim as dcterms:identifier.")
    abstract: str
    title: str | None = None
    venue: str | None = None
    year: int | None = None
    url: str | None = None
    status: str | None = None
    source: str = Field(description="File and line (or paragraph) the record came from.")


class Rejected(Record):
    """A record the corpus reader refused, with the reason, so nothing is silently lost."""

    source: str = Field(description="file:line of the bad record")
    reason: str
    raw: str = Field(default="", description="The offending record as text (undecodable bytes replaced).")
    raw_base64: str | None = Field(
        default=None, description="The offending bytes, base64, when they are not valid UTF-8 text."
    )


class EntityType(str, Enum):
    METHOD = "METHOD"
    DATASET = "DATASET"
    METRIC = "METRIC"
    TASK = "TASK"


MethodRole = Literal["proposed", "baseline", "used"]
DatasetRole = Literal["introduced", "used"]


class EntityMention(Record):
    """A named entity found in one abstract (character offsets into the normalised abstract, or into the
    title for the few tasks a title states and the abstract does not)."""

    type: EntityType
    text: str = Field(description="Surface form as written (LaTeX-normalised).")
    start: int
    end: int
    sentence: str
    role: str | None = Field(
        default=None, description="Method: proposed/baseline/used; dataset: introduced/used."
    )
    aliases: tuple[str, ...] = Field(
        default=(), description="Other surface forms of the same entity in this abstract (e.g. acronym)."
    )
    in_title: bool = Field(
        default=False, description="Found in the title only: the offsets and sentence refer to the title."
    )


ResultKind = Literal["absolute", "improvement", "ratio"]


class ResultMention(Record):
    """A reported number with what it measures, as far as the sentence says."""

    value: float
    value_max: float | None = None
    unit: str = ""
    kind: ResultKind = "absolute"
    metric: str | None = None
    dataset: str | None = None
    method: str | None = None
    baseline: str | None = None
    evidence: str = Field(description="The sentence (or shortest span) holding the number.")
    start: int = -1
    end: int = -1


class PaperExtraction(Record):
    """Everything the NLP stage found in one paper: the input of the mapping stage."""

    paper: PaperRecord
    text: str = Field(description="The normalised abstract the offsets refer to.")
    entities: tuple[EntityMention, ...] = ()
    results: tuple[ResultMention, ...] = ()
    code_urls: tuple[str, ...] = ()
