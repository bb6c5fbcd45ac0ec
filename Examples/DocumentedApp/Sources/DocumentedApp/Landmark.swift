/// A place worth a visit, as a row of the landmark list shows it.
public struct Landmark: Identifiable, Hashable, Sendable {
    public var id: Int
    public var name: String
    public var isFavorite: Bool

    public init(id: Int, name: String, isFavorite: Bool = false) {
        self.id = id
        self.name = name
        self.isFavorite = isFavorite
    }
}
