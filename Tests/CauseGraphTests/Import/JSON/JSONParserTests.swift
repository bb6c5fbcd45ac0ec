import CauseGraph
import CauseGraphTestSupport
import Testing

@Suite("JSON parser")
struct JSONParserTests {
    @Test("parses every JSON type with the offset of each value")
    func values() throws {
        let value = try JSONParser.parse(#" {"a": [1, -2.5e3, true, false, null], "b": "x\u00e9\ud83d\ude00\n"} "#)
        guard case .object(let object) = value.content else {
            Issue.record("not an object")
            return
        }
        #expect(value.offset == 1)
        guard case .array(let items)? = object["a"]?.content else {
            Issue.record("not an array")
            return
        }
        #expect(items.map(\.offset) == [8, 11, 19, 25, 32])
        #expect(items[1].content == .number(JSONNumber(text: "-2.5e3")))
        #expect(items[0].content == .number(JSONNumber(text: "1")))
        #expect(object["b"]?.content == .string("xé😀\n"))
    }

    @Test(
        "refuses what strict JSON refuses, at the offending byte",
        arguments: [
            (#"{"a": 1,}"#, 8, "expected a quoted key"),
            (#"[1, 2,]"#, 6, "expected a JSON value"),
            (#"{"a": 1, "a": 2}"#, 9, "duplicate key"),
            ("01", 0, "malformed number: leading zero"),
            ("1.", 0, "malformed number"),
            ("-", 0, "malformed number"),
            (#""abc"#, 0, "unterminated string"),
            ("\"a\u{01}\"", 2, "control character in a string must be escaped"),
            (#""\x""#, 1, "invalid escape sequence"),
            (#""\ud800""#, 1, "lone surrogate in \\u escape"),
            (#""\u12""#, 1, "malformed \\u escape"),
            ("tru", 0, "expected a JSON value"),
            ("{} {}", 3, "unexpected text after the JSON value"),
            ("", 0, "expected a JSON value, found the end of the line"),
            ("// comment", 0, "expected a JSON value"),
        ])
    func refuses(_ text: String, _ offset: Int, _ message: String) {
        #expect(throws: JSONParser.SyntaxError(offset: offset, message: message)) { try JSONParser.parse(text) }
    }

    @Test("nesting is bounded, so hostile input cannot exhaust the stack")
    func depth() throws {
        let limit = JSONParser.Limits.trace.depth
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: JSONParser.SyntaxError(offset: limit, message: "JSON nested more than \(limit) levels deep")) {
            try JSONParser.parse(deep)
        }
        _ = try JSONParser.parse(String(repeating: "[", count: limit) + String(repeating: "]", count: limit))
    }

    @Test("a reader's limits bound the depth and the count of values")
    func limits() throws {
        let limits = JSONParser.Limits(depth: 3, values: 5)
        _ = try JSONParser.parse("[[[1]]]", limits: limits)
        #expect(throws: JSONParser.SyntaxError(offset: 3, message: "JSON nested more than 3 levels deep")) {
            try JSONParser.parse("[[[[1]]]]", limits: limits)
        }
        _ = try JSONParser.parse(#"{"a": [1, 2, 3]}"#, limits: limits)
        // The sixth value, `4`, is where the count runs out.
        #expect(throws: JSONParser.SyntaxError(offset: 22, message: "more than 5 JSON values")) {
            try JSONParser.parse(#"{"a": [1, 2, 3], "b": 4}"#, limits: limits)
        }
    }

    /// Measured in this thread's CPU time, not the wall clock's: the whole
    /// suite shares two cores, and a test can wait minutes for one. Linear
    /// takes about a second; quadratic, hours.
    @Test(
        "an object of many keys is read in linear time, each duplicate still found",
        .timeLimit(.minutes(10)))
    func manyKeys() throws {
        let started = threadCPUSeconds()
        defer { #expect(threadCPUSeconds() - started < 20, "linear time: about 1 s of CPU") }
        let count = 300_000
        let members = (0..<count).map { #""k\#($0)": \#($0)"# }
        let wide = try JSONParser.parse("{" + members.joined(separator: ", ") + "}")
        guard case .object(let object) = wide.content else {
            Issue.record("not an object")
            return
        }
        #expect(object.members.count == count)
        #expect(object["k299999"]?.content == .number(JSONNumber(text: "299999")))
        // A duplicate among the first keys, and one far past them.
        #expect(throws: JSONParser.SyntaxError(offset: 17, message: "duplicate key")) {
            try JSONParser.parse(#"{"a": 1, "b": 2, "a": 3}"#)
        }
        let late = "{" + members.joined(separator: ", ") + #", "k7": 0}"#
        let lateOffset = late.utf8.count - 8
        #expect(throws: JSONParser.SyntaxError(offset: lateOffset, message: "duplicate key")) {
            try JSONParser.parse(late)
        }
    }

    @Test("numbers convert exactly or not at all")
    func numbers() {
        #expect(JSONNumber(text: "9223372036854775807").int64 == .max)
        #expect(JSONNumber(text: "9223372036854775808").int64 == nil)
        #expect(JSONNumber(text: "1e3").int64 == nil)
        #expect(JSONNumber(text: "1e3").double == 1000)
    }
}
