import Testing
import FormIR
@testable import DocumentTree

/// Hand-built binary plists that try to make the decoder loop, overflow or explode.
@Suite struct BinaryPlistHostileTests {
    /// Assembles a bplist00 with 1-byte offsets and references.
    static func bplist(_ objects: [[UInt8]], top: UInt8 = 0, count: UInt64? = nil, tableOffset: UInt64? = nil) -> [UInt8] {
        var out = Array("bplist00".utf8)
        var offsets: [UInt8] = []
        for o in objects { offsets.append(UInt8(out.count)); out += o }
        let table = UInt64(out.count)
        out += offsets
        out += [0, 0, 0, 0, 0, 0, 1, 1]
        func be(_ v: UInt64) -> [UInt8] { (0..<8).reversed().map { UInt8(truncatingIfNeeded: v >> (8 * UInt64($0))) } }
        out += be(count ?? UInt64(objects.count)) + be(UInt64(top)) + be(tableOffset ?? table)
        return out
    }

    @Test func smallHandBuiltPlistReads() throws {
        // dict {"k": [1, "x"]}
        let objects: [[UInt8]] = [[0xD1, 1, 2], [0x51, 0x6B], [0xA2, 3, 4], [0x10, 1], [0x51, 0x78]]
        let (root, _) = try Support.plist(Self.bplist(objects))
        #expect(root["k"]?.arrayValue?.map(\.kind) == [.int(1), .string("x")])
    }

    @Test func cyclesAreRefused() {
        // An array that contains itself, and a dict whose value is an array containing the dict.
        let selfArray = Self.bplist([[0xA1, 0]])
        #expect(Support.failure { try Support.plist(selfArray) } == "plist.invalid 1:1")
        let loop = Self.bplist([[0xD1, 1, 2], [0x51, 0x6B], [0xA1, 0]])
        #expect(Support.failure { try Support.plist(loop) } == "plist.invalid 1:1")
    }

    @Test func sharedReferencesCannotExplode() {
        // Ten levels, each an array holding the next level ten times: 10^10 values if expanded.
        var objects: [[UInt8]] = []
        for level in 0..<10 { objects.append([0xAA] + Array(repeating: UInt8(level + 1), count: 10)) }
        objects.append([0x51, 0x78])
        #expect(Support.failure { try Support.plist(Self.bplist(objects)) } == "plist.invalid 1:1")
    }

    @Test func absurdCountsAndOffsetsAreRefused() {
        let good: [[UInt8]] = [[0xA1, 1], [0x10, 5]]
        #expect(throws: Never.self) { try Support.plist(Self.bplist(good)) }
        #expect(Support.failure { try Support.plist(Self.bplist(good, count: 1 << 40)) } == "plist.invalid 1:1")
        #expect(Support.failure { try Support.plist(Self.bplist(good, top: 7)) } == "plist.invalid 1:1")
        #expect(Support.failure { try Support.plist(Self.bplist(good, tableOffset: 1 << 62)) } == "plist.invalid 1:1")
        // An array claiming 2^60 elements through an extended length.
        let huge: [[UInt8]] = [[0xAF, 0x13, 0x10, 0, 0, 0, 0, 0, 0, 0, 1]]
        #expect(Support.failure { try Support.plist(Self.bplist(huge)) } == "plist.invalid 1:1")
        // A string longer than the file.
        #expect(Support.failure { try Support.plist(Self.bplist([[0x5E, 0x41]])) } == "plist.invalid 1:1")
        // A reference to an object that does not exist.
        #expect(Support.failure { try Support.plist(Self.bplist([[0xA1, 9]])) } == "plist.invalid 1:1")
        // Truncated file and unknown marker.
        #expect(Support.failure { try Support.plist(Array("bplist00".utf8) + [0, 0]) } == "plist.invalid 1:1")
        #expect(Support.failure { try Support.plist(Self.bplist([[0xF0]])) } == "plist.invalid 1:1")
        #expect(Support.failure { try Support.plist(Array("bplist15".utf8) + Array(repeating: 0, count: 40)) } == "plist.invalid 1:1")
    }

    @Test func nonStringKeysAreRefused() {
        #expect(Support.failure { try Support.plist(Self.bplist([[0xD1, 1, 1], [0x10, 5]])) } == "plist.invalid 1:1")
    }

    @Test func uidsReadAsCFUIDDictionaries() throws {
        let (root, _) = try Support.plist(Self.bplist([[0xA1, 1], [0x80, 7]]))
        #expect(root[0]?["CF$UID"]?.intValue == 7)
    }
}
