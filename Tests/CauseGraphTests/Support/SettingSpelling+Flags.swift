import CauseGraph

extension SettingSpelling {
    /// Settings spelled as flags (`maxNodes` as `--max-nodes`), as the
    /// command line spells them, so the library's words read as users see them.
    static let flags = SettingSpelling { setting in
        "--" + setting.rawValue.map { $0.isUppercase ? "-" + $0.lowercased() : String($0) }.joined()
    }
}
