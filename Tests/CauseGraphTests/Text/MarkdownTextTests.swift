import Testing

@testable import CauseGraph

@Suite("trace text in Markdown")
struct MarkdownTextTests {
    @Test("markup, HTML and table cells are escaped")
    func markup() {
        #expect(MarkdownText.escape("a|b*c_d`e[f]g~h\\i") == "a\\|b\\*c\\_d\\`e\\[f\\]g\\~h\\\\i")
        #expect(MarkdownText.escape("<b>&amp;</b>") == "&lt;b&gt;&amp;amp;&lt;/b&gt;")
        #expect(MarkdownText.escape("") == "")
    }

    /// GitHub links mentions and issue numbers in the rendered text, after
    /// backslash escapes are gone: `\@State` still notifies the account.
    @Test("property wrappers and numbers are not GitHub mentions or issue links")
    func mentionsAndIssueLinks() {
        #expect(MarkdownText.escape("@State: isExpanded") == "@<!-- -->State: isExpanded")
        #expect(MarkdownText.escape("@Observable Model.items") == "@<!-- -->Observable Model.items")
        #expect(MarkdownText.escape("Row #12") == "Row #<!-- -->12")
        #expect(!MarkdownText.escape("@self, @dependencies changed.").contains(#/@[A-Za-z]/#))
    }

    @Test("a title cannot start a heading")
    func noHeading() {
        #expect(!MarkdownText.escape("# Title").contains(#/^#+ /#))
    }
}
