import Foundation
import Testing
@testable import FormConvKit
import FormIR

@Suite struct LintDiscoveryTests {
    @Test func byteSearchFindsNeedlesAnywhere() {
        func has(_ haystack: String, _ needle: String) -> Bool { haystack.contains(needle) }
        #expect(has("<form>", "<form"))
        #expect(has("abc<form", "<form"), "at the very end")
        #expect(has("<<<form", "<form"), "after repeated first bytes")
        #expect(!has("<for", "<form"), "haystack shorter than the needle")
        #expect(!has("<fo<fo<for", "<form"))
        #expect(has("anything", ""))
        #expect(!has("", "x"))
        #expect(Substring("xx<plist>").dropFirst(2).contains("<plist"))
    }

    @Test func suppressionsFromBytesMatchSuppressionsFromText() {
        let text = "<form>\n  <!-- formconv-disable-next-line empty-options -->\n  <item name=\"a\" type=\"dropDown\"/>\n</form>\n"
        let fromBytes = Suppressions(bytes: Array(text.utf8)).entries
        let fromText = Suppressions(text: text).entries
        #expect(fromBytes.map(\.rules) == fromText.map(\.rules))
        #expect(fromBytes.map(\.targetLine) == [3])
        #expect(Suppressions(bytes: Array("<form/>".utf8)).entries.isEmpty)
    }

    @Test func discoveryKeepsTheBytesOfSmallFormsOnly() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lint-discovery-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let small = "<?xml version=\"1.0\"?>\n<form>\n  <page name=\"p\"><group name=\"g\"></group></page>\n</form>\n"
        let padding = String(repeating: "<!-- padding -->\n", count: 1000)
        let large = "<?xml version=\"1.0\"?>\n<form>\n\(padding)  <page name=\"p\"><group name=\"g\"></group></page>\n</form>\n"
        try Data(small.utf8).write(to: dir.appendingPathComponent("a.xml"))
        try Data(large.utf8).write(to: dir.appendingPathComponent("b.xml"))
        try Data("{\"name\": \"pkg\"}".utf8).write(to: dir.appendingPathComponent("package.json"))

        let found = LintDiscovery.discover([dir.path], config: LintConfig())
        let (targets, missing) = (found.targets, found.missing)
        #expect(missing.isEmpty)
        #expect(found.passedOver == [PassedOver(path: dir.appendingPathComponent("package.json").path, reason: .notAForm)])
        #expect(targets.map { ($0.path as NSString).lastPathComponent } == ["a.xml", "b.xml"])
        #expect(targets.map(\.format) == [.mmxml, .mmxml])
        #expect(targets[0].contents == Array(small.utf8))
        #expect(targets[1].contents == nil, "a file larger than the sniffed head is read again when linted")
        #expect(targets[0] == LintTarget(path: targets[0].path, displayName: targets[0].displayName, format: .mmxml),
                "the kept bytes are not part of the target's value")

        let results = Linter.lint(files: targets, options: LintOptions())
        let reread = Linter.lint(files: targets.map { LintTarget(path: $0.path, displayName: $0.displayName, format: $0.format) },
                                 options: LintOptions())
        #expect(results.map(\.findings) == reread.map(\.findings))
    }
}
