"""``hhtools import``: files, folders and archives into the store, with a progress bar."""

from __future__ import annotations

import os
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    SpinnerColumn,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Table
from rich.text import Text

from hhtools._core import describe
from hhtools.cli.common import DEFAULT_DB, EXIT_NO_DATA, DbOption, console, fail, plural

#: The paths argument of ``import`` and ``parse``: a path that cannot be read is the
#: reader's ``read_error`` problem, not a refusal of the whole command.
PathsArgument = typer.Argument(help="Files, folders, .zip and tar archives, .gz/.bz2/.xz files.", readable=False)


def missing_path(paths: list[Path]) -> Path | None:
    """The first path that does not exist (``None`` when all do). A path that cannot
    be looked at (a folder on its way is unreadable) is not missing: the reader
    reports it as a ``read_error`` problem with its path."""
    for p in paths:
        try:
            os.stat(p)
        except (FileNotFoundError, NotADirectoryError):
            return p
        except OSError:
            continue
    return None


def import_cmd(
    paths: Annotated[list[Path], PathsArgument],
    db: DbOption = Path(DEFAULT_DB),
    audit: Annotated[bool, typer.Option("--audit/--no-audit", help="Audit every showdown.")] = True,
    workers: Annotated[
        int | None, typer.Option("--workers", "-j", min=1,
                                  help="Worker processes (default: CPUs; 1: in this process).")
    ] = None,
    strict: Annotated[
        bool,
        typer.Option("--strict", help="Exit 1 when any problem was reported (notes are not)."),
    ] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
    ev: Annotated[
        bool, typer.Option("--ev", help="Then work out the all-in equity of the new hands "
                           "(as 'hhtools ev').")
    ] = False,
    draws: Annotated[
        bool, typer.Option("--draws", help="Then analyse the draws of the new hands with "
                           "known hole cards (as 'hhtools draws --fill').")
    ] = False,
    engine: Annotated[
        str, typer.Option("--engine", help="embedded (DuckDB, this machine) or dask (a "
                          "Parquet dataset, on a Dask cluster; needs hhtools\\[cluster]).")
    ] = "embedded",
    dataset: Annotated[
        str | None, typer.Option("--dataset", help="--engine dask: the Parquet dataset "
                                 "(a folder every worker shares, or an s3://... URL).")
    ] = None,
    scheduler: Annotated[
        str | None, typer.Option("--scheduler", help="--engine dask: the Dask scheduler "
                                 "(tcp://HOST:8786); default: a local cluster of --workers "
                                 "processes.")
    ] = None,
) -> None:
    """Import hand histories into DuckDB (or, --engine dask, a Parquet dataset), auditing
    every showdown."""
    from hhtools.store.importer import ImportSummary, files_to_read, import_paths

    missing = missing_path(paths)
    if missing is not None:
        fail(f"no such file or folder: {missing}")
    if engine not in ("embedded", "dask"):
        fail(f"unknown engine {engine!r}: use embedded or dask")
    if engine == "embedded" and (dataset or scheduler):
        fail("--dataset and --scheduler go with --engine dask")
    if engine == "dask":
        if not dataset:
            fail("--engine dask needs --dataset DIR (the Parquet dataset to write)")
        if ev or draws:
            fail("--ev and --draws work on a DuckDB store, not on a dataset")
        _import_dask(paths, dataset, scheduler, workers, audit, quiet, strict)
        return
    if not db.parent.is_dir():  # DuckDB's own words: "IO Error: Cannot open file ..."
        fail(f"no such folder for the store: {db.parent} (of --db {db})")
    created = not db.exists()  # a store this run makes: removed again if nothing is read
    console = Console(stderr=True, emoji=False, highlight=False)
    total_files = 0 if quiet else files_to_read(paths, db)
    progress = Progress(
        SpinnerColumn(),
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("files · {task.fields[hands]} · {task.fields[rate]:,.0f} hands/s"),
        TimeElapsedColumn(),
        console=console,
        disable=quiet,
        transient=False,
    )
    task = progress.add_task("importing", total=total_files or None, hands=plural(0, "hand"),
                             rate=0.0)  # fmt: skip
    started = time.perf_counter()

    def on_progress(summary: ImportSummary, name: str) -> None:
        elapsed = time.perf_counter() - started
        seen = summary.hands + summary.duplicates + summary.skipped + summary.failed
        progress.update(
            task,
            completed=summary.files_unchanged + summary.files_read,
            hands=plural(seen, "hand"),
            rate=seen / elapsed if elapsed else 0.0,
        )

    try:
        with progress:
            summary = import_paths(
                paths, db, audit=audit, workers=workers, on_progress=on_progress
            )
            on_progress(summary, "")  # files found unchanged after the last one read
    except KeyboardInterrupt:
        sys.stderr.write(
            "interrupted: files finished before the stop are stored; "
            "run the same import again to pick up the rest.\n"
        )
        raise typer.Exit(130) from None
    except Exception as exc:  # database locked, not a database...
        fail(f"cannot import into {db}: {str(exc).splitlines()[0]}")
        return
    wall = time.perf_counter() - started  # the progress bar's clock, start-up included
    if created and no_history(summary, paths) is not None:
        drop_new_store(db)
        fail_without_history(summary, paths, "'hhtools parse' of the same paths; no store "
                             f"written at {db}")  # fmt: skip
    fail_without_history(summary, paths, f"'hhtools problems --db {db}'")
    _print_summary(summary, db, wall)
    if ev:
        from hhtools.cli.stats import run_ev

        run_ev(db, workers, quiet)
    if draws:
        from hhtools.cli.draws import run_draws

        run_draws(db, workers, quiet)
    if strict and summary.problems:
        raise typer.Exit(1)


