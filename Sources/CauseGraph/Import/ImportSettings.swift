/// What the user said about how to read the inputs.
public struct ImportSettings: Sendable {
    /// The format to assume for every input; `nil` detects it per file.
    public var format: InputFormat?
    /// The display's refresh rate, overriding what a trace records; importers
    /// that group events into frames use it too.
    public var frameRate: Double?
    /// Files of extra title-classification rules (`--classify`), tried
    /// before the built-in ones.
    public var classificationFiles: [String]
    /// The run of a `.trace` bundle to read (`--run`); `nil` when it holds one.
    public var run: Int?
    /// Told how far reading has got, after every read and once at the end
    /// (see ``ReadProgress``); `nil` for no progress.
    public var progress: (@Sendable (ReadProgress) -> Void)?
    /// Where what a `.trace` bundle or a large Instruments export gave is
    /// kept for the next read of it; `nil` reads every input afresh.
    package var cache: TraceCache?
    /// How the words reading says name a setting (`--run` on the command
    /// line); neutral names unless the edge showing them says otherwise.
    package var spelling: SettingSpelling = .neutral

    /// Settings with every field given; the defaults detect the format, use the trace's frame rate and cache nothing.
    public init(
        format: InputFormat? = nil, frameRate: Double? = nil, classificationFiles: [String] = [], run: Int? = nil,
        progress: (@Sendable (ReadProgress) -> Void)? = nil, cache: TraceCache? = nil
    ) {
        self.cache = cache
        self.progress = progress
        self.format = format
        self.frameRate = frameRate
        self.classificationFiles = classificationFiles
        self.run = run
    }
}
