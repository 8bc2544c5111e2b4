#!/usr/bin/env python3
"""formconv's benchmark, aimed at real use: a migration's folder of forms, a stress form, start-up.

    bench/run.py [--formconv .build/release/formconv] [--runs 5] [--forms 2000] [--items 30000]

Builds nothing: run scripts/build-release first (bench/run.sh does both). Generates its inputs with
bench/generate.py into a temporary directory, then prints one table: for each measurement the median
of --runs runs of formconv and of its yardstick, their ratio, the target and whether it was met.

The number judged is CPU time: user + system time of the child process, from the resource usage
os.wait4 returns for it (a batch or lint on every core adds the time of each core). Wall time is
shown beside it in brackets, and judged where a target is about waiting (faster than the Python
script). Commands compared with each other run in turn (the order reversed every other round), so
that a drift of the machine's speed reaches them alike; each runs once untimed first.

Yardsticks and targets (issue 41's "Done when"):

  - xmllint --noout --stream: libxml2's streaming parse, the least any XML tool can do with the
    bytes (one xmllint process over all the forms, like formconv's one batch run):
    the batch of forms → json ≤ 5×, lint of the folder ≤ 5×, the stress form → json ≤ 5× (CPU);
  - a Python script doing xmltodict.parse + json.dumps of the stress form, into a file: formconv at
    least 3× faster (wall);
  - the input's size, for peak memory (the children's ru_maxrss, median): ≤ 8×;
  - 2× and 4× the stress form's CPU time at 1×, for linear growth (to json and to rjsf): ≤ 1.15×;
  - xmllint --version, for start-up (no target).

formconv runs as a user would run it: warnings printed (to a file here), not --quiet. The script
stops if a command fails (xmllint failing means a generated form is not well-formed XML), never on
numbers: ratios are for people.
"""
import argparse
import glob
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import namedtuple

HERE = os.path.dirname(os.path.abspath(__file__))
XMLTODICT = ("import sys, json, xmltodict\n"
             "with open(sys.argv[1], 'rb') as f: d = xmltodict.parse(f)\n"
             "with open(sys.argv[2], 'w') as f: f.write(json.dumps(d))\n")

# One run's (or the median of runs') cost: CPU seconds (user + system), wall seconds, peak RSS bytes.
Cost = namedtuple("Cost", "cpu wall rss")


def run(cmd, stderr_path):
    """Runs cmd (an argv list, or a function making one: called untimed) and returns its Cost."""
    argv = cmd() if callable(cmd) else cmd
    with open(stderr_path, "wb") as err:
        t = time.perf_counter()
        p = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(p.pid, 0)
        elapsed = time.perf_counter() - t
    p.returncode = code = os.waitstatus_to_exitcode(status)
    # lint exits 1 when it finds errors (docs/cli.md), as on one generated form (required-always-hidden).
    if code != 0 and not (code == 1 and argv[1:2] == ["lint"]):
        with open(stderr_path, errors="replace") as err:
            sys.exit(f"{' '.join(argv[:4])} … exited with {code}:\n{err.read()[-1000:]}")
    # Linux gives ru_maxrss in kilobytes.
    return Cost(usage.ru_utime + usage.ru_stime, elapsed, usage.ru_maxrss * 1024)


def in_turn(commands, runs, work):
    """The median Cost (each figure's median) of each command over `runs` runs, the commands taking
    turns. Each runs once untimed first: what ran before (the generator, another command) leaves
    caches in a state the first run would pay for."""
    stderr_path = os.path.join(work, "stderr.txt")
    for cmd in commands:
        run(cmd, stderr_path)
    costs = [[] for _ in commands]
    for r in range(runs):
        order = range(len(commands)) if r % 2 == 0 else reversed(range(len(commands)))
        for i in order:
            costs[i].append(run(commands[i], stderr_path))
    return [Cost(*(statistics.median(c[k] for c in cs) for k in range(3))) for cs in costs]


def seconds(cost):
    return f"{cost.cpu * 1000:8.1f} ms ({cost.wall * 1000:7.1f})"


def row(what, formconv, yardstick, yardstick_value, ratio, target="", met=None):
    """One line of the table; formconv and yardstick_value are already formatted."""
    verdict = "" if met is None else ("met" if met else "MISSED")
    print(f"  {what:<30} {formconv:>23}   {yardstick:<24} {yardstick_value:>23}   {ratio:<18} {target:<12} {verdict}")


def against_stream(what, fc_cost, stream_cost, limit):
    """A CPU-time ratio to xmllint --stream, judged against `limit`."""
    ratio = fc_cost.cpu / stream_cost.cpu
    row(what, seconds(fc_cost), "xmllint --stream", seconds(stream_cost), f"{ratio:5.2f}× (wall {fc_cost.wall / stream_cost.wall:.2f}×)",
        f"≤ {limit}× CPU", ratio <= limit)


