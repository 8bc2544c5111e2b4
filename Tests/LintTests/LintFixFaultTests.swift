import Foundation
import Testing
@testable import FormConvKit
import FormConvTestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 38: `lint --fix` writes a file with several hard links in place, through a temporary copy of
/// its old content. Here the write fails half-way (as on a full or failing disk, injected through
/// `FixedFileWriter.replaceInPlace`'s `writeAll`): the old content must survive, in every link or in
/// the copy the diagnostic names.
@Suite struct LintFixFaultTests {
    static let legacy = """
    <?xml version="1.0"?>
    <form formPrefix="A">
      <page name="p">
        <group name="g">
          <item name="z" type="TextField"><label>Zip</label><regEx>[0-9]+</regEx></item>
        </group>
      </page>
    </form>

    """

    /// A file with a second hard link, read for fixing; the fixed bytes (shorter: no write ever needs
    /// new room, so only a failing write can stop it).
    static func linkedFile(_ dir: ScratchDirectory) throws -> (path: String, original: FixedFileWriter.Original, fixed: [UInt8]) {
        let path = try dir.write(Self.legacy, to: "f.xml")
        #expect(link(path, dir.path("f2.xml")) == 0)
        let original = try FixedFileWriter.read(path, maxInputSize: 1 << 20).get()
        let fixed = LegacySpellingFix.apply(LegacySpellingFix.edits(in: original.bytes), to: original.bytes)
        #expect(fixed != original.bytes && original.info.st_nlink == 2)
        return (path, original, fixed)
    }

    /// Writes the first half of what it is given, then fails with `ENOSPC` (its first `failures` calls).
    final class FailingWrites: @unchecked Sendable {
        var failures: Int
        var calls = 0
        init(failures: Int) { self.failures = failures }

        func write(_ bytes: [UInt8], _ fd: Int32) -> Bool {
            calls += 1
            guard calls <= failures else { return FileDescriptorOutput.writeAll(bytes, to: fd) }
            _ = FileDescriptorOutput.writeAll(Array(bytes.prefix(bytes.count / 2)), to: fd)
            errno = ENOSPC
            return false
        }
    }

    static func contents(_ path: String) throws -> [UInt8] { try Array(Data(contentsOf: URL(fileURLWithPath: path))) }

    /// The new content fails half-way: the old one is written back from memory, both links hold it
    /// whole, the inode and links are kept, and the copy is removed.
    @Test func failedWriteLeavesTheOldContentInEveryLink() throws {
        let dir = try ScratchDirectory("fix-fault-once")
        defer { dir.remove() }
        let (path, original, fixed) = try Self.linkedFile(dir)
        let writes = FailingWrites(failures: 1)
        let result = FixedFileWriter.replaceInPlace(path, original: original, with: fixed, writeAll: writes.write)
        guard case .failure(let problem) = result else { Issue.record("the failed write was reported as a success"); return }
        #expect(problem.reason == "no space left on device; not fixed, the old content is back", "\(problem.reason)")
        #expect(writes.calls == 2, "the new content, then the old one")
        for name in ["f.xml", "f2.xml"] {
            #expect(try Self.contents(dir.path(name)) == original.bytes, "\(name)")
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect(attributes[.systemFileNumber] as? Int == Int(original.info.st_ino) && attributes[.referenceCount] as? Int == 2)
        #expect(dir.names() == ["f.xml", "f2.xml"], "the copy is removed once the old content is back")
    }

    /// Writing the old content back fails too: the copy beside the file holds it whole and the
    /// diagnostic names the copy.
    @Test func failedRestoreKeepsTheCopyAndNamesIt() throws {
        let dir = try ScratchDirectory("fix-fault-twice")
        defer { dir.remove() }
        let (path, original, fixed) = try Self.linkedFile(dir)
        let result = FixedFileWriter.replaceInPlace(path, original: original, with: fixed, writeAll: FailingWrites(failures: 2).write)
        guard case .failure(let problem) = result else { Issue.record("the failed write was reported as a success"); return }
        let copies = dir.names().filter { $0.hasPrefix(".f.xml.formconv-") }
        #expect(copies.count == 1, "\(dir.names())")
        let copy = try #require(copies.first)
        #expect(problem.reason == "no space left on device; writing it in place failed, and its old content is in \(dir.path(copy))",
                "\(problem.reason)")
        #expect(try Self.contents(dir.path(copy)) == original.bytes)
    }

    /// The write that succeeds after the same setup: both links see the fix (the hook is not what
    /// makes the other tests fail).
    @Test func unfailingWriteFixesEveryLink() throws {
        let dir = try ScratchDirectory("fix-fault-none")
        defer { dir.remove() }
        let (path, original, fixed) = try Self.linkedFile(dir)
        let writes = FailingWrites(failures: 0)
        #expect(throws: Never.self) { try FixedFileWriter.replaceInPlace(path, original: original, with: fixed, writeAll: writes.write).get() }
        for name in ["f.xml", "f2.xml"] { #expect(try Self.contents(dir.path(name)) == fixed, "\(name)") }
        #expect(dir.names() == ["f.xml", "f2.xml"])
    }

    /// A hard-linked file keeps its extended attributes through the fix (Linux: `user.` attributes,
    /// when the scratch file system takes them).
    @Test(.enabled(if: LintFixTests.userXattrs, "the scratch file system refuses user. extended attributes"))
    func hardLinkedFileKeepsExtendedAttributes() throws {
        #if canImport(Glibc)
        let dir = try ScratchDirectory("fix-fault-xattr")
        defer { dir.remove() }
        let path = try dir.write(Self.legacy, to: "f.xml")
        #expect(link(path, dir.path("f2.xml")) == 0)
        let value = Array("vendor\u{0}tag".utf8)
        let setxattr = try #require(ExtendedAttributes.set), getxattr = try #require(ExtendedAttributes.get)
        #expect(setxattr(path, "user.origin", value, value.count, 0) == 0)
        let outcome = try LegacySpellingFix.fix(file: path, maxInputSize: 1 << 20, unsafe: false).get()
        guard case .fixed = outcome else { Issue.record("not fixed: \(outcome)"); return }
        for name in ["f.xml", "f2.xml"] {
            var buf = [UInt8](repeating: 0, count: 64)
            let n = getxattr(dir.path(name), "user.origin", &buf, buf.count)
            #expect(n == value.count && Array(buf[..<max(n, 0)]) == value, "\(name)")
            #expect(try String(contentsOfFile: dir.path(name), encoding: .utf8).contains("<regex>[0-9]+</regex>"))
        }
        #endif
    }
}
