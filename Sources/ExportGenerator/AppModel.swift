/// The app: its nodes, its view tree and the causes that drive it.
struct AppModel {
    var nodes: [NodeType] = []
    var views: [ViewType] = []
    /// Section views, each with @State and an environment value it writes for its subtree.
    var sections: [Int] = []
    /// Row views of the library list, created as it scrolls.
    var rows: [Int] = []
    var environmentReaders: [Int] = []
    var clock = 0
    var tap = 0, scroll = 0, prefetch = 0, reuse = 0, model = 0, timer = 0, darkMode = 0, writer = 0
    var states: [Int] = []

    static let systemViews = [
        "Text", "Image", "HStack<TupleView<(Image, Text)>>", "VStack<TupleView<(Text, Text)>>", "Button<Text>",
        "_ViewModifier_Content<_PaddingLayout>", "ScrollView<LazyVStack<ForEach<Array<Item>, Int, Row>>>",
        "List<Never, ForEach<Array<Item>, Int, Row>>", "Spacer", "Divider", "Label<Text, Image>",
        "ZStack<TupleView<(Color, Text)>>",
        "NavigationLink<Text, Never>", "ForEach<Array<Card>, Int, CardView>", "AsyncImage<Image>", "Toggle<Text>",
    ]
    static let features = [
        "Library", "Browse", "Search", "Radio", "Profile", "Settings", "Downloads", "Charts", "Podcasts", "Videos",
        "Friends", "Store",
    ]
    static let rowKinds = [
        "Album", "Song", "Artist", "Playlist", "Genre", "Podcast", "Episode", "Video", "Station", "Composer",
    ]
    static let rowStyles = ["", "Compact", "Grid", "Featured"]

    mutating func node(_ title: String, _ kind: Kind, app: Bool, icon: String, view: String? = nil) -> Int {
        nodes.append(NodeType(title: title, kind: kind, isApp: app, icon: icon, view: view))
        return nodes.count - 1
    }

    mutating func view(_ name: String, app: Bool, readsEnvironment: Bool, parent: Int?) -> Int {
        let node = node(app ? name + ".body" : name, .body, app: app, icon: "square.stack.3d.up", view: name)
        views.append(ViewType(node: node, readsEnvironment: readsEnvironment, isApp: app))
        let index = views.count - 1
        if let parent { views[parent].children.append(index) }
        if readsEnvironment { environmentReaders.append(index) }
        return index
    }

    /// Two to three system views under an app view, chosen by its position.
    mutating func systemChildren(of parent: Int, _ position: Int) {
        for offset in 0..<(2 + position % 2) {
            let name = Self.systemViews[(position * 7 + offset * 3) % Self.systemViews.count]
            let child = view(name, app: false, readsEnvironment: offset == 0, parent: parent)
            if offset == 0 && position % 3 == 0 {
                _ = view("Text", app: false, readsEnvironment: true, parent: child)
            }
        }
    }

    init() {
        tap = node("TapGesture", .gesture, app: true, icon: "hand.tap")
        scroll = node("Gesture: Scroll", .gesture, app: true, icon: "hand.draw")
        model = node("@Observable LibraryModel.(Array<Item>)", .observable, app: true, icon: "eye")
        timer = node("External: Time", .externalEnvironment, app: false, icon: "clock")
        darkMode = node("External Environment", .externalEnvironment, app: false, icon: "globe")
        writer = node("EnvironmentWriter: ForegroundStyle", .environmentWriter, app: false, icon: "pencil")
        for name in ["isExpanded", "selection", "query", "isPresented"] {
            states.append(node("@State: \(name)", .state, app: true, icon: "a.square"))
        }
        prefetch = node("ScrollPrefetch", .other, app: false, icon: "scroll")
        reuse = node("View Creation / Reuse", .other, app: false, icon: "square.on.square")

        let root = view("LibraryApp", app: true, readsEnvironment: false, parent: nil)
        let tabs = view("TabView<Int, TupleView<…>>", app: false, readsEnvironment: true, parent: root)
        clock = view("ClockView", app: true, readsEnvironment: false, parent: root)
        _ = view("Text", app: false, readsEnvironment: true, parent: clock)
        var position = 0
        for feature in Self.features {
            let featureView = view("\(feature)View", app: true, readsEnvironment: true, parent: tabs)
            for section in 0..<8 {
                let sectionView = view(
                    "\(feature)Section\(section)", app: true, readsEnvironment: true, parent: featureView)
                sections.append(sectionView)
                for card in 0..<10 {
                    position += 1
                    let cardView = view(
                        "\(feature)Section\(section)Card\(card)", app: true, readsEnvironment: position % 2 == 0,
                        parent: sectionView)
                    systemChildren(of: cardView, position)
                    for detail in 0..<2 {
                        let detailView = view(
                            "\(feature)Card\(section)x\(card)Detail\(detail)", app: true, readsEnvironment: detail == 0,
                            parent: cardView)
                        systemChildren(of: detailView, position + detail)
                    }
                }
            }
        }
        let list = views.firstIndex { nodes[$0.node].title == "LibraryView.body" }!
        for kind in Self.rowKinds {
            for style in Self.rowStyles {
                let row = view("LibraryItem\(kind)\(style)Row", app: true, readsEnvironment: true, parent: list)
                rows.append(row)
                systemChildren(of: row, rows.count)
            }
        }
    }
}
