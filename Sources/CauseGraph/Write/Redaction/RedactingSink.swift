/// Rewrites records so a recording can be shared: the app's own names
/// (views, types, properties, modules, the app and process, the app's
/// frames and paths in backtraces, and these names where free text holds
/// them: group labels, hitch narratives, labels of other kinds of cause)
/// become their pseudonyms; SwiftUI's and the
/// system's names, and every time, duration, count, severity, id and edge,
/// stay, so the redacted recording gives a graph of the same shape.
///
/// Two passes: ``collect(_:)`` learns the app's names from the whole
/// recording first (a name met late, in a backtrace, must be renamed where
/// it is met early), then the sink rewrites.
package struct RedactingSink<Inner: TraceSink>: UniformTraceSink {
    package var inner: Inner
    package private(set) var pseudonyms: Pseudonyms

    /// A sink handing redacted records to `inner`, with the names
    /// ``NameCollector`` learned.
    package init(_ inner: Inner, pseudonyms: Pseudonyms) {
        self.inner = inner
        self.pseudonyms = pseudonyms
    }

    /// Hands `record` on with the app's names in it replaced.
    package mutating func receive(_ record: TraceRecord) throws {
        switch record {
        case .header(var header):
            header.app = header.app.map(pseudonyms.replacingAppNames)
            try inner.begin(header)
        case .event(var event):
            event.title = pseudonyms.replacingAppNames(in: event.title)
            event.module = event.module.map(pseudonyms.replacingAppNames)
            event.backtrace = event.backtrace.map(pseudonyms.replacingAppNames)
            try inner.add(event)
        case .cause(var cause):
            cause.changed = cause.changed.map(pseudonyms.replacingAppNames)
            if !CauseLabel.known.contains(cause.label) {
                cause.label = CauseLabel(rawValue: pseudonyms.replacingAppNames(in: cause.label.rawValue))
            }
            try inner.add(cause)
        case .group(var group):
            group.label = pseudonyms.replacingAppNames(in: group.label)
            try inner.add(group)
        case .hitch(var hitch):
            hitch.process = hitch.process.map(pseudonyms.replacingAppNames)
            hitch.narrative = hitch.narrative.map(pseudonyms.replacingAppNames)
            try inner.add(hitch)
        }
    }
}

