import Testing

/// The slow tiers, to run or skip as a whole:
/// `swift test --skip-tags plugin` (nested package builds take minutes),
/// `swift test --filter-tags browser`.
extension Tag {
    /// Builds the example package and runs the command plugin through a nested `swift package`.
    @Tag static var plugin: Self
    /// Drives headless Chromium over the DevTools pipe.
    @Tag static var browser: Self
}
