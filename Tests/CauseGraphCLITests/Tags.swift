import Testing

/// The slow tiers, to run or leave out as a whole in a test plan or an IDE.
/// (`swift test` 6.3 selects by name only: `--skip PluginTests`, `--filter Browser`.)
extension Tag {
    /// Builds the example package and runs the command plugin through a nested `swift package`.
    @Tag static var plugin: Self
    /// Drives headless Chromium over the DevTools pipe.
    @Tag static var browser: Self
}
