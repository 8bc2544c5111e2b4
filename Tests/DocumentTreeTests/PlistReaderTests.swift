import Testing
import FormIR
@testable import DocumentTree

@Suite struct PlistReaderTests {
    static let doctype = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">

    """

    @Test func xmlValuesAndPositions() throws {
        let text = Self.doctype + """
        <dict>
        \t<key>title</key>
        \t<string>Réglages &amp; «plus»</string>
        \t<key>rows</key>
        \t<array>
        \t\t<integer>42</integer>
        \t\t<real>2.5</real>
        \t\t<true/>
        \t\t<false/>
        \t\t<date>2024-03-01T12:00:00Z</date>
        \t\t<data>
        \t\tAAEC/w==
        \t\t</data>
        \t\t<integer>0x1F</integer>
        \t\t<string></string>
        \t\t<dict/>
        \t</array>
        </dict>
        </plist>

        """
        let (root, d) = try Support.plist(Array(text.utf8))
        #expect(d.items.isEmpty)
        #expect(PlistReader.isBinary(Array(text.utf8)) == false)
        #expect(Support.at(root) == "4:1")
        #expect(root["title"]?.stringValue == "Réglages & «plus»")
        #expect(Support.at(root["title"]) == "6:2")
        #expect(root.mappingEntries?.first?.keyLocation.map { "\($0.line):\($0.column)" } == "5:2")
        let rows = try #require(root["rows"]?.arrayValue)
        #expect(rows.map(\.kind) == [.int(42), .double(2.5), .bool(true), .bool(false), .date("2024-03-01T12:00:00Z"),
                                     .data([0, 1, 2, 255]), .int(31), .string(""), .mapping([])])
        #expect(rows.map(Support.at) == ["9:3", "10:3", "11:3", "12:3", "13:3", "14:3", "17:3", "18:3", "19:3"])
    }

    @Test func columnsCountCharacters() throws {
        let text = "<plist><array>\n\t<string>ü</string>\t<integer>1</integer><true/></array></plist>"
        let (root, _) = try Support.plist(Array(text.utf8))
        #expect(root.arrayValue?.map(Support.at) == ["2:2", "2:21", "2:41"])
    }

    @Test func malformedXMLThrowsWithLine() {
        let text = Self.doctype + "<dict>\n\t<key>a</key>\n\t<string>x</dict>\n</plist>\n"
        let failure = Support.failure { try Support.plist(Array(text.utf8)) }
        #expect(failure?.hasPrefix("plist.syntax 6:") == true)
        #expect(Support.failure { try Support.plist(Array("not a plist".utf8)) }?.hasPrefix("plist.syntax 1:") == true)
        #expect(Support.failure { try Support.plist([]) } == "plist.syntax 1:1")
        #expect(Support.failure { try Support.plist(Array("<plist>\n<string>a & b</string></plist>".utf8)) }?.hasPrefix("plist.syntax 2:") == true)
    }

    @Test func entityDeclarationsAreRefused() {
        let bomb = "<?xml version=\"1.0\"?>\n<!DOCTYPE plist [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;\">]>\n<plist><string>&b;</string></plist>"
        #expect(Support.failure { try Support.plist(Array(bomb.utf8)) } == "plist.invalid 1:1")
    }

    @Test func structuralProblemsAreDiagnostics() throws {
        let text = Self.doctype + """
        <dict>
        \t<key>a</key>
        \t<integer>1</integer>
        \t<key>a</key>
        \t<integer>2</integer>
        \t<string>orphan</string>
        \t<key>n</key>
        \t<integer>twelve</integer>
        \t<key>x</key>
        \t<widget>ignored <b>deep</b></widget>
        \t<key>r</key>
        \t<real>1.5.5</real>
        \t<key>dangling</key>
        </dict>
        </plist>

        """
        let (root, d) = try Support.plist(Array(text.utf8))
        #expect(d.items.map(\.id) == ["plist.duplicate-key", "plist.missing-key", "plist.invalid-value", "plist.unknown-element",
                                      "plist.missing-value", "plist.invalid-value", "plist.missing-value"])
        #expect(d.items.map { $0.location.map { "\($0.line):\($0.column)" } ?? "-" } == ["7:2", "9:2", "11:2", "13:2", "14:2", "15:2", "4:1"])
        #expect(root["a"]?.intValue == 1)
        #expect(root["n"]?.stringValue == "twelve")
        #expect(d.items.allSatisfy { $0.severity == .error })
    }

    @Test func depthIsBounded() {
        let deep = "<plist>" + String(repeating: "<array>", count: 40) + String(repeating: "</array>", count: 40) + "</plist>"
        #expect(throws: Never.self) { try Support.plist(Array(deep.utf8), limits: ParseLimits(maxDepth: 40)) }
        #expect(Support.failure { try Support.plist(Array(deep.utf8), limits: ParseLimits(maxDepth: 39)) }?.hasPrefix("plist.too-deep 1:") == true)
    }

    @Test func binaryPlistFromPythonMatchesPythonData() throws {
        let path = Python.temporaryFile
        let bplist = try path([], ".plist")
        let script = """
        import base64, datetime, json, plistlib, sys
        data = {"title": "Réglages ✓ 😀", "ascii": "plain", "count": 42, "negative": -7, "big": 2**40,
                "ratio": 0.25, "flag": True, "off": False, "blob": b"\\x00\\x01\\xff",
                "when": datetime.datetime(2024, 3, 1, 12, 30, 5),
                "rows": [{"className": "RMSSwitchCell", "choices": [0, 30, 60]}, [], {}],
                "shared": ["same", "same", "same"]}
        open(sys.argv[1], "wb").write(plistlib.dumps(data, fmt=plistlib.FMT_BINARY))
        def plain(v):
            if isinstance(v, bytes): return base64.b64encode(v).decode()
            if isinstance(v, datetime.datetime): return v.strftime("%Y-%m-%dT%H:%M:%SZ")
            if isinstance(v, dict): return {k: plain(x) for k, x in v.items()}
            if isinstance(v, list): return [plain(x) for x in v]
            return v
        print(json.dumps(plain(data), sort_keys=True))
        """
        let expectedJSON = try Python.run(script, arguments: [bplist])
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: bplist)))
        #expect(PlistReader.isBinary(bytes))
        let (root, d) = try Support.plist(bytes)
        #expect(d.items.isEmpty)
        #expect(Support.at(root["rows"]?[0]) == "1:1")
        #expect(root["when"]?.dateValue == "2024-03-01T12:30:05Z")
        #expect(root["blob"]?.dataValue == [0, 1, 255])
        #expect(root["title"]?.stringValue == "Réglages ✓ 😀")
        let (expected, _) = try Support.json(expectedJSON)
        #expect(root.toValue().displayText == expected.toValue().displayText)
        #expect(JSONWriter.write(Node(value: root.toValue())) == JSONWriter.write(Node(value: expected.toValue())))
    }
}

import Foundation
