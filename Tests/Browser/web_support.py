"""Helpers shared by the web-target browser tests (web_*_test.py): converting with formconv, the inputs
every target is checked on, and a page that loads a vendored library from disk into headless Chromium."""
import functools
import http.server
import json
import tempfile
import threading
import unittest
from pathlib import Path

from browser import REPO, formconv, start_browser

VENDOR = Path(__file__).resolve().parent / "vendor"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
LOGIC = FIXTURES / "web-logic.xml"

# The bundled examples, the MM XML reader's every-type fixture, the logic fixture, an IR form with every
# field kind and every relationship effect, and a form whose items share a key.
INPUTS = sorted(p for p in (REPO / "examples").iterdir() if p.is_file()) + [
    REPO / "Tests/MMXMLTests/Fixtures/all-types.xml", LOGIC, FIXTURES / "every-kind.ir.json",
    FIXTURES / "shared-title.xml"]


def convert(path, target):
    """The document formconv writes for `path` in `target`, parsed; fails on a non-zero exit."""
    run = formconv(path, "--to", target, check=False)
    if run.returncode != 0:
        raise AssertionError(f"formconv {path} --to {target} exited {run.returncode}: {run.stderr}")
    return json.loads(run.stdout)


def losses(path, target):
    """The loss ids formconv reports converting `path` to `target`."""
    run = formconv(path, "--to", target, check=False)
    return [line.rsplit("[", 1)[1].rstrip("]") for line in run.stderr.splitlines() if "[loss." in line]


class LibraryPage:
    """Headless Chromium on a page whose <head> loads the given scripts (paths under vendor/)."""

    def __init__(self, *scripts, body=""):
        tags = "".join(f'<script src="{(VENDOR / s).as_uri()}"></script>' for s in scripts)
        self._file = tempfile.NamedTemporaryFile("w", suffix=".html", delete=False)
        self._file.write(f"<!doctype html><html><head><meta charset=utf-8>{tags}</head><body>{body}</body></html>")
        self._file.close()
        self.driver = start_browser()
        self.driver.get(Path(self._file.name).as_uri())

    def run(self, script, *args):
        return self.driver.execute_script(script, *args)

    def close(self):
        self.driver.quit()
        Path(self._file.name).unlink(missing_ok=True)


def serve_jsonforms():
    """Serves vendor/jsonforms from 127.0.0.1 (ES modules do not load from file://); returns the server
    (call `shutdown()` when done) and the page's URL."""
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass
    handler = functools.partial(Quiet, directory=str(VENDOR / "jsonforms"))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}/index.html"


class SurveyCoreTestCase(unittest.TestCase):
    """A test case with one headless page that has survey-core loaded (`self.page`)."""

    @classmethod
    def setUpClass(cls):
        cls.page = LibraryPage("surveyjs/survey.core.min.js")

    @classmethod
    def tearDownClass(cls):
        cls.page.close()


class JSONFormsTestCase(unittest.TestCase):
    """A test case with the vendored JSON Forms page served from 127.0.0.1 (`self.url`; ES modules do not
    load from file://) and a headless Chromium (`self.driver`) that plays its Streamlit host."""

    @classmethod
    def setUpClass(cls):
        cls.server, cls.url = serve_jsonforms()
        cls.driver = start_browser()

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.shutdown()


class RJSFTestCase(unittest.TestCase):
    """A test case with one headless page that has rjsf 4 (dash-rjsf's `DashRjsf`) and React 16 loaded
    (`self.page`), rendering into `<div id=app>`."""

    @classmethod
    def setUpClass(cls):
        cls.page = LibraryPage("rjsf/react@16.14.0.min.js", "rjsf/react-dom@16.14.0.min.js",
                               "rjsf/prop-types@15.8.1.min.js", "rjsf/dash_rjsf.min.js", body="<div id=app></div>")

    @classmethod
    def tearDownClass(cls):
        cls.page.close()


# What web-logic.xml's relationships do, read from the MM XML language (not from formconv's output):
# answers as the MM XML app holds them (a checkbox "1"/"0", digits as text), then which of the
# conditional parts are shown (postcode, discount: items; pension: in group seniors; department: on
# page frenchPage), whether memberNumber is editable, and the options plan offers.
LOGIC_TABLE = [
    ({}, {"postcode": False, "discount": False, "pension": False, "department": False}, False, ["basic"]),
    ({"country": "UK"}, {"postcode": True, "department": False}, False, ["basic"]),
    ({"country": "CA"}, {"postcode": True, "department": False}, False, ["basic"]),
    ({"country": "FR"}, {"postcode": False, "department": True}, False, ["basic"]),
    ({"age": "17"}, {"discount": False, "pension": False}, False, ["basic"]),
    ({"age": "20"}, {"discount": True, "pension": False}, False, ["basic"]),
    ({"age": "30"}, {"discount": False}, False, ["basic"]),
    ({"age": "30", "member": "1"}, {"discount": True}, True, ["basic", "gold"]),
    ({"age": "70"}, {"discount": False, "pension": True}, False, ["basic"]),
    ({"member": "0"}, {}, False, ["basic"]),
]


def web_answers(answers, number_age=False):
    """The MM XML answers as a web library's data: the checkbox as a boolean, age as a number if asked."""
    out = dict(answers)
    if "member" in out:
        out["member"] = out["member"] == "1"
    if number_age and "age" in out:
        out["age"] = int(out["age"])
    return out
