/// What a `graph` cache entry holds: the cause graph one read of cached
/// inputs built, what its window and interaction left out, and the
/// interactions `summary` ranks, so a later command answers without
/// replaying a single record.
///
/// The layout, `graph.bin`, is binary: a JSON graph of a dense recording
/// runs to a hundred megabytes, and decoding it would cost more than the
/// replay it saves. After the 8-byte magic `CGGRAPH1` every integer is a
/// LEB128 varint (signed ones zigzag-coded), a Double its bit pattern in 8
/// little-endian bytes, text a varint byte length and its UTF-8 bytes, and
/// an optional value a presence byte (0 or 1) before it. Node and edge ids
/// are not written: the builder names them `n1…`/`e1…` in order, so edge ends
/// and every other reference to a node are its index, and lists of group ids
/// are deltas. Kinds and severities are ranks. The version lives in the
/// entry's key (``CacheKey/graphDocumentVersion``), the checksum in its
/// metadata; decoding still checks every count, rank, index and range, so a
/// document no builder could have made is damage, never a trap.
struct GraphDocument: Equatable {
    var graph: CauseEffectGraph
    var window: WindowStatistics?
    var interaction: InteractionStatistics?
    /// ``InteractionTally/ranked`` of the same records.
    var interactions: [RankedInteraction]

    static let magic: [UInt8] = Array("CGGRAPH1".utf8)

    init(
        graph: CauseEffectGraph, window: WindowStatistics?, interaction: InteractionStatistics?,
        interactions: [RankedInteraction]
    ) {
        self.graph = graph
        self.window = window
        self.interaction = interaction
        self.interactions = interactions
    }

    /// The document's bytes, or `nil` when the graph's ids are not the
    /// builder's (`n1…` in node order, `e1…` in edge order), which the
    /// layout leaves out.
    func encoded() -> [UInt8]? {
        var writer = Writer()
        writer.bytes = Self.magic
        guard writer.write(graph) else { return nil }
        writer.optional(window) { writer, window in
            for count in WindowStatistics.counts { writer.int(window[keyPath: count]) }
        }
        writer.optional(interaction) { writer, interaction in
            for count in InteractionStatistics.counts { writer.int(interaction[keyPath: count]) }
        }
        writer.uint(UInt64(interactions.count))
        for ranked in interactions {
            writer.int(ranked.group)
            writer.optional(ranked.label) { $0.string($1) }
            writer.optional(ranked.start) { $0.int($1) }
            writer.int(ranked.bodies)
            writer.optional(ranked.bodyTime) { $0.int($1) }
            writer.uint(UInt64(ranked.gestures.count))
            for gesture in ranked.gestures { writer.uint(gesture) }
            writer.optional(ranked.gestureTitle) { $0.string($1) }
        }
        return writer.bytes
    }

    /// Reads a document ``encoded()`` wrote.
    ///
    /// - Throws: ``CacheRecordFile/Damage`` naming the first thing wrong.
    init(decoding bytes: [UInt8]) throws(CacheRecordFile.Damage) {
        var reader = Reader(bytes: bytes)
        guard bytes.starts(with: Self.magic) else { throw reader.damage("does not start as a graph document") }
        reader.position = Self.magic.count
        graph = try reader.graph()
        window = try reader.optional { reader throws(CacheRecordFile.Damage) in
            var window = WindowStatistics()
            for count in WindowStatistics.counts { window[keyPath: count] = try reader.count() }
            return window
        }
        interaction = try reader.optional { reader throws(CacheRecordFile.Damage) in
            var interaction = InteractionStatistics()
            for count in InteractionStatistics.counts { interaction[keyPath: count] = try reader.count() }
            return interaction
        }
        interactions = try reader.list { reader throws(CacheRecordFile.Damage) in
            RankedInteraction(
                group: try reader.int(), label: try reader.optionalString(),
                start: try reader.optionalInt(), bodies: try reader.count(), bodyTime: try reader.optionalInt(),
                gestures: try reader.list { reader throws(CacheRecordFile.Damage) in try reader.uint() },
                gestureTitle: try reader.optionalString())
        }
        guard reader.position == bytes.count else { throw reader.damage("has bytes after its end") }
    }
}

