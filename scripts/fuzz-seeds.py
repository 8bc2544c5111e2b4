#!/usr/bin/env python3
"""Writes libFuzzer seeds: for each example/fixture file, one byte naming its reader, then its bytes.
The byte is the index of the format in FuzzHarness.formats (the readable formats in FormatID order);
the two after them are a configuration (.formconv.yml) and a lint baseline (FuzzHarness.WorkflowFile).
Every XML property list is also written as a binary plist (plistlib), so the binary decoder gets seeds.
With FORMCONV_FUZZ_SKIP_XML=1 no XML seed is written (MM XML, ShinobiForms, XML plists).
  fuzz-seeds.py CORPUS_DIR [BPLIST_DIR]   BPLIST_DIR: also write the binary plists there as files"""
import os, plistlib, sys
READABLE = ["ir", "mmxml", "json", "yaml", "xlform", "xlform-plist", "rmsform", "rmsform-json", "shinobi", "surveyjs",
            "config", "baseline"]
def fmt(path, head):
    p = path.lower()
    if b"formconv-baseline" in head: return "baseline"
    if p.endswith((".yaml", ".yml")) and (b"accept-losses" in head or b"exclude:" in head or head.startswith(b"rules:")):
        return "config"
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
bdir = sys.argv[2] if len(sys.argv) > 2 else None
skip_xml = os.environ.get("FORMCONV_FUZZ_SKIP_XML") == "1"
os.makedirs(out, exist_ok=True)
if bdir: os.makedirs(bdir, exist_ok=True)
n = 0
for root in ("examples", "Tests"):
    for d, _, files in os.walk(root):
        for f in sorted(files):
            path = os.path.join(d, f)
            data = open(path, "rb").read()
            if len(data) > 65536: continue
            k = fmt(path, data[:4096])
            if k is None: continue
            if k in ("xlform-plist", "rmsform") and not data.startswith(b"bplist"):
                try:
                    binary = plistlib.dumps(plistlib.loads(data), fmt=plistlib.FMT_BINARY)
                except Exception:
                    binary = None
                if binary is not None:
                    open(os.path.join(out, f"seed{n:04d}"), "wb").write(bytes([READABLE.index(k)]) + binary)
                    n += 1
                    if bdir:
                        name = f.replace(".plist", "") + ("-binary.xlform.plist" if k == "xlform-plist" else "-binary.plist")
                        open(os.path.join(bdir, name), "wb").write(binary)
            if skip_xml and (k in ("mmxml", "shinobi") or (k in ("xlform-plist", "rmsform") and not data.startswith(b"bplist"))):
                continue
            open(os.path.join(out, f"seed{n:04d}"), "wb").write(bytes([READABLE.index(k)]) + data)
            n += 1
# XML at the bound on attributes per element (XMLParseLimits.maxAttributes, 1,000) and one past it.
if not skip_xml:
    for count in (1000, 1001):
        attrs = " ".join(f'x{i}="1"' for i in range(count - 2)).encode()
        seeds = [("mmxml", b'<form name="f"><page name="p"><group name="g"><item name="i" type="textField" ' + attrs +
                  b'/></group></page></form>\n'),
                 ("rmsform", b'<plist version="1.0" a="1" ' + attrs + b'><array/></plist>\n')]
        for k, data in seeds:
            open(os.path.join(out, f"seed{n:04d}"), "wb").write(bytes([READABLE.index(k)]) + data)
            n += 1
print(f"{n} seeds in {out}", file=sys.stderr)
