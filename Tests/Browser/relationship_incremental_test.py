"""The preview redoes only the relationships that read a changed answer (issue 38); what it shows must
still be the fold of every relationship in document order over the current answers.

The form is an XLForm with random `hidden`/`disabled` predicates (fixed seed): row i is hidden (or
disabled) while a predicate holds on the value of an answered row, or on whether a row near it is
hidden or disabled. docs/xlform.md: `hidden: "<p>"` is *hide while p, show otherwise* (`disabled` likewise).
The model below is an independent implementation of the fold: the rules run in row order, and a
condition reading `isHidden`/`isDisabled` sees the state the rules before it left (a row whose rule
comes later still has its initial state). After every answer change, every row's hidden and disabled
state on the page must match the model, and the submission panel the payload.
"""
import json
import random
import tempfile
import unittest
from pathlib import Path

from browser import formconv, start_browser

ROWS = 60
DRIVERS = 5
CHANGES = 60


def make_rows(seed=38):
    """Rows r0-r4 are answered; every other row has one rule: on an answer of r0-r4, or on the state
    of a row near it (before or after it, so that changes travel along chains of rules) or an answer."""
    rnd = random.Random(seed)
    rows = []
    for i in range(ROWS):
        row = {"tag": f"r{i}", "rowType": "text", "title": f"Row {i}"}
        if i >= DRIVERS:
            kind = rnd.choice(["value", "isHidden", "isHidden", "isDisabled"])
            prop = rnd.choice(["hidden", "hidden", "disabled"])
            if kind == "value":
                cond = ("value", rnd.randrange(DRIVERS), rnd.choice(["x", "y"]))
                text = f"$r{cond[1]}.value == '{cond[2]}'"
            else:
                j = i
                while j == i:
                    j = rnd.randrange(max(DRIVERS, i - 4), min(ROWS, i + 3))
                # Or an answer: a change to it evaluates the rule again, reading the state anew.
                cond = (kind, j, rnd.choice([0, 1]), rnd.randrange(DRIVERS))
                text = f"$r{j}.{kind} == {cond[2]} OR $r{cond[3]}.value == 'z'"
            row[prop] = text
            row["_rule"] = (prop, cond)
        rows.append(row)
    return rows


def model(rows, values):
    """Every row's (hidden, disabled) after the rules, folded in row order."""
    hidden, disabled = [False] * ROWS, [False] * ROWS
    for i, row in enumerate(rows):
        if "_rule" not in row:
            continue
        prop, (kind, j, want, *answer) = row["_rule"]
        if kind == "value":
            holds = values.get(j, "") == want
        else:
            holds = int((hidden if kind == "isHidden" else disabled)[j]) == want or values.get(answer[0], "") == "z"
        (hidden if prop == "hidden" else disabled)[i] = holds
    return hidden, disabled


PANEL = """
return [document.getElementById("fc-payload").textContent, JSON.stringify(window.formconvPreview.payload(), null, 2)];
"""

STATE = """
var out = [];
window.formconvPreview.fields().forEach(function (f, i) {
  var input = document.getElementById("fc-f-" + i).querySelector("input");
  out.push([window.formconvPreview.hidden(f.id), input.disabled]);
});
return out;
"""

TYPE = """
var id = arguments[0], value = arguments[1];
var i = window.formconvPreview.fields().findIndex(function (f) { return f.id === id; });
var input = document.getElementById("fc-f-" + i).querySelector("input");
input.value = value;
input.dispatchEvent(new Event("input", { bubbles: true }));
"""


class RelationshipIncrementalTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.TemporaryDirectory()
        cls.rows = make_rows()
        form = {"title": "Fold", "formSections": [{"formRows": [
            {k: v for k, v in row.items() if k != "_rule"} for row in cls.rows]}]}
        src = Path(cls.dir.name) / "fold.xlform.json"
        src.write_text(json.dumps(form))
        cls.page = Path(cls.dir.name) / "fold.html"
        formconv(src, "--to", "html", "-o", cls.page, "-q")
        cls.driver = start_browser()

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.dir.cleanup()

    def check(self, values, when):
        hidden, disabled = model(self.rows, values)
        shown = self.driver.execute_script(STATE)
        self.assertEqual(len(shown), ROWS)
        for i in range(ROWS):
            self.assertEqual(shown[i], [hidden[i], disabled[i]], f"row r{i} {self.rows[i].get('_rule')} {when}")
        # The submission panel, rewritten a field at a time, shows the payload written whole: the
        # answered rows that are shown, in row order.
        panel, whole = self.driver.execute_script(PANEL)
        self.assertEqual(panel, whole, when)
        sent = {f"r{i}": v for i, v in sorted(values.items()) if v != "" and not hidden[i]}
        self.assertEqual(list(json.loads(panel).items()), list(sent.items()), when)

    def test_every_change_shows_the_fold_of_all_rules(self):
        d = self.driver
        d.get(self.page.as_uri())
        values = {}
        self.check(values, "at load")
        rnd = random.Random(3800)
        for n in range(CHANGES):
            i, v = rnd.randrange(DRIVERS), rnd.choice(["x", "y", "z", ""])
            d.execute_script(TYPE, f"r{i}", v)
            values[i] = v
            self.check(values, f"after change {n}: r{i} = {v!r}")


if __name__ == "__main__":
    unittest.main()
