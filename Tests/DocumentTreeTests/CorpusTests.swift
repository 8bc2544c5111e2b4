import Testing
import Foundation
import FormIR
@testable import DocumentTree

/// The real RMSForm descriptors in /work/shared/corpus (located from this file, never fetched).
@Suite struct CorpusTests {
    static let directory: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            let candidate = url.appendingPathComponent("shared/corpus/rmsform")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        }
        return URL(fileURLWithPath: "/work/shared/corpus/rmsform")
    }()

    static var files: [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".plist") || $0.hasSuffix(".json") }.sorted()
            .map { directory.appendingPathComponent($0) }
    }

    @Test func corpusIsPresent() {
        #expect(Self.files.count >= 4)
    }

    @Test(arguments: CorpusTests.files)
    func readsWithoutErrors(_ url: URL) throws {
        let bytes = try [UInt8](Data(contentsOf: url))
        var d = Diagnostics()
        let root: Node
        if url.pathExtension == "plist" {
            root = try PlistReader.parse(bytes, name: url.lastPathComponent, diagnostics: &d)
        } else {
            root = try JSONReader.parse(bytes, name: url.lastPathComponent, diagnostics: &d)
            // JSON is YAML too: both readers agree.
            var yd = Diagnostics()
            #expect(try YAMLReader.parse(bytes, name: url.lastPathComponent, diagnostics: &yd) == root)
            #expect(yd.items.isEmpty)
        }
        #expect(d.items.isEmpty, "\(d.items.map { $0.formatted() })")
        let sections = try #require(root.arrayValue)
        #expect(!sections.isEmpty)
        #expect(sections.allSatisfy { $0["rows"]?.arrayValue != nil })
        #expect(sections[0].location?.line ?? 0 > 0)
        // Every writer's output reads back to the same tree.
        #expect(try Support.plist(PlistWriter.write(root)).0 == root)
        #expect(try Support.json(String(decoding: JSONWriter.write(root), as: UTF8.self)).0 == root)
        #expect(try YAMLReader.parse(YAMLWriter.write(root), name: "y", diagnostics: &d) == root)
    }

    @Test func corpusPlistsNameAppleDTDByURL() throws {
        // What makes the no-network check above meaningful.
        for url in Self.files where url.pathExtension == "plist" {
            let text = try String(contentsOf: url, encoding: .utf8)
            #expect(text.contains("http://www.apple.com/DTDs/PropertyList-1.0.dtd"))
        }
    }
}
