/// A regular expression searched for in time linear in the text, whatever
/// the pattern: a user's pattern cannot backtrack catastrophically.
///
/// Swift's `Regex` backtracks, so `^(a+)+$` against thirty a's and a b runs
/// for ever, and a pattern reaches causegraph from anyone who can steer a
/// command line or an MCP client. This engine runs the pattern as a Thompson
/// automaton (a Pike VM without captures): every step advances all live
/// states together, each at most once, so a search costs at most the text's
/// length times the program's size, and the program is capped at
/// ``maximumProgramSize`` instructions.
///
/// The syntax is Swift `Regex`'s for everything that can be matched without
/// backtracking: literals and escapes (`\t`, `\n`, `\u{…}`, `\x…`, any
/// escaped punctuation), `.`, `\d` `\w` `\s` and their negations, classes
/// (`[a-z_]`, `[^…]`), groups (`(…)`, `(?:…)`, `(?<name>…)`), `|`, the
/// quantifiers `*`, `+`, `?`, `{n}`, `{n,}`, `{,m}`, `{n,m}` (greedy or lazy: the
/// choice changes which match is found, never whether one is), the anchors
/// `^`, `$`, `\A`, `\z`, `\Z`, `\b`, `\B`, and `(?i)` at the start for a
/// search that ignores case. Back-references, lookaround, atomic groups and
/// possessive quantifiers need backtracking and are refused. Text is matched
/// by Unicode scalar.
package struct LinearRegex: Sendable {
    /// The most instructions a pattern compiles to. A search costs up to the
    /// title's length times this, for every title of a recording, so it is
    /// kept to what a typed pattern needs: an alternation of a hundred view
    /// names fits, `(a{1000}){1000}` (a million) does not.
    package static let maximumProgramSize = 4_000
    /// The deepest group nesting read, so the parser's recursion stays small.
    package static let maximumNesting = 100

    private let program: [Instruction]
    private let ignoresCase: Bool

    /// Compiles `pattern`.
    /// - Throws: a description of the construct that cannot be matched without backtracking, or is too large.
    package init(_ pattern: String) throws(LinearRegexError) {
        var parser = Parser(scalars: Array(pattern.unicodeScalars))
        if parser.consume("(?i)") { ignoresCase = true } else { ignoresCase = false }
        let tree = try parser.parseWhole()
        var compiler = Compiler(ignoresCase: ignoresCase)
        try compiler.emit(tree)
        compiler.program.append(.match)
        program = compiler.program
    }

    /// Whether the pattern matches anywhere in `text`.
    package func firstMatch(in text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        var current = ThreadList(capacity: program.count)
        var next = ThreadList(capacity: program.count)
        var stack: [Int] = []
        for index in 0...scalars.count {
            let before = index > 0 ? scalars[index - 1] : nil
            let here = index < scalars.count ? scalars[index] : nil
            // A search may start at every position: a thread enters at 0 each step.
            if add(0, to: &current, stack: &stack, index: index, before: before, here: here, scalars: scalars) {
                return true
            }
            guard let here else { break }
            next.clear()
            for pc in current.members {
                let matches: Bool
                switch program[pc] {
                case .scalar(let scalar): matches = fold(here) == scalar
                case .set(let set): matches = set.contains(here, ignoringCase: ignoresCase)
                case .any: matches = here != "\n" && here != "\r"
                default: matches = false
                }
                if matches,
                    add(
                        pc + 1, to: &next, stack: &stack, index: index + 1, before: here,
                        here: index + 1 < scalars.count ? scalars[index + 1] : nil, scalars: scalars)
                {
                    return true
                }
            }
            swap(&current, &next)
        }
        return false
    }

    /// Adds the thread at `start` and every thread it reaches without
    /// reading (jumps, splits, anchors that hold); `true` on reaching a match.
    private func add(
        _ start: Int, to list: inout ThreadList, stack: inout [Int], index: Int, before: Unicode.Scalar?,
        here: Unicode.Scalar?, scalars: [Unicode.Scalar]
    ) -> Bool {
        stack.append(start)
        while let pc = stack.popLast() {
            guard list.insert(pc) else { continue }
            switch program[pc] {
            case .match:
                stack.removeAll()
                return true
            case .jump(let target):
                stack.append(target)
            case .split(let first, let second):
                stack.append(second)
                stack.append(first)
            case .assert(let anchor):
                if anchor.holds(before: before, here: here, index: index, scalars: scalars) { stack.append(pc + 1) }
            case .scalar, .set, .any:
                break
            }
        }
        return false
    }

    private func fold(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        ignoresCase ? CaseFolding.lower(scalar) : scalar
    }
}

