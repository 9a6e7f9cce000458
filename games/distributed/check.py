"""The work units run on a real Dask cluster, checked as CI checks them.

- Exact totals on a LocalCluster of two workers: shogi perft(5) split at
  ply 2, chess perft(5) split at ply 3, where lines transpose (8,902 lines
  reach 5,362 positions: a merge that counts a position once, not times
  its lines, is caught), and Kiwipete perft(4) split at ply 1; the chess
  split's distinct positions at plies 1 to 4 against OEIS A083276.
- A worker killed while it runs a unit: the unit runs again and the total
  is exact.
- A run stopped half way (SIGINT) and started again: the units that had a
  result are not run again, and the total is exact.
- A unit that fails every retry fails the run, naming the unit and the end
  of its standard error.
- The same units on a `dask scheduler` and two `dask worker` processes, as
  on a cluster's hosts, found through the scheduler's file.

Every run of the binary on a unit is counted through a wrapper that logs
its arguments, so "not run again" is counted, not assumed.

    python check.py GAMES_BINARY
"""

import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
RUN = HERE / "run"

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -"

# OEIS A083276: distinct chess positions after 1, 2, 3 and 4 plies.
A083276 = [20, 400, 5_362, 72_078]


def fail(message):
    print(f"distributed: FAILED: {message}", file=sys.stderr)
    sys.exit(1)


class Scratch:
    """A scratch directory, the binary behind a wrapper that logs each run."""

    def __init__(self, binary):
        self.root = Path(tempfile.mkdtemp(prefix="games-distributed-"))
        self.log = self.root / "runs.log"
        self.wrapper = self.root / "games"
        self.wrapper.write_text(
            "#!/bin/sh\n"
            f"printf '%s\\n' \"$*\" >> '{self.log}'\n"
            f"exec '{binary}' \"$@\"\n"
        )
        self.wrapper.chmod(0o755)
        self.binary = binary

    def split(self, name, game, depth, ply, unit_size, position=None):
        """A split into a directory of its own; the split's output."""
        directory = self.root / name
        command = [str(self.binary), game, "perft", "--depth", str(depth)]
        if position is not None:
            command += ["--position", position]
        command += ["--split", str(ply), "--units", str(directory)]
        command += ["--unit-size", str(unit_size)]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            fail(f"{' '.join(command)}: {done.stderr}")
        return directory, done.stdout

    def unit_runs(self):
        """The unit each logged run of the binary counted, in order."""
        if not self.log.exists():
            return []
        runs = []
        for line in self.log.read_text().splitlines():
            words = line.split()
            if "--unit" in words:
                runs.append(Path(words[words.index("--unit") + 1]).name)
        return runs

    def start(self, directory, *options):
        """The runner started on `directory`, in a session of its own."""
        command = [str(RUN), str(directory), "--binary", str(self.wrapper), *options]
        return subprocess.Popen(
            command,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
            preexec_fn=interruptible,
        )

    def run(self, directory, *options):
        """The runner's exit code, standard output and standard error."""
        runner = self.start(directory, *options)
        out, err = runner.communicate(timeout=900)
        return runner.returncode, out, err


def expect_total(name, code, out, err, total):
    if code != 0:
        fail(f"{name}: the run exited {code}: {out}{err}")
    lines = out.strip().splitlines()
    if not lines or lines[-1] != f"nodes: {total}":
        fail(f"{name}: the run did not end on nodes: {total}: {out}")
    if "MATCH" not in out or "MISMATCH" in out:
        fail(f"{name}: no MATCH against the published count: {out}")
    print(f"distributed: {name}: {total:,} MATCH")


def check_totals(scratch):
    cases = [
        ("shogi-5", "shogi", None, 5, 2, 100, 19_861_490),
        ("chess-5", "chess", None, 5, 3, 500, 4_865_609),
        ("kiwipete-4", "chess", KIWIPETE, 4, 1, 8, 4_085_603),
    ]
    for name, game, position, depth, ply, unit_size, total in cases:
        directory, split = scratch.split(name, game, depth, ply, unit_size, position)
        if name == "chess-5" and (
            "distinct positions from the root: 1, 20, 400, 5,362" not in split
            or "the multiplicities summed: 8,902" not in split
        ):
            fail(f"the chess split at ply 3 is not 8,902 lines to 5,362 positions: {split}")
        code, out, err = scratch.run(directory, "--local", "2")
        expect_total(f"{name} on two workers", code, out, err, total)
    for ply, distinct in enumerate(A083276, start=1):
        _, split = scratch.split(f"a083276-{ply}", "chess", 5, ply, 100_000)
        if f"distinct: {distinct}\n" not in split:
            fail(f"the chess split at ply {ply} is not A083276's {distinct}: {split}")
    print(f"distributed: chess distinct positions at plies 1-4: {A083276} (A083276)")