/// The first pass of a redaction: learns the app's names from titles and
/// modules (every word that is not the system's, whoever owns the node),
/// changed properties, the app and process names, the frames of the
/// app's own code (a frame is the app's when the first type it names is
/// one of the app's), the paths in frames, and, in free text (group
/// labels, hitch narratives), what one of the app's names qualifies
/// (`SecretBankApp.PaymentSheet`).
///
/// Names are numbered only at the end, in the order first met, once each
/// one's role is known: a view is often met first as the owner of its
/// state (`ContentView.count`, `ContentView (parent input)`) and is still
/// a view (`View1`), not a type.
package struct NameCollector: TraceSink {
    private let salt: String?
    /// Each name met and its role so far.
    private var roles: [String: Pseudonyms.Role] = [:]
    /// Names in the order first met.
    private var order: [String] = []
    /// Frames met, kept for the end: whose they are is known only then.
    private var frames: [String] = []
    private var seenFrames: Set<String> = []
    /// Free text that can qualify a name (`Transaction for SecretBankApp.PaymentSheet`), distinct, kept
    /// for the end: whether its qualifier is the app's is known only then.
    private var qualifyingTexts: [String] = []
    private var seenQualifyingTexts: Set<String> = []

    package init(salt: String? = nil) {
        self.salt = salt
    }

    package mutating func begin(_ header: TraceHeader) throws {
        if let app = header.app { claimApp(app) }
    }

    package mutating func add(_ event: TraceEvent) throws {
        // The system's titles too: SwiftUI's views are specialized with the
        // app's types (`ForEach<Array<Item>, Int, Row>`), and a word no list
        // of the system's knows is safer renamed than kept.
        if let module = event.module, !Pseudonyms.systemModules.contains(module) {
            claim(module, as: .module)
        }
        let isView = event.kind == .body || event.kind == .representable
        // The words a change log's reading adds (`View (parent input)`) are causegraph's, not the app's.
        for (index, word) in Pseudonyms.identifiers(String(ChangeLineMapper.withoutCauseSuffix(event.title)))
            .enumerated()
        {
            claim(word, firstIsView: isView && index == 0)
        }
        for frame in event.backtrace where seenFrames.insert(frame).inserted {
            frames.append(frame)
            // `/Users/alice/Projects/App/Sources/Account.swift:42`: as any path outside the system's folders.
            for path in Pseudonyms.paths(in: frame) { claimPath(path) }
        }
    }

    package mutating func add(_ cause: TraceCause) throws {
        // Renamed word by word, so claimed word by word: `@16` names no property. A property
        // wrapper's storage (`_pinCode`, as `_printChanges` names it) is its property, as a change
        // log's reading has it: `pinCode` is claimed, and `_pinCode` renamed with it (`_property2`).
        for property in cause.changed {
            for word in Pseudonyms.identifiers(property) {
                claim(Self.withoutStorageUnderscore(word), firstIsView: false)
            }
        }
    }

    package mutating func add(_ group: UpdateGroup) throws {
        noteQualifyingText(group.label)
    }

    package mutating func add(_ hitch: Hitch) throws {
        // "Landmarks (4242)": the process is the app.
        if let process = hitch.process { claimApp(process) }
        if let narrative = hitch.narrative { noteQualifyingText(narrative) }
    }

    /// `_pinCode` without the underscore a property wrapper's storage adds; `_` and other words as they are.
    static func withoutStorageUnderscore(_ word: String) -> String {
        word.count > 1 && word.first == "_" ? String(word.dropFirst()) : word
    }

    /// Keeps `text` for ``finish()`` when a name in it can be qualified (`SecretBankApp.PaymentSheet`).
    private mutating func noteQualifyingText(_ text: String) {
        guard text.contains("."), seenQualifyingTexts.insert(text).inserted else { return }
        qualifyingTexts.append(text)
    }

    /// Whether `name` has been met as one of the app's.
    package func isAppName(_ name: String) -> Bool { roles[name] != nil }

    /// Records `name` as the app's or its process's, word by word, since
    /// names are replaced word by word (`My App` is `App1 App`).
    package mutating func claimApp(_ name: String) {
        for word in Pseudonyms.identifiers(name) { claim(word, as: .app) }
    }

    /// Records the names of a frame known to be in the app's own binary.
    /// Words in `systemNames` stay, unless they are the app's already.
    package mutating func claimAppFrame(_ frame: String, except systemNames: Set<String> = []) {
        // The folders of a path it names are claimed as a path's, or are the system's: a frame an
        // export's scan alone meets (a table causegraph does not read) has no event to claim them.
        for path in Pseudonyms.paths(in: frame) { claimPath(path) }
        for word in Pseudonyms.identifiersOutsidePaths(frame) where !systemNames.contains(word) {
            claim(word, firstIsView: false)
        }
    }

    /// Records the folder and file names of a path outside the system's.
    package mutating func claimPath(_ path: String) {
        guard Pseudonyms.isAppPath(path) else { return }
        for word in Pseudonyms.identifiers(path) where !Pseudonyms.pathWords.contains(word) { claim(word, as: .path) }
    }

    /// The names learned, once the frames of the app's code are counted in.
    package mutating func finish() -> Pseudonyms {
        for frame in frames {
            // The folders of a path it names are claimed as a path's (see `add(_:)`), or are the system's.
            let words = Pseudonyms.identifiersOutsidePaths(frame)
            guard let owner = words.first(where: { $0.first?.isUppercase == true }), isAppName(owner) else { continue }
            for word in words { claim(word, firstIsView: false) }
        }
        for text in qualifyingTexts { claimQualifiedNames(in: text) }
        var pseudonyms = Pseudonyms(salt: salt)
        for name in order { pseudonyms.claim(name, as: roles[name]!) }
        return pseudonyms
    }

    /// Claims each name of `text` that one of the app's modules, apps, views or types qualifies:
    /// in `Transaction for SecretBankApp.PaymentSheet`, `PaymentSheet` is a type as a title's would be,
    /// and in turn qualifies what follows it (`SecretBankApp.PaymentSheet.Row`).
    private mutating func claimQualifiedNames(in text: String) {
        for chain in Pseudonyms.dottedNames(text) {
            var isQualified = false
            for word in chain {
                // `SecretBank.app`, `Account.swift`: a file's extension, not a name the app's qualifies.
                if isQualified && !Pseudonyms.pathWords.contains(word) { claim(word, firstIsView: false) }
                isQualified = roles[word].map { $0 != .property && $0 != .path } ?? false
            }
        }
    }

    private mutating func claim(_ word: String, firstIsView: Bool) {
        claim(word, as: firstIsView ? .view : word.first?.isUppercase == true ? .type : .property)
    }

    /// The first role met stands, except that a view met first as a type is a view.
    private mutating func claim(_ name: String, as role: Pseudonyms.Role) {
        guard Pseudonyms.isClaimable(name, as: role) else { return }
        switch roles[name] {
        case nil:
            roles[name] = role
            order.append(name)
        case .type where role == .view:
            roles[name] = .view
        default:
            break
        }
    }
}
