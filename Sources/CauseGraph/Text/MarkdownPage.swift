/// Lines of Markdown kept within a number of bytes, as a pull-request
/// comment or a job summary must be: a list that does not fit is cut, and
/// its writer says how many of it were left out.
struct MarkdownPage {
    /// Room kept for what follows a cut: the lines that say what was cut, and
    /// the lines that frame the lists after it.
    private static let closingRoom = 1_024

    let limit: Int?
    private var lines: [String] = []
    private var size = 0
    /// Whether a list has been cut: what follows it is cut too.
    private var isFull = false

    init(limit: Int?) {
        self.limit = limit
    }

    /// The page, one line each, ending in a line break.
    var text: String { lines.joined(separator: "\n") + "\n" }

    /// Adds a line, room or not: headings and the lines that frame a list.
    mutating func append(_ line: String) {
        lines.append(line)
        size += line.utf8.count + 1
    }

    mutating func append(contentsOf lines: [String]) {
        for line in lines { append(line) }
    }

    /// Adds the lines of each element while they fit; returns how many
    /// were left out, for a line that says so.
    mutating func appendEach<Element>(_ elements: [Element], lines linesOf: (Element) -> [String]) -> Int {
        for (index, element) in elements.enumerated() {
            let added = linesOf(element)
            let bytes = added.reduce(0) { $0 + $1.utf8.count + 1 }
            if let limit, isFull || size + bytes + Self.closingRoom > limit {
                isFull = true
                return elements.count - index
            }
            append(contentsOf: added)
        }
        return 0
    }
}
