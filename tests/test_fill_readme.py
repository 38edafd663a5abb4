"""scripts/fill_readme.py: the learning-curve tables (the distilled student's curve carries the model's own
dev-split F1 beside the held-out totals; the older gold-only curve, which never measured it, keeps its
columns) and the benchmark block, which says which pipeline and command measured it."""

from __future__ import annotations

from .conftest import load_script

HELDOUT = {"METHOD": 78.3, "DATASET": 89.3, "METRIC": 70.7, "TASK": 55.3, "proposed": "89/104"}


def _point(fraction: float, **extra: object) -> dict[str, object]:
    point = {"fraction": fraction, "abstracts": round(2521 * fraction), "minutes": 41.0, "heldout": HELDOUT}
    return point | extra


def test_the_students_curve_shows_the_models_own_dev_f1() -> None:
    fill = load_script("scripts/fill_readme.py")
    dev = {"all": 66.6, "METHOD": 73.3, "TASK": 56.6, "METRIC": 58.2, "DATASET": 77.2}
    lines = fill.curve_lines({"points": [_point(0.25, model_dev=dev), _point(1.0, model_dev=dev)]})
    assert "model's dev F1" in lines[0]
    assert lines[0].count("|") == lines[1].count("|") == lines[2].count("|")
    row = lines[3]
    assert row.startswith("| 100% | 2521 | 78.3 | 89.3 | 70.7 | 55.3 | 89/104 |")
    assert "| 66.6 (73.3 / 77.2 / 58.2 / 56.6) | 41.0 |" in row  # Method, Dataset, Metric, Task in that order


def test_a_curve_without_the_models_dev_f1_keeps_its_columns() -> None:
    fill = load_script("scripts/fill_readme.py")
    lines = fill.curve_lines({"points": [_point(0.5)]})
    assert "model's dev F1" not in lines[0]
    assert lines[2] == "| 50% | 1260 | 78.3 | 89.3 | 70.7 | 55.3 | 89/104 | 41.0 |"


def test_a_point_not_trained_by_the_curve_shows_no_training_minutes() -> None:
    """The student curve's 100% point is the packaged model: it was not trained by the run, so its
    minutes are unknown (None), shown as a dash rather than as a zero-minute training."""
    fill = load_script("scripts/fill_readme.py")
    dev = {"all": 66.6, "METHOD": 73.3, "TASK": 56.6, "METRIC": 58.2, "DATASET": 77.2}
    lines = fill.curve_lines({"points": [_point(1.0, model_dev=dev) | {"minutes": None}]})
    assert lines[2].endswith("| 66.6 (73.3 / 77.2 / 58.2 / 56.6) | – |")


REPORT_MD = "# paperkg scale benchmark (2 CPUs)\n\n## NLP stage vs bare spaCy model\n\n| a | b |\n"


def test_the_bench_block_names_the_pipeline_and_command_its_report_was_measured_with() -> None:
    fill = load_script("scripts/fill_readme.py")
    report = {
        "pipeline_version": "9.9.9",
        "date": "2031-01-02",
        "command": "python scripts/bench.py --sizes 7",
    }
    lines = fill.bench_lines(REPORT_MD, report)
    assert lines[0].startswith(
        "Pipeline 9.9.9, measured on 2031-01-02 with `python scripts/bench.py --sizes 7`"
    )
    assert "### NLP stage vs bare spaCy model" in lines[-1]
    assert "(59,715 abstracts;" in lines[1]  # a report that skipped nothing says so


def test_the_bench_block_says_how_many_abstracts_were_kept_out_for_the_independent_evaluation() -> None:
    fill = load_script("scripts/fill_readme.py")
    report = {"pipeline_version": "1", "date": "d", "command": "c", "excluded_eval_abstracts": 160}
    assert "less the 160 that `../shared/eval-exclude.sha256` keeps" in fill.bench_lines(REPORT_MD, report)[1]


