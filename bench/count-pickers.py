"""Counts schema pickers in formconv's json-schema, rjsf and jsonforms outputs: an anyOf/oneOf in a property's
schema (root properties and if/then/else branch properties, looked into through anyOf/oneOf/allOf/items/not)
whose alternatives are not all `{const}` options (rjsf renders one as an "Option 1" select, JSON Forms as
tabs). Usage: python3 bench/count-pickers.py path/to/formconv FILE...  (SchemaPickerTests asserts 0.)"""
import json
import subprocess
import sys


def pickers(node, where, out):
    if not isinstance(node, dict):
        return
    for k in ("anyOf", "oneOf"):
        if k in node and not all(isinstance(x, dict) and "const" in x for x in node[k]):
            out.append(f"{where}/{k}")
    for k in ("anyOf", "oneOf", "allOf"):
        for i, x in enumerate(node.get(k, [])):
            pickers(x, f"{where}/{k}/{i}", out)
    for k in ("items", "not"):
        pickers(node.get(k), f"{where}/{k}", out)


def properties(schema, out, path="#"):
    for k, v in schema.get("properties", {}).items():
        pickers(v, f"{path}/properties/{k}", out)
    for i, item in enumerate(schema.get("allOf", [])):
        for b in ("then", "else"):
            if b in item:
                properties(item[b], out, f"{path}/allOf/{i}/{b}")


totals = {}
for f in sys.argv[2:]:
    for target in ("json-schema", "rjsf", "jsonforms"):
        run = subprocess.run([sys.argv[1], f, "--to", target], capture_output=True, text=True)
        if run.returncode != 0:
            continue
        doc = json.loads(run.stdout)
        found = []
        properties(doc if target == "json-schema" else doc["schema"], found)
        totals[target] = totals.get(target, 0) + len(found)
        for p in found:
            print(target, f, p)
print(totals)