/// Why a pattern cannot be searched for in linear time.
package struct LinearRegexError: Error, Sendable, CustomStringConvertible {
    package let description: String
}

/// The states of one step, each once, in the order added.
private struct ThreadList {
    private var isMember: [Bool]
    private(set) var members: [Int] = []

    init(capacity: Int) { isMember = Array(repeating: false, count: capacity) }

    mutating func insert(_ pc: Int) -> Bool {
        guard !isMember[pc] else { return false }
        isMember[pc] = true
        members.append(pc)
        return true
    }

    mutating func clear() {
        for pc in members { isMember[pc] = false }
        members.removeAll(keepingCapacity: true)
    }
}

private enum Instruction: Sendable {
    case scalar(Unicode.Scalar)
    case set(ScalarSet)
    case any
    case split(Int, Int)
    case jump(Int)
    case assert(Anchor)
    case match
}

private enum Anchor: Sendable {
    case start, end, endOrFinalNewline, wordBoundary, notWordBoundary

    func holds(before: Unicode.Scalar?, here: Unicode.Scalar?, index: Int, scalars: [Unicode.Scalar]) -> Bool {
        switch self {
        case .start: return index == 0
        case .end: return index == scalars.count
        case .endOrFinalNewline: return index == scalars.count || (index == scalars.count - 1 && here == "\n")
        case .wordBoundary, .notWordBoundary:
            let boundary =
                (before.map(ClassKind.word.contains) ?? false) != (here.map(ClassKind.word.contains) ?? false)
            return boundary == (self == .wordBoundary)
        }
    }
}

/// `\d`, `\w`, `\s`, as Swift `Regex` reads them: by Unicode property.
private enum ClassKind: Sendable {
    case digit, word, space

    func contains(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        switch self {
        case .digit: return properties.generalCategory == .decimalNumber
        case .word:
            return scalar == "_" || properties.isAlphabetic || properties.generalCategory == .decimalNumber
                || properties.generalCategory == .nonspacingMark || properties.generalCategory == .spacingMark
                || properties.generalCategory == .connectorPunctuation
        case .space: return properties.isWhitespace
        }
    }
}

/// A bracketed class or a class escape.
private struct ScalarSet: Sendable {
    var ranges: [ClosedRange<Unicode.Scalar>] = []
    var kinds: [(kind: ClassKind, negated: Bool)] = []
    var negated = false

    func contains(_ scalar: Unicode.Scalar, ignoringCase: Bool) -> Bool {
        var found = includes(scalar)
        if !found && ignoringCase {
            found = includes(CaseFolding.lower(scalar)) || includes(CaseFolding.upper(scalar))
        }
        return found != negated
    }

    private func includes(_ scalar: Unicode.Scalar) -> Bool {
        ranges.contains { $0.contains(scalar) } || kinds.contains { $0.kind.contains(scalar) != $0.negated }
    }
}

/// One-scalar case mappings: a mapping to several scalars (ß to SS) leaves the scalar alone.
private enum CaseFolding {
    static func lower(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        single(scalar.properties.lowercaseMapping) ?? scalar
    }
    static func upper(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        single(scalar.properties.uppercaseMapping) ?? scalar
    }

    private static func single(_ text: String) -> Unicode.Scalar? {
        var scalars = text.unicodeScalars.makeIterator()
        guard let first = scalars.next(), scalars.next() == nil else { return nil }
        return first
    }
}

private indirect enum Node {
    case scalar(Unicode.Scalar)
    case set(ScalarSet)
    case any
    case anchor(Anchor)
    case sequence([Node])
    case choice([Node])
    case repeated(Node, min: Int, max: Int?)
}

/// Reads a pattern into a tree, by recursive descent bounded by ``LinearRegex/maximumNesting``.
private struct Parser {
    let scalars: [Unicode.Scalar]
    var index = 0
    var depth = 0

    init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

    var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    mutating func consume(_ text: String) -> Bool {
        let wanted = Array(text.unicodeScalars)
        guard index + wanted.count <= scalars.count, Array(scalars[index..<index + wanted.count]) == wanted else {
            return false
        }
        index += wanted.count
        return true
    }

    func failure(_ message: String) -> LinearRegexError {
        LinearRegexError(description: message)
    }

    mutating func parseWhole() throws(LinearRegexError) -> Node {
        let tree = try parseChoice()
        guard index == scalars.count else { throw failure("unbalanced ')'") }
        return tree
    }

