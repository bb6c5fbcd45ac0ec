import Foundation

extension Duration {
    /// The duration in seconds, for Dispatch's and Foundation's clocks.
    public var timeInterval: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
