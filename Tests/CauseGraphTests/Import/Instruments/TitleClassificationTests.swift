import Testing

@testable import CauseGraph

@Suite struct TitleClassificationTests {
    private let classifier = TitleClassifier()

    /// Every title form the domain primer lists, with the colour it is drawn in.
    @Test(
        arguments: [
            ("ContentView", "blue", "square.stack.3d.up", NodeKind.body, Owner.app),
            ("Outer.Inner", "blue", nil, .body, .app),
            ("Row<Item>", "gray", nil, .body, .system),
            ("EnvironmentWriter: ForegroundStyle", "gray", "pencil", .environmentWriter, .system),
            ("External Environment", "gray", "globe", .externalEnvironment, .system),
            ("External: EnvironmentValues", "gray", "globe", .externalEnvironment, .system),
            ("@State: counter", "blue", nil, .state, .app),
            ("@AppStorage TextStyleModifier.fontOption", "blue", nil, .state, .app),
            ("@Binding: isOn", "blue", nil, .state, .app),
            ("@FocusState: field", "blue", nil, .state, .app),
            ("@GestureState: offset", "blue", nil, .state, .app),
            ("@SceneStorage: tab", "blue", nil, .state, .app),
            ("@Observable Landmark.isFavorite", "blue", "eye", .observable, .app),
            ("@StateObject: model", "blue", nil, .observable, .app),
            ("@ObservedObject: store", "blue", nil, .observable, .app),
            ("@EnvironmentObject: settings", "blue", nil, .observable, .app),
            ("TapGesture", "blue", "hand.tap", .gesture, .app),
            ("Long Press", "blue", "hand.point.up.left", .gesture, .app),
            ("Creation of App", "gray", "app", .other, .system),
            ("<graph>", "gray", nil, .other, .system),
            ("closure #1 in UserDefaultObserver.Target.GraphAttribute.send()", "gray", nil, .other, .system),
            ("MapViewRepresentable", "blue", nil, .representable, .app),
        ] as [(String, String?, String?, NodeKind, Owner)])
    func classifiesTitle(title: String, colour: String?, icon: String?, kind: NodeKind, owner: Owner) {
        #expect(
            classifier.classify(title: title, colour: colour, icon: icon)
                == NodeClassification(title: title, kind: kind, owner: owner, isClassified: true))
    }

    /// Titles quoted from published recordings (see fixtures/real/PROVENANCE.md
    /// and the domain primer), with the colours they were drawn in.
    @Test(
        arguments: [
            ("@Observable ModelData.(Array<Landmark>)", "blue", NodeKind.observable, Owner.app),
            ("External: Time", "gray", .externalEnvironment, .system),
            ("External: EnvironmentValues", "gray", .externalEnvironment, .system),
            ("Child Environment: FocusScope", "gray", .environmentWriter, .system),
            ("EnvironmentWriter: KeyPressModifier", "gray", .environmentWriter, .system),
            ("_GraphInputs.Phase", "gray", .other, .system),
            ("ScrollPrefetch", "gray", .other, .system),
            ("View Responders", "gray", .other, .system),
            ("DynamicContainerInfo<ForEach<Array<Landmark>, Int, LandmarkListItemView>>", "gray", .other, .system),
            ("ScrollViewChildContainerSize", "gray", .other, .system),
            ("Layout: AnimatableFrameAttribute", "gray", .other, .system),
            ("Layout: LayoutChildGeometries", "gray", .other, .system),
            ("View Creation / Reuse", "gray", .other, .system),
        ] as [(String, String?, NodeKind, Owner)])
    func classifiesPublishedTitles(title: String, colour: String?, kind: NodeKind, owner: Owner) {
        #expect(
            classifier.classify(title: title, colour: colour, icon: nil)
                == NodeClassification(title: title, kind: kind, owner: owner, isClassified: true))
        // The system's attributes are never view bodies, whatever their colour.
        if owner == .system, kind == .other {
            #expect(classifier.classify(title: title, colour: "blue", icon: nil).kind == .other)
        }
    }

    @Test func aBodySuffixNamesTheViewsBody() {
        #expect(
            classifier.classify(title: "RepositorySectionView.body", colour: "blue", icon: nil)
                == NodeClassification(title: "RepositorySectionView", kind: .body, owner: .app, isClassified: true))
        #expect(classifier.classify(title: "Outer.Row<Item>.body", colour: nil, icon: nil).title == "Outer.Row<Item>")
        // Not a type before the suffix: the title stays as it is.
        #expect(classifier.classify(title: "a b.body", colour: nil, icon: nil).title == "a b.body")
        #expect(classifier.classify(title: ".body", colour: nil, icon: nil).title == ".body")
    }

    @Test func systemModulesAndOtherColoursDecideTheOwnerByRule() {
        // Orange and teal occur in real recordings; they say nothing about the owner.
        #expect(classifier.classify(title: "FocusScope", colour: "teal", icon: nil).owner == .app)
        #expect(classifier.classify(title: "External: Time", colour: "orange", icon: nil).owner == .system)
        #expect(TitleClassifier.owner(.app, module: "SwiftUI") == .system)
        #expect(TitleClassifier.owner(.app, module: "SwiftUICore") == .system)
        #expect(TitleClassifier.owner(.app, module: "Landmarks") == .app)
        #expect(TitleClassifier.owner(.system, module: nil) == .system)
    }

    @Test func colourDecidesTheOwnerAndTheRuleOtherwise() {
        #expect(classifier.classify(title: "ContentView", colour: "gray", icon: nil).owner == .system)
        #expect(classifier.classify(title: "External Environment", colour: "blue", icon: nil).owner == .app)
        #expect(classifier.classify(title: "ContentView", colour: "orange", icon: nil).owner == .app)
        #expect(classifier.classify(title: "External Environment", colour: nil, icon: nil).owner == .system)
    }

    @Test func unknownTitlesAreOtherAndMarked() {
        #expect(
            classifier.classify(title: "a b c", colour: nil, icon: nil)
                == NodeClassification(title: "a b c", kind: .other, owner: .system, isClassified: false))
        #expect(
            classifier.classify(title: "", colour: "blue", icon: nil)
                == NodeClassification(title: "", kind: .other, owner: .app, isClassified: false))
    }

    @Test func typeNames() {
        for name in ["A", "_Private", "Outer.Inner", "Row<Item>", "ForEach<Array<Item>, Int, Row>", "Café"] {
            #expect(ClassificationRule.isTypeName(name), "\(name)")
        }
        for text in ["", "1View", "A.", ".A", "A<B", "A B", "A>", "closure #1"] {
            #expect(!ClassificationRule.isTypeName(text), "\(text)")
        }
    }
}