extension GraphDocument {
    /// Appends values in the document's layout.
    fileprivate struct Writer {
        var bytes: [UInt8] = []

        mutating func uint(_ value: UInt64) {
            var rest = value
            while rest >= 0x80 {
                bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
                rest >>= 7
            }
            bytes.append(UInt8(rest))
        }

        mutating func int(_ value: Int64) {
            uint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
        }

        mutating func int(_ value: Int) { int(Int64(value)) }

        mutating func double(_ value: Double) {
            withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes += $0 }
        }

        mutating func string(_ text: String) {
            uint(UInt64(text.utf8.count))
            bytes += text.utf8
        }

        mutating func optional<Value>(_ value: Value?, _ write: (inout Writer, Value) -> Void) {
            guard let value else {
                bytes.append(0)
                return
            }
            bytes.append(1)
            write(&self, value)
        }

        /// Group ids as deltas from the one before: lists are mostly sorted, so most are one byte.
        mutating func groups(_ ids: [GroupID]) {
            uint(UInt64(ids.count))
            var previous: GroupID = 0
            for id in ids {
                int(id &- previous)
                previous = id
            }
        }

        mutating func severity(_ severity: Severity?) {
            bytes.append(severity.map { UInt8($0.rank) + 1 } ?? 0)
        }

