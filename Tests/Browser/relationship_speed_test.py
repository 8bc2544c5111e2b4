"""The HTML preview stays responsive on a large form (issue 38): one answer change on a 3,000-item
MM XML form with 3,000 relationships (one per item, and one per group) updates the page in under
50 ms in headless Chromium.

The form is generated here: item k is shown while item k-1 is not empty (the MM XML rule
`f(k-1) != ""`), and every group but the first is shown while f0 is not "x". What the page must show
after each change follows from those rules alone. The time is the synchronous work of the preview's
`input` handler (relationships, drawing, the payload) and the style and layout of the page it leaves
(forced by reading the body's box before the clock stops), measured with `performance.now()` around
one dispatched event; every time is printed. Asserted: the median of the nine changes is under 50 ms.
The wall clock depends on the machine, so each change's work is also asserted exactly, from the
runtime's counters (`formconvPreview.counters()`): the rules it evaluated (only those that read the
changed answer), the fields it drew again and the elements of the page it wrote. The same numbers on a
form half the size show that one change's work does not grow with the form.
"""
import os
import statistics
import tempfile
import unittest
from pathlib import Path

from browser import formconv, start_browser

# PREVIEW_SPEED_ITEMS measures another size (a multiple of 300; bench/RESULTS.md): the assertions hold.
ITEMS = int(os.environ.get("PREVIEW_SPEED_ITEMS", "3000"))
GROUPS = 150


def big_form(items=ITEMS, groups=GROUPS):
    out = ['<?xml version="1.0" encoding="UTF-8"?>', '<form name="big">', '<page name="p1">']
    per = items // groups
    k = 0
    for g in range(groups):
        out.append(f'<group name="g{g}" title="Group {g}">')
        for _ in range(per):
            out.append(f'<item name="f{k}" type="textField"><label language="EN_US">Field {k}</label></item>')
            k += 1
        out.append('</group>')
    out.append('</page><relationships>')
    for i in range(1, k):
        out.append(f'<relationship object="item::f{i}"><condition>f{i - 1} != ""</condition>'
                   '<if><show>YES</show></if><else><hide>YES</hide></else></relationship>')
    for g in range(1, groups):
        out.append(f'<relationship object="group::g{g}"><condition>f0 != "x"</condition>'
                   '<if><show>YES</show></if><else><hide>YES</hide></else></relationship>')
    out.append('</relationships></form>')
    return "\n".join(out)


TYPE = """
var id = arguments[0], value = arguments[1];
var index = window.formconvPreview.fields().findIndex(function (f) { return f.id === id; });
var input = document.getElementById("fc-f-" + index).querySelector("input");
var before = window.formconvPreview.counters();
var t0 = performance.now();
input.value = value;
input.dispatchEvent(new Event("input", { bubbles: true }));
document.body.getBoundingClientRect();
var ms = performance.now() - t0, after = window.formconvPreview.counters();
return [ms, after.rules - before.rules, after.draws - before.draws, after.writes - before.writes];
"""


def expected_work(k, value, groups=GROUPS):
    """What answering f(k) must do, from the rules alone: [rules evaluated, fields drawn, page writes].
    The rules evaluated are those whose condition reads f(k): f(k+1)'s, and for f0 every group's. A
    first answer to f(k) shows f(k+1) (one field drawn) and adds f(k)'s key to the payload panel (one
    text written; the first key also closes the panel's braces on a new line). f0 = "x" hides every
    group but the first (one write each) and changes f0's key: no field is drawn."""
    rules = 1 + (groups - 1 if k == 0 else 0)
    if value == "x":
        return [rules, 0, (groups - 1) + 1]
    return [rules, 1, 1 + 1 + (1 if k == 0 else 0)]


class RelationshipSpeedTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.TemporaryDirectory()
        cls.driver = start_browser()

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.dir.cleanup()

    def hidden(self, field):
        return self.driver.execute_script("return window.formconvPreview.hidden(arguments[0]);", field)

    def answer_changes(self, items):
        """Opens a generated form of `items` items, checks what each change shows, and returns each
        change's [ms, rules evaluated, fields drawn, page writes]."""
        d = self.driver
        src, page = Path(self.dir.name) / f"big{items}.xml", Path(self.dir.name) / f"big{items}.html"
        src.write_text(big_form(items))
        formconv(src, "--to", "html", "-o", page, "-q")
        d.get(page.as_uri())
        self.assertEqual(len(d.execute_script("return window.formconvPreview.fields();")), items)
        # At load every rule is evaluated once and every field drawn once.
        load = d.execute_script("return window.formconvPreview.counters();")
        self.assertEqual([load["rules"], load["draws"]], [items - 1 + GROUPS - 1, items])
        # Before any answer only f0 is shown: f1 waits for f0.
        self.assertFalse(self.hidden("f0"))
        self.assertTrue(self.hidden("f1"))
        changes = []
        for k in range(8):
            changes.append(d.execute_script(TYPE, f"f{k}", f"answer {k}"))
            self.assertEqual(changes[-1][1:], expected_work(k, "answer"), f"work of answering f{k}")
            # Answering f(k) shows f(k+1) and nothing past it.
            self.assertFalse(self.hidden(f"f{k + 1}"), f"after answering f{k}")
            self.assertTrue(self.hidden(f"f{k + 2}"), f"after answering f{k}")
        # f0 = "x" hides every group but the first (and the fields in them).
        changes.append(d.execute_script(TYPE, "f0", "x"))
        self.assertEqual(changes[-1][1:], expected_work(0, "x"), "work of f0 = x")
        self.assertTrue(self.hidden(f"f{items - 1}"))
        self.assertFalse(self.hidden("f1"))
        return changes

    def test_one_answer_updates_a_3000_item_form_within_50ms(self):
        times = [c[0] for c in self.answer_changes(ITEMS)]
        print(f"\nrelationship_speed: {ITEMS} items, one change: fastest {min(times):.1f} ms, "
              f"median {statistics.median(times):.1f} ms, slowest {max(times):.1f} ms")
        # Issue 38 asks for under 50 ms. The median of the nine changes is measured at 2-4 ms (idle or
        # with the two cores loaded by a build; bench/RESULTS.md), so 50 ms leaves a margin of more
        # than ten times; the work itself is asserted exactly above, independent of the machine.
        self.assertLess(statistics.median(times), 50.0, f"one answer change took {times} ms")

    def test_the_work_of_one_change_does_not_grow_with_the_form(self):
        # Half the items in as many groups: `answer_changes` asserts the same work for every change.
        self.answer_changes(ITEMS // 2)


if __name__ == "__main__":
    unittest.main()
