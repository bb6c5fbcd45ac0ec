extension CauseGraph {
    /// Reads the traces at `paths` and reconstructs their cause graph: the
    /// import and reconstruct stages of the pipeline in one call.
    public static func reconstruct(
        from paths: [String], settings: ImportSettings = ImportSettings(), diagnostics: inout Diagnostics
    ) throws(Diagnostic) -> CauseGraph {
        var builder = GraphBuilder(frameRate: settings.frameRate)
        try TraceInput.read(paths: paths, settings: settings, into: &builder, diagnostics: &diagnostics)
        return builder.finish()
    }
}
