/// The examples a command's help ends with. `make install` gathers them
/// into the man page's EXAMPLES section (scripts/man-examples.awk), so each
/// is one command line followed by an indented line saying what it does.
enum CommandExamples {
    /// The heading the examples stand under, in the help and for the man page's script.
    static let heading = "Examples:"

    /// `discussion`, then the examples: `(command line, what it does)`.
    static func appending(_ examples: KeyValuePairs<String, String>, to discussion: String) -> String {
        let lines = examples.map { "  \($0.key)\n      \($0.value)" }
        return (discussion.isEmpty ? "" : discussion + "\n\n") + heading + "\n" + lines.joined(separator: "\n")
    }
}
