#!/usr/bin/env python3
"""Writes libFuzzer seeds: for each example/fixture file, one byte naming its reader, then its bytes.
The byte is the index of the format in FuzzHarness.formats (the readable formats in FormatID order)."""
import os, sys
READABLE = ["ir", "mmxml", "json", "yaml", "xlform", "xlform-plist", "rmsform", "rmsform-json", "shinobi"]
def fmt(path, head):
    p = path.lower()
    if p.endswith(".ir.json"): return "ir"
    if p.endswith((".yaml", ".yml")): return "yaml"
    if head.startswith(b"bplist") or b"<plist" in head:
        return "xlform-plist" if b"formSections" in head else "rmsform"
    if p.endswith(".xml"): return "shinobi" if b"<sections" in head else "mmxml"
    if p.endswith(".json"):
        if b"formSections" in head: return "xlform"
        return "rmsform-json" if head.lstrip().startswith(b"[") else "json"
    return None
out = sys.argv[1]
os.makedirs(out, exist_ok=True)
n = 0
for root in ("examples", "Tests"):
    for d, _, files in os.walk(root):
        for f in sorted(files):
            path = os.path.join(d, f)
            data = open(path, "rb").read()
            if len(data) > 65536: continue
            k = fmt(path, data[:4096])
            if k is None: continue
            open(os.path.join(out, f"seed{n:04d}"), "wb").write(bytes([READABLE.index(k)]) + data)
            n += 1
print(f"{n} seeds in {out}", file=sys.stderr)
