"""Where the server's CPU goes: py-spy samples a window, and each sample is put in one part.

py-spy (a sampling profiler, a separate process: it reads the server's memory without
stopping it, ``--nonblocking``) records, ``RATE`` times a second, the stack of the thread that
holds the interpreter's lock (``--gil``) into collapsed stacks (one line per distinct stack:
``thread (tid): Name;frame (file:line);… count``), kept beside the report. Only the lock's
holder, because a thread waiting for the lock looks busy to py-spy: without ``--gil`` the event
loop's ``epoll_ctl`` after each frame read as 23 µs a frame in the game (the database thread
took the lock meanwhile) against 6 in the floor, where it costs 0.3 µs alone. What runs without
the lock (SQLite's own C, the kernel's side of ``send`` and ``epoll``) is not sampled: its CPU is
spread over the parts in proportion. Each stack is then put in one of ``PARTS`` (``part_of``):
the frame nearest the leaf that belongs to a known place decides, with a few rules for what
only the whole stack tells (a write by Twisted is a send; a read, the phone's message coming
in). ``breakdown`` turns the shares into CPU per move from the window's measured CPU: the
samples say how it splits, the process's CPU clock how much there is.
"""

from __future__ import annotations

import gzip
import re
import shutil
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

RATE = 200  # samples a second

# The parts a move's CPU is split into, in the report's order.
PARTS = (
    "rules and views",  # the game's rules: validate, apply, each screen's view
    "serialization",  # the frames' and the state's JSON
    "database",  # the move's transaction: statements, commit, Django's ORM and cursor
    "thread hop",  # handing a call to the database thread and back (asgiref, the executor)
    "fan-out",  # the broadcast: which socket gets which frame, the layer message
    "channel layer",  # channels-redis and redis-py, or Channels' in-memory layer
    "sends",  # a frame onto the wire: Channels' send, Daphne, autobahn, Twisted's write
    "receive",  # a phone's message in: Twisted's read, autobahn, Daphne, Channels' dispatch
    "metrics and logs",  # prometheus-client, logging
    "event loop",  # asyncio and Twisted's reactor themselves, tasks, timers
    "other",
)

# (part, pattern of a frame's file) in the order they are tried on each frame.
PLACES = [
    ("metrics and logs", r"/prometheus_client/|/logging/|/games/ops/metrics\.py"
                         r"|/partyhub/logs\.py"),
    ("serialization", r"/orjson|/json/|/games/live/screens\.py|/games/rooms/jsonfast\.py"
                      r"|/games/rooms/fixedparts\.py|/games/rooms/stateparts\.py"),
    ("rules and views", r"/games/(?!live/|rooms/|ops/|kit/registry)[a-z_]+/(?!bench\.py)"),
    ("database", r"/django/db/|/sqlite3/|/psycopg|/games/rooms/"),
    ("thread hop", r"/asgiref/|/channels/db\.py|/concurrent/futures/|/threading\.py"
                   r"|/games/live/dbthread\.py"),
    ("channel layer", r"/channels_redis/|/redis/|/channels/layers\.py"),
    ("fan-out", r"/games/live/(fanout|broadcast|door|deadlines|audience)\.py"),
    # The loop's own machinery (asyncio's, the selector, Twisted's reactor and its log context),
    # before Daphne's and Twisted's protocols.
    ("event loop", r"/asyncio/|/selectors\.py|/twisted/internet/asyncioreactor\.py"
                   r"|/twisted/python/(log|context)\.py"),
    ("network", r"/daphne/|/autobahn/|/twisted/|/txaio/|/channels/generic/websocket\.py"
                r"|/channels/consumer\.py|/channels/routing\.py|/bench/floor\.py"
                r"|/bench/stock\.py|/games/live/consumers\.py"),
]
COMPILED = [(part, re.compile(pattern)) for part, pattern in PLACES]
# Functions that make a network frame a send (a frame going out) rather than a read.
SENDING = re.compile(r"^(send|base_send|handle_reply|sendMessage|sendFrame|sendData|write"
                     r"|writeSequence|doWrite|writeSomeData|frame_send|net_send|_send"
                     r"|stock_message)$")
READING = re.compile(r"^(doRead|dataReceived|_dataReceived|processData|onMessage"
                     r"|websocket_receive|dispatch|receive|handle)$")
# The loop's own turn: the frames rootward of it (Daphne starting its server) decide nothing.
LOOP_ENTRIES = {"_run", "_run_once", "run_forever"}
LINE = re.compile(r"^(?P<stack>.*) (?P<count>\d+)$")
FRAME = re.compile(r"^(?P<function>.*?) \((?P<file>.*):\d+\)$")


def frames_of(stack: str) -> list[tuple[str, str]]:
    """(function, file) of each frame of a collapsed stack, root first (the thread dropped)."""
    found = []
    for text in stack.split(";"):
        match = FRAME.match(text)
        if match:
            found.append((match["function"], match["file"]))
    return found


