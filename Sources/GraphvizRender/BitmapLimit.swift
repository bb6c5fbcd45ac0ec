/// The largest bitmap cairo draws: at most 32,767 pixels a side (its
/// `CAIRO_XMAX`). A larger PNG is scaled down by cairo itself, which says so
/// on standard error, where causegraph cannot capture it, naming no file.
/// So a PNG is limited before it reaches cairo, through the graph's `size`
/// (which only ever scales down), and the scale is returned instead.
enum BitmapLimit {
    /// The pixels a PNG is drawn at per inch: cairo's, which the DOT leaves as it is.
    static let pixelsPerInch = 96.0
    /// The drawing's largest side, in inches: 32,000 pixels, which leaves room
    /// for the pad Graphviz draws around it.
    static let largestSide = 32_000 / pixelsPerInch

    /// The `size` attribute that keeps a drawing within the limit.
    static let sizeAttribute = (name: "size", value: "\(Int(largestSide)),\(Int(largestSide))")

    /// The factor a drawing whose bounding box is `boundingBox` (Graphviz's
    /// `bb` after layout: "llx lly urx ury" in points, or with commas, as a
    /// DOT file writes it) is scaled by to fit, when it is scaled at all;
    /// `nil` for one that fits, or a box that does not parse.
    static func scale(boundingBox: String) -> Double? {
        let corners = boundingBox.split(whereSeparator: { $0 == "," || $0 == " " }).compactMap { Double($0) }
        guard corners.count == 4 else { return nil }
        let largest = Double(Int(largestSide)) * 72
        let width = corners[2] - corners[0]
        let height = corners[3] - corners[1]
        let scale = min(largest / width, largest / height)
        return scale.isFinite && scale < 1 ? scale : nil
    }
}
