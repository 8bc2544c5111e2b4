import Foundation
import Testing
import FormConvTestSupport
@testable import FormIR

/// A loss keeps the parts its message is written from (`LossParts`): the message, the printed line,
/// equality, hashing and coding read as the string the old code wrote when the loss was reported,
/// `<who>: ` and the text unless the text already starts so (the old rule, copied here as the oracle).
@Suite struct LossMessageTests {
    /// The old `Diagnostics.lossText` rule, as it was: ASCII bytes compared on the bytes, anything else
    /// through `String.hasPrefix`.
    static func oldLossText(_ who: String, _ message: String) -> String {
        var text = who + ": "
        let start = text.utf8.count
        text += message
        let repeats: Bool? = text.withUTF8 { bytes in
            let head = min(bytes.count, 2 * start + 1)
            for i in 0..<head where bytes[i] >= 0x80 { return nil }
            guard head - start >= start else { return false }
            for i in 0..<start where bytes[i] != bytes[start + i] { return false }
            return true
        }
        switch repeats {
        case false?: return text
        case true?: break
        case nil: guard String(Substring(text.utf8.dropFirst(start))).hasPrefix(who + ": ") else { return text }
        }
        return String(Substring(text.utf8.dropFirst(start)))
    }

    /// Pieces subjects and messages are made of: ASCII, the separator's own characters, precomposed and
    /// decomposed letters, combining marks, a prepended mark, Hangul jamo, regional indicators, an emoji
    /// sequence and a CR LF pair.
    static let pieces = ["a", "x", ":", " ", ": ", "é", "e\u{301}", "\u{301}", "\u{308}", "\u{300}\u{323}",
                         "\u{323}\u{300}", "\u{600}", "\u{1100}", "\u{1161}", "\u{AC00}", "\u{1F1EB}", "\u{1F1F7}",
                         "\u{1F469}\u{200D}\u{1F4BB}", "\u{200D}", "\r", "\n", "日", "Å", "A\u{30A}", "\u{212B}", "'"]

    /// Deterministic subjects and messages: each subject, with messages that start with it (as given,
    /// or in another normal form), with the separator then a mark, or with neither.
    static func cases() -> [(who: String, message: String)] {
        var rng = SplitMix64(seed: 41)
        func text(_ n: Int) -> String { (0..<n).map { _ in pieces[rng.next(pieces.count)] }.joined() }
        var out: [(String, String)] = []
        for _ in 0..<1500 {
            let who = text(rng.next(4))
            let tail = text(rng.next(4))
            out.append((who, tail))
            out.append((who, who + ": " + tail))
            out.append((who, who + ":" + tail))
            out.append((who, who + ": " + pieces[rng.next(pieces.count)] + tail))
            out.append((who, who.decomposedStringWithCanonicalMapping + ": " + tail))
            out.append((who, who.precomposedStringWithCanonicalMapping + ": " + tail))
            out.append((who, text(rng.next(3)) + who + ": " + tail))
        }
        return out
    }

    /// A given message names its subject when `String.hasPrefix` says it starts `<who>: ` (told once,
    /// when the loss is made): the message then agrees with the old rule on every generated subject and
    /// message. A text written from words is always `<who>: ` and the text (its words start with the
    /// target's name or the use's own words, never with a subject).
    @Test func theMessageIsTheOldRulesOnGeneratedText() {
        for (who, message) in Self.cases() {
            let old = Self.oldLossText(who, message)
            #expect(LossText(message: message, about: who).namesSubject == message.hasPrefix(who + ": "))
            var d = Diagnostics()
            d.loss("layout.columns", target: "json", message, subject: who)
            d.loss(.columns, target: "json", at: nil, place: .field(page: 0, section: 0, id: who), in: nil,
                   .instead(.text(message), "x"))
            #expect(d.items[0].message.utf8.elementsEqual(old.utf8), "\(Array(who.unicodeScalars)) | \(Array(message.unicodeScalars))")
            if !who.isEmpty, !who.utf8.contains(UInt8(ascii: "/")) {
                #expect(d.items[1].message.utf8.elementsEqual((who + ": " + message + "; x").utf8), "\(Array(who.unicodeScalars))")
            }
        }
    }

    /// A loss keeps its id, not its feature beside it: the feature read back (`Diagnostic.loss`) is the
    /// one it was reported with, for every `Feature` and for emitter features of any text (combining
    /// marks after the `.` of `loss.` included).
    @Test func theFeatureIsReadBackFromTheID() {
        let named = ["layout.columns", "kind.slider", "\u{301}x", "é.\u{308}", "日本", "", "a/b: c"]
        var d = Diagnostics()
        for feature in Feature.allCases {
            d.loss(feature, target: "json", at: nil, place: .form, in: nil, .given("m"))
        }
        for feature in named {
            d.loss(feature, target: "rjsf", "m", path: "/rules/1")
            d.loss(feature, target: "xlform", "m", place: .page(0), in: nil)
        }
        let features = Feature.allCases.map(\.rawValue) + named.flatMap { [$0, $0] }
        #expect(d.items.count == features.count)
        for (made, feature) in zip(d.items, features) {
            #expect(made.id.utf8.elementsEqual(("loss." + feature).utf8))
            #expect(made.loss?.feature.utf8.elementsEqual(feature.utf8) == true, "\(Array(feature.unicodeScalars))")
        }
    }

