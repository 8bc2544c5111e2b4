"""The preview redoes only the relationships that read a changed answer (issue 38); what it shows must
still be the fold of every relationship in document order over the current answers.

The form is an XLForm with random `hidden`/`disabled` predicates (fixed seed): row i is hidden (or
disabled) while a predicate holds on the value of an answered row, or on whether a row near it is
hidden or disabled. docs/xlform.md: `hidden: "<p>"` is *hide while p, show otherwise* (`disabled` likewise).
The model below is an independent implementation of the fold: the rules run in row order, and a
condition reading `isHidden`/`isDisabled` sees the state the rules before it left (a row whose rule
comes later still has its initial state). After every answer change, every row's hidden and disabled
state on the page must match the model, and the submission panel the payload; after a submit (half
way), the errors shown must be the required rows that are shown and blank.
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
        if i >= DRIVERS and i % 3 == 0:
            row["required"] = True
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


ERRORS = """
var shown = {};
window.formconvPreview.fields().forEach(function (f, i) {
  var p = document.getElementById("fc-e-" + i);
  if (p && !p.hidden) shown[f.id] = p.textContent;
});
var list = Array.prototype.map.call(document.querySelectorAll("#fc-errors li"), function (li) {
  return [li.getAttribute("data-field"), li.textContent];
});
var whole = window.formconvPreview.validate().map(function (e) { return [e.field, e.message]; });
return [shown, list, whole];
"""

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

    def check(self, values, when, submitted=False):
        hidden, disabled = model(self.rows, values)
        shown = self.driver.execute_script(STATE)
        self.assertEqual(len(shown), ROWS)
        for i in range(ROWS):
            self.assertEqual(shown[i], [hidden[i], disabled[i]], f"row r{i} {self.rows[i].get('_rule')} {when}")
        # The submission panel, rewritten a field at a time, shows the payload written whole: the
        # answered rows in row order, hidden or not (XLForm submits hidden answers, docs/ir.md), and a
        # blank answer only for a required row.
        panel, whole = self.driver.execute_script(PANEL)
        self.assertEqual(panel, whole, when)
        sent = {f"r{i}": values.get(i, "") for i in range(ROWS) if values.get(i, "") != "" or self.rows[i].get("required")}
        self.assertEqual(list(json.loads(panel).items()), list(sent.items()), when)
        if not submitted:
            return
        # After a submit every change updates the errors shown (only where they change): one for each
        # required row that is shown and blank, in row order, as validating the whole form finds them.
        shown, errors, whole = self.driver.execute_script(ERRORS)
        missing = [f"r{i}" for i, row in enumerate(self.rows) if row.get("required") and not hidden[i] and values.get(i, "") == ""]
        self.assertEqual([e[0] for e in errors], missing, when)
        self.assertEqual(errors, whole, when)
        self.assertEqual(sorted(shown), sorted(missing), when)

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
            if n == CHANGES // 2:
                d.execute_script("window.formconvPreview.submit();")
            self.check(values, f"after change {n}: r{i} = {v!r}", submitted=n >= CHANGES // 2)


if __name__ == "__main__":
    unittest.main()