def machine(fc):
    """One line on the machine and one on the binary."""
    model = ""
    try:
        with open("/proc/cpuinfo") as f:
            model = next((l.split(":", 1)[1].strip() for l in f if l.startswith("model name")), "")
    except OSError:
        pass
    version = subprocess.run([fc, "--version"], capture_output=True, text=True).stdout.strip()
    with open(fc, "rb") as f:
        elf_type = f.read(18)[16:18]
    linked = {b"\x02\x00": "position-dependent", b"\x03\x00": "PIE: not the shipped build"}.get(elf_type, "?")
    load = " / ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"machine: {os.cpu_count()} cores ({model or '?'}), {os.uname().sysname} {os.uname().release}, "
          f"load average {load}")
    print(f"binary:  {fc} (formconv {version}, {os.path.getsize(fc) / 1e6:.0f} MB, {linked})")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--formconv", default=os.path.join(HERE, "..", ".build", "release", "formconv"))
    ap.add_argument("--runs", type=int, default=5, help="timed runs of each command (default 5)")
    ap.add_argument("--startup-runs", type=int, default=20, help="runs of each --version (default 20)")
    ap.add_argument("--forms", type=int, default=2000, help="generated forms for the batch and lint")
    ap.add_argument("--items", type=int, default=30000, help="items of the stress form (7.5 MB at 30,000)")
    a = ap.parse_args()
    fc = os.path.abspath(a.formconv)
    if not os.path.exists(fc):
        sys.exit(f"no formconv binary at {fc}: run scripts/build-release first")
    if not shutil.which("xmllint"):
        sys.exit("xmllint missing: apt-get install libxml2-utils")
    if subprocess.run([sys.executable, "-c", "import xmltodict"], capture_output=True).returncode != 0:
        sys.exit("xmltodict missing: python3 -m pip install xmltodict")

    work = tempfile.mkdtemp(prefix="formconv-bench-")
    try:
        measure(a, fc, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def measure(a, fc, work):
    gen = [sys.executable, os.path.join(HERE, "generate.py")]
    subprocess.run(gen + [work, "--items", str(a.items), "--forms", str(a.forms)], check=True)
    bigs = [os.path.join(work, "big.xml")]
    for factor in (2, 4):
        d = os.path.join(work, f"x{factor}")
        subprocess.run(gen + [d, "--items", str(a.items * factor), "--forms", "0"], check=True)
        bigs.append(os.path.join(d, "big.xml"))
    folder = os.path.join(work, "forms")
    forms = sorted(glob.glob(os.path.join(folder, "*.xml")))
    sizes = [os.path.getsize(f) for f in forms]
    big, size = bigs[0], os.path.getsize(bigs[0])
    outs = os.path.join(work, "out")
    os.makedirs(outs)

    machine(fc)
    print(f"inputs:  {len(forms)} forms of {min(sizes) / 1e3:.1f}–{max(sizes) / 1e3:.1f} KB "
          f"({sum(sizes) / 1e6:.1f} MB); big.xml {size / 1e6:.1f} MB ({a.items} items), "
          f"×2 and ×4 for growth")
    print(f"medians of {a.runs} runs (start-up: {a.startup_runs}); CPU time (user + system) with the wall "
          f"time in brackets\n")
    print(f"  {'measurement':<30} {'formconv':>23}   {'yardstick':<24} {'':>23}   {'ratio':<18} target")

    # The folder: one batch conversion (into a new directory each run, as a migration writes into
    # an empty one) and one lint, each against one xmllint process over the same files.
    stream_forms = ["xmllint", "--noout", "--stream"] + forms
    batch = lambda: [fc, folder, "--to", "json", "-o", tempfile.mkdtemp(dir=outs)]
    lint = [fc, "lint", folder]
    c_stream, c_batch, c_lint = in_turn([stream_forms, batch, lint], a.runs, work)
    against_stream(f"{len(forms)} forms → json (a batch)", c_batch, c_stream, 5)
    against_stream(f"lint {len(forms)} forms", c_lint, c_stream, 5)

    # The stress form.
    stream_big = ["xmllint", "--noout", "--stream", big]
    convert = [fc, big, "--to", "json", "-o", os.path.join(work, "big.json")]
    python = [sys.executable, "-c", XMLTODICT, big, os.path.join(work, "big-xmltodict.json")]
    c_stream, c_convert, c_python = in_turn([stream_big, convert, python], a.runs, work)
    against_stream("big.xml → json", c_convert, c_stream, 5)
    faster = c_python.wall / c_convert.wall
    row("big.xml → json", seconds(c_convert), "xmltodict + json.dumps", seconds(c_python),
        f"{faster:5.2f}× faster (wall)", "≥ 3× faster", faster >= 3)
    rss = c_convert.rss
    row("peak RSS, big.xml → json", f"{rss / 1e6:8.1f} MB", "the input's size", f"{size / 1e6:8.1f} MB",
        f"{rss / size:5.2f}×", "≤ 8×", rss <= 8 * size)
    # Growth: json, and rjsf for the web targets' schema writers (json-schema and JSON Forms share them).
    for target in ("json", "rjsf"):
        out = os.path.join(work, f"big.{target}")
        growth = in_turn([[fc, path, "--to", target, "-o", out] for path in bigs], a.runs, work)
        for factor, path, c in zip((2, 4), bigs[1:], growth[1:]):
            ratio = c.cpu / (factor * growth[0].cpu)
            scaled = Cost(factor * growth[0].cpu, factor * growth[0].wall, 0)
            row(f"big.xml ×{factor} ({os.path.getsize(path) / 1e6:.1f} MB) → {target}", seconds(c),
                f"{factor} × its 1× time", seconds(scaled), f"{ratio:5.2f}× (wall {c.wall / scaled.wall:.2f}×)",
                "≤ 1.15× CPU", ratio <= 1.15)

    # Start-up.
    c_xmllint, c_version = in_turn([["xmllint", "--version"], [fc, "--version"]], a.startup_runs, work)
    row("formconv --version", seconds(c_version), "xmllint --version", seconds(c_xmllint),
        f"{c_version.cpu / c_xmllint.cpu:5.2f}×" if c_xmllint.cpu else "–")

if __name__ == "__main__":
    main()