def running_units():
    """(pid, parent pid, unit name) of every binary counting a unit now."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            words = (entry / "cmdline").read_bytes().split(b"\0")
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        words = [word.decode(errors="replace") for word in words]
        if "--unit" in words and "perft" in words:
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            unit = Path(words[words.index("--unit") + 1]).name
            found.append((int(entry.name), parent, unit))
    return found


def check_killed_worker(scratch):
    # Units of about half a second each, so that one is caught running.
    directory, _ = scratch.split("killed", "chess", 6, 2, 20)
    before = len(scratch.unit_runs())
    runner = scratch.start(directory, "--local", "2")
    killed = None
    deadline = time.monotonic() + 120
    while killed is None and time.monotonic() < deadline and runner.poll() is None:
        for pid, parent, unit in running_units():
            if unit.startswith("unit-") and parent != runner.pid:
                os.kill(parent, signal.SIGKILL)
                killed = unit
                break
        time.sleep(0.05)
    out, err = runner.communicate(timeout=900)
    if killed is None:
        fail(f"no worker was caught running a unit: {out}{err}")
    runs = scratch.unit_runs()[before:]
    if runs.count(killed) < 2:
        fail(f"{killed} ran {runs.count(killed)} time(s) after its worker was killed")
    expect_total(f"a worker killed while it ran {killed}", runner.returncode, out, err, 119_060_324)


def interruptible():
    """SIGINT back to its default in the runner, before it starts: a script
    started in the background of a non-interactive shell (CI's, often)
    inherits SIGINT ignored (POSIX), and Python then never turns it into
    KeyboardInterrupt, so the run this check stops would count on to its
    end and exit 0."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def check_resumed(scratch):
    directory, _ = scratch.split("resumed", "chess", 5, 2, 20)
    units = 20
    before = len(scratch.unit_runs())
    runner = scratch.start(directory, "--local", "1")
    deadline = time.monotonic() + 120
    while len(list(directory.glob("unit-*.result"))) < 5 and time.monotonic() < deadline:
        if runner.poll() is not None:
            fail(f"the run ended before it was stopped: {runner.communicate()}")
        time.sleep(0.02)
    runner.send_signal(signal.SIGINT)
    out, err = runner.communicate(timeout=120)
    if runner.returncode != 130:
        fail(f"the stopped run exited {runner.returncode}, not 130: {out}{err}")
    done = sorted(path.with_suffix(".tsv").name for path in directory.glob("unit-*.result"))
    if not 5 <= len(done) < units:
        fail(f"the stopped run left {len(done)} results")
    first_runs = len(scratch.unit_runs()) - before
    code, out, err = scratch.run(directory, "--local", "2")
    second = scratch.unit_runs()[before + first_runs :]
    if sorted(second) != sorted(set(second)) or set(second) & set(done):
        fail(f"the resumed run ran again units that had a result: {second} against {done}")
    if len(second) != units - len(done):
        fail(f"the resumed run ran {len(second)} units, not the {units - len(done)} left")
    expect_total(
        f"a run stopped after {len(done)} of {units} units and resumed ({len(second)} run)",
        code,
        out,
        err,
        4_865_609,
    )


def check_failure(scratch):
    directory, _ = scratch.split("failing", "chess", 3, 1, 10)
    unit = directory / "unit-0002.tsv"
    unit.write_text(unit.read_text().replace("\t1\t2", "\t2\t2", 1))
    before = len(scratch.unit_runs())
    code, out, err = scratch.run(directory, "--local", "2", "--retries", "1")
    runs = scratch.unit_runs()[before:]
    if code != 1:
        fail(f"a unit that fails every retry ended the run with {code}, not 1: {out}{err}")
    expected = ["unit-0002.tsv", "does not match its manifest's checksum"]
    if not all(part in err for part in expected):
        fail(f"the failure does not name the unit and its error: {err}")
    if runs.count("unit-0002.tsv") != 2:
        fail(f"unit-0002.tsv ran {runs.count('unit-0002.tsv')} times, not 1 and 1 retry")
    print("distributed: a unit that fails every retry fails the run, naming it")


def check_real_cluster(scratch):
    """A scheduler and two workers started as on a cluster's hosts, each
    its own process, found through the scheduler's file."""
    dask = Path(sys.executable).with_name("dask")
    scheduler_file = scratch.root / "scheduler.json"
    processes = [
        subprocess.Popen(
            [str(dask), "scheduler", "--port", "0", "--no-dashboard",
             "--scheduler-file", str(scheduler_file)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    ]
    try:
        deadline = time.monotonic() + 60
        while not scheduler_file.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        for _ in range(2):
            processes.append(
                subprocess.Popen(
                    [str(dask), "worker", "--scheduler-file", str(scheduler_file),
                     "--nworkers", "1", "--nthreads", "1", "--no-dashboard"],
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )
            )
        directory, _ = scratch.split("cluster", "chess", 5, 2, 50)
        code, out, err = scratch.run(directory, "--scheduler-file", str(scheduler_file))
        expect_total("chess-5 on a dask scheduler and two dask workers", code, out, err, 4_865_609)
    finally:
        for process in reversed(processes):
            process.terminate()
        for process in processes:
            process.wait(timeout=60)


def main(argv):
    binary = Path(argv[0]).resolve()
    scratch = Scratch(binary)
    started = time.monotonic()
    check_totals(scratch)
    check_real_cluster(scratch)
    check_killed_worker(scratch)
    check_resumed(scratch)
    check_failure(scratch)
    subprocess.run(["rm", "-rf", str(scratch.root)], check=False)
    print(f"distributed: every check passed in {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
