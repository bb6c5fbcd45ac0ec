/// The app's own names and their stable pseudonyms: the same name gets the
/// same pseudonym everywhere in a recording (`View3`, `Type2.property5`).
/// Names are numbered in the order first met, so the output is the same on
/// every run; a salt numbers them by a hash of salt and name instead, so two
/// recordings redacted with different salts cannot be linked by their
/// numbering.
public struct Pseudonyms: Sendable {
    /// What a name is, which decides its pseudonym's prefix.
    public enum Role: String, Sendable {
        case view = "View"
        case type = "Type"
        case property = "property"
        case module = "Module"
        case app = "App"
    }

    private let salt: String?
    /// Each name and its pseudonym.
    public private(set) var mapping: [String: String] = [:]
    /// Names in the order met, for a deterministic map.
    public private(set) var order: [String] = []
    private var counts: [Role: Int] = [:]

    public init(salt: String? = nil) {
        self.salt = salt
    }

    /// Whether `name` is one of the app's.
    public func isAppName(_ name: String) -> Bool { mapping[name] != nil }

    /// Records `name` as the app's, in `role` unless it has one already.
    public mutating func claim(_ name: String, as role: Role) {
        guard mapping[name] == nil, !name.isEmpty, !Self.isSystemWord(name) else { return }
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
        while mapping.values.contains(pseudonym) { pseudonym += "x" }
        mapping[name] = pseudonym
        order.append(name)
    }

    /// `text` with every app name in it replaced; other words kept.
    public func replacingAppNames(in text: String) -> String {
        Self.rewriteIdentifiers(text) { mapping[$0] }
    }

    /// Calls `rewrite` on each identifier of `text` (a run of letters,
    /// digits and `_` starting with no digit) and puts back what it
    /// returns, or the identifier when it returns `nil`.
    static func rewriteIdentifiers(_ text: String, _ rewrite: (String) -> String?) -> String {
        var result = ""
        var word = ""
        func flush() {
            if !word.isEmpty { result += rewrite(word) ?? word }
            word = ""
        }
        for character in text {
            if character == "_" || character.isLetter || (character.isNumber && !word.isEmpty) {
                word.append(character)
            } else {
                flush()
                result.append(character)
            }
        }
        flush()
        return result
    }

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
    ]
}
