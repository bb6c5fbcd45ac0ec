/// The app's own names and their stable pseudonyms: the same name gets the
/// same pseudonym everywhere in a recording (`View3`, `Type2.property5`).
/// Names are numbered in the order first met, so the output is the same on
/// every run; a salt numbers them by a hash of salt and name instead, so two
/// recordings redacted with different salts cannot be linked by their
/// numbering.
package struct Pseudonyms: Sendable {
    /// What a name is, which decides its pseudonym's prefix.
    package enum Role: String, Sendable {
        case view = "View"
        case type = "Type"
        case property = "property"
        case module = "Module"
        case app = "App"
        /// A folder or file name of the app's own paths (`/Users/…/Path3/View2.swift`).
        case path = "Path"
    }

    private let salt: String?
    /// Each name and its pseudonym.
    package private(set) var mapping: [String: String] = [:]
    /// Names in the order met, for a deterministic map.
    package private(set) var order: [String] = []
    private var counts: [Role: Int] = [:]
    /// The pseudonyms given, so a salted one that repeats is told at once.
    private var given: Set<String> = []

    package init(salt: String? = nil) {
        self.salt = salt
    }

    /// Whether `name` is one of the app's.
    package func isAppName(_ name: String) -> Bool { mapping[name] != nil }

    /// Records `name` as the app's, in `role` unless it has one already.
    mutating func claim(_ name: String, as role: Role) {
        guard mapping[name] == nil, Self.isClaimable(name, as: role) else { return }
        let number: String
        if let salt {
            // FNV-1a over salt and name: stable for one salt, unrelated across salts.
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in salt.utf8 + [0] + name.utf8 {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            }
            number = String(hash % 1_000_000, radix: 10)
        } else {
            counts[role, default: 0] += 1
            number = "\(counts[role]!)"
        }
        var pseudonym = role.rawValue + number
        // A salted number can repeat: the pseudonym must still name one name.
        while given.contains(pseudonym) { pseudonym += "x" }
        given.insert(pseudonym)
        // The suffix a title is classified by stays (`View5Representable`), so the copy's node keeps its kind.
        if let suffix = ClassificationRule.builtInSuffixes.first(where: { name.hasSuffix($0) && name != $0 }) {
            pseudonym += suffix
        }
        mapping[name] = pseudonym
        order.append(name)
    }

    /// `text` with every app name in it replaced; other words kept. A
    /// property's storage (`_count` in a change log) is renamed with it
    /// (`_property2`).
    package func replacingAppNames(in text: String) -> String {
        renamingAppNames(text, skipsEscapes: false)
    }

    /// As ``replacingAppNames(in:)``, for the escaped text inside a JSON string.
    func replacingAppNamesInJSONString(_ text: String) -> String {
        renamingAppNames(text, skipsEscapes: true)
    }

    private func renamingAppNames(_ text: String, skipsEscapes: Bool) -> String {
        Self.rewriteIdentifiers(text, skipsEscapes: skipsEscapes) { word in
            if let pseudonym = mapping[word] { return pseudonym }
            if word.first == "_", let pseudonym = mapping[String(word.dropFirst())] { return "_" + pseudonym }
            return word.contains(where: \.isNumber) ? renamingMangled(word) : nil
        }
    }

    /// A mangled symbol (`__swiftmacro_13PromptManager0A…`, `$s7Landmarks…`)
    /// names each identifier by its length then its text: each app name in it
    /// is renamed with its new length, so no app name is left inside.
    private func renamingMangled(_ word: String) -> String? {
        let characters = Array(word)
        var result = ""
        var changed = false
        var index = 0
        while index < characters.count {
            guard characters[index].isNumber, characters[index] != "0" else {
                result.append(characters[index])
                index += 1
                continue
            }
            var end = index
            var length = 0
            while end < characters.count, let digit = characters[end].wholeNumberValue, length < 10_000 {
                length = length * 10 + digit
                end += 1
            }
            guard end + length <= characters.count else {
                result += String(characters[index..<end])
                index = end
                continue
            }
            let name = String(characters[end..<(end + length)])
            if let pseudonym = mapping[name] {
                result += "\(pseudonym.count)\(pseudonym)"
                changed = true
            } else {
                result += String(characters[index..<(end + length)])
            }
            index = end + length
        }
        return changed ? result : nil
    }

    /// Whether `name` can be one of the app's in `role`: one letter is a
    /// generic parameter (`Row<A>`) more often than a name, but not where
    /// only a name stands (the app, a module, a view's type); the system's
    /// words stay.
    static func isClaimable(_ name: String, as role: Role) -> Bool {
        guard !name.isEmpty, !isSystemWord(name) else { return false }
        return name.count > 1 || role == .app || role == .module || role == .view
    }

    /// Whether `text` is a path outside the system's folders: a user's
    /// files, the app's container or build products.
    package static func isAppPath(_ text: String) -> Bool {
        (text.hasPrefix("/") || text.hasPrefix("~/")) && !systemPathPrefixes.contains { text.hasPrefix($0) }
    }

    /// The paths outside the system's folders that a line of a log or a
    /// backtrace's frame holds: runs from a `/` or `~/` that starts the
    /// line, a word or a string, to the next space or quote.
    static func paths(in line: String) -> [String] {
        pathRanges(in: line).map { String(line[$0]) }.filter(isAppPath)
    }

    /// The identifiers of `text` outside its paths, the system's or not:
    /// a frame's code (`closure #1 in Vault.open() at /Users/…/Vault.swift:7`)
    /// without the names of the folders it was built in.
    static func identifiersOutsidePaths(_ text: String) -> [String] {
        let ranges = pathRanges(in: text).filter { text[$0].hasPrefix("/") || text[$0].hasPrefix("~/") }
        guard !ranges.isEmpty else { return identifiers(text) }
        var rest = ""
        var start = text.startIndex
        for range in ranges {
            rest += text[start..<range.lowerBound] + " "
            start = range.upperBound
        }
        return identifiers(rest + text[start...])
    }

    /// Where the paths of `line` stand: runs from a `/` or `~` that starts
    /// the line, a word or a string, to the next space or quote.
    private static func pathRanges(in line: String) -> [Range<String.Index>] {
        var found: [Range<String.Index>] = []
        var previous: Character = " "
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            if (character == "/" || character == "~") && (previous == " " || previous == "\"" || previous == "\t") {
                let end =
                    line[index...].firstIndex { $0 == " " || $0 == "\"" || $0 == "\t" || $0 == "\n" }
                    ?? line.endIndex
                found.append(index..<end)
                index = end
                continue
            }
            previous = character
            index = line.index(after: index)
        }
        return found
    }

    /// The names of `text` joined by dots (`SecretBankApp.PaymentSheet`), each as its identifiers, in order.
    static func dottedNames(_ text: String) -> [[String]] {
        var chains: [[String]] = []
        var chain: [String] = []
        var word = ""
        var previous: Character = " "
        func endWord() {
            if !word.isEmpty { chain.append(word) }
            word = ""
        }
        func endChain() {
            endWord()
            if chain.count > 1 { chains.append(chain) }
            chain = []
        }
        for character in text {
            if character == "_" || character.isLetter || (character.isNumber && !word.isEmpty) {
                // A name right after a dot goes on the chain; any other starts one.
                if word.isEmpty && previous != "." { endChain() }
                word.append(character)
            } else if character == "." && !word.isEmpty {
                endWord()
            } else {
                endChain()
            }
            previous = character
        }
        endChain()
        return chains
    }

    /// Folders only the system and the tools write (`/<compiler-generated>` is the compiler's).
    static let systemPathPrefixes = [
        "/System/", "/usr/", "/bin/", "/sbin/", "/Library/Apple/", "/Applications/Xcode", "/AppleInternal/",
        "/Developer/", "/private/preboot/", "/Library/Developer/Toolchains/",
        "/Library/Developer/CoreSimulator/Volumes/",
        "/<",
    ]

    /// Words of paths that say nothing of the app, kept so a path stays readable.
    static let pathWords: Set<String> = [
        "Users", "home", "Library", "Developer", "Xcode", "DerivedData", "Build", "Products", "Debug", "Release",
        "Intermediates", "noindex", "Contents", "MacOS", "Frameworks", "Resources", "private", "var", "containers",
        "Containers", "Bundle", "Application", "Data", "data", "Devices", "CoreSimulator", "tmp", "Documents", "git",
        "Sources", "app", "appex", "framework", "dylib", "debug", "swift", "m", "mm", "h", "c", "iphoneos",
        "iphonesimulator", "macosx", "xcodeproj", "xcworkspace",
    ]

    /// Calls `rewrite` on each identifier of `text` (a run of letters,
    /// digits and `_` starting with no digit) and puts back what it
    /// returns, or the identifier when it returns `nil`. What names nothing
    /// has no identifier and is kept as it is (see ``keptSpanLength(_:at:ascii:)``):
    /// an address (`0x1000`, `$10a4b8c`), Swift's `(unknown context at $10a4b8c)`.
    /// With `skipsEscapes`, a backslash and the character after it are
    /// kept as they are (text inside a JSON string: `\nName` is not `nName`).
    static func rewriteIdentifiers(_ text: String, skipsEscapes: Bool = false, _ rewrite: (String) -> String?)
        -> String
    {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return rewriteASCIIIdentifiers(text, skipsEscapes: skipsEscapes, rewrite)
        }
        var result = ""
        var word = ""
        var escaped = false
        func flush() {
            if !word.isEmpty { result += rewrite(word) ?? word }
            word = ""
        }
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if escaped {
                escaped = false
                result.append(character)
            } else if skipsEscapes && character == "\\" {
                flush()
                escaped = true
                result.append(character)
            } else if character == "_" || character.isLetter || (character.isNumber && !word.isEmpty) {
                word.append(character)
            } else {
                flush()
                let kept = keptSpanLength(characters, at: index, ascii: \.asciiValue)
                if kept > 0 {
                    result += String(characters[index..<(index + kept)])
                    index += kept
                    continue
                }
                result.append(character)
            }
            index += 1
        }
        flush()
        return result
    }

    /// ``rewriteIdentifiers(_:skipsEscapes:_:)`` for ASCII text, byte by
    /// byte: the same words, without breaking the text into characters,
    /// which costs most of a large export's redaction.
    private static func rewriteASCIIIdentifiers(
        _ text: String, skipsEscapes: Bool, _ rewrite: (String) -> String?
    ) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count)
        var wordStart: Int?
        var escaped = false
        let bytes = Array(text.utf8)
        func flush(at end: Int) {
            guard let start = wordStart else { return }
            let word = String(decoding: bytes[start..<end], as: UTF8.self)
            if let renamed = rewrite(word) { result += renamed.utf8 } else { result += bytes[start..<end] }
            wordStart = nil
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
            let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            if escaped {
                escaped = false
                result.append(byte)
            } else if skipsEscapes && byte == UInt8(ascii: "\\") {
                flush(at: index)
                escaped = true
                result.append(byte)
            } else if byte == UInt8(ascii: "_") || isLetter || (isDigit && wordStart != nil) {
                if wordStart == nil { wordStart = index }
            } else {
                flush(at: index)
                // Only these start what names nothing (`0x1000`, `$10a4b8c`, `(unknown context at $…)`).
                let mayStartKept = byte == UInt8(ascii: "0") || byte == UInt8(ascii: "$") || byte == UInt8(ascii: "(")
                let kept = mayStartKept ? keptSpanLength(bytes, at: index, ascii: { $0 }) : 0
                if kept > 0 {
                    result += bytes[index..<(index + kept)]
                    index += kept
                    continue
                }
                result.append(byte)
            }
            index += 1
        }
        flush(at: bytes.count)
        return String(decoding: result, as: UTF8.self)
    }

    /// How many elements of `items` from `start` are text that names
    /// nothing and stays as it is, or 0: an address, `0x1000` or the
    /// `$10a4b8c` Swift's demangler writes (a `$` and a digit: no Swift
    /// name, unlike `$count` or a mangled `$s7Landmarks…`), and its
    /// `(unknown context at $10a4b8c)`. An address ends where a name could
    /// not go on, so `0xFeed` is one and `0xFeedView` none.
    static func keptSpanLength<Element>(_ items: [Element], at start: Int, ascii: (Element) -> UInt8?) -> Int {
        func byte(_ index: Int) -> UInt8? { index < items.count ? ascii(items[index]) : nil }
        func isHexDigit(_ byte: UInt8?) -> Bool {
            guard let byte else { return false }
            return (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
        }
        /// Where the hex digits from `index` end, if there are some and no name goes on after them.
        func endOfHexDigits(from index: Int) -> Int? {
            var end = index
            while isHexDigit(byte(end)) { end += 1 }
            guard end > index else { return nil }
            guard end < items.count else { return end }
            guard let next = byte(end) else { return nil }  // a letter outside ASCII goes on a name
            let goesOn =
                next == UInt8(ascii: "_") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next)
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(next | 0x20)
            return goesOn ? nil : end
        }
        switch byte(start) {
        case UInt8(ascii: "0"):
            guard byte(start + 1) == UInt8(ascii: "x") || byte(start + 1) == UInt8(ascii: "X"),
                let end = endOfHexDigits(from: start + 2)
            else { return 0 }
            return end - start
        case UInt8(ascii: "$"):
            guard let digit = byte(start + 1), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit),
                let end = endOfHexDigits(from: start + 1)
            else { return 0 }
            return end - start
        case UInt8(ascii: "("):
            let prefix = Array(unknownContextPrefix.utf8)
            guard start + prefix.count < items.count,
                prefix.indices.allSatisfy({ byte(start + $0) == prefix[$0] }),
                let end = endOfHexDigits(from: start + prefix.count), byte(end) == UInt8(ascii: ")")
            else { return 0 }
            return end + 1 - start
        default:
            return 0
        }
    }

    /// How Swift's demangler names a context it cannot: `(unknown context at $10a4b8c)`.
    private static let unknownContextPrefix = "(unknown context at $"

    /// The identifiers of `text`.
    static func identifiers(_ text: String) -> [String] {
        var found: [String] = []
        _ = rewriteIdentifiers(text) { word in
            found.append(word)
            return nil
        }
        return found
    }

    /// Swift's, SwiftUI's and the system's words, which stay as they are.
    static func isSystemWord(_ word: String) -> Bool {
        systemWords.contains(word) || systemModules.contains(word) || word.hasSuffix("Gesture")
            || word.hasPrefix("UI") || word.hasPrefix("NS") || word.hasPrefix("_")
    }

    /// Modules whose names, and whose code's names, are the system's.
    static let systemModules: Set<String> = [
        "SwiftUI", "SwiftUICore", "AttributeGraph", "UIKitCore", "UIKit", "AppKit", "Foundation", "Combine",
        "CoreFoundation", "Swift", "Observation", "CoreData", "SwiftData", "libswiftCore", "libdispatch", "dylib",
    ]

    static let systemWords: Set<String> = [
        // Swift
        "Array", "Set", "Dictionary", "Optional", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16",
        "UInt32", "UInt64", "Double", "Float", "Bool", "String", "Character", "Substring", "Void", "Never", "Any",
        "AnyObject", "Result", "Error", "Date", "URL", "UUID", "Data", "closure", "in", "getter", "setter", "modify",
        "init", "deinit", "didSet", "willSet", "callAsFunction", "thunk", "reabstraction", "partial", "apply",
        "for", "of", "to", "with", "from", "at", "by", "the", "and", "or", "self", "Self", "some", "any",
        // SwiftUI and the titles Instruments writes
        "View", "body", "State", "Binding", "Observable", "ObservableObject", "ObservedObject", "StateObject",
        "EnvironmentObject", "Environment", "EnvironmentValues", "AppStorage", "SceneStorage", "FocusState",
        "GestureState", "Published", "External", "EnvironmentWriter", "Child", "Layout", "Creation", "App",
        "Update", "Updates", "Transaction", "Gesture", "Tap", "Time", "Text", "Image", "Button", "List", "ForEach",
        "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "NavigationStack", "NavigationSplitView",
        "ScrollView", "Group", "Section", "Toggle", "Color", "Spacer", "ButtonAction", "ScrollPrefetch",
        "DynamicContainerInfo", "ViewResponders", "Responders", "Reuse", "graph", "Other", "Representable",
        "KeyPressModifier", "FocusScope", "MergedEnvironment", "ChildEnvironment", "UserDefaultObserver",
        "AttributeInvalidatingSubscriber", "invalidateAttribute", "send", "Target", "GraphAttribute",
        "GraphInputs", "Phase", "LayoutChildGeometries", "AnimatableFrameAttribute", "ForegroundStyle",
        "ScrollViewChildContainerSize", "Main", "Thread", "main",
        // Swift's words in symbols and SwiftUI's types that app code specializes
        "static", "nonobjc", "objc", "specialized", "escaping", "callee_guaranteed", "guaranteed", "owned",
        "unowned", "protocol", "witness", "conformance", "implicit", "outlined", "copy", "destroy", "retain",
        "release", "consume", "metadata", "accessor", "lazy", "async", "resume", "merged", "generic", "type",
        "value", "forwarder", "dispatch", "allocating", "TupleView", "ModifiedContent", "RoundedRectangle",
        "ViewBuilder", "buildEither", "buildBlock", "buildIf", "AnyView", "EmptyView", "Storage", "first", "out",
        "take", "swiftmacro", "Scroll", "Drag", "Swipe", "Pinch", "Label", "NavigationLink", "Sheet", "sheet",
        "onAppear", "task",
        // The words of a change line, which the reader needs as they are
        "changed", "unchanged", "identity", "dependencies",
        // SwiftUI's public views, shapes and containers, which name the system's nodes (`AsyncImage<Image>`)
        "Divider", "AsyncImage", "Form", "Grid", "GridRow", "LazyVGrid", "LazyHGrid", "TabView",
        "Picker", "Slider", "Stepper", "TextField", "SecureField", "TextEditor", "DatePicker", "ColorPicker",
        "ProgressView", "Link", "ShareLink", "Menu", "DisclosureGroup", "OutlineGroup", "GeometryReader",
        "ScrollViewReader", "Canvas", "TimelineView", "ViewThatFits", "ContentUnavailableView", "Gauge",
        "ControlGroup", "GroupBox", "LabeledContent", "Table", "TableColumn", "TableRow", "NavigationView",
        "EquatableView", "AnyShape", "Circle", "Rectangle", "Capsule", "Ellipse", "UnevenRoundedRectangle",
        "Path", "Shape", "Font", "LocalizedStringKey", "EdgeInsets", "Alignment", "Edge", "Namespace",
        "Animation", "AnyTransition", "ViewModifier", "EmptyModifier", "PrimitiveButtonStyle", "ButtonStyle",
        // Swift's, Foundation's and Core Graphics' types that specialize them (`ForEach<Range<Int>, Int, Text>`)
        "Range", "ClosedRange", "KeyPath", "WritableKeyPath", "ObjectIdentifier", "IndexSet", "Identifiable",
        "Hashable", "Equatable", "Comparable", "Sendable", "Decimal", "TimeInterval", "Measurement", "CGFloat",
        "CGSize", "CGPoint", "CGRect", "AnyHashable", "EnumeratedSequence", "Slice", "ArraySlice", "Unit", "Keys",
        "Values", "Element", "Indices",
    ]
}