def place_of(file: str) -> str | None:
    """The part a frame's file belongs to (``network`` for Daphne's, autobahn's, Twisted's and
    Channels' consumer code, split later), ``None`` for one of no known place."""
    for part, pattern in COMPILED:
        if pattern.search(file):
            return part
    return None


def method(function: str) -> str:
    """A frame's function without its class (py-spy names methods ``Class.method``)."""
    return function.rsplit(".", 1)[-1]


def part_of(stack: str) -> str:
    """The part a sampled stack's CPU belongs to (one of ``PARTS``): the frame nearest the leaf
    with a known place decides; asyncio's own frames only when no other frame does (a task's
    step inside the fan-out is the fan-out's)."""
    frames = frames_of(stack)
    looped = False
    for function, file in reversed(frames):
        part = place_of(file)
        if part == "event loop":
            if method(function) in LOOP_ENTRIES:
                return "event loop"  # what is rootward of it is the process starting
            looped = True
        elif part == "network":
            return network_part(frames)
        elif part is not None:
            return part
    return "event loop" if looped else "other"


def network_part(frames: list[tuple[str, str]]) -> str:
    """Daphne's, autobahn's, Twisted's or a consumer's own work: a send when a frame is on its
    way out (a consumer's ``send``, Daphne's reply, autobahn's ``sendMessage``, Twisted's
    write), else the phone's message coming in (a read, its parsing, Channels' dispatch)."""
    for function, _file in reversed(frames):
        name = method(function)
        if SENDING.match(name):
            return "sends"
        if READING.match(name):
            return "receive"
    return "receive"


def collapsed_read(path: Path) -> Counter[str]:
    """The stacks of a py-spy ``--format raw`` file (gzipped if it ends in ``.gz``, as
    docs/bench/profiles keeps them) and how often each was sampled."""
    stacks: Counter[str] = Counter()
    raw = gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes()
    for line in raw.decode(errors="replace").splitlines():
        match = LINE.match(line)
        if match:
            stacks[match["stack"]] += int(match["count"])
    return stacks


def shares(stacks: Counter[str]) -> dict[str, float]:
    """Each part's share of the samples (0 to 1, in ``PARTS`` order; empty with no samples)."""
    total = sum(stacks.values())
    if not total:
        return {}
    counted: Counter[str] = Counter()
    for stack, count in stacks.items():
        counted[part_of(stack)] += count
    return {part: counted[part] / total for part in PARTS}


def thread_shares(stacks: Counter[str]) -> dict[str, float]:
    """Each thread's share of the samples, by its name (the event loop's is ``MainThread``)."""
    total = sum(stacks.values())
    counted: Counter[str] = Counter()
    for stack, count in stacks.items():
        head = stack.split(";", 1)[0]
        name = head.split(": ", 1)[1] if ": " in head else head
        counted[re.sub(r"_\d+$", "", name)] += count
    return {name: count / total for name, count in counted.most_common()} if total else {}


def breakdown(stacks: Counter[str], cpu_seconds: float, moves: int) -> dict[str, Any]:
    """The window's CPU per move, split by the samples' shares (µs per move by part)."""
    found = shares(stacks)
    per_move = cpu_seconds / moves * 1e6 if moves else 0.0
    return {
        "samples": sum(stacks.values()),
        "us_per_move": round(per_move, 1),
        "parts_us_per_move": {part: round(share * per_move, 1) for part, share in found.items()},
        "parts_share": {part: round(share, 4) for part, share in found.items()},
        "threads_share": {name: round(share, 4) for name, share in thread_shares(stacks).items()},
    }


def available() -> bool:
    return py_spy() is not None


def py_spy() -> str | None:
    """The py-spy executable of this environment (beside its Python), else on the path."""
    beside = Path(sys.executable).with_name("py-spy")
    return str(beside) if beside.exists() else shutil.which("py-spy")


@dataclass
class Sampler:
    """py-spy recording one process for one window (``start``, then ``stop`` at its end)."""

    pid: int
    path: Path
    core: int | None = None
    gil: bool = True  # only the thread holding the interpreter's lock (see the module's doc)
    process: subprocess.Popen | None = None

    def start(self) -> bool:
        executable = py_spy()
        if executable is None:
            return False
        command = [executable, "record", "--pid", str(self.pid), "--rate", str(RATE),
                   "--nonblocking", "--threads", "--full-filenames", "--format", "raw",
                   "--output", str(self.path), *(["--gil"] if self.gil else [])]
        if self.core is not None and shutil.which("taskset"):
            command = ["taskset", "-c", str(self.core), *command]
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.PIPE, text=True)
        return True

    def stop(self) -> Counter[str]:
        """End the recording (py-spy writes its file on SIGINT) and read it; nothing if it
        failed (no permission to read the server's memory, say)."""
        if self.process is None:
            return Counter()
        if self.process.poll() is None:
            self.process.send_signal(subprocess.signal.SIGINT)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None
        return collapsed_read(self.path) if self.path.exists() else Counter()
