#!/usr/bin/env python3
"""formconv's benchmark: the whole conversion and lint, side by side with libxml2's own parse.

    bench/run.py [--formconv .build/release/formconv] [--items 30000] [--forms 2000] [--runs 5]
                 [--instructions]

Builds nothing: run scripts/build-release first (bench/run.sh does both). Generates its inputs
(bench/generate.py), then prints, for each measurement, the median wall time of --runs runs, the ratio
to the yardstick and the target, and beside it the median CPU time (user + system), which moves less
than wall time when the machine is shared. It never fails on numbers: ratios are for people, not for CI.

--instructions also counts the instructions of the conversion and of xmllint's streaming parse under
valgrind's callgrind (all threads; the same on every run, whatever else the machine does). A 3,000-item
form, made for it, keeps each count to a few seconds; big.xml takes about a minute under valgrind.
"""
import argparse
import glob
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def key(cmd, env=None):
    """How CPU names a command: its words, after the environment it runs with."""
    return " ".join([f"{k}={v}" for k, v in (env or {}).items()] + cmd)


def timed(cmd, runs, stdout=subprocess.DEVNULL, env=None):
    """Median wall time of `runs` runs; the median CPU time (user + system) is kept in CPU[key(cmd, env)]."""
    return timed_together([(cmd, env)], runs, stdout)[0]


def timed_together(commands, runs, stdout=subprocess.DEVNULL):
    """`timed` for several (cmd, env) pairs, their runs interleaved (in turn, the order reversed every
    other round): the host's speed drifts over seconds, and commands compared with each other should
    meet the same drift. Each runs once untimed first: what ran before (the input generator, the
    script) leaves the memory in a state the first runs pay for."""
    for cmd, env in commands:
        subprocess.run(cmd, stdout=stdout, stderr=subprocess.DEVNULL, env=with_env(env))
    times = [[] for _ in commands]
    cpus = [[] for _ in commands]
    for round in range(runs):
        order = list(range(len(commands)))
        for i in (order if round % 2 == 0 else order[::-1]):
            cmd, env = commands[i]
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            t = time.perf_counter()
            r = subprocess.run(cmd, stdout=stdout, stderr=subprocess.PIPE, env=with_env(env))
            times[i].append(time.perf_counter() - t)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpus[i].append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
            if r.returncode not in (0, 1):
                sys.exit(f"{' '.join(cmd[:3])}… failed ({r.returncode}): {r.stderr.decode()[-500:]}")
    for i, (cmd, env) in enumerate(commands):
        CPU[key(cmd, env)] = statistics.median(cpus[i])
    return [statistics.median(t) for t in times]


def build_kind(path):
    """How the binary was linked, as far as the benchmark cares: scripts/build-release makes a
    position-dependent executable with the Swift runtime linked in."""
    with open(path, "rb") as f:
        header = f.read(18)
    if header[:4] != b"\x7fELF":
        return "not an ELF file"
    kind = {2: "position-dependent", 3: "position-independent"}.get(int.from_bytes(header[16:18], "little"), "?")
    shipped = kind == "position-dependent"
    return kind + ("" if shipped else ": not the shipped build, see scripts/build-release")


def with_env(env):
    return None if env is None else {**os.environ, **env}


# CPU time of each timed command: steadier than wall time on a shared machine, printed beside it.
CPU = {}


def peak_rss_and_faults(cmd, env=None, runs=5):
    """Peak resident size (KB) and minor page faults of `cmd`, the medians of `runs` runs (one run's peak
    moves by a few MB with where its huge pages land)."""
    rss, faults = [], []
    for _ in range(runs):
        # `-o`: the report goes to a file of its own, past whatever the command prints on standard error.
        with tempfile.NamedTemporaryFile("r") as report:
            subprocess.run(["/usr/bin/time", "-o", report.name, "-f", "%M %R"] + cmd, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, env=with_env(env))
            kb, n = report.read().strip().splitlines()[-1].split()
        rss.append(int(kb))
        faults.append(int(n))
    return int(statistics.median(rss)), int(statistics.median(faults))


