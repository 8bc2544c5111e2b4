import FormConvKit
import FormIR

// PLACEHOLDER entry point — replaced by the CLI work (FormConv.swift with swift-argument-parser).
print(FormatID.allCases.map(\.rawValue).joined(separator: " "))
