#!/usr/bin/env python3
"""Where formconv's instructions and memory go: valgrind's callgrind and massif on the bench's inputs.

    bench/profile.py OUT_DIR [--formconv .build/release/formconv] [--forms 50] [--items 30000]
                             [--only REGEX] [--no-massif]
    bench/profile.py --summarize OUT_DIR        (the tables again, from the files already there)

Profile a release build (scripts/build-release). Generates the inputs with bench/generate.py into
OUT_DIR/gen (the stress form big.xml and --forms realistic forms), then runs under callgrind:

  big-json     formconv big.xml --to json -o big.json
  big-lint     formconv lint big.xml
  forms-json   formconv forms --to json -o out     (one batch)
  forms-lint   formconv lint forms

and under massif (peak heap) big-json and big-lint. For each callgrind run it prints the total
instructions, the inclusive share of the pipeline's phases (a phase is the costliest function whose
demangled name matches its pattern) and the self instructions by component (the Swift module a
function belongs to, libxml2, malloc/free, the Swift runtime, libc's memory functions). For each massif
run: the peak heap and, at the peak, the allocation sites' shares by the first formconv function on
their stack. Instruction counts are the stable number on a loaded machine.
"""
import argparse
import collections
import glob
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
MODULES = ("FormIR", "MMXML", "DocumentTree", "Expressions", "Readers", "Lowering", "Emitters", "FormConvKit",
           "formconv", "ArgumentParser", "FoundationEssentials", "Foundation", "Swift")

# Phases: (label, pattern on the demangled name). Inclusive costs; phases may nest.
PHASES = [
    ("read: MMXMLReader.read (all of the MM XML read)", r"MMXML\.MMXMLReader\.read\("),
    ("  parse into the element table (ElementTreeBuilder.parse)", r"MMXML\.ElementTreeBuilder\.parse\("),
    ("    libxml2 xmlParseDocument (with the SAX callbacks)", r"^xmlParseDocument$"),
    ("    XMLTreeReader.prepare (encoding check, comment repair)", r"DocumentTree\.XMLTreeReader\.prepare\("),
    ("  table → IR (ReadSession.readForm)", r"MMXML\.ReadSession\.readForm\("),
    ("    relationships (readRelationships)", r"MMXML\.ReadSession\.readRelationships\("),
    ("  MMDocument.init (names, legacy scan)", r"MMXML\.MMDocument\.init\("),
    ("emit: row schema (RowSchemaEmitter.emit)", r"Emitters\.RowSchemaEmitter\.emit(<[^>]*>)?\("),
    ("  loss report (LossCheck.report)", r"FormIR\.LossCheck\.report\("),
    ("lint: Linter.lint of one file (its read included)", r"FormConvKit\.Linter\.lint\(.*InputDocument"),
    ("  LintSubject.init", r"FormConvKit\.LintSubject\.init\("),
    ("print diagnostics (DiagnosticPrinter)", r"FormConvKit\.DiagnosticPrinter\."),
    ("  Diagnostic.appendFormatted", r"FormIR\.Diagnostic\.appendFormatted\("),
    ("free the IR (Form / Field destroy)", r"^(outlined destroy of|destroy value witness for) FormIR\.(Form|Page|Section|Field)\b"),
]


