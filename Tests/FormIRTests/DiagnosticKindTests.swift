import Foundation
import Testing
@testable import FormIR

/// A diagnostic's severity, id and loss: equality, hashing, coding and setting them work on the
/// values, whether the diagnostic was made by `Diagnostics.loss` or directly.
@Suite struct DiagnosticKindTests {
    static let location = SourceLocation(file: "f.xml", line: 3, column: 4)

    @Test func sharedAndFreshKindsAreEqual() {
        var shared = Diagnostics()
        shared.loss("layout.columns", target: "json", "m1", at: Self.location, path: "/p")
        shared.loss("layout.columns", target: "json", "m1", at: Self.location, path: "/p")
        // `Diagnostics.loss` names what the loss concerns first (here the path's owner, `form-level`).
        let fresh = Diagnostic(.warning, id: "loss.layout.columns", "form-level: m1", at: Self.location, path: "/p",
                               loss: Loss(feature: "layout.columns", target: "json"), subject: "form-level")
        #expect(shared.items[0] == fresh && shared.items[1] == fresh)
        #expect(shared.items[0].hashValue == fresh.hashValue)
        #expect(Set(shared.items + [fresh]).count == 1)
        var other = fresh
        other.loss = Loss(feature: "layout.columns", target: "yaml")
        #expect(other != fresh && other.id == fresh.id)
        other.loss = fresh.loss
        #expect(other == fresh)
        other.id = "loss.other"
        #expect(other != fresh && other.loss == fresh.loss && fresh.id == "loss.layout.columns")
    }

    @Test func codingKeepsTheSynthesizedShape() throws {
        let d = Diagnostic(.error, id: "x.y", "msg", at: Self.location, path: nil,
                           loss: Loss(feature: "f", target: "t"))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(d), as: UTF8.self)
        #expect(text.contains("\"id\":\"x.y\"") && text.contains("\"loss\":{\"feature\":\"f\",\"target\":\"t\"}")
                && !text.contains("\"path\"") && !text.contains("kind"))
        #expect(try JSONDecoder().decode(Diagnostic.self, from: Data(text.utf8)) == d)
        let plain = Diagnostic(.note, id: "n", "m")
        #expect(try JSONDecoder().decode(Diagnostic.self, from: encoder.encode(plain)) == plain)
    }

    /// `Diagnostics.loss` gives each loss its own feature and target.
    @Test func lossesKeepTheirOwnTargets() {
        var d = Diagnostics()
        for i in 0..<20 { d.loss("f\(i % 10)", target: i < 10 ? "json" : "yaml", "m") }
        for i in 0..<20 {
            #expect(d.items[i].id == "loss.f\(i % 10)")
            #expect(d.items[i].loss == Loss(feature: "f\(i % 10)", target: i < 10 ? "json" : "yaml"))
        }
    }
}
