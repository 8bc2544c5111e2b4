import Foundation
import Testing
import FormIR
import FormConvKit
import FormConvTestSupport

/// A show/hide rule XLForm cannot write as a predicate is dropped with a loss naming the field it
/// acts on and what the person then sees (issue 35): `signup.ir.json` shows `postalCode` (submitted
/// as `zip`) only when `country == "CA"`, and `country`'s options mix option objects and plain values.
@Suite struct XLFormDroppedRuleNamingTests {
    @Test func theDroppedRuleNamesItsFieldAndWhatItShows() throws {
        let url = TestPaths.repo.appendingPathComponent("Tests/CLITests/Fixtures/inputs/signup.ir.json")
        let result = Converter.convert(InputDocument(name: url.path, bytes: Array(try Data(contentsOf: url))), from: .ir, to: .xlform)
        let bytes = try #require(result.output)
        let loss = try #require(result.diagnostics.losses.first { $0.id == "loss.relationship.show-hide" })
        #expect(loss.subject == "postalCode")
        #expect(loss.message.contains("'postalCode'") && loss.message.contains("it stays hidden"), "\(loss.message)")
        // What the loss says is what the XLForm document does: the row is hidden with no predicate.
        let json = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let rows = (json["formSections"] as? [[String: Any]] ?? []).flatMap { $0["formRows"] as? [[String: Any]] ?? [] }
        let row = try #require(rows.first { $0["tag"] as? String == "postalCode" })
        #expect(row["hidden"] as? Bool == true)
        // And the change is real: `formconv diff` reports the condition removed on that field.
        var back = Diagnostics()
        let read = try #require(Converter.read(InputDocument(name: "back.xlform.json", bytes: bytes), as: .xlform, diagnostics: &back))
        let source = try #require(result.form)
        #expect(FormDiff.compare(source, read).changes.contains { $0.id == "condition.removed" && $0.field == "postalCode" })
    }
}
