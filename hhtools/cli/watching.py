"""``hhtools watch``: import folders, then every hand the poker client writes, as it
writes it, with a live line."""

from __future__ import annotations

import os
import signal
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.live import Live
from rich.text import Text

from hhtools.cli.common import DEFAULT_DB, DbOption, fail

if TYPE_CHECKING:
    from hhtools.store.watch import WatchStatus

#: ``--settle``'s default: :data:`hhtools.store.watch.SETTLE_SECONDS` (not imported
#: here, so the command line starts without loading the store).
DEFAULT_SETTLE = 2.0


def watch_cmd(
    folders: Annotated[
        list[Path],
        typer.Argument(
            help="Folders the poker client writes its hand histories to (with their subfolders)."
        ),
    ],
    db: DbOption = Path(DEFAULT_DB),
    audit: Annotated[bool, typer.Option("--audit/--no-audit", help="Audit every showdown.")] = True,
    settle: Annotated[
        float,
        typer.Option(
            "--settle",
            min=0.0,
            help="Seconds a file must stay unchanged before "
            "its last hand is imported (a hand another hand follows is imported "
            "at once).",
        ),
    ] = DEFAULT_SETTLE,
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers",
            "-j",
            help="Worker processes for a large batch (the "
            "first import of full folders; default: CPUs).",
        ),
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No live line.")] = False,
) -> None:
    """Import the folders, then keep importing hands as the poker client writes them.

    A hand is imported once it is complete: as soon as another hand starts after it,
    or, for the last hand of a file, once the file has not changed for --settle
    seconds (default 2); if the client only paused in it, it is read again, whole,
    when the file grows, and the problem of its cut reading withdrawn. Hands are skipped when
    stored already (same site and hand id), so a renamed or rotated file adds
    nothing twice, and a file that grows adds each hand, problem and note once.
    A watch started again takes up where it stopped.

    The database is opened for writing only for each short batch and closed in
    between, so 'hhtools sql', 'report', 'stats' and hhtools.connect can read it
    while the watch runs: they wait (up to 10 s) for a batch to finish, and a
    connection of hhtools.connect left open gives the file up for each batch. When
    another program holds it longer, the batch waits for the next try.

    Stop with Ctrl-C or SIGTERM (exit 0): a batch in progress is rolled back, what
    was committed stays. On network drives, set WATCHFILES_FORCE_POLLING=1.
    """
    import duckdb

    from hhtools.store.watch import watch_folders

    for folder in folders:
        if folder.exists() and not folder.is_dir():
            fail(f"{folder} is a file, not a folder: watch takes the folders the poker "
                 f"client writes to ('hhtools import {folder}' reads one file)")  # fmt: skip
        if not folder.is_dir():
            fail(f"no such folder: {folder}")
    err = Console(stderr=True, emoji=False, highlight=False)
    live = Live(Text("starting"), console=err, refresh_per_second=4, transient=True)

    def on_status(status: WatchStatus) -> None:
        if not quiet:
            live.update(Text(describe(status)))

    main_pid = os.getpid()

    def stop(signum: int, frame: FrameType | None) -> None:
        if os.getpid() != main_pid:  # a worker process forked with this handler
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)
            return
        for sig in (signal.SIGINT, signal.SIGTERM):  # the clean-up is not interrupted
            signal.signal(sig, signal.SIG_IGN)
        raise KeyboardInterrupt

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        if not quiet:
            live.start()
        status = watch_folders(
            folders, db, audit=audit, settle=settle, workers=workers, on_status=on_status
        )
    except KeyboardInterrupt:  # before the watch began or after it ended: nothing open
        return
    except (duckdb.Error, OSError) as exc:  # not a database, or held past the wait
        live.stop()
        fail(f"cannot watch into {db}: {str(exc).splitlines()[0]}")
    finally:
        live.stop()
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    from hhtools.cli.importing import skipped_sentence

    waited = f"; waited {status.waited:.1f} s for readers" if status.waited else ""
    skipped = skipped_sentence(status.skipped)
    err.print(Text(f"stopped: {status.hands:,} hands imported into {db} "
                   f"({status.findings:,} findings, {status.problems:,} problems){waited}"
                   f"{'. ' + skipped if skipped else ''}"))  # fmt: skip


def describe(status: WatchStatus) -> str:
    """The live line: what the watch is doing, hands and findings so far, the last hand.

    >>> from hhtools.store.watch import WatchStatus
    >>> describe(WatchStatus(phase="watching", hands=1234, last_hand="42", last_file="/a/b.txt"))
    'watching · 1,234 hands · 0 findings · 0 problems · last hand 42 in b.txt'
    >>> from collections import Counter
    >>> describe(WatchStatus(phase="watching", skipped=Counter({"Parquet file": 2})))
    'watching · 0 hands · 0 findings · 0 problems · 2 files skipped'
    """
    parts = [status.phase, f"{status.hands:,} hands", f"{status.findings:,} findings",
             f"{status.problems:,} problems"]  # fmt: skip
    if status.last_hand is not None:
        parts.append(f"last hand {status.last_hand} in {Path(status.last_file or '').name}")
    if status.waiting:
        parts.append(f"{status.waiting} file{'s' if status.waiting != 1 else ''} settling")
    skipped = sum(status.skipped.values())
    if skipped:
        parts.append(f"{skipped:,} file{'s' if skipped != 1 else ''} skipped")
    if status.busy:
        parts.append("database held by a reader: trying again")
    elif status.waited:
        parts.append(f"waited {status.waited:.0f} s for readers")
    return " · ".join(parts)