    mutating func parseChoice() throws(LinearRegexError) -> Node {
        var branches = [try parseSequence()]
        while peek == "|" {
            index += 1
            branches.append(try parseSequence())
        }
        return branches.count == 1 ? branches[0] : .choice(branches)
    }

    mutating func parseSequence() throws(LinearRegexError) -> Node {
        var items: [Node] = []
        while let scalar = peek, scalar != "|", scalar != ")" {
            var atom = try parseAtom()
            var quantifiers = 0
            while let quantifier = try parseQuantifier() {
                quantifiers += 1
                // Each wraps the atom once more; the tree's depth stays bounded.
                guard quantifiers <= 2 else { throw failure("more than two quantifiers in a row") }
                atom = .repeated(atom, min: quantifier.min, max: quantifier.max)
            }
            items.append(atom)
        }
        return items.count == 1 ? items[0] : .sequence(items)
    }

    mutating func parseQuantifier() throws(LinearRegexError) -> (min: Int, max: Int?)? {
        let start = index
        var bounds: (min: Int, max: Int?)
        switch peek {
        case "*": bounds = (0, nil)
        case "+": bounds = (1, nil)
        case "?": bounds = (0, 1)
        case "{":
            index += 1
            // `{,n}` is up to n, as in Swift Regex.
            guard let low = peek == "," ? 0 : number() else {
                index = start
                return nil
            }
            var high: Int? = low
            if consume(",") { high = number() }
            guard peek == "}" else {
                index = start
                return nil
            }
            if let high, high < low { throw failure("the quantifier {\(low),\(high)} has its bounds reversed") }
            bounds = (low, high)
        default:
            return nil
        }
        index += 1
        if peek == "+" { throw failure("a possessive quantifier needs backtracking; leave out its '+'") }
        if peek == "?" { index += 1 }
        return bounds
    }

    /// A count, capped where it is too large a program anyway.
    mutating func number() -> Int? {
        var value = 0
        var digits = 0
        while let scalar = peek, ("0"..."9").contains(scalar) {
            value = min(value * 10 + Int(scalar.value) - 48, 100_000)
            digits += 1
            index += 1
        }
        return digits > 0 ? value : nil
    }

    mutating func parseAtom() throws(LinearRegexError) -> Node {
        let scalar = scalars[index]
        index += 1
        switch scalar {
        case ".": return .any
        case "^": return .anchor(.start)
        case "$": return .anchor(.endOrFinalNewline)
        case "[": return .set(try parseClass())
        case "\\": return try parseEscape(inClass: false)
        case "(":
            if consume("?=") || consume("?!") || consume("?<=") || consume("?<!") {
                throw failure("lookaround needs backtracking")
            }
            if consume("?>") { throw failure("an atomic group needs backtracking") }
            if consume("?:") {
            } else if consume("?<") || consume("?P<") || consume("?'") {
                while let name = peek, name != ">", name != "'" { index += 1 }
                index += 1
            } else if peek == "?" {
                throw failure("only (?i) at the start of the pattern is a supported option")
            }
            depth += 1
            guard depth <= LinearRegex.maximumNesting else {
                throw failure("groups nest deeper than \(LinearRegex.maximumNesting)")
            }
            let inner = try parseChoice()
            depth -= 1
            guard peek == ")" else { throw failure("expected ')'") }
            index += 1
            return inner
        case "*", "+", "?": throw failure("a quantifier follows nothing")
        default: return .scalar(scalar)
        }
    }

    mutating func parseEscape(inClass: Bool) throws(LinearRegexError) -> Node {
        guard let scalar = peek else { throw failure("the pattern ends in '\\'") }
        index += 1
        switch scalar {
        case "d", "w", "s", "D", "W", "S":
            let kind: ClassKind =
                scalar == "d" || scalar == "D" ? .digit : scalar == "w" || scalar == "W" ? .word : .space
            let negated = scalar == "D" || scalar == "W" || scalar == "S"
            return .set(ScalarSet(kinds: [(kind, negated)]))
        case "t": return .scalar("\t")
        case "n": return .scalar("\n")
        case "r": return .scalar("\r")
        case "f": return .scalar("\u{0C}")
        case "v": return .scalar("\u{0B}")
        case "e": return .scalar("\u{1B}")
        case "0": return .scalar("\0")
        case "x", "u":
            return .scalar(try hexScalar(fixedDigits: scalar == "x" ? 2 : 4))
        case "A" where !inClass: return .anchor(.start)
        case "z" where !inClass: return .anchor(.end)
        case "Z" where !inClass: return .anchor(.endOrFinalNewline)
        case "b" where !inClass: return .anchor(.wordBoundary)
        case "B" where !inClass: return .anchor(.notWordBoundary)
        default:
            guard !scalar.properties.isAlphabetic, !(scalar.properties.numericType != nil) else {
                throw failure("'\\\(scalar)' is not supported (back-references and properties need another engine)")
            }
            return .scalar(scalar)
        }
    }

