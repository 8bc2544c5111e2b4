import Emitters
import FormConvTestSupport
import FormIR
import Foundation

/// A preview page read back with Python's own HTML parser (`html.parser`), not with the emitter's
/// code: the names of its inputs, what it would load, its hidden fields, its loss panel and scripts.
struct PageOutline: Decodable {
    var names: [String]
    /// `src`/`href` values, `<link>` elements and `<script src>`: what a browser would fetch.
    var sources: [String]
    var links: Int
    var scriptSources: Int
    var csp: String?
    var fields: [String]
    var hiddenFields: [String]
    var lossItems: [String]
    var scripts: [String]
    var languages: [String]
    var text: String

    static let parser = #"""
import json, sys
from html.parser import HTMLParser
class P(HTMLParser):
    def __init__(self):
        super().__init__()
        self.o = dict(names=[], sources=[], links=0, scriptSources=0, csp=None, fields=[], hiddenFields=[],
                      lossItems=[], scripts=[], languages=[], text="")
        self.stack, self.in_loss, self.in_script, self.in_lang = [], False, False, False
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "name" in a and tag in ("input", "select", "textarea"): self.o["names"].append(a["name"])
        for k in ("src", "href"):
            if k in a: self.o["sources"].append(a[k])
        if tag == "link": self.o["links"] += 1
        if tag == "script":
            self.in_script = True; self.o["scripts"].append("")
            if "src" in a: self.o["scriptSources"] += 1
        if tag == "meta" and a.get("http-equiv") == "Content-Security-Policy": self.o["csp"] = a.get("content")
        if "data-field" in a and "fc-field" in a.get("class", ""):
            self.o["fields"].append(a["data-field"])
            if "hidden" in a: self.o["hiddenFields"].append(a["data-field"])
        if tag == "li" and "data-loss" in a: self.in_loss = True; self.o["lossItems"].append("")
        if tag == "select" and a.get("id") == "fc-lang": self.in_lang = True
        if tag == "option" and self.in_lang: self.o["languages"].append(a.get("value"))
    def handle_endtag(self, tag):
        if tag == "li": self.in_loss = False
        if tag == "script": self.in_script = False
        if tag == "select": self.in_lang = False
    def handle_data(self, data):
        if self.in_loss: self.o["lossItems"][-1] += data
        if self.in_script: self.o["scripts"][-1] += data
        elif not self.in_loss: self.o["text"] += data
p = P(); p.feed(sys.stdin.read()); print(json.dumps(p.o))
"""#

    init(html: [UInt8]) throws {
        let json = try Subprocess.python(Self.parser, input: html)
        self = try JSONDecoder().decode(PageOutline.self, from: Data(json.utf8))
    }
}

/// Emits the preview and the payload schema of a form.
enum HTMLHarness {
    static func emit(_ form: Form) throws -> (html: [UInt8], diagnostics: Diagnostics) {
        var d = Diagnostics()
        let html = try HTMLEmitter().emit(form, options: EmitOptions(), diagnostics: &d)
        return (html, d)
    }

    /// The `properties` keys of the form's `--to json-schema` document.
    static func schemaKeys(_ form: Form) throws -> Set<String> {
        var d = Diagnostics()
        let bytes = try JSONSchemaEmitter().emit(form, options: EmitOptions(), diagnostics: &d)
        let json = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
        return Set((json?["properties"] as? [String: Any])?.keys.map { $0 } ?? [])
    }

    static func at(_ line: Int) -> SourceLocation { SourceLocation(file: "form.xml", line: line, column: 7) }
}
