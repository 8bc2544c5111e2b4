import Foundation
import Testing
@testable import FormIR

/// A diagnostic as a value: a loss made at a place reads, compares, hashes and codes as one made with
/// the place's path; a loss's message names its subject once, as `String.hasPrefix` decides; the
/// printed line spells numbers as `String(_:)` does; each feature's loss id is `loss.<rawValue>`.
@Suite struct DiagnosticValueTests {
    static let location = SourceLocation(file: "f.xml", line: 3, column: 4)
    static let places: [FeaturePlace] = FeaturePlaceTests.expected.map(\.place)

    @Test func aPlaceReadsAsItsPath() throws {
        for place in Self.places {
            var byPlace = Diagnostics(), byPath = Diagnostics()
            byPlace.loss("layout.columns", target: "json", "m", at: Self.location, place: place, in: FeaturePlaceTests.form)
            byPath.loss("layout.columns", target: "json", "m", at: Self.location, path: place.path,
                        subject: place.subject(in: FeaturePlaceTests.form))
            let a = byPlace.items[0], b = byPath.items[0]
            #expect(a.path == place.path && a == b && a.hashValue == b.hashValue, "\(place)")
            #expect(a.subject == place.subject(in: FeaturePlaceTests.form) && a.loss == Loss(feature: "layout.columns", target: "json"))
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            #expect(try encoder.encode(a) == encoder.encode(b), "\(place)")
            #expect(try JSONDecoder().decode(Diagnostic.self, from: encoder.encode(a)) == b)
        }
    }

    /// Setting one of the path, loss and subject leaves the others as they were.
    @Test func settingOnePartKeepsTheOthers() {
        var d = Diagnostics()
        let place = FeaturePlace.field(page: 0, section: 1, id: "tax")
        d.loss("layout.columns", target: "json", "m", place: place, in: nil)
        var x = d.items[0]
        x.subject = "other"
        #expect(x.path == place.path && x.loss == d.items[0].loss && x.subject == "other" && x != d.items[0])
        x.loss = nil
        #expect(x.path == place.path && x.loss == nil && x.subject == "other")
        x.path = "/rules/1"
        #expect(x.path == "/rules/1" && x.subject == "other")
        x.path = nil
        x.subject = nil
        #expect(x == Diagnostic(.warning, id: "loss.layout.columns", "tax: m", at: nil))
        let plain = Diagnostic(.note, id: "n", "m")
        #expect(plain.path == nil && plain.loss == nil && plain.subject == nil)
    }

    /// `<who>: <message>` unless the message already starts so: the words of `Diagnostics.loss`, with
    /// `String.hasPrefix` (characters, canonical equivalence) as the judge.
    @Test func aLossNamesItsSubjectOnce() {
        let whos = ["tax", "a", "", "é", "e\u{301}", "日本", "x y", "form-level", "group '1'"]
        var messages = ["m", "", ":", ": ", "tax", "tax:", "tax: ", "tax: m", "tax:m", "tax : m", "tax: \u{301}m",
                        "tax: \r\n", "é: m", "e\u{301}: m", "日本: m", "x y: z", "form-level: json cannot express"]
        messages += whos.flatMap { ["\($0): ", "\($0): m", "\($0):", "\($0)"] }
        for who in whos {
            for message in messages {
                let expected = message.hasPrefix(who + ": ") ? message : who + ": " + message
                var d = Diagnostics()
                d.loss("layout.columns", target: "json", message, subject: who)
                #expect(d.items[0].message.utf8.elementsEqual(expected.utf8), "\(who) | \(message)")
            }
        }
    }

    /// All of a diagnostic behind one reference: the list of a run's findings holds a word each.
    @Test func aDiagnosticIsOneWord() {
        #expect(MemoryLayout<Diagnostic>.size == MemoryLayout<Int>.size)
        #expect(MemoryLayout<Diagnostic>.stride == MemoryLayout<Int>.stride)
    }

    /// A loss made by `Diagnostics.loss` reads as the old stored text did: the message `<who>: <message>`
    /// (or the message as written when it starts so), the subject, id, path and loss, with a subject
    /// that is or is not ASCII and a message that does or does not start with the subject; equal,
    /// hashed and coded as the diagnostic made from those public values.
    @Test func aLossReadsAsItsPublicValues() throws {
        let whos = ["tax", "é", "e\u{301}", "日本", "form-level", "group '1'"]
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for who in whos {
            for message in ["m", "\(who): m", "\(who):m", "日本: m", "\(who)", ""] {
                let expected = message.hasPrefix(who + ": ") ? message : who + ": " + message
                var d = Diagnostics()
                d.loss("layout.columns", target: "json", message, at: Self.location, path: "/rules/2", subject: who)
                d.loss(.columns, target: "json", at: Self.location, place: .rule(2), in: nil, .given(message))
                let old = Diagnostic(.warning, id: "loss.layout.columns", expected, at: Self.location, path: "/rules/2",
                                     loss: Loss(feature: "layout.columns", target: "json"), subject: who)
                for (i, made) in d.items.enumerated() {
                    let subject = i == 0 ? who : "relationship 3"
                    let text = message.hasPrefix(subject + ": ") ? message : subject + ": " + message
                    #expect(made.message.utf8.elementsEqual(text.utf8), "\(who) | \(message)")
                    #expect(made.id == "loss.layout.columns" && made.severity == .warning && made.location == Self.location)
                    #expect(made.path == "/rules/2" && made.loss == old.loss && made.subject.map { Array($0.utf8) } == Array(subject.utf8))
                    if i == 0 {
                        #expect(made == old && made.hashValue == old.hashValue)
                        #expect(try encoder.encode(made) == encoder.encode(old))
                        #expect(made.formatted() == "f.xml:3:4: warning: \(expected) [loss.layout.columns]")
                    }
                }
            }
        }
    }

