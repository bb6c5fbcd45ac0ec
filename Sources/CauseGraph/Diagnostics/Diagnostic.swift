/// Where in an input a diagnostic points.
public struct SourceLocation: Hashable, Sendable {
    /// The file as the user named it (`-` or `<stdin>` for standard input).
    public var file: String
    /// 1-based line, when known.
    public var line: Int?
    /// 1-based column in Unicode scalars, when known.
    public var column: Int?

    /// A place in `file`, with a line and column when known.
    public init(file: String, line: Int? = nil, column: Int? = nil) {
        self.file = file
        self.line = line
        self.column = column
    }
}

/// One message about an input: an error that stops the run, or a warning
/// or note that does not.
///
/// Its description is the one-line form compilers use,
/// `FILE:LINE:COLUMN: error: message`, with any control characters of the
/// untrusted input made visible so it cannot drive a terminal.
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Sendable {
        case error
        case warning
        case note
    }

    /// How serious it is.
    public var severity: Severity
    /// Where the problem is, when known.
    public var location: SourceLocation?
    /// What is wrong, in one line.
    public var message: String

    /// A diagnostic of `severity` at `location`.
    public init(_ severity: Severity, _ message: String, at location: SourceLocation? = nil) {
        self.severity = severity
        self.message = message
        self.location = location
    }

    /// An error at a location.
    package static func error(_ message: String, at location: SourceLocation? = nil) -> Diagnostic {
        Diagnostic(.error, message, at: location)
    }

    /// `FILE:LINE:COLUMN: severity: message`, the location left out when unknown.
    public var description: String {
        formatted { $0 }
    }

    /// The one-line form, with the severity word (`error`) passed through
    /// `styleSeverity`, so a terminal can colour it.
    package func formatted(styleSeverity: (String) -> String) -> String {
        var text = ""
        if let location {
            text += location.file
            if let line = location.line {
                text += ":\(line)"
                if let column = location.column { text += ":\(column)" }
            }
            text += ": "
        }
        return VisibleText.singleLine(text) + styleSeverity(severity.rawValue) + ": "
            + VisibleText.singleLine(Self.clipped(message))
    }

    /// The longest message shown whole. A message quotes what it was given,
    /// and a value can be megabytes; a longer one keeps its start and its
    /// end, where the option or file it is about is named.
    static let longestMessage = 600

    private static func clipped(_ message: String) -> String {
        guard message.count > longestMessage else { return message }
        let kept = longestMessage / 2 - 1
        return message.prefix(kept) + " … " + message.suffix(kept)
    }
}

/// Warnings and notes gathered while a run goes on, kept apart from the
/// logic that finds them so the caller decides how to show them.
///
/// A diagnostic is kept once: the same folder named twice, or both sides of
/// a diff reading one input, would otherwise say the same line again for
/// each time it was read.
public struct Diagnostics: Sendable {
    /// Every distinct diagnostic, in the order first added.
    public private(set) var all: [Diagnostic] = []
    private var seen: Set<Diagnostic> = []
    /// Titles no classification rule matched, with how many events had each,
    /// for reports that list them.
    public private(set) var unclassifiedTitles: [String: Int] = [:]

    /// No diagnostics.
    public init() {}

    /// Adds a diagnostic, unless an identical one is already held.
    package mutating func append(_ diagnostic: Diagnostic) {
        if seen.insert(diagnostic).inserted { all.append(diagnostic) }
    }

    /// Adds a warning.
    package mutating func warn(_ message: String, at location: SourceLocation? = nil) {
        append(Diagnostic(.warning, message, at: location))
    }

    /// Adds a note.
    package mutating func note(_ message: String, at location: SourceLocation? = nil) {
        append(Diagnostic(.note, message, at: location))
    }

    /// Gives each diagnostic without a place `file`, the input it concerns:
    /// for a run of several inputs that each say the same things.
    package mutating func place(unplacedIn file: String) {
        let placed = all.map { diagnostic in
            var diagnostic = diagnostic
            if diagnostic.location == nil { diagnostic.location = SourceLocation(file: file) }
            return diagnostic
        }
        // Placed, a diagnostic may now say what one already placed there said.
        all = []
        seen = []
        for diagnostic in placed { append(diagnostic) }
    }

    /// Drops a diagnostic that an error about to be thrown says again.
    mutating func remove(_ diagnostic: Diagnostic) {
        all.removeAll { $0 == diagnostic }
        seen.remove(diagnostic)
    }

    /// Records titles that no classification rule matched.
    package mutating func recordUnclassified(_ titles: [String: Int]) {
        unclassifiedTitles.merge(titles, uniquingKeysWith: +)
    }
}
