/// A view of the app's tree.
struct ViewType {
    var node: Int
    var children: [Int] = []
    /// Whether its body reads the environment, so environment changes check it.
    var readsEnvironment: Bool
    var isApp: Bool
}
