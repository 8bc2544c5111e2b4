import Testing
@testable import FormConvKit
import FormIR

@Suite struct ArgumentValueTests {
    @Test func byteSizes() {
        #expect(ByteSize.parse("1048576") == 1_048_576)
        #expect(ByteSize.parse("512K") == 512 * 1024)
        #expect(ByteSize.parse("64M") == 64 << 20)
        #expect(ByteSize.parse("64MiB") == 64 << 20)
        #expect(ByteSize.parse("1g") == 1 << 30)
        #expect(ByteSize.parse("lots") == nil)
        #expect(ByteSize.parse("12X") == nil)
        #expect(ByteSize.parse("-5") == nil)
        #expect(ByteSize.parse("99999999999999999999G") == nil)
        #expect(ByteSize.describe(64 << 20) == "64 MiB")
        #expect(ByteSize.describe(1500) == "1500 bytes")
        #expect(ByteSize.defaultMaxInput == 64 << 20)
    }

    @Test func editDistances() {
        #expect(editDistance("json", "json") == 0)
        #expect(editDistance("jsn", "json") == 1)
        #expect(editDistance("", "abc") == 3)
        #expect(editDistance("kitten", "sitting") == 3)
    }

    @Test func formatNamesAndSuggestions() {
        #expect(FormatID.named("JSON_SCHEMA") == .jsonSchema)
        #expect(FormatID.named("xlform-plist") == .xlformPlist)
        #expect(FormatID.named("jsn") == nil)
        #expect(FormatID.suggestion(for: "jsn") == .json)
        #expect(FormatID.suggestion(for: "mmxl") == .mmxml)
        #expect(FormatID.suggestion(for: "xlfrom") == .xlform)
        #expect(FormatID.suggestion(for: "shinobiforms") == .shinobi)
        #expect(FormatID.suggestion(for: "schema") == .jsonSchema)
        #expect(FormatID.suggestion(for: "pdf") == nil)
        #expect(FormatID.unknownMessage("jsn").hasPrefix("unknown format 'jsn' (did you mean 'json'?)"))
        #expect(!FormatID.unknownMessage("zz").contains("did you mean"))
    }
}
