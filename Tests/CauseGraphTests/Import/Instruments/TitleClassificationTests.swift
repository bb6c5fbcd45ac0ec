import Testing
@testable import CauseGraph

@Suite struct TitleClassificationTests {
    private let classifier = TitleClassifier()

    /// Every title form the domain primer lists, with the colour it is drawn in.
    @Test(arguments: [
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
        #expect(classifier.classify(title: title, colour: colour, icon: icon) == NodeClassification(kind: kind, owner: owner, isClassified: true))
    }

    @Test func colourDecidesTheOwnerAndTheRuleOtherwise() {
        #expect(classifier.classify(title: "ContentView", colour: "gray", icon: nil).owner == .system)
        #expect(classifier.classify(title: "External Environment", colour: "blue", icon: nil).owner == .app)
        #expect(classifier.classify(title: "ContentView", colour: "orange", icon: nil).owner == .app)
        #expect(classifier.classify(title: "External Environment", colour: nil, icon: nil).owner == .system)
    }

    @Test func unknownTitlesAreOtherAndMarked() {
        #expect(classifier.classify(title: "a b c", colour: nil, icon: nil) == NodeClassification(kind: .other, owner: .system, isClassified: false))
        #expect(classifier.classify(title: "", colour: "blue", icon: nil) == NodeClassification(kind: .other, owner: .app, isClassified: false))
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
