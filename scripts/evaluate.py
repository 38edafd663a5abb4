#!/usr/bin/env python
"""Score the NLP stage on the seed gold and the peer benchmarks, and print Markdown tables.

Usage: python scripts/evaluate.py [--sets seeds,iclr2024_heldout,scierc,scier,scier_ood] [--json
out/eval.json]
                                  [--markdown out/eval.md]
Peer sets need ../shared (or $PAPERKG_SHARED); they are skipped with a message when it is absent.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path

from pipeline.evaluate import ALL_SETS, format_report, run_evaluation


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", default=",".join(ALL_SETS), help="comma-separated: " + ", ".join(ALL_SETS))
    parser.add_argument("--json", type=Path, help="also write the report as JSON here")
    parser.add_argument("--markdown", type=Path, help="also write the Markdown here")
    args = parser.parse_args(argv)
    sets = [s.strip() for s in args.sets.split(",") if s.strip()]
    unknown = [s for s in sets if s not in ALL_SETS]
    if unknown:
        parser.error(f"unknown set(s) {', '.join(unknown)}; choose from {', '.join(ALL_SETS)}")
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    report = run_evaluation(sets)
    markdown = format_report(report)
    for path, text in ((args.json, json.dumps(report, indent=2)), (args.markdown, markdown)):
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text + "\n", encoding="utf-8")
    print(markdown)
    return 0


if __name__ == "__main__":
    sys.exit(main())
