"""Guideline annotations (names per abstract) to labelled character spans over the abstract's text.

Why: annotators list each entity once, by name and aliases; a sequence model needs every occurrence.
Every verbatim occurrence of a name or alias, on word boundaries, is labelled with the entity's type (and
role); where two occurrences overlap the longer wins ("ImageNet-1k" over "ImageNet"), and a form listed
under two entities keeps the first. Pure functions over strings.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from ..text.regex import word_spans

#: guideline list -> entity type label
KINDS = {"methods": "METHOD", "datasets": "DATASET", "metrics": "METRIC", "tasks": "TASK"}


def label_of(kind: str, role: str | None, *, with_roles: bool) -> str:
    """``METHOD`` or, with roles, ``METHOD_PROPOSED``; metrics and tasks have no role."""
    base = KINDS[kind]
    return f"{base}_{role.upper()}" if with_roles and role else base


def split_label(label: str) -> tuple[str, str | None]:
    """``METHOD_PROPOSED`` -> (``METHOD``, ``proposed``); ``TASK`` -> (``TASK``, None)."""
    base, _, role = label.partition("_")
    return base, (role.lower() or None)


def occurrences(text: str, form: str) -> Iterator[tuple[int, int]]:
    """Every occurrence of ``form`` in ``text`` that is not inside a longer word (``(?<!\\w)form(?!\\w)``;
    ``text.regex.word_spans`` with no joiners: the scorers call this for every mention and candidate)."""
    if form.strip():
        yield from word_spans(text, form, joiners_before="", joiners_after="")


def gold_spans(
    text: str, annotation: Mapping[str, Any], *, with_roles: bool = True, normalize: Any = None
) -> list[tuple[int, int, str]]:
    """Non-overlapping (start, end, label) spans, in text order.

    Args:
        text: the text the model will read (the pipeline's normalised abstract).
        annotation: one guideline record (``methods``, ``datasets``, ``metrics``, ``tasks``).
        with_roles: label methods and datasets with their role.
        normalize: optional ``str -> str`` applied to a form that is not found as written (a name the
            annotator copied with its LaTeX).
    """
    cands: list[tuple[int, int, int, str]] = []  # (start, end, entity order, label)
    order = 0
    for kind in KINDS:
        for ent in annotation.get(kind) or ():
            label = label_of(kind, ent.get("role"), with_roles=with_roles)
            for form in (ent["name"], *(ent.get("aliases") or ())):
                found = list(occurrences(text, form))
                if not found and normalize is not None:
                    found = list(occurrences(text, normalize(form)))
                for s, e in found:
                    cands.append((s, e, order, label))
            order += 1
    cands.sort(key=lambda c: (-(c[1] - c[0]), c[2], c[0]))
    taken: list[tuple[int, int, str]] = []
    for s, e, _, label in cands:
        if all(e <= ts or s >= te for ts, te, _ in taken):
            taken.append((s, e, label))
    return sorted(taken)


def labels(with_roles: bool = True) -> Sequence[str]:
    """Every label the model may predict."""
    if not with_roles:
        return tuple(KINDS.values())
    return (
        "METHOD_PROPOSED",
        "METHOD_BASELINE",
        "METHOD_USED",
        "DATASET_INTRODUCED",
        "DATASET_USED",
        "METRIC",
        "TASK",
    )
