/// A title or name as people read it. A blank one would leave a row, a
/// line or a label naming nothing, so it reads ``untitled``; JSON keeps
/// the title as the trace gave it.
package enum TitleText {
    /// What a blank title or name reads as.
    package static let untitled = "(untitled)"

    /// `title`, or ``untitled`` when it has no visible character.
    package static func shown(_ title: String) -> String {
        title.allSatisfy(\.isWhitespace) ? untitled : title
    }
}
