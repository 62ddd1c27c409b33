"""What a worker process of the import runs first (hhtools.store.pipeline.start_worker,
the pool's initialiser): Ctrl-C ignored, the cyclic garbage collector set for its work
and what it inherited frozen. Run in a child process: it changes the process's state."""

from __future__ import annotations

import json
import subprocess
import sys

from hhtools.store.pipeline import WORKER_GC

_CHILD = """
import gc, json, signal
from hhtools.store.pipeline import start_worker
before = [list(gc.get_threshold()), gc.get_freeze_count()]
start_worker()
print(json.dumps({"before": before, "after": [list(gc.get_threshold()), gc.get_freeze_count()],
                  "sigint": signal.getsignal(signal.SIGINT) == signal.SIG_IGN}))
"""


def test_the_workers_initialiser() -> None:
    done = subprocess.run([sys.executable, "-c", _CHILD], capture_output=True, text=True,
                          check=True)  # fmt: skip
    got = json.loads(done.stdout)
    assert got["before"] == [[700, 10, 10], 0]  # Python's defaults
    assert got["after"][0] == [10_000, 20, 10] == list(WORKER_GC)
    assert got["after"][1] > 1000  # the modules' objects imported so far, frozen
    assert got["sigint"]
