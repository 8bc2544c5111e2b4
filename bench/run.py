#!/usr/bin/env python3
"""formconv's benchmark, aimed at real use: a migration's folder of forms, a stress form, start-up.

    bench/run.py [--formconv .build/release/formconv] [--runs 5] [--forms 2000] [--items 30000]

Builds nothing: run scripts/build-release first (bench/run.sh does both). Generates its inputs with
bench/generate.py into a temporary directory, then prints one table: for each measurement the median
wall time of --runs runs of formconv and of its yardstick, their ratio, the target and whether it was
met. Commands compared with each other run in turn (the order reversed every other round), so that a
drift of the machine's speed reaches them alike. Yardsticks:

  - xmllint --noout --stream: libxml2's streaming parse, the least any XML tool can do with the
    bytes (one xmllint process over all 2,000 forms, like formconv's one batch run);
  - a Python script doing xmltodict.parse + json.dumps of the stress form, into a file;
  - 2× and 4× the stress form's time at 1×, for linear growth (to json and to rjsf);
  - the input's size, for peak memory;
  - xmllint --version, for start-up.

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

HERE = os.path.dirname(os.path.abspath(__file__))
XMLTODICT = ("import sys, json, xmltodict\n"
             "with open(sys.argv[1], 'rb') as f: d = xmltodict.parse(f)\n"
             "with open(sys.argv[2], 'w') as f: f.write(json.dumps(d))\n")


def run(cmd, stderr_path):
    """Runs cmd (an argv list, or a function making one: called untimed) and returns its wall time."""
    argv = cmd() if callable(cmd) else cmd
    with open(stderr_path, "wb") as err:
        t = time.perf_counter()
        code = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=err).returncode
        elapsed = time.perf_counter() - t
    if code != 0:
        with open(stderr_path, errors="replace") as err:
            sys.exit(f"{' '.join(argv[:4])} … exited with {code}:\n{err.read()[-1000:]}")
    return elapsed


def in_turn(commands, runs, work):
    """Median wall time of each command over `runs` runs, the commands taking turns. Each runs once
    untimed first: what ran before (the generator, another command) leaves caches in a state the
    first run would pay for."""
    stderr_path = os.path.join(work, "stderr.txt")
    for cmd in commands:
        run(cmd, stderr_path)
    times = [[] for _ in commands]
    for r in range(runs):
        order = range(len(commands)) if r % 2 == 0 else reversed(range(len(commands)))
        for i in order:
            times[i].append(run(commands[i], stderr_path))
    return [statistics.median(t) for t in times]


def peak_rss(cmd, runs):
    """Median peak resident set size (bytes) of cmd over `runs` runs, each a fresh process."""
    peaks = []
    for _ in range(runs):
        p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
        peaks.append(usage.ru_maxrss * 1024)  # Linux gives kilobytes
    return statistics.median(peaks)


def row(what, formconv, yardstick, yardstick_value, ratio, target="", met=None, unit="ms"):
    def value(x):
        return f"{x * 1000:9.1f} ms" if unit == "ms" else f"{x / 1e6:9.1f} MB"
    verdict = "" if met is None else ("met" if met else "MISSED")
    print(f"  {what:<30} {value(formconv)}   {yardstick:<24} {value(yardstick_value)}   {ratio:<13} {target:<12} {verdict}")


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
    print(f"medians of {a.runs} runs (start-up: {a.startup_runs}), wall time\n")
    print(f"  {'measurement':<30} {'formconv':>12}   {'yardstick':<24} {'':>12}   {'ratio':<13} target")

    # The folder: one batch conversion (into a new directory each run, as a migration writes into
    # an empty one) and one lint, each against one xmllint process over the same files.
    stream_forms = ["xmllint", "--noout", "--stream"] + forms
    batch = lambda: [fc, folder, "--to", "json", "-o", tempfile.mkdtemp(dir=outs)]
    lint = [fc, "lint", folder]
    t_stream, t_batch, t_lint = in_turn([stream_forms, batch, lint], a.runs, work)
    row(f"{len(forms)} forms → json (a batch)", t_batch, "xmllint --stream", t_stream, f"{t_batch / t_stream:5.2f}×",
        "≤ 3×", t_batch <= 3 * t_stream)
    row(f"lint {len(forms)} forms", t_lint, "xmllint --stream", t_stream, f"{t_lint / t_stream:5.2f}×",
        "≤ 3×", t_lint <= 3 * t_stream)

    # The stress form.
    stream_big = ["xmllint", "--noout", "--stream", big]
    convert = [fc, big, "--to", "json", "-o", os.path.join(work, "big.json")]
    python = [sys.executable, "-c", XMLTODICT, big, os.path.join(work, "big-xmltodict.json")]
    t_stream, t_convert, t_python = in_turn([stream_big, convert, python], a.runs, work)
    row("big.xml → json", t_convert, "xmllint --stream", t_stream, f"{t_convert / t_stream:5.2f}×",
        "≤ 6×", t_convert <= 6 * t_stream)
    row("big.xml → json", t_convert, "xmltodict + json.dumps", t_python, f"{t_python / t_convert:5.2f}× faster",
        "≥ 4× faster", t_python >= 4 * t_convert)
    # Growth: json, and rjsf for the web targets' schema writers (json-schema and JSON Forms share them).
    for target in ("json", "rjsf"):
        out = os.path.join(work, f"big.{target}")
        growth = in_turn([[fc, path, "--to", target, "-o", out] for path in bigs], a.runs, work)
        for factor, path, t in zip((2, 4), bigs[1:], growth[1:]):
            ratio = t / (factor * growth[0])
            row(f"big.xml ×{factor} ({os.path.getsize(path) / 1e6:.1f} MB) → {target}", t, f"{factor} × its 1× time",
                factor * growth[0], f"{ratio:5.2f}×", "≤ 1.15×", ratio <= 1.15)
    rss = peak_rss(convert, a.runs)
    row("peak RSS, big.xml → json", rss, "the input's size", size, f"{rss / size:5.2f}×", "≤ 15×",
        rss <= 15 * size, unit="MB")

    # Start-up.
    t_xmllint, t_version = in_turn([["xmllint", "--version"], [fc, "--version"]], a.startup_runs, work)
    row("formconv --version", t_version, "xmllint --version", t_xmllint, f"{t_version / t_xmllint:5.2f}×")


if __name__ == "__main__":
    main()
