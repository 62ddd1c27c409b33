"""What a worker process of the import runs first (hhtools.store.pipeline.start_worker,
the pool's initialiser): Ctrl-C ignored, the cyclic garbage collector stopped and what
it inherited frozen; then each task (run_task) collects the cycles made since the last.
Run in a child process: it changes the process's state."""

from __future__ import annotations

import json
import subprocess
import sys

_CHILD = """
import gc, json, signal
from hhtools.store.pipeline import run_task, start_worker
before = [gc.isenabled(), gc.get_freeze_count()]
start_worker()
after = [gc.isenabled(), gc.get_freeze_count()]

class Node:  # a reference cycle made by a task, garbage once the task is done
    def __init__(self):
        self.me = self

def cycles():
    for _ in range(50):
        Node()
    return None

young = gc.get_count()[0]
cycles()
made = gc.get_count()[0] - young
got = run_task((3, True, None))
print(json.dumps({"before": before, "after": after, "made": made,
                  "young after the task": gc.get_count()[0], "task": list(got),
                  "garbage": sum(isinstance(o, Node) for o in gc.get_objects()),
                  "sigint": signal.getsignal(signal.SIGINT) == signal.SIG_IGN}))
"""


def test_the_workers_initialiser() -> None:
    done = subprocess.run([sys.executable, "-c", _CHILD], capture_output=True, text=True,
                          check=True)  # fmt: skip
    got = json.loads(done.stdout)
    assert got["before"] == [True, 0]  # Python's defaults
    assert got["after"][0] is False  # no collection while the worker works
    assert got["after"][1] > 1000  # the modules' objects imported so far, frozen
    assert got["sigint"]
    # the 50 cycles were made in the youngest generation (50 objects and their 50
    # attribute dicts at least) and nothing collected them while the collector stopped;
    # the task's own collection freed them and left the youngest generation empty
    assert got["made"] >= 50
    assert got["task"] == [3, True, None]
    assert got["garbage"] == 0
    assert got["young after the task"] == 0