def row(name, secs, base=None, target=None, ok=None, cmd=None, base_cmd=None, env=None):
    ratio = f"{secs / base:6.2f}×" if base else "       "
    verdict = "" if ok is None else ("  ok" if ok else "  MISSED")
    cpu = ""
    if cmd is not None:
        c = CPU[key(cmd, env)]
        cpu = f"   cpu {c * 1000:7.1f} ms"
        if base_cmd is not None and CPU[" ".join(base_cmd)] > 0:
            cpu += f" {c / CPU[' '.join(base_cmd)]:6.2f}×"
    print(f"  {name:<52} {secs * 1000:9.1f} ms {ratio}{cpu}  {target or ''}{verdict}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--formconv", default=os.path.join(HERE, "..", ".build", "release", "formconv"))
    ap.add_argument("--items", type=int, default=30000)
    ap.add_argument("--forms", type=int, default=2000)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--instructions", action="store_true",
                    help="also count instructions with valgrind's callgrind (needs valgrind)")
    a = ap.parse_args()
    fc = os.path.abspath(a.formconv)
    if not os.path.exists(fc):
        sys.exit(f"no formconv binary at {fc}: run scripts/build-release first")
    if not shutil.which("xmllint"):
        sys.exit("xmllint missing: apt-get install libxml2-utils")
    work = tempfile.mkdtemp(prefix="formconv-bench-")
    gen = [sys.executable, os.path.join(HERE, "generate.py")]
    subprocess.run(gen + [work, "--items", str(a.items), "--forms", str(a.forms)], check=True)
    big = os.path.join(work, "big.xml")
    size = os.path.getsize(big)
    forms = sorted(glob.glob(os.path.join(work, "forms", "*.xml")))
    print(f"formconv benchmark: {a.items} items ({size / 1e6:.1f} MB), {len(forms)} small forms, "
          f"median of {a.runs} runs, {os.cpu_count()} cores")
    print(f"  binary: {fc} ({build_kind(fc)})\n")

    # Until the CLI branch lands, formconv may only have `lint`: then only the lint part runs.
    usage = subprocess.run([fc, "--help"], capture_output=True).stdout.decode()
    converts = "--to" in usage or "convert" in usage
    if not converts:
        print("formconv has no conversion command yet (only lint): conversion, memory and growth skipped\n")
    else:
        measure_conversion(a, fc, big, size, gen, work)
    lint_part(a, fc, forms, work, converts)
    if a.instructions:
        count_instructions(fc, big, gen, work)
    shutil.rmtree(work, ignore_errors=True)


def instructions(cmd, work):
    """Instructions callgrind counts for `cmd` (all threads), or None without valgrind."""
    out = os.path.join(work, "callgrind.out")
    r = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"] + cmd,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    for line in r.stderr.decode().splitlines():
        if "refs:" in line:
            return int(line.split("refs:")[1].replace(",", "").strip())
    return None


def count_instructions(fc, big, gen, work):
    print("\nInstructions (callgrind, all threads)")
    if not shutil.which("valgrind"):
        print("  valgrind missing (apt-get install valgrind): skipped")
        return
    small_dir = os.path.join(work, "small")
    subprocess.run(gen + [small_dir, "--items", "3000", "--forms", "0"], check=True)
    small = os.path.join(small_dir, "big.xml")
    for name, path in (("3,000-item form", small), ("big.xml", big)):
        ref = instructions(["xmllint", "--noout", "--stream", path], work)
        conv = instructions([fc, path, "--to", "json", "--quiet", "-o", os.path.join(work, "out.json")], work)
        if ref is None or conv is None:
            print(f"  {name}: valgrind gave no count")
            continue
        print(f"  {name:<20} xmllint --stream {ref / 1e6:9.1f} M   formconv --to json {conv / 1e6:9.1f} M"
              f"   {conv / ref:5.2f}×")


