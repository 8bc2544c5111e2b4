// swift-tools-version:6.0
import PackageDescription

// The pipeline, as the tree shows it:
//   readers (MMXML, Readers) → IR (FormIR) → emitters (Emitters), with the CLI (formconv) thin on top.
// FormConvKit ties them together (format registry, detection, conversion) and is the library product.
let package = Package(
    name: "formconv",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "formconv", targets: ["formconv"]),
        // The pipeline as a library: `import FormConvKit` (registry, conversion, lint), plus the stages
        // themselves for tools that build or inspect forms directly.
        .library(name: "FormConvKit", targets: ["FormConvKit", "FormIR", "MMXML", "Readers", "Emitters", "DocumentTree", "Expressions"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // The intermediate representation: the model, diagnostics, the expression AST, the submission model.
        .target(name: "FormIR", path: "Sources/IR"),
        // libyaml, through pkg-config yaml-0.1 (Debian: libyaml-dev).
        .systemLibrary(name: "CYAML", path: "Sources/CYAML", pkgConfig: "yaml-0.1",
                       providers: [.apt(["libyaml-dev"])]),
        // libxml2, through pkg-config libxml-2.0 (Debian: libxml2-dev): the one XML parser (SAX2).
        .systemLibrary(name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0",
                       providers: [.apt(["libxml2-dev"])]),
        // Position-keeping document trees: YAML/JSON (libyaml), XML (libxml2), plists (XML and binary), and writers.
        .target(name: "DocumentTree", dependencies: ["CYAML", "CLibXML2", "FormIR"], path: "Sources/DocumentTree"),
        // Expression languages: MM XML conditions and NSPredicate format strings, to and from the IR AST.
        .target(name: "Expressions", dependencies: ["FormIR"], path: "Sources/Expressions"),
        // Front ends.
        .target(name: "MMXML", dependencies: ["FormIR", "Expressions", "DocumentTree"], path: "Sources/MMXML"),
        .target(name: "Readers", dependencies: ["FormIR", "Expressions", "DocumentTree"], path: "Sources/Readers"),
        // What every back end writes from: relationships as formulas over answers (one semantics for
        // several rules on one target), validation lowered to patterns (docs/rule-lowering.md).
        .target(name: "Lowering", dependencies: ["FormIR", "Expressions"], path: "Sources/Lowering"),
        // Back ends.
        .target(name: "Emitters", dependencies: ["FormIR", "Expressions", "DocumentTree", "Lowering"], path: "Sources/Emitters"),
        // Registry, detection, conversion and lint: the library other Swift tools import.
        .target(name: "FormConvKit", dependencies: ["FormIR", "MMXML", "Readers", "Emitters", "Lowering", "DocumentTree", "Expressions"],
                path: "Sources/FormConvKit"),
        .executableTarget(name: "formconv", dependencies: [
            "FormConvKit",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], path: "Sources/formconv"),

        // Fuzzing of every reader: deterministic mutation by default, libFuzzer with -DFUZZING (docs/fuzzing.md).
        .executableTarget(name: "formconv-fuzz", dependencies: ["FormConvKit"], path: "Sources/formconv-fuzz"),

        // Shared test helpers: subprocesses (python3, xmllint, the built binary), paths.
        .target(name: "FormConvTestSupport", path: "Tests/Support"),

        .testTarget(name: "FormIRTests", dependencies: ["FormIR", "FormConvTestSupport"], path: "Tests/FormIRTests"),
        .testTarget(name: "DocumentTreeTests", dependencies: ["DocumentTree", "FormConvTestSupport"], path: "Tests/DocumentTreeTests"),
        .testTarget(name: "ExpressionsTests", dependencies: ["Expressions", "FormConvTestSupport"], path: "Tests/ExpressionsTests"),
        // The IR document (`--to ir`, `--from ir`): version 2's encoding, its schema (docs/ir-v2.schema.json), version 1.
        .testTarget(name: "IRJSONTests", dependencies: ["FormIR", "DocumentTree", "Readers", "Emitters", "FormConvKit",
                                                        "FormConvTestSupport"], path: "Tests/IRJSONTests",
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "MMXMLTests", dependencies: ["MMXML", "Readers", "Emitters", "FormConvKit", "FormConvTestSupport"], path: "Tests/MMXMLTests",
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "RowSchemaTests", dependencies: ["Readers", "Expressions", "Emitters", "FormConvKit", "FormConvTestSupport"], path: "Tests/RowSchemaTests",
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "JSONSchemaTests", dependencies: ["Emitters", "Lowering", "FormConvKit", "FormConvTestSupport"], path: "Tests/JSONSchemaTests",
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "XLFormTests", dependencies: ["Readers", "Emitters", "FormConvKit", "FormConvTestSupport"], path: "Tests/XLFormTests",
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "RMSFormTests", dependencies: ["Readers", "Emitters", "FormConvKit", "FormConvTestSupport"], path: "Tests/RMSFormTests",
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "ShinobiTests", dependencies: ["Readers", "Emitters", "FormConvKit", "FormConvTestSupport"], path: "Tests/ShinobiTests",
                    resources: [.copy("Fixtures")]),
        // `--to html`: the preview's structure (input names = payload keys, nothing loaded from elsewhere, losses).
        .testTarget(name: "HTMLTests", dependencies: ["Emitters", "FormConvKit", "FormConvTestSupport"], path: "Tests/HTMLTests"),
        .testTarget(name: "LintTests", dependencies: ["FormConvKit", "Emitters", "FormConvTestSupport"], path: "Tests/LintTests",
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "HostileInputTests", dependencies: ["FormConvKit", "FormConvTestSupport"], path: "Tests/HostileInputTests",
                    resources: [.copy("Fixtures")]),
        // The web targets (`--to surveyjs`, `jsonforms`, `rjsf`): structure and losses; the library checks
        // run in headless Chromium from Tests/Browser/web_*_test.py.
        .testTarget(name: "WebTargetsTests", dependencies: ["FormIR", "DocumentTree", "Emitters", "FormConvKit"], path: "Tests/WebTargetsTests"),
        // SurveyJS as an input: expressions, the reader, lint and XLForm code from surveys.
        .testTarget(name: "SurveyJSTests", dependencies: ["Expressions", "Readers", "FormConvKit", "FormConvTestSupport"],
                    path: "Tests/SurveyJSTests", resources: [.copy("Fixtures")]),
        .testTarget(name: "CLITests", dependencies: ["FormConvKit", "Readers", "FormConvTestSupport"], path: "Tests/CLITests",
                    resources: [.copy("Fixtures")]),
    ]
)
