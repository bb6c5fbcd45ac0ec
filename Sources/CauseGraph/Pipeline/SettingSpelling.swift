/// How the edge that shows the library's words names a ``Setting``: a
/// command-line flag, an MCP argument, or the setting's own neutral name.
public struct SettingSpelling: Sendable {
    private let spell: @Sendable (Setting) -> String

    /// A spelling that names each setting as `spell` does.
    public init(_ spell: @escaping @Sendable (Setting) -> String) {
        self.spell = spell
    }

    /// The setting's name in this spelling.
    public func callAsFunction(_ setting: Setting) -> String {
        spell(setting)
    }

    /// Each setting by its own name (`maxNodes`), for words no edge re-spells.
    public static let neutral = SettingSpelling { $0.rawValue }
}
