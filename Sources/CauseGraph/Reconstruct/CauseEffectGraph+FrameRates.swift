extension CauseEffectGraph {
    /// Warns when the traces read disagree on the frame rate, saying which
    /// rates apply; returns the graph unchanged.
    package func notingFrameRates(in diagnostics: inout Diagnostics) -> CauseEffectGraph {
        if frameRates.count > 1 {
            let rates = frameRates.map { JSONText.number($0) + " Hz" }.joined(separator: ", ")
            diagnostics.warn(
                "the traces were recorded at different frame rates (\(rates)): each update is judged at its own trace's rate; --frame-rate judges them all at one"
            )
        }
        return self
    }
}
