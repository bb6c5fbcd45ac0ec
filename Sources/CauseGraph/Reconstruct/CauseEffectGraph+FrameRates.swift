extension CauseEffectGraph {
    /// Warns when the traces read disagree on the frame rate, saying which
    /// rates apply, naming the frame-rate setting as `spelling` does; returns the graph unchanged.
    package func notingFrameRates(in diagnostics: inout Diagnostics, spelling: SettingSpelling) -> CauseEffectGraph {
        if frameRates.count > 1 {
            let rates = frameRates.map { JSONText.number($0) + " Hz" }.joined(separator: ", ")
            diagnostics.warn(
                "the traces were recorded at different frame rates (\(rates)): each update is judged at its own trace's rate; \(spelling(.frameRate)) judges them all at one"
            )
        }
        return self
    }
}
