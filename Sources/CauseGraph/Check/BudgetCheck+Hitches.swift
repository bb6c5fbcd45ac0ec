extension BudgetCheck {
    /// The `hitches` and `hangs` limits: how many start within one
    /// interaction, and in all. An interaction runs from one timed gesture
    /// event to the next gesture of the same trace document; those starting
    /// before a document's first gesture form an interaction of their own.
    func hitchResults(_ limits: Budget.HitchLimits, _ measurement: Measurement, notes: inout [String]) -> [CheckReport
        .Result]
    {
        let key = limits.kind == .hitch ? "hitches" : "hangs"
        let unit = limits.kind == .hitch ? "hitch" : "hang"
        let causes = HitchCause.all(in: measurement.graph).filter { $0.hitch.kind == limits.kind }
        let worst = causes.enumerated().max {
            ($0.element.hitch.duration, $1.offset) < ($1.element.hitch.duration, $0.offset)
        }?.element
        let worstEvidence =
            worst.map {
                ["worst: hitch \($0.number), " + HitchFormatter.chainLine($0, title: TitleText.shown)]
            } ?? []
        var results: [CheckReport.Result] = []
        if let limit = limits.perInteraction {
            let gestures = measurement.usage.gestureEvents.filter { $0.time != nil }
            if gestures.isEmpty {
                notes.append(
                    "\(key).perInteraction: the trace records no timed gesture, so the whole recording is one interaction"
                )
            }
            let peak = Self.peakPerInteraction(causes, gestures: gestures)
            var evidence: [String] = []
            if let peak {
                let place =
                    peak.gesture.map {
                        "after \(TitleText.shown($0.title)) (event \($0.event) at \(TimeText.string($0.time)))"
                    } ?? "before any gesture"
                evidence.append("\(CountText.string(peak.count, unit)) \(place), the most in one interaction")
            }
            results.append(
                CheckReport.Result(
                    rule: "\(key).perInteraction", location: limit.location, subject: "\(key) per interaction",
                    subjectKey: key,
                    unit: unit, measured: peak?.count ?? 0, limit: limit.max, baseline: nil, allowed: limit.max,
                    evidence: evidence + worstEvidence, status: .held))
        }
        if let limit = limits.total {
            results.append(
                CheckReport.Result(
                    rule: "\(key).total", location: limit.location, subject: "all \(key)", subjectKey: key, unit: unit,
                    measured: causes.count, limit: limit.max, baseline: nil, allowed: limit.max,
                    evidence: worstEvidence, status: .held))
        }
        return results
    }

    /// The interaction holding the most hitches, the earliest on a tie:
    /// its gesture (`nil` before the first) and count.
    static func peakPerInteraction(_ causes: [HitchCause], gestures: [UsageMeter.Gesture]) -> (
        gesture: UsageMeter.Gesture?, count: Int
    )? {
        // Per document, the gestures by time, each with the last (in trace
        // order) of those at or before it: a binary search per hitch, not a
        // scan of every gesture, so many taps and hitches stay quick.
        var byTime: [Int: [(time: Nanoseconds, last: Int)]] = [:]
        for (index, gesture) in gestures.enumerated() {
            byTime[gesture.document, default: []].append((gesture.time!, index))
        }
        for document in byTime.keys {
            byTime[document]!.sort { ($0.time, $0.last) < ($1.time, $1.last) }
            var latest = -1
            for position in byTime[document]!.indices {
                latest = max(latest, byTime[document]![position].last)
                byTime[document]![position].last = latest
            }
        }
        var counts: [Int: Int] = [:]
        for cause in causes {
            // The last gesture of the hitch's document at or before its start; -1 for none.
            let sorted = byTime[cause.overlap.document] ?? []
            var low = 0
            var high = sorted.count
            while low < high {
                let middle = low + (high - low) / 2
                if sorted[middle].time <= cause.hitch.start { low = middle + 1 } else { high = middle }
            }
            counts[low > 0 ? sorted[low - 1].last : -1, default: 0] += 1
        }
        guard let best = counts.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }) else { return nil }
        return (best.key >= 0 ? gestures[best.key] : nil, best.value)
    }
}