def test_the_bench_block_names_the_abstracts_the_bench_read_and_skipped() -> None:
    fill = load_script("scripts/fill_readme.py")
    report = {"pipeline_version": "1", "date": "d", "command": "c", "excluded_eval_abstracts": 160}
    report |= {"corpus_abstracts": 1234, "skipped_eval_abstracts": 7}  # what a run counted, not the file
    assert (
        "(1,234 abstracts less the 7 that `../shared/eval-exclude.sha256` keeps"
        in fill.bench_lines(REPORT_MD, report)[1]
    )


def test_a_bench_report_from_before_those_fields_keeps_the_last_full_runs_command() -> None:
    fill = load_script("scripts/fill_readme.py")
    lines = fill.bench_lines(REPORT_MD, {"machine": {}})
    assert "--sizes 1000,10000,all" in lines[0]
    assert not lines[0].startswith("Pipeline")


def test_the_interval_table_has_a_row_per_held_out_set_and_pool_and_none_for_dev_sets() -> None:
    fill = load_script("scripts/fill_readme.py")
    iv = {"METHOD": [0.7512, 0.8431], "proposed": [0.8, 0.9], "baseline": [0.4, 0.7]}
    report = {
        "sets": {
            "iclr2025_dev": {"status": "ok", "interval_95": iv},
            "xvenue_heldout": {"status": "ok", "interval_95": iv},
            "iclr2024_test": {"status": "skipped", "reason": "no shared"},
        },
        "pooled": {
            "heldout_all": {"interval_95": iv, "n_papers": 470},
            "dev": {"interval_95": iv, "n_papers": 501},
        },
        "bootstrap": {"replicates": 1000, "level": 0.95},
    }
    lines = fill.interval_lines(report)
    rows = [line for line in lines if line.startswith("| ") and "–" in line]
    labels = [row.split(" | ")[0][2:] for row in rows]
    assert labels == [
        fill.LABELS["xvenue_heldout"],
        "**all held-out pooled (470)**",  # the pool's size, read from the report
        "three development sets pooled (501)",
    ]
    cells = rows[0].strip("| ").split(" | ")
    assert cells[1] == "75.1–84.3" and cells[2] == "–" and cells[-1] == "40.0–70.0"
    assert "95% intervals from 1,000 resamples of each set" in " ".join(lines)
    assert fill.interval_lines({"sets": {}}) == []


def _entry(tp: int, right: int) -> dict:
    """A guideline set's report entry: every type tp of 10 gold (no false positives), ``right`` of 10
    proposed methods, value+unit tp of 10."""
    le = {"tp": tp, "fp": 0, "fn": 10 - tp, "f1": 2 * tp / (tp + 10)}
    return {
        "status": "ok",
        "entities": {t: {"lenient": le} for t in ("METHOD", "DATASET", "METRIC", "TASK", "ALL")},
        "proposed_method": {"with_gold_proposed": {"right": right, "n": 10}},
        "results": {"tp": tp, "fp": 0, "fn": 10 - tp, "f1": le["f1"], "attributes": {}},
    }


def test_a_held_out_set_new_since_the_earlier_report_shows_this_versions_numbers_and_the_pool() -> None:
    """The version table compares each set both reports scored; a held-out set the earlier one did not
    have (iclr_heldout, 2026-12-06) still gets its row and the pooled row, marked new, and the sets both
    scored get a pooled row of their own."""
    fill = load_script("scripts/fill_readme.py")
    now = {name: _entry(8, 9) for name in fill.ALL_HELD_OUT}
    earlier = {name: _entry(6, 7) for name in fill.ALL_HELD_OUT if name != "iclr_heldout"}
    lines = fill.version_lines(now, {"pipeline_version": "0.18.2", "sets": earlier})
    label = fill.LABELS["iclr_heldout"] + fill.NEW_ROW  # no earlier number: marked, not shown unchanged
    new = [ln for ln in lines if ln.startswith(f"| {label} |")]
    assert new == [f"| {label} | 88.9 | 88.9 | 88.9 | 88.9 | 88.9 | 9/10 | 88.9 |"]
    old_set = [ln for ln in lines if ln.startswith(f"| {fill.LABELS['xvenue_heldout']} |")]
    assert old_set and "75.0 → 88.9" in old_set[0] and "7/10 → 9/10" in old_set[0]
    pool = [ln for ln in lines if "all held-out pooled" in ln]
    n_sets = len(fill.ALL_HELD_OUT)  # every held-out set's 9 of 10, pooled
    assert (
        len(pool) == 1
        and "→" not in pool[0]
        and f"**{9 * n_sets}/{10 * n_sets}**" in pool[0]
        and fill.NEW_ROW in pool[0]
    )
    # the sets both reports scored, pooled like for like (no n_papers in these entries: 0 abstracts)
    both = [ln for ln in lines if "both scored" in ln]
    n_both = n_sets - 1  # the sets both scored: all but iclr_heldout
    assert len(both) == 1 and f"**{7 * n_both}/{10 * n_both} → {9 * n_both}/{10 * n_both}**" in both[0]