def _import_dask(paths: list[Path], dataset: str, scheduler: str | None, workers: int | None,
                 audit: bool, quiet: bool, strict: bool) -> None:  # fmt: skip
    """``--engine dask``: the same stages on a Dask cluster, into a Parquet dataset."""
    from hhtools.store.dask_engine import DaskMissing, import_dataset

    err = Console(stderr=True, emoji=False, highlight=False)
    done = [0]
    # a local dataset this run makes: removed again if nothing is read (as a store)
    created = "://" not in dataset and not os.path.exists(dataset)

    def on_progress(summary: Any, name: str) -> None:
        done[0] += 1
        if not quiet and done[0] % 50 == 0:
            err.print(Text(f"{done[0]:,} files committed, {summary.hands:,} hands"))

    try:
        summary = import_dataset([str(p) for p in paths], dataset, scheduler=scheduler,
                                 workers=workers, audit=audit, on_progress=on_progress)  # fmt: skip
    except DaskMissing as exc:
        fail(str(exc))
        return
    except KeyboardInterrupt:
        sys.stderr.write("interrupted: files committed before the stop are in the dataset; "
                         "run the same import again to pick up the rest.\n")  # fmt: skip
        raise typer.Exit(130) from None
    except Exception as exc:  # scheduler unreachable, storage refused...
        fail(f"cannot import into {dataset}: {str(exc).splitlines()[0] if str(exc) else exc!r}")
        return
    if created and no_history(summary, paths) is not None:
        import shutil

        shutil.rmtree(dataset, ignore_errors=True)
        fail_without_history(summary, paths, "'hhtools parse' of the same paths; no dataset "
                             f"written at {dataset}")  # fmt: skip
    fail_without_history(summary, paths, f"'hhtools problems --dataset {dataset}'")
    _print_summary(summary, Path(dataset), option="--dataset")
    if summary.hands and not quiet:
        peak = max(summary.worker_peak.values(), default=0)
        console().print(Text(f"{plural(summary.tasks, 'task')} on "
                             f"{plural(len(summary.worker_peak), 'worker')} "
                             f"(peak memory per worker {peak / 2**20:,.0f} MB); dataset "
                             f"{summary.dataset_bytes / 2**20:,.1f} MB"))  # fmt: skip
    if strict and summary.problems:
        raise typer.Exit(1)


def no_history(summary: Any, paths: list[Path], see: str = "") -> str | None:
    """Why the paths of an import hold no hand history, in one line, or ``None``
    when a site format read some file (a re-import that adds nothing new included).

    Args:
        summary: the import's :class:`~hhtools.store.importer.ImportSummary` (or the
            Dask engine's, which extends it).
        paths: the paths given.
        see: where the problems are listed (``"'hhtools problems --db x.duckdb'"``).

    Returns:
        :meth:`~hhtools.ingest.read.ReadTally.why_none`'s line, or for paths that
        hold no file at all (an empty folder) ``no hand history found in DIR: no files``.
    """
    why: str | None = summary.tally.why_none(summary.files_unchanged_unread, see,
                                             () if summary.files else paths)  # fmt: skip
    return why


def drop_new_store(db: Path) -> None:
    """Remove the store an import just created that holds no hand (the paths held no
    hand history: an empty folder, only files no site format reads), and its log, so
    that a mistaken path leaves no empty database behind."""
    import shutil

    from hhtools.store.importer import store_files

    path, *beside = store_files(db)
    for f in (path, *beside):
        if f.is_dir():
            shutil.rmtree(f, ignore_errors=True)
        else:
            f.unlink(missing_ok=True)


def fail_without_history(summary: Any, paths: list[Path], see: str) -> None:
    """Exit 1 (:data:`EXIT_NO_DATA`) with :func:`no_history`'s line when the paths
    hold no hand history; return otherwise."""
    none = no_history(summary, paths, see)
    if none is not None:
        fail(none, EXIT_NO_DATA)


