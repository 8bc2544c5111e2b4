import Foundation
import Testing
@testable import FormConvKit

@Suite struct ConversionPlanTests {
    @Test func stemsDropCompoundExtensions() {
        #expect(ConversionPlan.stem(of: "signup.ir.json") == "signup")
        #expect(ConversionPlan.stem(of: "signup.xml") == "signup")
        #expect(ConversionPlan.stem(of: "settings.rmsform.plist") == "settings")
        #expect(ConversionPlan.stem(of: "a.b.json") == "a.b")
        #expect(ConversionPlan.stem(of: "README") == "README")
        #expect(ConversionPlan.stem(of: ".ir.json") == ".ir")
        #expect(ConversionPlan.outputName("forms/x.xlform.plist", .json) == "x.json")
        #expect(ConversionPlan.outputName("x.xml", .xlformSwift) == "x.swift")
    }

    @Test func singleInputDestinations() throws {
        #expect(try ConversionPlan.make(inputs: ["a.xml"], output: nil, target: .json).jobs[0].destination == .standardOutput)
        #expect(try ConversionPlan.make(inputs: ["a.xml"], output: "-", target: .json).jobs[0].destination == .standardOutput)
        #expect(try ConversionPlan.make(inputs: ["a.xml"], output: "b.txt", target: .json).jobs[0].destination == .file("b.txt"))
        #expect(try ConversionPlan.make(inputs: ["d/a.xml"], output: "out/", target: .json).jobs[0].destination == .file("out/a.json"))
        #expect(try ConversionPlan.make(inputs: ["-"], output: "out/", target: .yaml).jobs[0].destination == .file("out/stdin.yaml"))
        #expect(try !ConversionPlan.make(inputs: ["a.xml"], output: nil, target: .json).isBatch)
    }

    @Test func usageErrors() {
        #expect(throws: PlanError(status: .usage, message: "several inputs or a directory need -o DIR (the output directory)")) {
            try ConversionPlan.make(inputs: ["a", "b"], output: nil, target: .json)
        }
        #expect(throws: PlanError.self) { try ConversionPlan.make(inputs: ["-", "b"], output: "o", target: .json) }
        #expect(throws: PlanError.self) { try ConversionPlan.make(inputs: [], output: nil, target: .json) }
    }

    @Test func directoriesMirrorIntoTheOutputDirectory() throws {
        let fm = FileManager.default
        let root = fm.temporaryDirectory.appendingPathComponent("plan-\(UUID().uuidString)")
        defer { try? fm.removeItem(at: root) }
        for p in ["in/a.xml", "in/sub/b.yaml", "in/sub/deep/c.plist", "in/.hidden.xml", "in/.git/d.xml", "in/notes.txt",
                  "in/out/old.json", "x.json"] {
            let u = root.appendingPathComponent(p)
            try fm.createDirectory(at: u.deletingLastPathComponent(), withIntermediateDirectories: true)
            _ = fm.createFile(atPath: u.path, contents: Data("x".utf8))
        }
        let dir = root.path
        let plan = try ConversionPlan.make(inputs: ["\(dir)/in", "\(dir)/x.json"], output: "\(dir)/in/out", target: .ir)
        #expect(plan.isBatch)
        #expect(plan.jobs.map(\.input) == ["\(dir)/in/a.xml", "\(dir)/in/sub/b.yaml", "\(dir)/in/sub/deep/c.plist", "\(dir)/x.json"])
        #expect(plan.jobs.map(\.destination) == [.file("\(dir)/in/out/a.ir.json"), .file("\(dir)/in/out/sub/b.ir.json"),
                                                  .file("\(dir)/in/out/sub/deep/c.ir.json"), .file("\(dir)/in/out/x.ir.json")])
        #expect(plan.jobs.allSatisfy { $0.collidesWith == nil })
        let same = try ConversionPlan.make(inputs: ["\(dir)/in/a.xml", "\(dir)/in/a.json"], output: "\(dir)/o", target: .ir)
        #expect(same.jobs.map(\.destination) == [.file("\(dir)/o/a.ir.json"), .file("\(dir)/o/a.json.ir.json")])
        #expect(same.jobs[1].renamedBecause == "\(dir)/in/a.xml")
        let clash = try ConversionPlan.make(inputs: ["\(dir)/in/a.xml", "\(dir)/in/sub/../a.xml"], output: "\(dir)/o", target: .ir)
        #expect(clash.jobs[1].collidesWith == "\(dir)/in/a.xml")
        #expect(throws: PlanError(status: .cannotCreate, message: "-o \(dir)/x.json is a file, not a directory")) {
            try ConversionPlan.make(inputs: ["\(dir)/in"], output: "\(dir)/x.json", target: .ir)
        }
    }
}
