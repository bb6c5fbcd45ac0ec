/// How a cause-graph node cell of an export is sorted into a node kind.
///
/// Instruments does not document the grammar of its node titles, so the
/// kinds come from one ordered rule table, built from the titles seen in
/// real recordings (listed beside each rule). The first rule whose
/// conditions all hold decides; users put their own rules first with
/// `--classify FILE` (see ``ClassificationRuleFile``). A title no rule
/// matches becomes an `other` node and is reported, never dropped.
///
/// The owner comes from the cell's colour — `blue` is the app (its code and
/// its user), `gray` the system — and, for any other colour, from the rule.
public struct ClassificationRule: Sendable, Equatable {
    /// A condition on the title.
    public enum TitleMatch: Sendable, Equatable {
        case any
        case exact(String)
        case prefix(String)
        case suffix(String)
        case contains(String)
        /// A regular expression found anywhere in the title.
        case pattern(TitlePattern)
        /// A Swift type name: `ContentView`, `Outer.Inner`, `Row<Item>`.
        case typeName
    }

    public var title: TitleMatch
    /// The SF Symbol name must start with this, when given.
    public var iconPrefix: String?
    /// The colour must be exactly this, when given.
    public var colour: String?
    public var kind: NodeKind
    /// The owner when the colour is neither blue nor gray.
    public var owner: Owner

    public init(_ title: TitleMatch, iconPrefix: String? = nil, colour: String? = nil, kind: NodeKind, owner: Owner) {
        self.title = title
        self.iconPrefix = iconPrefix
        self.colour = colour
        self.kind = kind
        self.owner = owner
    }

    /// The built-in table, in the order it is tried.
    public static let builtIn: [ClassificationRule] = [
        // ObservableObject wrappers before "@State", which prefixes "@StateObject".
        ClassificationRule(.prefix("@StateObject"), kind: .observable, owner: .app),
        ClassificationRule(.prefix("@ObservedObject"), kind: .observable, owner: .app),
        ClassificationRule(.prefix("@EnvironmentObject"), kind: .observable, owner: .app),
        // "@Observable Landmark.isFavorite", "@ObservableObject …"
        ClassificationRule(.prefix("@Observable"), kind: .observable, owner: .app),
        // "@State: counter"
        ClassificationRule(.prefix("@State"), kind: .state, owner: .app),
        ClassificationRule(.prefix("@Binding"), kind: .state, owner: .app),
        // "@AppStorage TextStyleModifier.fontOption"
        ClassificationRule(.prefix("@AppStorage"), kind: .state, owner: .app),
        ClassificationRule(.prefix("@SceneStorage"), kind: .state, owner: .app),
        ClassificationRule(.prefix("@FocusState"), kind: .state, owner: .app),
        ClassificationRule(.prefix("@GestureState"), kind: .state, owner: .app),
        // "External Environment", "External: EnvironmentValues"
        ClassificationRule(.exact("External Environment"), kind: .externalEnvironment, owner: .system),
        ClassificationRule(.prefix("External: "), kind: .externalEnvironment, owner: .system),
        // "EnvironmentWriter: ForegroundStyle"
        ClassificationRule(.prefix("EnvironmentWriter: "), kind: .environmentWriter, owner: .system),
        // "TapGesture", "Tap Gesture", "Gesture: Tap", or a hand symbol ("hand.tap").
        ClassificationRule(.suffix("Gesture"), kind: .gesture, owner: .app),
        ClassificationRule(.prefix("Gesture"), kind: .gesture, owner: .app),
        ClassificationRule(.any, iconPrefix: "hand.", kind: .gesture, owner: .app),
        // "Creation of App": the root that made the first views.
        ClassificationRule(.prefix("Creation of "), kind: .other, owner: .system),
        // "<graph>": AttributeGraph's own work.
        ClassificationRule(.exact("<graph>"), kind: .other, owner: .system),
        // "closure #1 in UserDefaultObserver.Target.GraphAttribute.send()"
        ClassificationRule(.prefix("closure #"), kind: .other, owner: .system),
        // "MapViewRepresentable": a hosted UIKit or AppKit view.
        ClassificationRule(.suffix("Representable"), kind: .representable, owner: .app),
        // "ContentView", "LandmarkListItemView", "Row<Item>": a view body.
        ClassificationRule(.typeName, kind: .body, owner: .app),
    ]

    /// Whether the rule holds for a node cell.
    public func matches(title text: String, colour cellColour: String?, icon: String?) -> Bool {
        if let iconPrefix {
            guard let icon, icon.hasPrefix(iconPrefix) else { return false }
        }
        if let colour, colour != cellColour { return false }
        switch title {
        case .any: return true
        case .exact(let expected): return text == expected
        case .prefix(let prefix): return text.hasPrefix(prefix)
        case .suffix(let suffix): return text.hasSuffix(suffix)
        case .contains(let part): return text.contains(part)
        case .pattern(let pattern): return pattern.matches(text)
        case .typeName: return Self.isTypeName(text)
        }
    }

    /// Identifiers joined by dots, each optionally followed by balanced
    /// generic arguments, which may hold anything but unbalanced brackets.
    static func isTypeName(_ text: String) -> Bool {
        var expectingIdentifier = true
        var genericDepth = 0
        var sawIdentifier = false
        for byte in text.utf8 {
            if genericDepth > 0 {
                if byte == UInt8(ascii: "<") { genericDepth += 1 }
                if byte == UInt8(ascii: ">") { genericDepth -= 1 }
                continue
            }
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"), 0x80...0xFF:
                expectingIdentifier = false
                sawIdentifier = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if expectingIdentifier { return false }
            case UInt8(ascii: "."):
                if expectingIdentifier { return false }
                expectingIdentifier = true
            case UInt8(ascii: "<"):
                if expectingIdentifier { return false }
                genericDepth = 1
            default:
                return false
            }
        }
        return sawIdentifier && !expectingIdentifier && genericDepth == 0
    }
}

/// What the rules made of one node cell.
struct NodeClassification: Equatable {
    var kind: NodeKind
    var owner: Owner
    /// False when no rule matched and the kind is the `other` fallback.
    var isClassified: Bool
}

/// Applies the user's rules, then the built-in ones.
struct TitleClassifier {
    let rules: [ClassificationRule]

    init(userRules: [ClassificationRule] = []) {
        rules = userRules + ClassificationRule.builtIn
    }

    func classify(title: String, colour: String?, icon: String?) -> NodeClassification {
        let colourOwner = Self.owner(ofColour: colour)
        for rule in rules where rule.matches(title: title, colour: colour, icon: icon) {
            return NodeClassification(kind: rule.kind, owner: colourOwner ?? rule.owner, isClassified: true)
        }
        return NodeClassification(kind: .other, owner: colourOwner ?? .system, isClassified: false)
    }

    /// Blue marks the app's own code and the user's actions; gray the system's.
    static func owner(ofColour colour: String?) -> Owner? {
        switch colour?.lowercased() {
        case "blue": .app
        case "gray", "grey": .system
        default: nil
        }
    }
}
