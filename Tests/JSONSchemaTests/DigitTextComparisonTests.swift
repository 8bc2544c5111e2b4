@testable import Emitters
import FormIR
import Foundation
import Testing

/// Ordered comparisons of numbers typed as text, as patterns: checked against the numeric comparison
/// for every whole number up to 1,200, with leading zeros and decimals.
@Suite struct DigitTextComparisonTests {
    static let bounds: [Double] = [0, 1, 5, 9, 10, 42, 99, 100, 505, 1000]

    static var samples: [String] {
        var out = (0...1200).map(String.init)
        out += ["007", "0", "00", "0.5", ".5", "9.99", "10.0", "10.01", "99.", "100.000", "505.5", "0505", "1000.0001",
                "", "abc", "1.2.3", "-5"]
        return out
    }

    @Test(arguments: [ComparisonOperator.greater, .greaterOrEqual, .less, .lessOrEqual])
    func patternAgreesWithTheNumber(op: ComparisonOperator) throws {
        for bound in Self.bounds {
            let p = try #require(DigitTextComparison.pattern(op, bound))
            let re = try NSRegularExpression(pattern: p)
            for text in Self.samples {
                let matches = re.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
                let value = text.range(of: #"^[0-9]*\.?[0-9]*$"#, options: .regularExpression) != nil
                    && text.contains(where: \.isNumber) ? Double(text.hasPrefix(".") ? "0" + text : text) : nil
                let expected: Bool
                if let value {
                    switch op {
                    case .greater: expected = value > bound
                    case .greaterOrEqual: expected = value >= bound
                    case .less: expected = value < bound
                    default: expected = value <= bound
                    }
                } else {
                    expected = false
                }
                #expect(matches == expected, "'\(text)' \(op.rawValue) \(bound) with \(p)")
            }
        }
    }

    @Test func negativeAndFractionalBoundsHaveNoPattern() {
        #expect(DigitTextComparison.pattern(.greater, -1) == nil)
        #expect(DigitTextComparison.pattern(.less, 2.5) == nil)
    }

    @Test func aTextFieldComparedWithANumberBecomesAPattern() throws {
        let volume = Field(id: "v", kind: .decimal, validation: Validation(named: [.numericWithPeriods]))
        let form = SampleForms.form([volume, Field(id: "a", kind: .text, validation: Validation(required: true))], rules: [
            SampleForms.rule(.compare(.field(FieldReference("v")), .greater, .literal(.number(50000))), "v BT 50000",
                             target: .field("a"), then: [.show], otherwise: [.hide]),
        ])
        let s = try SchemaHarness.emit(form)
        #expect(s.lossIDs.isEmpty)
        try SchemaHarness.expect(s, valid: [#"{"v": "50000"}"#, #"{"v": "50000.5", "a": "x"}"#, #"{"v": "120000", "a": "x"}"#],
                                 invalid: [#"{"v": "50000.01"}"#, #"{"v": 60000, "a": "x"}"#])
    }
}