        /// Writes the graph; `false` when an id is not the builder's.
        mutating func write(_ graph: CauseEffectGraph) -> Bool {
            guard graph.nodes.indices.allSatisfy({ graph.nodes[$0].id == ElementID.node($0 + 1) }),
                graph.edges.indices.allSatisfy({ graph.edges[$0].id == ElementID.edge($0 + 1) })
            else { return false }
            let positions = NodesByID(graph)
            func index(_ id: String) -> UInt64? { positions.position(of: id).map(UInt64.init) }
            optional(graph.app) { $0.string($1) }
            double(graph.frameRate)
            uint(UInt64(graph.frameRates.count))
            for rate in graph.frameRates { double(rate) }
            int(graph.burstWindow)
            uint(UInt64(graph.nodes.count))
            for node in graph.nodes {
                uint(UInt64(node.kind.rank))
                bytes.append(node.owner == .app ? 0 : 1)
                string(node.title)
                optional(node.module) { $0.string($1) }
                int(node.count)
                int(node.ran)
                int(node.skipped)
                optional(node.totalDuration) { $0.int($1) }
                int(node.timed)
                optional(node.maxDuration) { $0.int($1) }
                severity(node.severity)
                groups(node.groups)
                uint(UInt64(node.backtrace.count))
                for frame in node.backtrace { string(frame) }
                for level in Severity.allCases { int(node.severityCounts[level]) }
                int(node.densestBurst)
                for level in Severity.allCases { int(node.severityDurations[level]) }
                for level in Severity.allCases { int(node.severityLongest[level]) }
                int(node.appearanceRank)
            }
            uint(UInt64(graph.edges.count))
            for edge in graph.edges {
                guard let from = index(edge.from), let to = index(edge.to) else { return false }
                uint(from)
                uint(to)
                uint(UInt64(edge.kind.rank))
                string(edge.label.rawValue)
                int(edge.count)
                uint(UInt64(edge.changed.count))
                for property in edge.changed { string(property) }
                groups(edge.groups)
                int(edge.skipped)
                int(edge.maxPerCause)
                bytes.append(edge.isResidual ? 1 : 0)
            }
            uint(UInt64(graph.groups.count))
            for group in graph.groups {
                int(group.id)
                string(group.label)
                optional(group.start) { $0.int($1) }
                optional(group.duration) { $0.int($1) }
            }
            uint(UInt64(graph.worstUpdates.count))
            for example in graph.worstUpdates {
                guard let node = index(example.node) else { return false }
                uint(example.event)
                uint(node)
                uint(UInt64(example.kind.rank))
                optional(example.time) { $0.int($1) }
                int(example.duration)
                severity(example.severity)
                optional(example.group) { $0.int($1) }
            }
            uint(UInt64(graph.hitches.count))
            for overlap in graph.hitches {
                let hitch = overlap.hitch
                bytes.append(hitch.kind == .hitch ? 0 : 1)
                int(hitch.start)
                int(hitch.duration)
                optional(hitch.hangType) { $0.string($1) }
                optional(hitch.process) { $0.string($1) }
                optional(hitch.narrative) { $0.string($1) }
                int(overlap.document)
                groups(overlap.groups)
                uint(UInt64(overlap.updates.count))
                for updates in overlap.updates {
                    guard let node = index(updates.node) else { return false }
                    uint(node)
                    int(updates.count)
                }
            }
            return true
        }
    }

    /// Reads values in the document's layout, checking each.
    fileprivate struct Reader {
        let bytes: [UInt8]
        var position = 0

        func damage(_ problem: String) -> CacheRecordFile.Damage {
            CacheRecordFile.Damage(problem: "its graph document \(problem)")
        }

        mutating func byte() throws(CacheRecordFile.Damage) -> UInt8 {
            guard position < bytes.count else { throw damage("ends early") }
            defer { position += 1 }
            return bytes[position]
        }

        mutating func uint() throws(CacheRecordFile.Damage) -> UInt64 {
            var value: UInt64 = 0
            for shift in stride(from: UInt64(0), through: 63, by: 7) {
                let next = try byte()
                let bits = UInt64(next & 0x7F)
                guard shift < 63 || bits <= 1 else { throw damage("holds a number too large") }
                value |= bits << shift
                if next & 0x80 == 0 { return value }
            }
            throw damage("holds a number too large")
        }

        mutating func int() throws(CacheRecordFile.Damage) -> Int64 {
            let zigzag = try uint()
            return Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1)
        }

        mutating func int() throws(CacheRecordFile.Damage) -> Int {
            Int(truncatingIfNeeded: try int() as Int64)
        }

        /// A count or a tally: never negative.
        mutating func count() throws(CacheRecordFile.Damage) -> Int {
            let value: Int = try int()
            guard value >= 0 else { throw damage("holds a negative count") }
            return value
        }

        /// How many elements follow, each at least one byte: never more than the bytes left.
        mutating func length() throws(CacheRecordFile.Damage) -> Int {
            let value = try uint()
            guard value <= UInt64(bytes.count - position) else { throw damage("lists more than it holds") }
            return Int(value)
        }

        mutating func double() throws(CacheRecordFile.Damage) -> Double {
            var bits: UInt64 = 0
            for shift in stride(from: UInt64(0), to: 64, by: 8) { bits |= UInt64(try byte()) << shift }
            return Double(bitPattern: bits)
        }

        mutating func frameRate() throws(CacheRecordFile.Damage) -> Double {
            let rate = try double()
            guard FrameBudget.frameRates.contains(rate) else { throw damage("holds a frame rate out of range") }
            return rate
        }

        mutating func string() throws(CacheRecordFile.Damage) -> String {
            let count = try length()
            let encoded = bytes[position..<position + count]
            position += count
            let text = String(decoding: encoded, as: UTF8.self)
            // Decoding repairs what is not UTF-8; a builder never writes such text.
            guard text.utf8.elementsEqual(encoded) else { throw damage("holds text that is not UTF-8") }
            return text
        }

        mutating func flag() throws(CacheRecordFile.Damage) -> Bool {
            switch try byte() {
            case 0: return false
            case 1: return true
            default: throw damage("holds a flag that is neither 0 nor 1")
            }
        }

        mutating func optional<Value>(_ read: (inout Reader) throws(CacheRecordFile.Damage) -> Value)
            throws(CacheRecordFile.Damage) -> Value?
        {
            try flag() ? try read(&self) : nil
        }

        mutating func optionalString() throws(CacheRecordFile.Damage) -> String? {
            try flag() ? try string() : nil
        }

        mutating func optionalInt() throws(CacheRecordFile.Damage) -> Int64? {
            try flag() ? try int() as Int64 : nil
        }

        mutating func strings() throws(CacheRecordFile.Damage) -> [String] {
            try list { reader throws(CacheRecordFile.Damage) in try reader.string() }
        }

        mutating func list<Element>(_ read: (inout Reader) throws(CacheRecordFile.Damage) -> Element)
            throws(CacheRecordFile.Damage) -> [Element]
        {
            let count = try length()
            var elements: [Element] = []
            elements.reserveCapacity(count)
            for _ in 0..<count { elements.append(try read(&self)) }
            return elements
        }

        mutating func groups() throws(CacheRecordFile.Damage) -> [GroupID] {
            var previous: GroupID = 0
            return try list { reader throws(CacheRecordFile.Damage) in
                previous = previous &+ (try reader.int() as Int64)
                return previous
            }
        }

        mutating func rank<Value>(_ values: [Value]) throws(CacheRecordFile.Damage) -> Value {
            let rank = try uint()
            guard rank < UInt64(values.count) else { throw damage("holds a kind out of range") }
            return values[Int(rank)]
        }

        mutating func severity() throws(CacheRecordFile.Damage) -> Severity? {
            let rank = try byte()
            guard rank <= UInt8(Severity.byRank.count) else { throw damage("holds a severity out of range") }
            return rank == 0 ? nil : Severity.byRank[Int(rank) - 1]
        }

        /// A node's index, read as written, as its id.
        mutating func node(among nodes: Int) throws(CacheRecordFile.Damage) -> String {
            let index = try uint()
            guard index < UInt64(nodes) else { throw damage("names a node it does not hold") }
            return ElementID.node(Int(index) + 1)
        }

        mutating func graph() throws(CacheRecordFile.Damage) -> CauseEffectGraph {
            let app = try optionalString()
            let frameRate = try frameRate()
            let frameRates = try list { reader throws(CacheRecordFile.Damage) in try reader.frameRate() }
            guard !frameRates.isEmpty else { throw damage("holds no frame rate") }
            let burstWindow: Int64 = try int()
            guard burstWindow >= 0 else { throw damage("holds a negative burst window") }
            let nodes = try list { reader throws(CacheRecordFile.Damage) in
                let kind = try reader.rank(NodeKind.byRank)
                let owner: Owner = try reader.flag() ? .system : .app
                let key = NodeKey(
                    kind: kind, title: try reader.string(), module: try reader.optionalString(),
                    owner: owner)
                var node = CauseEffectGraph.Node(
                    id: "", key: key, count: try reader.count(), ran: try reader.count(),
                    skipped: try reader.count(), totalDuration: try reader.optionalInt(), timed: try reader.count(),
                    maxDuration: try reader.optionalInt(), severity: try reader.severity(),
                    groups: try reader.groups(), backtrace: try reader.strings())
                for level in Severity.allCases { node.severityCounts[level] = try reader.count() }
                node.densestBurst = try reader.count()
                for level in Severity.allCases { node.severityDurations[level] = try reader.int() }
                for level in Severity.allCases { node.severityLongest[level] = try reader.int() }
                node.appearanceRank = try reader.count()
                return node
            }
            var graph = CauseEffectGraph(
                app: app, frameRate: frameRate, frameRates: frameRates, burstWindow: burstWindow)
            graph.nodes = nodes
            for position in graph.nodes.indices { graph.nodes[position].id = ElementID.node(position + 1) }
            var edgeNumber = 0
            graph.edges = try list { reader throws(CacheRecordFile.Damage) in
                edgeNumber += 1
                return CauseEffectGraph.Edge(
                    id: ElementID.edge(edgeNumber), from: try reader.node(among: nodes.count),
                    to: try reader.node(among: nodes.count), kind: try reader.rank(EdgeKind.byRank),
                    label: CauseLabel(rawValue: try reader.string()), count: try reader.count(),
                    changed: try reader.strings(), groups: try reader.groups(),
                    skipped: try reader.count(), maxPerCause: try reader.count(), isResidual: try reader.flag())
            }
            graph.groups = try list { reader throws(CacheRecordFile.Damage) in
                UpdateGroup(
                    id: try reader.int(), label: try reader.string(), start: try reader.optionalInt(),
                    duration: try reader.optionalInt())
            }
            graph.worstUpdates = try list { reader throws(CacheRecordFile.Damage) in
                UpdateExample(
                    event: try reader.uint(), node: try reader.node(among: nodes.count),
                    kind: try reader.rank(NodeKind.byRank), time: try reader.optionalInt(),
                    duration: try reader.int(), severity: try reader.severity(),
                    group: try reader.optionalInt())
            }
            graph.hitches = try list { reader throws(CacheRecordFile.Damage) in
                let hitch = Hitch(
                    kind: try reader.flag() ? .hang : .hitch, start: try reader.int(), duration: try reader.int(),
                    hangType: try reader.optionalString(), process: try reader.optionalString(),
                    narrative: try reader.optionalString())
                return CauseEffectGraph.HitchOverlap(
                    hitch: hitch, document: try reader.count(), groups: try reader.groups(),
                    updates: try reader.list { reader throws(CacheRecordFile.Damage) in
                        CauseEffectGraph.HitchOverlap.Updates(
                            node: try reader.node(among: nodes.count), count: try reader.count())
                    })
            }
            return graph
        }
    }
}
