"""Runs the work units of a split perft on a Dask cluster.

Every unit of DIR that has no valid result (as `games <game> perft
--pending DIR` lists them) becomes a task. A task sends the unit and its
manifest to a worker, which runs the games binary on them in a scratch
directory of its own (`games <game> perft --unit FILE`) and sends the
result's bytes back; this process writes each result into DIR atomically as
it arrives, so a run stopped half way and started again runs only the units
with no valid result. Workers need the binary at the same path on every
host, and nothing else: DIR stays on this machine.

A task that fails (the binary's exit code, or its worker lost) runs again,
up to --retries times; a unit that fails every retry fails the run, naming
the unit and the end of its standard error. At the end, the merge
(`games <game> perft --merge DIR`) prints the total and its exit code is
the run's.

The runner drives the program from outside: what a unit, a result or a
valid one is, is the program's to say.
"""

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# The end of a failed unit's standard error that a failure shows.
STDERR_TAIL = 2000


class UnitFailed(Exception):
    """The binary ran on a unit and exited non-zero."""


def parse_arguments(argv):
    parser = argparse.ArgumentParser(
        prog="games/distributed/run",
        description="Run the work units of a split perft (games <game> perft --split) "
        "on a Dask cluster, then merge them.",
    )
    parser.add_argument("dir", type=Path, help="the split's directory (its manifest.tsv)")
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument(
        "--local", type=int, metavar="WORKERS", help="a LocalCluster of WORKERS processes"
    )
    where.add_argument(
        "--scheduler", metavar="ADDRESS", help="a running scheduler (tcp://host:8786)"
    )
    where.add_argument(
        "--scheduler-file",
        metavar="FILE",
        help="a running scheduler's file (dask scheduler --scheduler-file FILE)",
    )
    parser.add_argument(
        "--binary", type=Path, help="the games binary, at this path on every worker"
    )
    parser.add_argument("--default-binary", type=Path, help=argparse.SUPPRESS)
    parser.add_argument(
        "--threads", type=int, default=1, help="threads of each unit's run (default 1)"
    )
    parser.add_argument("--tt", action="store_true", help="each unit's run keeps a table")
    parser.add_argument(
        "--crate", default="persistent", help="the position crate the units count with"
    )
    parser.add_argument(
        "--retries", type=int, default=3, help="runs of a failed unit after its first"
    )
    arguments = parser.parse_args(argv)
    if arguments.local is not None and arguments.local < 1:
        parser.error("--local takes 1 worker or more")
    if arguments.threads < 1 or arguments.retries < 0:
        parser.error("--threads is 1 or more, --retries 0 or more")
    binary = arguments.binary or arguments.default_binary
    if binary is None or not os.access(binary, os.X_OK):
        parser.error(
            f"no games binary at {binary} (cargo build --release -p games, or --binary PATH)"
        )
    arguments.binary = binary.resolve()
    return arguments


def manifest_game(directory):
    """The game a split's manifest names (its `game` line)."""
    path = directory / "manifest.tsv"
    try:
        with open(path, encoding="utf-8") as manifest:
            for line in manifest:
                name, _, value = line.rstrip("\n").partition("\t")
                if name == "game":
                    return value
    except OSError as error:
        sys.exit(f"run: {path}: {error.strerror}")
    sys.exit(f"run: {path} names no game: not a split's manifest")


def pending_units(binary, game, directory):
    """The units with no valid result, as the program lists them."""
    listed = subprocess.run(
        [str(binary), game, "perft", "--pending", str(directory)],
        capture_output=True,
        text=True,
        check=False,
    )
    sys.stderr.write(listed.stderr)
    if listed.returncode != 0:
        sys.exit(listed.returncode)
    return listed.stdout.split()


def death_signal():
    """What the binary's process runs before the binary: a SIGKILL asked
    for when the worker that started it dies, so that no unit goes on
    counting for nobody (Linux's prctl; elsewhere nothing). libc is loaded
    before the fork: the child only calls it."""
    try:
        import ctypes

        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    pr_set_pdeathsig = 1
    return lambda: prctl(pr_set_pdeathsig, signal.SIGKILL)


def count_unit(binary, game, name, unit, manifest, options):
    """On a worker: the unit counted in a scratch directory; its result's
    bytes, the positions counted and the seconds it took."""
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="games-unit-") as scratch:
        scratch = Path(scratch)
        (scratch / "manifest.tsv").write_bytes(manifest)
        (scratch / name).write_bytes(unit)
        command = [str(binary), game, "perft", "--unit", str(scratch / name)] + options
        ran = subprocess.run(
            command,
            capture_output=True,
            text=True,
            check=False,
            preexec_fn=death_signal(),
        )
        if ran.returncode != 0:
            raise UnitFailed(
                f"{name}: exit code {ran.returncode}: {ran.stderr[-STDERR_TAIL:].strip()}"
            )
        result = (scratch / name).with_suffix(".result").read_bytes()
    counted = int(ran.stdout.strip().splitlines()[-1].removeprefix("nodes: "))
    return name, result, counted, time.monotonic() - started


