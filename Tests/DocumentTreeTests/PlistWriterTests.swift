import Testing
import Foundation
import FormIR
@testable import DocumentTree

@Suite struct PlistWriterTests {
    @Test func appleLayout() {
        let node = Node.mapping([("name", .string("a & <b>")), ("n", .int(3)), ("r", .double(2.5)), ("ok", .bool(true)),
                                 ("none", .null), ("list", .array([.mapping([]), .array([])])),
                                 ("when", Node(.date("2024-03-01T12:00:00Z"))), ("blob", Node(.data([1, 2, 3])))])
        let text = String(decoding: PlistWriter.write(node), as: UTF8.self)
        #expect(text == """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>name</key>
        \t<string>a &amp; &lt;b&gt;</string>
        \t<key>n</key>
        \t<integer>3</integer>
        \t<key>r</key>
        \t<real>2.5</real>
        \t<key>ok</key>
        \t<true/>
        \t<key>list</key>
        \t<array>
        \t\t<dict/>
        \t\t<array/>
        \t</array>
        \t<key>when</key>
        \t<date>2024-03-01T12:00:00Z</date>
        \t<key>blob</key>
        \t<data>AQID</data>
        </dict>
        </plist>

        """)
    }

    @Test func roundTripsThroughTheReader() throws {
        var sample = Support.sample
        // XML cannot carry U+0001: it is written as U+FFFD.
        if case .mapping(var entries) = sample.kind, let k = entries.firstIndex(where: { $0.key == "control" }) {
            entries[k].value = .string("tab\there\r\nCRLF")
            sample = Node(.mapping(entries))
        }
        let (back, d) = try Support.plist(PlistWriter.write(sample))
        #expect(d.items.isEmpty)
        #expect(back == sample)
        let (nonFinite, _) = try Support.plist(PlistWriter.write(.array([.double(.infinity), .double(-.infinity)])))
        #expect(nonFinite.arrayValue?.map(\.kind) == [.double(.infinity), .double(-.infinity)])
    }

    @Test func plistlibReadsTheSameData() throws {
        let node = Node.mapping([("sample", Support.sample), ("when", Node(.date("2024-03-01T12:00:00Z"))),
                                 ("blob", Node(.data([0, 255])))])
        let path = try Python.temporaryFile(PlistWriter.write(node), suffix: ".plist")
        let script = """
        import base64, datetime, json, plistlib, sys
        def plain(v):
            if isinstance(v, bytes): return base64.b64encode(v).decode()
            if isinstance(v, datetime.datetime): return v.strftime("%Y-%m-%dT%H:%M:%SZ")
            if isinstance(v, dict): return {k: plain(x) for k, x in v.items()}
            if isinstance(v, list): return [plain(x) for x in v]
            return v
        print(json.dumps(plain(plistlib.load(open(sys.argv[1], "rb"))), sort_keys=True))
        """
        let fromPython = try Support.json(try Python.run(script, arguments: [path])).0
        var expected = node.toValue()
        if case .object(var o) = expected, case .object(var s) = o["sample"] {
            s["control"] = .string("tab\there\u{FFFD}")
            o["sample"] = .object(s)
            o["when"] = .string("2024-03-01T12:00:00Z")
            o["blob"] = .string("AP8=")
            expected = .object(o)
        }
        #expect(fromPython.toValue() == expected)
    }
}
