import CauseGraph
import Testing

@Suite("Shares of the updates shown")
struct ShapingShareTests {
    @Test(
        "a percentage or a fraction, kept as typed",
        arguments: [
            ("0.5%", 0.005), ("0.005", 0.005), ("1", 1), ("100%", 1), ("0", 0), ("12.5%", 0.125),
        ])
    func parses(_ text: String, _ value: Double) throws {
        let share = try ShapingShare(parsing: text)
        #expect(abs(share.value - value) < 1e-12)
        #expect(share.description == text)
    }

    @Test(
        "anything else is an error saying what to give",
        arguments: [
            ("abc", "is not a share"), ("", "is not a share"), ("nan", "is not a share"), ("inf%", "is not a share"),
            ("+5%", "is not a share"), ("%", "is not a share"), ("101%", "is out of range"), ("1.5", "is out of range"),
            ("-1%", "is out of range"),
        ])
    func rejects(_ text: String, _ message: String) {
        #expect(throws: ShapingShare.ParseError.self) { try ShapingShare(parsing: text) }
        do {
            _ = try ShapingShare(parsing: text)
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
        }
    }
}
