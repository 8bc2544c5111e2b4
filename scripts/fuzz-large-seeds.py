#!/usr/bin/env python3
"""Writes large fuzz seeds (100 KB to 2 MB) for every reader, built from the bench generator's stress
form, so that the fuzzers reach what only large inputs reach (buffers malloc maps on their own, long
texts, many items):
  fuzz-large-seeds.py OUT_DIR FORMCONV
OUT_DIR/files/: big-<items>.<ext> for each readable format (the stress form converted by FORMCONV;
binary property lists too), the seeds of `formconv-fuzz` (mutation mode).
OUT_DIR/libfuzzer/FORMAT/: the same, each prefixed with the byte naming its reader (scripts/fuzz-seeds.py),
a folder per reader so that each can be fuzzed on its own."""
import importlib.util, os, plistlib, subprocess, sys

READABLE = ["ir", "mmxml", "json", "yaml", "xlform", "xlform-plist", "rmsform", "rmsform-json", "shinobi"]
EXTENSION = {"ir": "ir.json", "mmxml": "xml", "json": "json", "yaml": "yaml", "xlform": "xlform.json",
             "xlform-plist": "xlform.plist", "rmsform": "plist", "rmsform-json": "rmsform.json", "shinobi": "shinobi.xml"}
# Seed sizes for every reader: the stress form gets as many items as each format needs to come near them.
TARGETS = [100_000, 500_000, 2_000_000]

out, formconv = sys.argv[1], sys.argv[2]
here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("generate", os.path.join(here, "..", "bench", "generate.py"))
generate = importlib.util.module_from_spec(spec)
spec.loader.exec_module(generate)
files, seeds = os.path.join(out, "files"), os.path.join(out, "libfuzzer")
os.makedirs(files, exist_ok=True)
for fmt in READABLE:
    os.makedirs(os.path.join(seeds, fmt), exist_ok=True)


def keep(name, fmt, data):
    open(os.path.join(files, name), "wb").write(data)
    open(os.path.join(seeds, fmt, name), "wb").write(bytes([READABLE.index(fmt)]) + data)
    print(f"{len(data):>9,} bytes  {fmt:<13} {name}", file=sys.stderr)


def convert(items, fmt):
    """The stress form of `items` items in `fmt` (MM XML as generated, the rest through formconv)."""
    source = os.path.join(out, "tmp-source.xml")
    open(source, "w", encoding="utf-8").write(generate.big_form(items))
    if fmt == "mmxml":
        return open(source, "rb").read()
    target = os.path.join(out, "tmp." + EXTENSION[fmt])
    run = subprocess.run([formconv, source, "--to", fmt, "-o", target, "--quiet"], capture_output=True)
    if run.returncode != 0 or not os.path.exists(target):
        print(f"formconv --to {fmt} failed ({run.returncode}): {run.stderr.decode()[:300]}", file=sys.stderr)
        return None
    data = open(target, "rb").read()
    os.remove(target)
    return data


for fmt in READABLE:
    probe = convert(400, fmt)
    if probe is None:
        continue
    per_item = len(probe) / 400
    for size in TARGETS:
        items = max(20, round(size / per_item))
        data = probe if items == 400 else convert(items, fmt)
        if data is None:
            continue
        keep(f"big-{size // 1000}k.{EXTENSION[fmt]}", fmt, data)
        if fmt in ("xlform-plist", "rmsform"):
            # A binary plist is some 5 times smaller: its own count of items.
            binary_items, converted = items, data
            for _ in range(2):
                binary = plistlib.dumps(plistlib.loads(converted), fmt=plistlib.FMT_BINARY)
                binary_items = round(binary_items * size / len(binary))
                converted = convert(binary_items, fmt)
                if converted is None:
                    break
            if converted is not None:
                keep(f"big-{size // 1000}k-binary.{EXTENSION[fmt]}", fmt,
                     plistlib.dumps(plistlib.loads(converted), fmt=plistlib.FMT_BINARY))
for leftover in ("tmp-source.xml",):
    if os.path.exists(os.path.join(out, leftover)):
        os.remove(os.path.join(out, leftover))
