import Testing
import FormIR
@testable import DocumentTree

@Suite struct YAMLWriterTests {
    @Test func blockLayoutAndQuoting() throws {
        let node = Node.mapping([("name", .string("plain text")), ("flag", .string("true")), ("n", .string("1")),
                                 ("empty", .string("")), ("list", .array([.int(1), .double(1e-7), .null])),
                                 ("none", .mapping([])), ("text", .string("a\nb\n"))])
        let text = String(decoding: try YAMLWriter.write(node), as: UTF8.self)
        #expect(text == """
        name: plain text
        flag: 'true'
        'n': '1'
        empty: ''
        list:
        - 1
        - 1.0e-07
        - null
        none: {}
        text: |
          a
          b
        
        """)
    }

    @Test func roundTripsThroughTheReader() throws {
        let out = try YAMLWriter.write(Support.sample)
        var d = Diagnostics()
        let back = try YAMLReader.parse(out, name: "rt.yaml", diagnostics: &d)
        #expect(d.items.isEmpty)
        #expect(back == Support.sample)
    }

    @Test func pyyamlReadsTheSameDataAsPythonJSON() throws {
        let yaml = try YAMLWriter.write(Support.sample)
        let json = JSONWriter.write(Support.sample)
        let yamlPath = try Python.temporaryFile(yaml, suffix: ".yaml")
        let jsonPath = try Python.temporaryFile(json, suffix: ".json")
        let script = """
        import json, sys, yaml
        a = yaml.safe_load(open(sys.argv[1], encoding='utf-8'))
        b = json.load(open(sys.argv[2], encoding='utf-8'))
        print('same' if a == b and json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True) else repr(a) + ' != ' + repr(b))
        """
        #expect(try Python.run(script, arguments: [yamlPath, jsonPath]) == "same\n")
    }

    @Test func doublesStayFloatsForYAML11Readers() {
        #expect(YAMLWriter.format(1e-7) == "1.0e-07")
        #expect(YAMLWriter.format(1e20) == "1.0e+20")
        #expect(YAMLWriter.format(2.5) == "2.5")
        #expect(YAMLWriter.format(3) == "3.0")
        #expect(YAMLWriter.format(-.infinity) == "-.inf")
        #expect(YAMLWriter.format(.nan) == ".nan")
    }
}