def measure_conversion(a, fc, big, size, gen, work):
    print("Conversion of the large form")
    stream_cmd = ["xmllint", "--noout", "--stream", big]
    tree_cmd = ["xmllint", "--noout", big]
    convert_cmd = [fc, big, "--to", "json", "--quiet"]
    # The whole-form conversion, which formconv uses for what a page-wise one cannot take (and all
    # of it before page-wise conversion came): on huge pages.
    whole = {"FORMCONV_PAGEWISE": "0"}
    script = ("import sys, json, xmltodict\n"
              "d = xmltodict.parse(open(sys.argv[1], 'rb'))\n"
              "sys.stdout.write(json.dumps(d))\n")
    py_cmd = [sys.executable, "-c", script, big]
    stream, convert, convert_whole = timed_together([(stream_cmd, None), (convert_cmd, None), (convert_cmd, whole)], a.runs)
    tree = timed(tree_cmd, a.runs)
    py = timed(py_cmd, max(1, a.runs // 2))
    row("xmllint --noout --stream (libxml2 streaming parse)", stream, cmd=stream_cmd)
    row("xmllint --noout (libxml2 builds its tree)", tree, stream, cmd=tree_cmd, base_cmd=stream_cmd)
    row("formconv big.xml --to json (page-wise)", convert, stream, "target ≤ 3×", convert <= 3 * stream,
        cmd=convert_cmd, base_cmd=stream_cmd)
    row("  the same converted whole (FORMCONV_PAGEWISE=0)", convert_whole, stream,
        cmd=convert_cmd, base_cmd=stream_cmd, env=whole)
    row("python3 xmltodict + json.dumps", py, stream, cmd=py_cmd, base_cmd=stream_cmd)
    print(f"  {'formconv vs xmltodict script':<52} {py / convert:9.1f}× faster   target ≥ 8×"
          f"  {'ok' if py / convert >= 8 else 'MISSED'}")

    print("\nMemory")
    rss, faults = peak_rss_and_faults(convert_cmd)
    rss *= 1024
    print(f"  {'peak RSS of formconv big.xml --to json --quiet':<52} {rss / 1e6:9.1f} MB {rss / size:6.2f}×  "
          f"target ≤ 4× input  {'ok' if rss <= 4 * size else 'MISSED'}   {faults:6d} page faults")
    peak = rss
    # Printing every warning (40,000 lines, to a pipe read by this script) keeps them all until printed.
    loud_cmd = [fc, big, "--to", "json"]
    rss, faults = peak_rss_and_faults(loud_cmd)
    rss *= 1024
    print(f"  {'  the same printing every warning':<52} {rss / 1e6:9.1f} MB {rss / size:6.2f}×  "
          f"target ≤ 4× input  {'ok' if rss <= 4 * size else 'MISSED'}   {faults:6d} page faults")
    rss, faults = peak_rss_and_faults(convert_cmd, whole)
    rss *= 1024
    print(f"  {'  converted whole (FORMCONV_PAGEWISE=0, huge pages)':<52} {rss / 1e6:9.1f} MB {rss / size:6.2f}×"
          f"{'':28}{faults:6d} page faults")
    fresh_memory(int(peak / 2**20), a.runs)

    print("\nGrowth (conversion time at 1×, 2×, 4× the input)")
    factors = (1, 2, 4)
    inputs = []
    for factor in factors:
        d = os.path.join(work, f"x{factor}")
        subprocess.run(gen + [d, "--items", str(a.items * factor), "--forms", "0"], check=True)
        inputs.append(os.path.join(d, "big.xml"))
    # In turn, like the other comparisons: a drift of the host's speed would read as a bend.
    times = timed_together([([fc, path, "--to", "json", "--quiet"], None) for path in inputs], max(1, a.runs // 2))
    for factor, path, t in zip(factors, inputs, times):
        print(f"  {factor}× ({os.path.getsize(path) / 1e6:5.1f} MB) {t * 1000:9.1f} ms"
              f"   {t / times[0]:5.2f}× the 1× time (linear: {factor}.00×)")


def fresh_memory(mb, runs):
    """What writing formconv's peak of fresh memory costs a new process now (bench/fresh_memory.py): on a
    virtual machine it depends on the host, and formconv's times with it."""
    if not sys.platform.startswith("linux"):
        print("  fresh memory: measured on Linux only (transparent huge pages)")
        return
    script = os.path.join(HERE, "fresh_memory.py")
    times = {"4k": [], "2m": []}
    for _ in range(runs):
        for kind in times:
            r = subprocess.run([sys.executable, script, str(mb), kind], capture_output=True, text=True)
            if r.returncode != 0:
                print(f"  fresh memory: not measured ({r.stderr.strip()[-200:]})")
                return
            times[kind].append(float(r.stdout))
    for kind, name in (("2m", "2 MB pages"), ("4k", "4 KB pages")):
        t = times[kind]
        print(f"  {f'writing {mb} MB of fresh memory, {name} (the host now)':<52} {statistics.median(t):9.1f} ms"
              f"   (from {min(t):.1f} to {max(t):.1f} over {runs} new processes)")


def lint_part(a, fc, forms, work, converts):
    print("\nLint of the folder of small forms")
    lstream_cmd = ["xmllint", "--noout", "--stream"] + forms
    lint_cmd = [fc, "lint", os.path.join(work, "forms")]
    commands = [(lstream_cmd, None), (lint_cmd, None)]
    # The same folder converted as a batch (no target: a migration's cost, for comparison), into a new
    # directory each run. (Replacing the files of an earlier run costs the file system more: each
    # atomic write makes a new file, and ext4 then passes over the inodes of the files just replaced.)
    batch_cmd = ["sh", "-c", 'exec "$0" "$1" --to json --quiet -o "$(mktemp -d -p "$2")/"',
                 fc, os.path.join(work, "forms"), work]
    # What creating as many files costs the file system alone: `cp -r` of the folder, also into a new
    # directory each run.
    copy_cmd = ["sh", "-c", 'exec cp -r "$0" "$(mktemp -d -p "$1")/"', os.path.join(work, "forms"), work]
    if converts:
        commands += [(batch_cmd, None), (copy_cmd, None)]
    times = timed_together(commands, a.runs)
    lstream, lint = times[0], times[1]
    row("xmllint --noout --stream on every file", lstream, cmd=lstream_cmd)
    row("formconv lint forms/", lint, lstream, "target ≤ 3×", lint <= 3 * lstream, cmd=lint_cmd, base_cmd=lstream_cmd)
    if converts:
        row("formconv forms/ --to json -o DIR (batch conversion)", times[2], lstream, cmd=batch_cmd, base_cmd=lstream_cmd)
        row("  cp -r forms/ DIR (the file system's part: 2,000 new files)", times[3], lstream, cmd=copy_cmd,
            base_cmd=lstream_cmd)
    # Memory of a folder run should not grow with the number of files: a batch keeps each input's
    # status and counts, not its diagnostics; lint keeps the files read ahead up to 32 MB.
    for name, cmd in (("formconv lint forms/", lint_cmd), ("formconv forms/ --to json -o DIR", batch_cmd)):
        if cmd is batch_cmd and not converts:
            continue
        rss, _ = peak_rss_and_faults(cmd, runs=3)
        print(f"  {'peak RSS of ' + name:<52} {rss / 1024:9.1f} MB")



if __name__ == "__main__":
    main()