    /// `\x41`, `\u0041` or either with braces: `\u{1F600}`.
    mutating func hexScalar(fixedDigits: Int) throws(LinearRegexError) -> Unicode.Scalar {
        let braced = consume("{")
        var value: UInt32 = 0
        var digits = 0
        while let scalar = peek, let digit = scalar.isASCII ? Character(scalar).hexDigitValue : nil,
            braced ? digits < 8 : digits < fixedDigits
        {
            value = value * 16 + UInt32(digit)
            digits += 1
            index += 1
        }
        if braced && !consume("}") { throw failure("missing '}' in a \\u{…} escape") }
        guard digits > 0, let result = Unicode.Scalar(value) else { throw failure("invalid hexadecimal escape") }
        return result
    }

    mutating func parseClass() throws(LinearRegexError) -> ScalarSet {
        var set = ScalarSet()
        if peek == "^" {
            set.negated = true
            index += 1
        }
        var first = true
        while let scalar = peek, scalar != "]" || first {
            first = false
            index += 1
            if scalar == "[" && peek == ":" { throw failure("POSIX classes such as [:alpha:] are not supported") }
            var low = scalar
            if scalar == "\\" {
                switch try parseEscape(inClass: true) {
                case .scalar(let escaped): low = escaped
                case .set(let escaped):
                    set.kinds += escaped.kinds
                    continue
                default: throw failure("invalid escape in a class")
                }
            }
            if peek == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
                index += 1
                var high = scalars[index]
                index += 1
                if high == "\\" {
                    guard case .scalar(let escaped) = try parseEscape(inClass: true) else {
                        throw failure("invalid range in a class")
                    }
                    high = escaped
                }
                guard low <= high else { throw failure("the range \(low)-\(high) is reversed") }
                set.ranges.append(low...high)
            } else {
                set.ranges.append(low...low)
            }
        }
        guard peek == "]" else { throw failure("missing ']'") }
        index += 1
        return set
    }
}

/// Lowers a tree to instructions, refusing a program past ``LinearRegex/maximumProgramSize``.
private struct Compiler {
    let ignoresCase: Bool
    var program: [Instruction] = []

    /// Whether `node` compiles to no instruction.
    static func readsNothing(_ node: Node) -> Bool {
        switch node {
        case .sequence(let items): return items.allSatisfy(readsNothing)
        case .repeated(let inner, _, let max): return max == 0 || readsNothing(inner)
        default: return false
        }
    }

    mutating func append(_ instruction: Instruction) throws(LinearRegexError) {
        guard program.count < LinearRegex.maximumProgramSize else {
            throw LinearRegexError(
                description:
                    "the pattern is too large (over \(LinearRegex.maximumProgramSize) steps); use fewer or smaller repetitions"
            )
        }
        program.append(instruction)
    }

    mutating func emit(_ node: Node) throws(LinearRegexError) {
        switch node {
        case .scalar(let scalar): try append(.scalar(ignoresCase ? CaseFolding.lower(scalar) : scalar))
        case .set(let set): try append(.set(set))
        case .any: try append(.any)
        case .anchor(let anchor): try append(.assert(anchor))
        case .sequence(let items):
            for item in items { try emit(item) }
        case .choice(let branches):
            var jumps: [Int] = []
            for (number, branch) in branches.enumerated() {
                if number < branches.count - 1 {
                    let split = program.count
                    try append(.split(split + 1, 0))
                    try emit(branch)
                    jumps.append(program.count)
                    try append(.jump(0))
                    program[split] = .split(split + 1, program.count)
                } else {
                    try emit(branch)
                }
            }
            for jump in jumps { program[jump] = .jump(program.count) }
        case .repeated(let inner, let min, let max):
            // Repeating what reads nothing changes nothing, and `((){1000}){1000}` would loop a million times.
            guard !Self.readsNothing(inner) else { break }
            for _ in 0..<min { try emit(inner) }
            if let max {
                var splits: [Int] = []
                for _ in min..<max {
                    splits.append(program.count)
                    try append(.split(program.count + 1, 0))
                    try emit(inner)
                }
                for split in splits { program[split] = .split(split + 1, program.count) }
            } else {
                let loop = program.count
                try append(.split(loop + 1, 0))
                try emit(inner)
                try append(.jump(loop))
                program[loop] = .split(loop + 1, program.count)
            }
        }
    }
}