def test_the_targets_table_says_met_only_where_the_whole_interval_clears_the_target() -> None:
    """Each target against the ICLR pool, the cross-venue pool, the comparison-rich set and all held-out
    pooled: the pooled number, the pool's interval from the report, and a verdict read from the interval
    (not from the point: a point above the target with the interval holding it is open)."""
    fill = load_script("scripts/fill_readme.py")
    sets = {name: _entry(8, 9) for name in fill.ALL_HELD_OUT}  # Method F1 2*8/18 = 88.9, proposed 90%
    iv = {"METHOD": [0.85, 0.93], "TASK": [0.70, 0.90], "proposed": [0.80, 0.95], "DATASET": [0.5, 0.6]}
    report = {
        "sets": {**sets, "xvenue_heldout": {**sets["xvenue_heldout"], "interval_95": {"METHOD": [0, 0.1]}}},
        "pooled": {
            "heldout_iclr": {"interval_95": {"METHOD": [0.70, 0.79]}},
            "heldout_xvenue": {"interval_95": iv},  # the pool's interval, not its first set's
            "heldout_all": {"interval_95": iv},
        },
    }
    table = [ln.split(" | ") for ln in fill.target_lines(report) if ln.startswith("| ")]
    rows = {cells[0][2:]: cells for cells in table}
    header = rows["measure"]
    assert header[2].startswith("ICLR held-out pooled") and header[-1].startswith("all held-out pooled")
    method = rows["Method"]
    assert method[1] == "80"
    assert method[2] == "88.9 (70.0–79.0) not met"  # the ICLR pool's own interval, under 80
    assert method[3] == "88.9 (85.0–93.0) **met**"
    task, proposed, dataset = rows["Task"], rows["proposed method"], rows["Dataset"]
    assert task[3] == "88.9 (70.0–90.0) **met**"  # wide, but wholly over 65
    assert proposed[3] == "90.0 (80.0–95.0) open" and dataset[3] == "88.9 (50.0–60.0) not met"
    assert rows["Metric"][3] == "88.9"  # no interval for the measure: the number alone, no verdict


def _readme_with_bench(*sizes: int) -> str:
    tables = "\n".join(f"### Query latency at {n} abstracts (warm)\n\n| q | ms |" for n in sizes)
    return f"intro\n<!-- BENCH-TABLE -->\nold block\n{tables}\n<!-- /BENCH-TABLE -->\nrest\n"


def test_a_quick_bench_report_does_not_replace_the_full_runs_tables() -> None:
    # a "--sizes 1000" run after the full one: the README keeps its 10,000- and 59,555-abstract tables
    fill = load_script("scripts/fill_readme.py")
    readme = _readme_with_bench(1000, 10000, 59555)
    quick = REPORT_MD + "\n## Query latency at 1000 abstracts (warm)\n\n| q | ms |\n"
    text, why = fill.fill_bench(readme, quick, None)
    assert text == readme
    assert why is not None and "10,000, 59,555" in why
    # asked for, or with every size the block holds, the block is replaced
    text, why = fill.fill_bench(readme, quick, None, partial=True)
    assert why is None and "old block" not in text and "Query latency at 10000" not in text
    full = quick + "".join(f"\n## Query latency at {n} abstracts (warm)\n" for n in (10000, 59555))
    text, why = fill.fill_bench(readme, full, None)
    assert why is None and "old block" not in text and text.endswith("<!-- /BENCH-TABLE -->\nrest\n")
