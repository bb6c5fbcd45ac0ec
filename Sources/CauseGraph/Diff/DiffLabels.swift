/// How a comparison names its two recordings: by the shortest trailing part
/// of their paths that tells them apart (`before/trace.jsonl` and
/// `after/trace.jsonl`, or just `old.jsonl` and `new.jsonl`), so a picture,
/// page or JSON file made on one machine carries no more of its folders.
enum DiffLabels {
    /// The labels of `before` and `after`, paths as the user typed them
    /// (`-` is standard input), `.` components left out. A label that takes
    /// every component of an absolute path starts with its `/`, so it never
    /// reads as a relative path (`/tmp/a.jsonl` against `tmp/a.jsonl`). The
    /// same path twice is told apart by nothing: each is its file name.
    static func distinguishing(_ before: String, _ after: String) -> (before: String, after: String) {
        let (first, second) = (components(before), components(after))
        guard first != second else { return (label(first.suffix(1)), label(second.suffix(1))) }
        var count = 1
        while count < max(first.count, second.count), first.suffix(count) == second.suffix(count) { count += 1 }
        return (label(first.suffix(count)), label(second.suffix(count)))
    }

    /// The component an absolute path starts with: splitting at `/` gives
    /// no other that is empty.
    private static let root = ""

    private static func components(_ path: String) -> [String] {
        guard path != "-" else { return ["standard input"] }
        let components = path.split(separator: "/").map(String.init).filter { $0 != "." }
        if path.hasPrefix("/") { return [root] + components }
        return components.isEmpty ? ["."] : components
    }

    private static func label(_ components: ArraySlice<String>) -> String {
        components == [root] ? "/" : components.joined(separator: "/")
    }
}