def write_atomically(path, data):
    """`data` into `path`: written beside it, then renamed over it."""
    temporary = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    with open(temporary, "wb") as file:
        file.write(data)
        file.flush()
        os.fsync(file.fileno())
    os.replace(temporary, path)


def duration(seconds):
    """`1h 02m`, `3m 20s`, `12s`."""
    seconds = int(seconds)
    if seconds >= 3600:
        return f"{seconds // 3600}h {seconds % 3600 // 60:02d}m"
    if seconds >= 60:
        return f"{seconds // 60}m {seconds % 60:02d}s"
    return f"{seconds}s"


class Progress:
    """Units done of all, positions a second and time left: on a terminal
    one line drawn again, elsewhere a line every few seconds."""

    def __init__(self, done, total):
        self.done = done
        self.total = total
        self.ran = 0
        self.counted = 0
        self.started = time.monotonic()
        self.printed = 0.0
        self.terminal = sys.stderr.isatty()

    def unit_done(self, counted):
        self.done += 1
        self.ran += 1
        self.counted += counted
        now = time.monotonic()
        if self.terminal or now - self.printed >= 5 or self.done == self.total:
            self.printed = now
            self.show(now)

    def show(self, now):
        elapsed = max(now - self.started, 1e-9)
        left = (self.total - self.done) * elapsed / max(self.ran, 1)
        line = (
            f"units {self.done:,} of {self.total:,}, "
            f"{self.counted / elapsed:,.0f} positions a second, "
            f"{duration(left)} left"
        )
        if self.terminal:
            sys.stderr.write(f"\r\033[K{line}")
            if self.done == self.total:
                sys.stderr.write("\n")
        else:
            sys.stderr.write(line + "\n")
        sys.stderr.flush()


def run_units(client, arguments, game, names, total):
    """Every unit of `names` counted on the cluster, each result written
    as it arrives; the name and reason of the first unit that failed every
    retry, if one did."""
    from dask.distributed import as_completed

    directory = arguments.dir
    manifest = (directory / "manifest.tsv").read_bytes()
    options = ["--threads", str(arguments.threads), "--crate", arguments.crate]
    if arguments.tt:
        options.append("--tt")
    futures = [
        client.submit(
            count_unit,
            arguments.binary,
            game,
            name,
            (directory / name).read_bytes(),
            manifest,
            options,
            key=f"unit-{name}-{os.getpid()}",
            retries=arguments.retries,
            pure=False,
        )
        for name in names
    ]
    progress = Progress(total - len(names), total)
    for future in as_completed(futures):
        try:
            name, result, counted, _ = future.result()
        except Exception as error:  # a unit's last failure, or its worker's
            for other in futures:
                other.cancel()
            return f"{error}"
        write_atomically((directory / name).with_suffix(".result"), result)
        progress.unit_done(counted)
    return None


def main(argv):
    arguments = parse_arguments(argv)
    game = manifest_game(arguments.dir)
    names = pending_units(arguments.binary, game, arguments.dir)
    total = sum(
        1
        for line in open(arguments.dir / "manifest.tsv", encoding="utf-8")
        if line.startswith("unit\t")
    )
    print(f"run: {len(names):,} of {total:,} units to count", file=sys.stderr)
    # Stopped by a signal, the run ends as Ctrl-C ends it: the cluster
    # closed, the results written so far kept.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    failure = None
    if names:
        from dask.distributed import Client, LocalCluster

        started = time.monotonic()
        try:
            if arguments.local is not None:
                cluster = LocalCluster(
                    n_workers=arguments.local,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=None,
                )
                client = Client(cluster)
            elif arguments.scheduler_file is not None:
                cluster = None
                client = Client(scheduler_file=arguments.scheduler_file)
            else:
                cluster = None
                client = Client(arguments.scheduler)
            try:
                failure = run_units(client, arguments, game, names, total)
            finally:
                client.close()
                if cluster is not None:
                    cluster.close()
        except KeyboardInterrupt:
            print("\nrun: stopped; the results written are kept", file=sys.stderr)
            return 130
        print(
            f"run: {len(names):,} units in {duration(time.monotonic() - started)}",
            file=sys.stderr,
        )
    if failure is not None:
        print(f"run: a unit failed every retry: {failure}", file=sys.stderr)
        return 1
    merged = subprocess.run(
        [str(arguments.binary), game, "perft", "--merge", str(arguments.dir)], check=False
    )
    return merged.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