    /// Setting the severity, id, message or location leaves every other part as it was.
    @Test func settingAnyPartKeepsTheRest() {
        var d = Diagnostics()
        d.loss("layout.columns", target: "json", "m", at: Self.location, place: .rule(1), in: nil)
        let made = d.items[0]
        var x = made
        x.severity = .error
        x.id = "y"
        x.message = "n"
        x.location = nil
        #expect(x == Diagnostic(.error, id: "y", "n", path: "/rules/1", loss: made.loss, subject: made.subject))
        x.severity = made.severity
        x.id = made.id
        x.message = made.message
        x.location = made.location
        #expect(x == made && made.severity == .warning && made.message == "relationship 2: m")
    }

    /// Setting only what a loss's message is not written from (severity, location, path) changes that
    /// part and keeps the message, id, loss and subject.
    @Test func settingSeverityLocationOrPathOfALossKeepsItsMessage() {
        var d = Diagnostics()
        d.loss("layout.columns", target: "json", "m", at: Self.location, place: .rule(1), in: nil)
        let made = d.items[0]
        var x = made
        x.severity = .error
        x.location = nil
        x.path = "/pages/0"
        #expect(x == Diagnostic(.error, id: made.id, made.message, path: "/pages/0", loss: made.loss, subject: made.subject))
        #expect(x.message == "relationship 2: m" && x.formatted() == "error: relationship 2: m [loss.layout.columns]")
        x.path = nil
        #expect(x.path == nil && x.message == made.message)
    }

    /// A severity equals and hashes as itself only (told by its rank, not its name), and orders
    /// note < warning < error.
    @Test func severitiesCompareAndHashByCase() {
        for a in Severity.allCases {
            for b in Severity.allCases {
                #expect((a == b) == (a.rawValue == b.rawValue))
                #expect((a < b) == ((Severity.allCases.firstIndex(of: a) ?? 0) < (Severity.allCases.firstIndex(of: b) ?? 0)))
            }
            #expect(a.hashValue == Severity(rawValue: a.rawValue)?.hashValue)
        }
        #expect(Set(Severity.allCases).count == 3 && Set([Severity.note, .note]).count == 1)
    }

    @Test func numbersAreWrittenAsStringWritesThem() {
        var values = [0, 1, -1, 9, 10, 11, 99, 100, 1_234_567, Int.max, Int.min, Int.min + 1, -10]
        values += (0..<19).map { Int(pow(10.0, Double($0))) } + (1..<19).map { Int(pow(10.0, Double($0))) - 1 }
        for n in values {
            var out: [UInt8] = [UInt8(ascii: "<")]
            out.appendDecimal(n)
            #expect(String(decoding: out, as: UTF8.self) == "<" + String(n))
        }
        let d = Diagnostic(.error, id: "x.y", "m é", at: SourceLocation(file: "dir/é.xml", line: -3, column: 1_000_000))
        #expect(d.formatted() == "dir/é.xml:-3:1000000: error: m é [x.y]")
        #expect(Diagnostic(.note, id: "n", "m").formatted(defaultFile: "in.xml") == "in.xml: note: m [n]")
        #expect(Diagnostic(.warning, id: "n", "m").formatted() == "warning: m [n]")
    }

    @Test func everyFeatureHasItsLossID() {
        for feature in Feature.allCases { #expect(feature.lossID == "loss." + feature.rawValue) }
        var d = Diagnostics()
        d.loss(.appLabel, target: "json", at: nil, place: .form, in: nil, .given("lost"))
        #expect(d.items[0] == Diagnostic(.warning, id: "loss.app.label", "form-level: lost", path: "/",
                                         loss: Loss(feature: "app.label", target: "json"), subject: "form-level"))
    }

    /// A finding recorded at a place reads its place's path; `hasErrors` finds an error wherever it is.
    @Test func findingsAtAPlace() {
        var d = Diagnostics()
        d.add(.warning, "x.y", "m", at: Self.location, place: .rule(4))
        #expect(d.items == [Diagnostic(.warning, id: "x.y", "m", at: Self.location, path: "/rules/4")])
        #expect(!d.hasErrors)
        d.add(.error, "x.z", "m", place: .field(page: 0, section: 2, id: "tax"))
        #expect(d.hasErrors && d.errors.map(\.path) == ["/pages/0/sections/2/fields/tax"])
        d.note("x.n", "n")
        #expect(d.hasErrors && d.errors.count == 1)
    }
}
