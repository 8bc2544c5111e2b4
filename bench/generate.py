#!/usr/bin/env python3
"""Generates the benchmark inputs: one large MM XML form and a folder of small forms.

    bench/generate.py OUT_DIR [--items 30000] [--forms 2000]

The large form covers every common item type, with a relationship every ten items (about 7 MB at
30,000 items). Output is deterministic.
"""
import argparse
import os

TYPES = [
    ("textField", '<validation>email</validation><maxlength>80</maxlength><placeholder>name@example.com</placeholder>'),
    ("textField", '<validation>numericOnly</validation><minlength>3</minlength><maxlength>9</maxlength><regex>^[0-9]{3,9}$</regex><regexmessage>Digits only</regexmessage>'),
    ("dropDown", '<option value="1">One</option><option value="2">Two</option><option value="3">Three</option>'),
    ("segmentedControl", '<tag value="Y">Yes</tag><tag value="N">No</tag>'),
    ("radioControl", '<columns>2</columns><tag value="a">Alpha</tag><tag value="b">Beta</tag><tag value="c">Gamma</tag>'),
    ("checkbox", ''),
    ("dateField", '<prefix>d{i}</prefix><minYearRestriction>-10</minYearRestriction><maxYearRestriction>0</maxYearRestriction>'),
    ("label", '<text>Static text for item {i}</text><textColor>#333333</textColor><textSize>14</textSize>'),
    ("valuePicker", '<options>1-12</options><order>ascending</order>'),
    ("addressField", '<prefix>addr{i}</prefix><country>CA</country>'),
]


def item(i):
    kind, extra = TYPES[i % len(TYPES)]
    extra = extra.replace("{i}", str(i))
    attrs = ' required="YES"' if i % 3 == 0 else ''
    if kind == "radioControl" and i % 20 == 4:
        attrs += ' multiple="YES"'
    if kind == "checkbox":
        attrs += ' submitsValue="YES"'
    lines = [f'      <item name="item{i}" type="{kind}"{attrs}>\n', f'        <label>Label of item {i}</label>\n']
    if i % 7 == 0:
        lines.append(f'        <label language="FR_CA">Libellé {i}</label>\n')
    if i % 3 == 0:
        lines.append(f'        <onmissing><message>Item {i} is missing</message></onmissing>\n')
    if extra:
        lines.append(f'        {extra}\n')
    lines.append('      </item>\n')
    return ''.join(lines)


def relationship(i):
    # Item i (a dropDown when i % 10 == 2) drives the visibility of item i + 1.
    src = i - (i % 10) + 2
    return (f'    <relationship object="item::item{src + 1}">\n'
            f'      <condition>item{src} == "2" OR item{src} == "3"</condition>\n'
            f'      <if><show>YES</show></if>\n'
            f'      <else><hide>YES</hide></else>\n'
            f'    </relationship>\n')


def big_form(items, per_group=50, per_page=500):
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n<form formPrefix="Benchmark">\n  <pageWidth>678</pageWidth>\n']
    for i in range(items):
        if i % per_page == 0:
            if i:
                out.append('    </group>\n  </page>\n')
            out.append(f'  <page name="page{i // per_page}">\n    <group name="group{i // per_group}">\n')
        elif i % per_group == 0:
            out.append(f'    </group>\n    <group name="group{i // per_group}">\n')
        out.append(item(i))
    out.append('    </group>\n  </page>\n  <relationships>\n')
    for i in range(0, items - 10, 10):
        out.append(relationship(i))
    out.append('  </relationships>\n</form>\n')
    return ''.join(out)


def small_form(n):
    return big_form(12, per_group=6, per_page=12).replace('formPrefix="Benchmark"', f'formPrefix="Small {n}"')


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--items", type=int, default=30000)
    ap.add_argument("--forms", type=int, default=2000)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    with open(os.path.join(a.out, "big.xml"), "w", encoding="utf-8") as f:
        f.write(big_form(a.items))
    folder = os.path.join(a.out, "forms")
    os.makedirs(folder, exist_ok=True)
    for n in range(a.forms):
        with open(os.path.join(folder, f"form{n:04d}.xml"), "w", encoding="utf-8") as f:
            f.write(small_form(n))


if __name__ == "__main__":
    main()