def demangle(names):
    """Demangles a list of symbol lines with swift-demangle (one process for all)."""
    tool = "swift-demangle"
    try:
        out = subprocess.run([tool], input="\n".join(names), capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return names
    lines = out.split("\n")
    return lines[:len(names)] if len(lines) >= len(names) else names


LINE = re.compile(r"^\s*([\d,]+) \(\s*[\d.]+%\)\s+(.*)$")


def annotate(path, inclusive):
    """(total, [(cost, file:function [object])]) from callgrind_annotate."""
    args = ["callgrind_annotate", "--threshold=100", "--auto=no"]
    if inclusive:
        args.append("--inclusive=yes")
    out = subprocess.run(args + [path], capture_output=True, text=True, check=True).stdout
    total, rows = 0, []
    for line in out.splitlines():
        m = LINE.match(line)
        if not m:
            continue
        cost = int(m.group(1).replace(",", ""))
        if m.group(2).startswith("PROGRAM TOTALS"):
            total = cost
        else:
            rows.append((cost, m.group(2)))
    return total, rows


def split_function(entry):
    """'file:function [object]' → (function, object)."""
    obj = ""
    m = re.search(r" \[([^\]]*)\]$", entry)
    if m:
        obj, entry = m.group(1), entry[:m.start()]
    # The file part ends at the first ':' that is followed by the function (file names hold no spaces).
    file, _, function = entry.partition(":")
    return function, obj, file


def component(function, obj, file):
    if "libxml2" in obj or re.match(r"^(xml|__xml|html|UTF8To|UTF16|isolat|asciiTo|nameNsPush|nsPop|spacePop|spacePush|namePush|namePop|nodePush|inputPush)", function):
        return "libxml2"
    if "malloc" in file or re.match(r"^(malloc|free|cfree|realloc|calloc|_int_|malloc_|unlink_chunk|tcache|__libc_malloc|__libc_free|__libc_realloc|sysmalloc|alloc_perturb)", function):
        return "malloc/free"
    if re.search(r"(mem(cpy|move|set|cmp|chr)|str(len|cmp|chr)|__memcpy|__memmove|__memset|__memcmp|__strlen)", function) and "string" in file + function:
        return "libc memory functions"
    if re.search(r"(memcpy|memmove|memset|memcmp|strlen)", function):
        return "libc memory functions"
    if function.startswith("swift_") or function.startswith("swift::") or function.startswith("(anonymous namespace)") \
            or "libswiftCore" in obj:
        return "Swift runtime (retain/release, metadata)"
    if "ld-linux" in obj or "/elf/" in file:
        return "dynamic loader"
    name = function
    # The first module named: a closure's or specialization's context comes after "in "/"of ".
    m = re.search(r"\b(" + "|".join(MODULES) + r")\.", name)
    if m:
        mod = m.group(1)
        # A generic of the standard library specialized for a formconv type is counted where it ran (Swift).
        return "Swift standard library (Array, Dictionary, String…)" if mod == "Swift" else mod
    if "libc" in obj:
        return "libc (other)"
    return "other"


def summarize_callgrind(path, label):
    total, rows = annotate(path, inclusive=False)
    if total == 0:
        return
    names = [split_function(entry)[0] for _, entry in rows]
    demangled = demangle(names)
    by_component = collections.Counter()
    top = []
    for (cost, entry), name in zip(rows, demangled):
        _, obj, file = split_function(entry)
        by_component[component(name, obj, file)] += cost
        top.append((cost, name))
    _, inclusive_rows = annotate(path, inclusive=True)
    inclusive_names = demangle([split_function(e)[0] for _, e in inclusive_rows])
    print(f"\n### {label}: {total / 1e6:,.1f} M instructions ({os.path.basename(path)})\n")
    print("| phase (inclusive) | instructions | share |\n|---|---:|---:|")
    for phase, pattern in PHASES:
        best = 0
        for (cost, _), name in zip(inclusive_rows, inclusive_names):
            if re.search(pattern, name):
                best = max(best, cost)
        if best:
            print(f"| {phase} | {best / 1e6:,.1f} M | {100 * best / total:.1f}% |")
    print("\n| component (self) | instructions | share |\n|---|---:|---:|")
    for name, cost in by_component.most_common():
        if cost / total >= 0.002:
            print(f"| {name} | {cost / 1e6:,.1f} M | {100 * cost / total:.1f}% |")
    print("\n| function (self), top 25 | share |\n|---|---:|")
    for cost, name in sorted(top, reverse=True)[:25]:
        short = name if len(name) <= 120 else name[:117] + "…"
        print(f"| `{short}` | {100 * cost / total:.1f}% |")


def summarize_massif(path, label):
    with open(path) as f:
        text = f.read()
    snapshots = text.split("#-----------\nsnapshot=")
    peak = None
    for s in snapshots:
        if "heap_tree=peak" in s:
            peak = s
    if peak is None:
        # No detailed peak: take the largest snapshot.
        best = 0
        for s in snapshots:
            m = re.search(r"mem_heap_B=(\d+)", s)
            if m and int(m.group(1)) > best:
                best, peak = int(m.group(1)), s
    heap = int(re.search(r"mem_heap_B=(\d+)", peak).group(1))
    extra = int(re.search(r"mem_heap_extra_B=(\d+)", peak).group(1))
    # The tree: lines "  nX: BYTES 0xADDR: function (file)" with indentation by depth, the allocating
    # function first and its callers below it. Attribute each leaf's bytes to the first function on
    # its stack, from the allocation outwards, that is formconv's.
    entries = []
    for line in peak.splitlines():
        m = re.match(r"^( *)n\d+: (\d+) (?:0x[0-9A-Fa-f]+: )?(.*)$", line)
        if m:
            entries.append((len(m.group(1)), int(m.group(2)), m.group(3)))
    names = demangle([e[2] for e in entries])
    by_site = collections.Counter()
    stack = []
    for i, ((depth, size, _), name) in enumerate(zip(entries, names)):
        stack = stack[:depth] + [name]
        is_leaf = i + 1 == len(entries) or entries[i + 1][0] <= depth
        if not is_leaf:
            continue
        site = "(below massif's threshold)" if "below massif's threshold" in name or "in " in name and "places" in name else None
        if site is None:
            for frame in stack:
                # A generic's type arguments name types, not where the allocation happened.
                while re.search(r"<[^<>]*>", frame):
                    frame = re.sub(r"<[^<>]*>", "", frame)
                m = re.search(r"\b(FormIR|MMXML|DocumentTree|Expressions|Readers|Lowering|Emitters|FormConvKit)\.([A-Za-z0-9_]+)(\.\(?[A-Za-z0-9_]+)?", frame)
                if m:
                    site = m.group(0)
                    break
        by_site[site or "(other)"] += size
    print(f"\n### {label}: peak heap {heap / 1e6:.1f} MB (+{extra / 1e6:.1f} MB allocator overhead) ({os.path.basename(path)})\n")
    print("| allocated under (at the peak) | bytes | share |\n|---|---:|---:|")
    for site, size in by_site.most_common(15):
        print(f"| `{site}` | {size / 1e6:.1f} MB | {100 * size / heap:.1f}% |")


RUNS = [
    ("big-json", lambda g: ["big.xml", "--to", "json", "-o", "big.json"]),
    ("big-lint", lambda g: ["lint", "big.xml"]),
    ("forms-json", lambda g: ["forms", "--to", "json", "-o", "out-json"]),
    ("forms-lint", lambda g: ["lint", "forms"]),
]
MASSIF = ("big-json", "big-lint")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out")
    ap.add_argument("--formconv", default=os.path.join(REPO, ".build", "release", "formconv"))
    ap.add_argument("--forms", type=int, default=50)
    ap.add_argument("--items", type=int, default=30000)
    ap.add_argument("--only", default="", help="profile only the runs whose name matches")
    ap.add_argument("--no-massif", action="store_true")
    ap.add_argument("--summarize", action="store_true", help="print the tables from OUT_DIR's files")
    a = ap.parse_args()
    out = os.path.abspath(a.out)
    if not a.summarize:
        gen = os.path.join(out, "gen")
        if not os.path.isdir(gen):
            subprocess.run([sys.executable, os.path.join(HERE, "generate.py"), gen, "--items", str(a.items),
                            "--forms", str(a.forms)], check=True, stdout=subprocess.DEVNULL)
        fc = os.path.abspath(a.formconv)
        for name, args in RUNS:
            if a.only and not re.search(a.only, name):
                continue
            for leftover in glob.glob(os.path.join(gen, "out-json*")):
                subprocess.run(["rm", "-rf", leftover])
            subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}/callgrind.{name}",
                            fc] + args(gen), cwd=gen, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            if name in MASSIF and not a.no_massif:
                subprocess.run(["valgrind", "--tool=massif", "--threshold=0.5", f"--massif-out-file={out}/massif.{name}",
                                fc] + args(gen), cwd=gen, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for name, _ in RUNS:
        path = os.path.join(out, f"callgrind.{name}")
        if os.path.exists(path):
            summarize_callgrind(path, name)
    for name in MASSIF:
        path = os.path.join(out, f"massif.{name}")
        if os.path.exists(path):
            summarize_massif(path, name)


if __name__ == "__main__":
    main()