    /// `isLoss` says what `loss != nil` says, of losses made every way, a finding made with or without a
    /// loss, and a loss whose loss is set to none.
    @Test func isLossIsWhetherThereIsALoss() {
        var d = Diagnostics()
        d.loss(.columns, target: "json", at: nil, place: .form, in: nil, .cannotExpress(.text("columns")))
        d.loss("layout.columns", target: "rjsf", "m", path: "/rules/1")
        d.loss("kind.slider", target: "xlform", "m", place: .page(0), in: nil)
        d.warning("x.y", "m")
        var unset = d.items[0]
        unset.loss = nil
        let all = d.items + [unset, Diagnostic(.error, id: "a", "m", loss: Loss(feature: "f", target: "t"))]
        #expect(all.map(\.isLoss) == [true, true, true, false, false, true])
        for x in all { #expect(x.isLoss == (x.loss != nil)) }
    }

    /// A form using every per-field feature, a rule, translations, page breaks and foreign extensions.
    static let form: Form = {
        var form = FeatureWalkTests.form
        form.pages.append(Page(id: "q", sections: [Section(id: "h", fields: [Field(id: "c", kind: .text)])]))
        form.pages.append(Page(sections: [Section(fields: [Field(id: "d/e", kind: .text)])]))
        form.extensions = ["rmsform.x": .string("v"), "xlform.y": .object(["k": .bool(true), "j": .null])]
        form.pages[0].sections[0].fields[1].extensions = ["mmxml.country": .string("FR")]
        return form
    }()

    /// Each loss the report makes reads as the old code wrote it: `<subject>: ` and what the use's words
    /// said (`FeatureScan.uses`, the same walk), in the words `LossSink` wraps them in; the id, loss,
    /// path and subject as before; equal, hashed and coded as the diagnostic made of those values; the
    /// printed line that diagnostic's.
    @Test func reportedLossesReadAsTheOldText() throws {
        for target in ["json", "xlform", "rjsf"] {
            var d = Diagnostics()
            LossCheck.report(Self.form, supported: [], target: target, into: &d)
            var uses = FeatureScan.uses(in: Self.form)
            uses += FeatureScan.foreignExtensions(in: Self.form, keeping: [])
            let walked = d.items.filter { $0.loss != nil }
            #expect(walked.count == uses.count && walked.count > 70)
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            var printed: [UInt8] = []
            var oldPrinted: [UInt8] = []
            for (made, use) in zip(walked, uses) {
                let words: String
                if use.feature == .foreignExtension {
                    let value = Self.extensionValue(use)
                    let namespace = FeatureScan.namespace(of: use.detail)
                    words = "\(target) has no place for \(LossCheck.keys(use.detail, value)), data only \(namespace) reads"
                } else if let instead = AppBinding.instead(use.feature, target: target) {
                    words = use.detail + "; " + instead
                } else {
                    words = target + " cannot express the " + use.detail
                }
                let subject = FeaturePlace(path: use.path).subject(in: Self.form)
                let old = Diagnostic(.warning, id: "loss." + use.feature.rawValue, Self.oldLossText(subject, words),
                                     at: use.location, path: use.path,
                                     loss: Loss(feature: use.feature.rawValue, target: target), subject: subject)
                #expect(made.message == old.message, "\(use)")
                #expect(made == old && made.hashValue == old.hashValue, "\(use)")
                #expect(made.id == old.id && made.loss == old.loss && made.path == old.path && made.subject == old.subject)
                #expect(made.formatted(defaultFile: "f") == old.formatted(defaultFile: "f"))
                #expect(try encoder.encode(made) == encoder.encode(old))
                #expect(try JSONDecoder().decode(Diagnostic.self, from: encoder.encode(made)) == made)
                made.appendFormatted(to: &printed)
                old.appendFormatted(to: &oldPrinted)
            }
            #expect(printed == oldPrinted)
        }
    }

    /// The value of the extension a `foreignExtension` use names.
    static func extensionValue(_ use: FeatureUse) -> Value {
        if use.path == "/" { return form.extensions[use.detail] ?? .null }
        return form.pages[0].sections[0].fields[1].extensions[use.detail] ?? .null
    }

    /// Two losses that print the same message are equal and hash alike, whichever way each was made;
    /// a loss whose message is set is written as set, and its other parts stay.
    @Test func lossesWithOneMessageAreEqual() {
        var d = Diagnostics()
        let place = FeaturePlace.field(page: 0, section: 1, id: "tax")
        d.loss(.columns, target: "json", at: nil, place: place, in: nil, .cannotExpress(.words(Words("columns of '", "tax", "'"))))
        d.loss(.columns, target: "json", at: nil, place: place, in: nil, .cannotExpress(.text("columns of 'tax'")))
        d.loss("layout.columns", target: "json", "json cannot express the columns of 'tax'", place: place, in: nil)
        d.loss("layout.columns", target: "json", "tax: json cannot express the columns of 'tax'",
               path: place.path, subject: "tax")
        for x in d.items {
            #expect(x == d.items[0] && x.hashValue == d.items[0].hashValue)
            #expect(x.message == "tax: json cannot express the columns of 'tax'")
            #expect(Set(d.items).count == 1)
        }
        var set = d.items[0]
        set.message = "other"
        #expect(set.message == "other" && set.loss == d.items[0].loss && set.subject == "tax" && set.path == place.path)
        #expect(set.formatted() == "warning: other [loss.layout.columns]")
        set.message = d.items[0].message
        #expect(set == d.items[0])
    }

    /// A loss's message is not kept as a string: the stored parts of a field's loss hold its words as
    /// the walk made them.
    @Test func aLossKeepsItsWordsUnwritten() {
        var d = Diagnostics()
        d.loss(.columns, target: "json", at: nil, place: .field(page: 0, section: 0, id: "a"), in: nil,
               .cannotExpress(Words("columns of '", "a", "'").stored))
        #expect(d.items[0].message == "a: json cannot express the columns of 'a'")
        #expect(MemoryLayout<Words>.size <= 7 * MemoryLayout<Int>.size)
    }
}
