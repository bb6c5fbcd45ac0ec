/// How a cause-graph node cell of an export is sorted into a node kind.
///
/// Instruments does not document the grammar of its node titles, so the
/// kinds come from one ordered rule table, built from the titles seen in
/// real recordings (listed beside each rule). The first rule whose
/// conditions all hold decides; users put their own rules first with
/// `--classify FILE` (see ``ClassificationRuleFile``). A title no rule
/// matches becomes an `other` node and is reported, never dropped.
///
/// The owner: a `gray` node, or an update in one of SwiftUI's own modules
/// (`TitleClassifier.systemModules`), is the system's; otherwise a `blue`
/// node is the app's (its code and its user). Any other colour (orange and
/// teal occur) says nothing about the owner: the rule decides.
///
/// A title `View.body` is the body of `View`: the suffix is dropped before
/// the rules are tried, so it merges with the view's other updates.
package struct ClassificationRule: Sendable, Equatable {
    /// A condition on the title.
    package enum TitleMatch: Sendable, Equatable {
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

    /// How the title must match.
    package var title: TitleMatch
    /// The SF Symbol name must start with this, when given.
    package var iconPrefix: String?
    /// The colour must be exactly this, when given.
    package var colour: String?
    /// The kind of node a matching title becomes.
    package var kind: NodeKind
    /// The owner when the colour is neither blue nor gray.
    package var owner: Owner

    /// A rule with every condition given; the conditions left out match anything.
    package init(_ title: TitleMatch, iconPrefix: String? = nil, colour: String? = nil, kind: NodeKind, owner: Owner) {
        self.title = title
        self.iconPrefix = iconPrefix
        self.colour = colour
        self.kind = kind
        self.owner = owner
    }

    /// The built-in table, in the order it is tried.
    package static let builtIn: [ClassificationRule] = [
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
        // "External Environment", "External: EnvironmentValues", "External: Time"
        ClassificationRule(.exact("External Environment"), kind: .externalEnvironment, owner: .system),
        ClassificationRule(.prefix("External: "), kind: .externalEnvironment, owner: .system),
        // "EnvironmentWriter: ForegroundStyle", "EnvironmentWriter: KeyPressModifier"
        ClassificationRule(.prefix("EnvironmentWriter: "), kind: .environmentWriter, owner: .system),
        // "Child Environment: FocusScope": an environment a parent wrote for its children.
        ClassificationRule(.prefix("Child Environment: "), kind: .environmentWriter, owner: .system),
        // SwiftUI's own graph inputs and attributes, which start work but are
        // no view's body: "_GraphInputs.Phase", "ScrollPrefetch", "View Responders",
        // "DynamicContainerInfo<…>", "ScrollViewChildContainerSize".
        ClassificationRule(.prefix("_GraphInputs."), kind: .other, owner: .system),
        ClassificationRule(.exact("ScrollPrefetch"), kind: .other, owner: .system),
        ClassificationRule(.exact("View Responders"), kind: .other, owner: .system),
        ClassificationRule(.prefix("DynamicContainerInfo<"), kind: .other, owner: .system),
        ClassificationRule(.exact("ScrollViewChildContainerSize"), kind: .other, owner: .system),
        // "Layout: AnimatableFrameAttribute", "Layout: LayoutChildGeometries"
        ClassificationRule(.prefix("Layout: "), kind: .other, owner: .system),
        // "View Creation / Reuse"
        ClassificationRule(.exact("View Creation / Reuse"), kind: .other, owner: .system),
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

    /// The endings of titles the built-in rules classify by (`Representable`).
    static let builtInSuffixes: [String] = builtIn.compactMap {
        if case .suffix(let suffix) = $0.title { suffix } else { nil }
    }

    /// Whether the rule holds for a node cell.
    package func matches(title text: String, colour cellColour: String?, icon: String?) -> Bool {
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
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"),
                0x80...0xFF:
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
    /// The title to show and merge by: the cell's, without a `.body` suffix.
    var title: String
    var kind: NodeKind
    var owner: Owner
    /// False when no rule matched and the kind is the `other` fallback.
    var isClassified: Bool
}

/// Applies the user's rules, then the built-in ones.
struct TitleClassifier {
    let rules: [ClassificationRule]

    /// The modules of SwiftUI and the frameworks it runs on: an update in
    /// one of them is the system's work whatever its colour.
    static let systemModules: Set<String> = [
        "SwiftUI", "SwiftUICore", "AttributeGraph", "UIKitCore", "UIKit", "AppKit",
    ]

    init(userRules: [ClassificationRule] = []) {
        rules = userRules + ClassificationRule.builtIn
    }

    func classify(title: String, colour: String?, icon: String?) -> NodeClassification {
        let title = Self.withoutBodySuffix(title)
        let colourOwner = Self.owner(ofColour: colour)
        for rule in rules where rule.matches(title: title, colour: colour, icon: icon) {
            return NodeClassification(
                title: title, kind: rule.kind, owner: colourOwner ?? rule.owner, isClassified: true)
        }
        return NodeClassification(title: title, kind: .other, owner: colourOwner ?? .system, isClassified: false)
    }

    /// The owner of an event in `module` that was classified as `owner`.
    static func owner(_ owner: Owner, module: String?) -> Owner {
        guard let module, systemModules.contains(module) else { return owner }
        return .system
    }

    /// Blue marks the app's own code and the user's actions; gray the system's.
    static func owner(ofColour colour: String?) -> Owner? {
        switch colour?.lowercased() {
        case "blue": .app
        case "gray", "grey": .system
        default: nil
        }
    }

    /// `RepositorySectionView.body` → `RepositorySectionView`; any other
    /// title as it is.
    static func withoutBodySuffix(_ title: String) -> String {
        guard title.hasSuffix(".body") else { return title }
        let type = String(title.dropLast(".body".count))
        return ClassificationRule.isTypeName(type) ? type : title
    }
}
