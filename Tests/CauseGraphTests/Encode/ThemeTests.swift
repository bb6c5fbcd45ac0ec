import CauseGraph
import Testing

/// WCAG 2 contrast ratio of two `#rrggbb` colours.
private func contrast(_ first: String, _ second: String) -> Double {
    func luminance(_ hex: String) -> Double {
        let value = Int(hex.dropFirst(), radix: 16)!
        let channels = [(value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF].map { channel -> Double in
            let c = Double(channel) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
    }
    let (a, b) = (luminance(first), luminance(second))
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Themes")
struct ThemeTests {
    @Test("every theme names its style; light and dark differ in every colour that fills or writes")
    func themes() {
        #expect(Theme.allCases.map(\.rawValue) == ["light", "dark"])
        #expect(Theme.light.style == .light)
        #expect(Theme.dark.style == .dark)
        let light = GraphStyle.light.palette
        let dark = GraphStyle.dark.palette
        for path in [\GraphStyle.Palette.background, \.text, \.appFill, \.systemFill, \.dimmedFill] {
            #expect(light[keyPath: path] != dark[keyPath: path])
        }
    }

    @Test("the dark palette reads well: text on fills, borders, edges and severities against the background")
    func darkContrast() {
        let palette = GraphStyle.dark.palette
        for fill in [palette.appFill, palette.systemFill, palette.background] {
            #expect(contrast(palette.text, fill) >= 7, "text on \(fill)")
            #expect(contrast(palette.mutedText, fill) >= 4.5, "muted text on \(fill)")
        }
        #expect(contrast(palette.dimmedText, palette.dimmedFill) >= 3)
        #expect(
            contrast(palette.dimmedText, palette.dimmedFill) < contrast(palette.text, palette.dimmedFill) / 2,
            "skipped updates look dimmed")
        for line in [
            palette.appBorder, palette.systemBorder, palette.edge, palette.creationEdge, palette.mediumSeverity,
            palette.highSeverity,
        ] {
            #expect(contrast(line, palette.background) >= 3, "\(line) on the background")
        }
        // Orange and red stay apart.
        #expect(contrast(palette.mediumSeverity, palette.highSeverity) >= 1.5)
    }

    @Test("every step of the heat ramp carries the text and differs from the others and from a skipped node")
    func heatRamp() {
        for palette in [GraphStyle.light.palette, GraphStyle.dark.palette] {
            #expect(
                palette.heat.count == UpdateHeat.stepNames.count && palette.heat.count == UpdateHeat.steps.count + 1)
            for fill in palette.heat {
                #expect(contrast(palette.text, fill) >= 7, "text on \(fill)")
                #expect(fill != palette.dimmedFill)
            }
            #expect(Set(palette.heat).count == palette.heat.count, "every step its own colour")
        }
    }

    @Test("the DOT of a theme carries its palette and none of the other's")
    func dotUsesPalette() {
        var frameLong = SeverityDurations()
        frameLong.add(20_000_000, at: .veryHigh)
        let nodes = [
            CauseEffectGraph.Node(id: "n1", key: NodeKey(kind: .state, title: "V.x", owner: .app), count: 1),
            CauseEffectGraph.Node(
                id: "n2", key: NodeKey(kind: .body, title: "V", owner: .system), count: 2, ran: 0, skipped: 2),
            CauseEffectGraph.Node(
                id: "n3", key: NodeKey(kind: .body, title: "W", owner: .app), count: 1, ran: 1,
                totalDuration: 20_000_000, maxDuration: 20_000_000, severity: .veryHigh,
                severityDurations: frameLong),
        ]
        let graph = CauseEffectGraph(
            nodes: nodes,
            edges: [CauseEffectGraph.Edge(id: "e1", from: "n1", to: "n2", kind: .state, label: .update, count: 2)])
        let dark = DOTEncoder(style: Theme.dark.style).encode(graph)
        let palette = GraphStyle.dark.palette
        for colour in [
            palette.background, palette.appFill, palette.dimmedFill, palette.highSeverity, palette.edge,
            palette.heat[4],
        ] {
            #expect(dark.contains("\"\(colour)\""), "\(colour) in the dark DOT")
        }
        let light = GraphStyle.light.palette
        for colour in [light.background, light.appFill, light.dimmedFill, light.highSeverity] + light.heat {
            #expect(!dark.contains("\"\(colour)\""), "\(colour) of the light theme in the dark DOT")
        }
        #expect(DOTEncoder(style: Theme.light.style).encode(graph) == DOTEncoder().encode(graph))
    }
}
