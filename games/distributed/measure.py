"""Measures a perft split into work units on Dask against the same perft in
one process, in one run, and writes the table into its section of
docs/performance-units.md.

Three ways, taking turns over the rounds (medians reported): the units on
a LocalCluster of one worker, of two workers (the split, the cluster's
start and the merge included in each), and `games <game> perft --threads 2`
in one process. Every run must give the published total. Then the split's
own cost: its time and its units' bytes, per distinct position.

    python measure.py GAMES_BINARY GAME --depth D --split K --unit-size N
        [--rounds R] [--write FILE]...
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

HERE = Path(__file__).resolve().parent
RUN = HERE / "run"


def arguments_of(argv):
    parser = argparse.ArgumentParser(prog="games/distributed/measure")
    parser.add_argument("binary", type=Path)
    parser.add_argument("game", choices=["chess", "shogi", "go"])
    parser.add_argument("--depth", type=int, required=True)
    parser.add_argument("--split", type=int, required=True)
    parser.add_argument("--unit-size", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--write", type=Path, action="append", default=[])
    return parser.parse_args(argv)


def section_name(arguments):
    return f"{arguments.game}-perft-distributed-start-{arguments.depth}-{arguments.split}"


def markers(name):
    return f"<!-- {name}:begin -->", f"<!-- {name}:end -->"


def replace_section(text, name, content):
    """`text` with section `name`'s content replaced, as the games program
    writes its sections (support::report)."""
    begin, end = markers(name)
    if text.count(begin) != 1 or text.count(end) != 1 or text.index(begin) > text.index(end):
        raise ValueError(f"no single section between `{begin}` and `{end}`")
    start = text.index(begin) + len(begin)
    stop = text.index(end)
    return f"{text[:start]}\n{content.rstrip()}\n{text[stop:]}"


def machine():
    """The processor's model name and its logical cores, from /proc/cpuinfo."""
    try:
        cpuinfo = Path("/proc/cpuinfo").read_text()
    except OSError:
        return "unknown processor"
    model, cores = "unknown processor", 0
    for line in cpuinfo.splitlines():
        key, _, value = line.partition(":")
        if key.strip() == "model name" and model == "unknown processor":
            model = value.strip()
        if key.strip() == "processor":
            cores += 1
    return f"{model} ({cores} logical core{'s' if cores != 1 else ''})"


def timed(command):
    """The command's wall-clock seconds and standard output; it must succeed."""
    started = time.monotonic()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    seconds = time.monotonic() - started
    if done.returncode != 0:
        sys.exit(f"measure: {' '.join(map(str, command))} exited {done.returncode}: {done.stderr}")
    return seconds, done.stdout


def nodes_of(output):
    last = output.strip().splitlines()[-1]
    if not last.startswith("nodes: ") or "MISMATCH" in output:
        sys.exit(f"measure: a run that does not match: {output}")
    return int(last.removeprefix("nodes: "))


def field(output, prefix):
    for line in output.splitlines():
        if line.startswith(prefix):
            return line.removeprefix(prefix)
    sys.exit(f"measure: no `{prefix}` in {output}")


def median(values):
    ordered = sorted(values)
    return ordered[(len(ordered) - 1) // 2]


def main(argv):
    arguments = arguments_of(argv)
    for path in arguments.write:
        replace_section(path.read_text(), section_name(arguments), "")
    binary = arguments.binary.resolve()
    scratch = Path(tempfile.mkdtemp(prefix="games-measure-"))
    units = scratch / "units"
    split_command = [
        str(binary),
        arguments.game,
        "perft",
        "--depth",
        str(arguments.depth),
        "--split",
        str(arguments.split),
        "--units",
        str(units),
        "--unit-size",
        str(arguments.unit_size),
    ]

    def split():
        shutil.rmtree(units, ignore_errors=True)
        seconds, output = timed(split_command)
        return seconds, output

    def on_dask(workers):
        def run():
            split_seconds, _ = split()
            seconds, output = timed([str(RUN), str(units), "--local", str(workers), "--binary", str(binary)])
            return split_seconds + seconds, nodes_of(output)

        return run

    def one_process():
        seconds, output = timed(
            [str(binary), arguments.game, "perft", "--depth", str(arguments.depth), "--threads", "2"]
        )
        return seconds, nodes_of(output)

    ways = [
        ("`perft --threads 2`, one process", one_process),
        ("Dask, one worker", on_dask(1)),
        ("Dask, two workers", on_dask(2)),
    ]
    times = {name: [] for name, _ in ways}
    totals = set()
    for round_number in range(arguments.rounds):
        for turn in range(len(ways)):
            name, way = ways[(round_number + turn) % len(ways)]
            seconds, total = way()
            times[name].append(seconds)
            totals.add(total)
            print(f"measure: round {round_number + 1}: {name}: {seconds:.1f} s", file=sys.stderr)
    if len(totals) != 1:
        sys.exit(f"measure: the ways disagree: {totals}")
    total = totals.pop()
    split_seconds, split_output = split()
    distinct = int(field(split_output, "distinct: "))
    unit_count = len(list(units.glob("unit-*.tsv")))
    unit_bytes = sum(path.stat().st_size for path in units.glob("unit-*.tsv"))
    root = field(split_output, f"{arguments.game} perft of `").split("`")[0]
    shutil.rmtree(scratch, ignore_errors=True)

    medians = {name: median(values) for name, values in times.items()}
    one_worker = medians["Dask, one worker"]
    process = medians["`perft --threads 2`, one process"]
    rows = [
        "| way | seconds | nodes per second | speed against one worker | speed against one process |",
        "|---|---|---|---|---|",
    ]
    for name, _ in ways:
        seconds = medians[name]
        rows.append(
            f"| {name} | {seconds:.1f} | {total / seconds:,.0f} | {one_worker / seconds:.2f} "
            f"| {process / seconds:.2f} |"
        )
    game = arguments.game.capitalize()
    body = (
        f"{game} perft of `{root}` to depth {arguments.depth}: {total:,} nodes, the published "
        f"count, in every run. Split at ply {arguments.split} into {unit_count:,} units of at "
        f"most {arguments.unit_size:,} lines ({distinct:,} distinct positions), counted by "
        f"`games/distributed/run` on a LocalCluster (the split, the cluster's start and the "
        f"merge included in its time), against `games {arguments.game} perft --depth "
        f"{arguments.depth} --threads 2`; the three taking turns over {arguments.rounds} "
        f"round{'s' if arguments.rounds != 1 else ''}, medians.\n\n"
        + "\n".join(rows)
        + "\n\n"
        f"The split alone: {split_seconds:.2f} s, {split_seconds / distinct * 1e6:.1f} µs and "
        f"{unit_bytes / distinct:.1f} bytes of units a distinct position ({unit_bytes:,} bytes).\n"
    )
    print(body)
    command = "games/distributed/measure " + " ".join(
        [arguments.game, "--depth", str(arguments.depth), "--split", str(arguments.split)]
        + ["--unit-size", str(arguments.unit_size), "--rounds", str(arguments.rounds)]
        + [part for path in arguments.write for part in ("--write", str(path))]
    )
    today = datetime.now(timezone.utc).strftime("%Y-%m-%d")
    content = f"Measured on {today}, {machine()}, by `{command}`.\n\n{body}"
    for path in arguments.write:
        path.write_text(replace_section(path.read_text(), section_name(arguments), content))
        print(f"measure: wrote the section {section_name(arguments)} of {path}", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