def _print_summary(summary: Any, db: Path, wall: float | None = None,
                   option: str = "--db") -> None:
    """The import's counts: a sentence when nothing new came in, else a table.

    ``wall``: seconds since the command started the import, the clock of the progress
    bar's rate (the workers' start and the store's opening included). Given, the
    table's seconds and rate are over it, so its rate is the bar's last, and two rows
    say how long the start-up took and the rate once started (``summary.seconds``, the
    importer's own clock: they differed, 524 against 919 hands/s, unexplained);
    ``None`` (a Dask run): the importer's clock alone. ``option`` names the store in
    the closing hint (``--db``; ``--dataset`` for a Dask run)."""
    out = console()
    quiet = nothing_new(summary, db)
    if quiet is not None:
        skipped = skipped_sentence(summary.tally.skipped)
        out.print(Text(f"{quiet} {skipped}" if skipped else quiet))
        return
    table = Table(title=Text(f"Import into {db}"), show_header=True)
    table.add_column("what")
    table.add_column("count", justify="right")
    rows = [
        ("files", summary.files),
        ("files unchanged since last import", summary.files_unchanged),
        ("hands imported", summary.hands),
        ("  judged in full", summary.hands - summary.read_in_part),
        ("  read in part (problems lists their lines)", summary.read_in_part),
        ("hands already stored (skipped)", summary.duplicates),
        ("conflicting hands (same id, other text)", summary.conflicts),
        ("non-Omaha hands skipped", summary.skipped),
        ("hands that failed to parse", summary.failed),
        ("problems (see import_errors)", summary.problems),
        ("notes: hands skipped by design (problems --notes)", summary.notes),
    ]
    for what, n in rows[:2]:
        table.add_row(what, f"{n:,}")
    for reason, n in sorted(summary.tally.skipped.items()):  # left out: no histories
        table.add_row(Text(f"files skipped: {reason}"), f"{n:,}")
    if summary.withdrawn:  # truncated_hand problems of hands this run stored whole
        rows.insert(-1, ("problems withdrawn: hands cut short, now stored whole",
                         summary.withdrawn))  # fmt: skip
    for what, n in rows[2:]:
        table.add_row(what, f"{n:,}")
    for site in sorted(summary.hands_by_site):
        table.add_row(Text(f"hands from {site}"), f"{summary.hands_by_site[site]:,}")
    for kind in sorted(summary.findings):
        table.add_row(f"findings: {kind}", f"{summary.findings[kind]:,}")
    if not summary.findings:
        table.add_row("findings", "0")
    seconds = max(wall, summary.seconds) if wall is not None else summary.seconds
    # files unchanged: their hands were not read again, so the new ones only are counted
    what, n = (("imported", summary.hands) if summary.files_unchanged else
               ("read", summary.hands + summary.duplicates + summary.skipped + summary.failed))
    table.add_row("seconds, start to end" if wall is not None else "seconds", f"{seconds:,.1f}")
    if wall is not None:
        table.add_row("  of them, starting (workers, the store)",
                      f"{seconds - summary.seconds:,.1f}")  # fmt: skip
    table.add_row(f"hands {what} per second", f"{n / seconds if seconds > 0 else 0.0:,.0f}")
    if wall is not None:
        rate = n / summary.seconds if summary.seconds > 0 else 0.0
        table.add_row("  once started", f"{rate:,.0f}")
    out.print(table)
    out.print(Text(f"Ran on: {describe()}"))  # the compiled core or pure Python (hhtools._core)
    if summary.problems:
        out.print(Text(f"{plural(summary.problems, 'problem')}: see "
                       f"{'it' if summary.problems == 1 else 'them'} with "
                       f"'hhtools problems {option} {db}'"))  # fmt: skip


def skipped_sentence(skipped: Counter[str]) -> str:
    """What a walk left out as no history, in one sentence (``""`` when nothing was),
    e.g. ``2 files skipped: DuckDB database, its log or spill folder.``"""
    if not skipped:
        return ""
    why = "; ".join(f"{r}{f' ({n:,})' if len(skipped) > 1 else ''}"
                    for r, n in sorted(skipped.items()))  # fmt: skip
    return f"{plural(sum(skipped.values()), 'file')} skipped: {why}."


def nothing_new(summary: Any, db: Path) -> str | None:
    """The sentence of an import that stored nothing and met nothing to report (no
    problem, note, conflict or other game), e.g. ``Nothing new: 8 files unchanged since
    the last import (the files hold 2,106 hands, all already in x.duckdb).``; ``None`` for
    any other. The count is of the hands the files hold, a hand in two files counted
    twice: not the store's count, which the sentence said it was."""
    if summary.hands or summary.conflicts or summary.failed or summary.problems:
        return None
    if summary.notes or summary.skipped:
        return None
    hold = "the file holds" if summary.files == 1 else "the files hold"
    every = "already" if summary.duplicates == 1 else "all already"
    stored = f"{hold} {plural(summary.duplicates, 'hand')}, {every} in {db}"
    if summary.files_unchanged == summary.files:
        return (f"Nothing new: {plural(summary.files, 'file')} unchanged since the last "
                f"import ({stored}).")  # fmt: skip
    read = summary.files - summary.files_unchanged
    them = "it" if read == 1 else "them"
    unchanged = (f"; {plural(summary.files_unchanged, 'other file')} unchanged since the last "
                 "import" if summary.files_unchanged else "")  # fmt: skip
    if not summary.duplicates:
        return f"Nothing new: {plural(read, 'file')} read, with no hands in {them}{unchanged}."
    return (f"Nothing new: {plural(read, 'file')} read, every hand in {them} already "
            f"stored{unchanged} ({stored}).")  # fmt: skip
