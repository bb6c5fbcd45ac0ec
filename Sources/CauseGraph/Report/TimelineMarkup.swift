/// Draws a ``Timeline`` as an inline SVG strip: the lane names on the
/// left, bars coloured by severity, and a time axis underneath.
///
/// The strip scales as a whole with the page (no CSS positioning, which the
/// page's Content-Security-Policy would refuse), so coordinates are whole or
/// tenth units of a fixed view box.
enum TimelineMarkup {
    static let labelWidth = 210
    static let laneHeight = 22
    static let laneGap = 8
    static let axisHeight = 26

    /// - Parameter selectable: the nodes drawn, which a bar may select.
    static func svg(_ timeline: Timeline, selectable: Set<String>) -> String {
        let plotWidth = timeline.columns
        let width = labelWidth + plotWidth + 10
        let lanesHeight = timeline.lanes.count * (laneHeight + laneGap)
        let height = lanesHeight + axisHeight
        var lines = [
            "<svg class=\"timeline-strip\" viewBox=\"0 0 \(width) \(height)\" role=\"group\" aria-label=\"Timeline of update groups and long updates\""
                + " data-plot-left=\"\(labelWidth)\" data-plot-width=\"\(plotWidth)\" data-start=\"\(timeline.start)\" data-end=\"\(timeline.end)\">"
        ]
        for (index, lane) in timeline.lanes.enumerated() {
            let top = index * (laneHeight + laneGap)
            lines.append("<g class=\"lane\">")
            lines.append(
                "<text class=\"lane-name\" x=\"0\" y=\"\(top + 15)\">\(HTMLText.escape(lane.name)) <tspan class=\"lane-count\">\(CountText.format(lane.count))</tspan></text>"
            )
            lines.append(
                "<rect class=\"lane-track\" x=\"\(labelWidth)\" y=\"\(top)\" width=\"\(plotWidth)\" height=\"\(laneHeight)\"/>"
            )
            for bar in lane.bars {
                lines.append(
                    self.bar(bar, top: top, laneName: lane.name, columns: timeline.columns, selectable: selectable))
            }
            lines.append("</g>")
        }
        lines += axis(timeline, top: lanesHeight)
        lines.append("</svg>")
        return lines.joined(separator: "\n")
    }

    private static func bar(_ bar: Timeline.Bar, top: Int, laneName: String, columns: Int, selectable: Set<String>)
        -> String
    {
        let worst = bar.worst
        var target: String
        if let node = worst.node, selectable.contains(node) {
            target = "data-node=\"\(HTMLText.escape(node))\""
        } else if let group = bar.group {
            target = "data-group=\"\(group)\""
        } else {
            target = ""
        }
        let noun = laneName == Timeline.hitchesLaneName ? "hitch" : worst.node == nil ? "update group" : "update"
        var title = "\(laneName): " + (bar.count > 0 ? CountText.string(bar.count, noun) + ", longest " : "continues ")
        if let group = bar.group { title += "group \(group) " }
        title +=
            "\(TitleText.shown(worst.title)), \(worst.duration.map(DurationText.string) ?? "no duration known,") at \(TimeText.string(worst.time)) (\(KindText.word(worst.severity)))"
            + "; \(KindText.word(bar.severity)) for \(ShareText.percent(bar.share)) of this stretch"
        if !target.isEmpty { target = " " + target + " tabindex=\"0\" role=\"button\"" }
        // At least three units wide, so a short update stays visible.
        let width = max(bar.columns.count, 3)
        let x = labelWidth + min(bar.columns.lowerBound, columns - width)
        // As tall as the share of its time the severity covers, in quarters from the lane's foot, so
        // an hour's few slow frames stand lower than a minute of them.
        let fullHeight = laneHeight - 6
        let height = fullHeight * bar.quarters / 4
        return
            "<rect class=\"bar severity-\(bar.severity.rawValue)\" x=\"\(x)\" y=\"\(top + 3 + fullHeight - height)\" width=\"\(width)\" height=\"\(height)\"\(target)>"
            + "<title>\(HTMLText.escape(title))</title></rect>"
    }

    /// Ticks at round multiples of 1, 2 or 5 times a power of ten nanoseconds, labelled in trace time.
    private static func axis(_ timeline: Timeline, top: Int) -> [String] {
        let plotWidth = Double(timeline.columns)
        var lines = [
            "<g class=\"axis\">",
            "<line x1=\"\(labelWidth)\" y1=\"\(top + 2)\" x2=\"\(labelWidth + timeline.columns)\" y2=\"\(top + 2)\"/>",
        ]
        let span = timeline.end - timeline.start
        guard span > 0 else {
            lines.append(
                "<text x=\"\(labelWidth)\" y=\"\(top + 18)\">\(timeline.start == 0 && timeline.lanes.allSatisfy { $0.count == 0 } ? "" : TimeText.string(timeline.start))</text>"
            )
            lines.append("</g>")
            return lines
        }
        let step = tickStep(span: span, ticks: 6)
        var tick = timeline.start / step * step
        if tick < timeline.start {
            let (next, overflow) = tick.addingReportingOverflow(step)
            tick = overflow ? .max : next
        }
        while tick <= timeline.end {
            let x = Double(labelWidth) + Double(tick - timeline.start) / Double(span) * plotWidth
            let position = decimal(x)
            let anchor = x > Double(labelWidth) + plotWidth - 60 ? "end" : "middle"
            lines.append("<line x1=\"\(position)\" y1=\"\(top + 2)\" x2=\"\(position)\" y2=\"\(top + 7)\"/>")
            lines.append(
                "<text x=\"\(position)\" y=\"\(top + 20)\" text-anchor=\"\(anchor)\">\(tickLabel(tick, step: step, end: timeline.end))</text>"
            )
            let (next, overflow) = tick.addingReportingOverflow(step)
            if overflow { break }
            tick = next
        }
        lines.append("</g>")
        return lines
    }

    /// The smallest of 1, 2 or 5 times a power of ten that cuts `span` into at most `ticks` parts.
    static func tickStep(span: Nanoseconds, ticks: Int) -> Nanoseconds {
        var magnitude: Nanoseconds = 1
        while true {
            for factor: Nanoseconds in [1, 2, 5] {
                let step = magnitude * factor
                if span / step < Nanoseconds(ticks) { return step }
            }
            guard magnitude <= Nanoseconds.max / 100 else { return magnitude * 10 }
            magnitude *= 10
        }
    }

    /// A point in trace time in the unit of the last one drawn (`end`), with
    /// just the decimals that the step needs: `2.5 s`, `1.0005 s`, `350 µs`.
    static func tickLabel(_ tick: Nanoseconds, step: Nanoseconds, end: Nanoseconds) -> String {
        let units: [(scale: Nanoseconds, digits: Int, name: String)] = [
            (1_000_000_000, 9, "s"), (1_000_000, 6, "ms"), (1_000, 3, "µs"), (1, 0, "ns"),
        ]
        let unit = units.first { end >= $0.scale } ?? units[units.count - 1]
        var stepDigits = 0
        var rest = max(step, 1)
        while rest % 10 == 0 {
            rest /= 10
            stepDigits += 1
        }
        let decimals = max(unit.digits - stepDigits, 0)
        var text = "\(tick / unit.scale)"
        if decimals > 0 {
            var fraction = "\(tick % unit.scale)"
            fraction = String(repeating: "0", count: unit.digits - fraction.count) + fraction
            text += "." + fraction.prefix(decimals)
        }
        return text + " " + unit.name
    }

    /// A coordinate with one decimal, the same text on every machine.
    static func decimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }
}
