/// How a comparison names its two recordings: by the shortest trailing part
/// of their paths that tells them apart (`before/trace.jsonl` and
/// `after/trace.jsonl`, or just `old.jsonl` and `new.jsonl`), so a picture,
/// page or JSON file made on one machine carries none of its folders.
enum DiffLabels {
    /// The labels of `before` and `after`, paths as the user typed them
    /// (`-` is standard input). Never absolute: a path's root and `.`
    /// components are left out (a folder named `.` or `/` is `.`); paths
    /// equal in every component keep their last one.
    static func distinguishing(_ before: String, _ after: String) -> (before: String, after: String) {
        let (first, second) = (components(before), components(after))
        var count = 1
        while count < max(first.count, second.count), first.suffix(count) == second.suffix(count) { count += 1 }
        return (first.suffix(count).joined(separator: "/"), second.suffix(count).joined(separator: "/"))
    }

    private static func components(_ path: String) -> [String] {
        guard path != "-" else { return ["standard input"] }
        let components = path.split(separator: "/").map(String.init).filter { $0 != "." }
        return components.isEmpty ? ["."] : components
    }
}
