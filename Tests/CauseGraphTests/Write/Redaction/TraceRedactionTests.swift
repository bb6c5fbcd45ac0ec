import CauseGraphTestSupport
import Foundation
import Testing

@testable import CauseGraph

/// What `redact` promises to rename, where a user trial found it kept: the
/// paths of backtrace frames, a property's storage (`_pinCode`) in a cause's
/// changed list, the app's names in free text (hitch narratives, group
/// labels), and what must stay whole: addresses and Swift's
/// `(unknown context at $…)`. Each in a native trace and in an export.
@Suite("Redaction of what a trial found kept")
struct TraceRedactionTests {
    /// The trial's input (`repro-redact-leak.jsonl`), and a frame with an offset.
    static let trial = #"""
        {"causegraph": 1, "app": "SecretBankApp", "frameRate": 60}
        {"node": 1, "kind": "gesture", "title": "TapGesture", "owner": "app", "time": 1000}
        {"node": 2, "kind": "state", "title": "AccountView.secretBalance", "owner": "app", "time": 2000, "backtrace": ["AccountView.secretBalance.setter", "closure #1 in AccountView.body.getter", "SecretBankApp.LoginManager.authenticate(password:)", "/Users/alice/Projects/SecretBank/Sources/Account.swift:42"]}
        {"node": 3, "kind": "body", "title": "AccountView", "module": "SecretBankCore", "owner": "app", "time": 3000, "duration": 100, "group": 1}
        {"node": 4, "kind": "body", "title": "ForEach<Array<SecretBankCore.Transaction>, UUID, TransactionRow>", "module": "SecretBankCore", "owner": "system", "time": 3000, "duration": 100, "group": 1}
        {"node": 5, "kind": "observable", "title": "@Observable SecretModel.(Array<SecretBankCore.Transaction>)", "owner": "app", "time": 2500}
        {"node": 6, "kind": "other", "title": "closure #1 in SecretBankCore.Vault.open()", "owner": "system", "time": 2600, "duration": 5}
        {"node": 7, "kind": "body", "title": "(unknown context at $10a4b8c).PrivateVaultRow", "owner": "app", "time": 3000, "duration": 100, "group": 1}
        {"node": 8, "kind": "state", "title": "Vault.combination", "owner": "app", "time": 2700, "backtrace": ["SecretBankApp.Vault.open() + 0x1000", "closure #2 in Vault.open() at /Users/alice/Projects/SecretBank/Sources/Vault.swift:7"]}
        {"edge": [1, 2], "label": "update"}
        {"edge": [2, 3], "label": "update", "changed": ["secretBalance", "_pinCode"]}
        {"edge": [5, 4], "label": "SecretCustomLabel"}
        {"edge": [6, 7], "label": "update", "changed": ["vaultCombination"]}
        {"edge": [3, 7], "label": "update"}
        {"edge": [8, 7], "label": "PrivateVaultRow SecretBankCore"}
        {"group": 1, "label": "Transaction for SecretBankApp.PaymentSheet", "start": 900, "duration": 5000}
        {"hitch": "hitch", "start": 1000, "duration": 20000000, "process": "SecretBankApp", "narrative": "Potentially expensive app update(s) in SecretBankCore"}
        {"hitch": "hang", "start": 1000, "duration": 300000000, "hangType": "Hang", "process": "SecretBankApp (1234)"}

        """#

    /// `text` written to a file and redacted: in the native format, or (`keepsFormat`) in its own.
    static func redact(_ text: String, named name: String, keepsFormat: Bool = false) throws -> (
        output: String, mapping: [String: String]
    ) {
        let scratch = try TemporaryFolder()
        let input = try scratch.write(name, text)
        let output = scratch.path("redacted-" + name)
        let pseudonyms = try TraceRedaction.learnNames(paths: [input])
        let file = try OutputFile(path: output)
        if keepsFormat, let format = try TraceRedaction.copyFormat(of: input) {
            try TraceRedaction.redactCopy(of: input, format: format, pseudonyms: pseudonyms, to: file)
        } else {
            var diagnostics = Diagnostics()
            try TraceRedaction.redact(paths: [input], pseudonyms: pseudonyms, to: file, diagnostics: &diagnostics)
        }
        try file.commit()
        return (try String(contentsOfFile: output, encoding: .utf8), pseudonyms.mapping)
    }

    /// `text` with each word `mapping` names replaced by its pseudonym, and
    /// a property's storage (`_pinCode`) by its property's, underscore kept.
    static func renamed(_ text: String, _ mapping: [String: String]) -> String {
        var result = ""
        var word = ""
        for character in text + " " {
            if character.isLetter || character == "_" || (character.isNumber && !word.isEmpty) {
                word.append(character)
                continue
            }
            if let pseudonym = mapping[word] {
                result += pseudonym
            } else if word.hasPrefix("_"), let pseudonym = mapping[String(word.dropFirst())] {
                result += "_" + pseudonym
            } else {
                result += word
            }
            word = ""
            result.append(character)
        }
        return String(result.dropLast())
    }

    /// The records of a native trace, each as its JSON object.
    static func records(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test("a backtrace frame's path outside the system's folders loses its user, project and file names")
    func backtracePaths() throws {
        let (output, mapping) = try Self.redact(Self.trial, named: "trace.jsonl")
        let frames = try Self.records(output).compactMap { $0["backtrace"] as? [String] }.joined()
        for name in ["alice", "Projects", "SecretBank", "Account"] {
            #expect(mapping[name]?.hasPrefix("Path") == true, "\(name) is \(mapping[name] ?? "not renamed")")
        }
        // Renamed as a path is wherever else it stands: the folder names that say nothing of the app stay.
        let path = Self.renamed("/Users/alice/Projects/SecretBank/Sources/Account.swift:42", mapping)
        #expect(path.hasPrefix("/Users/Path") && path.contains("/Sources/Path") && path.hasSuffix(".swift:42"))
        #expect(frames.contains(path), "\(frames)")
        // A path after a word too, and the app's code before it.
        let atPath = Self.renamed(
            "closure #2 in Vault.open() at /Users/alice/Projects/SecretBank/Sources/Vault.swift:7", mapping)
        #expect(frames.contains(atPath), "\(frames)")
        // A system path stays as it is.
        let system = "/System/Library/Frameworks/SwiftUI.framework/SwiftUI"
        let (kept, _) = try Self.redact(
            Self.trial.replacingOccurrences(of: "\"closure #1 in AccountView.body.getter\"", with: "\"\(system)\""),
            named: "trace.jsonl")
        #expect(kept.contains(system))
    }

    @Test(
        "a changed property's storage (`_pinCode`) is renamed as its property, keeping the underscore, as a change log's is"
    )
    func storageUnderscore() throws {
        let (output, mapping) = try Self.redact(Self.trial, named: "trace.jsonl")
        let pinCode = try #require(mapping["pinCode"], "pinCode has a pseudonym")
        #expect(pinCode.hasPrefix("property"))
        #expect(mapping["_pinCode"] == nil, "one pseudonym for the property and its storage")
        let changed = try Self.records(output).compactMap { $0["changed"] as? [String] }
        let secretBalance = try #require(mapping["secretBalance"])
        #expect(changed.contains([secretBalance, "_" + pinCode]), "\(changed)")
        // A change log's line of the same names gives the same form.
        let line = "AccountView: _secretBalance, _pinCode changed.\n"
        let (log, logMapping) = try Self.redact(line, named: "changes.txt", keepsFormat: true)
        #expect(logMapping["pinCode"]?.hasPrefix("property") == true && logMapping["_pinCode"] == nil)
        #expect(log == Self.renamed(line, logMapping) && log.contains(", _property"), "\(log)")
    }

    @Test("the app's module and types are renamed in a hitch's narrative, a group's label and a cause's own label")
    func freeText() throws {
        let (output, mapping) = try Self.redact(Self.trial, named: "trace.jsonl")
        let records = try Self.records(output)
        let module = try #require(mapping["SecretBankCore"])
        let narrative = try #require(records.compactMap { $0["narrative"] as? String }.first)
        #expect(narrative == "Potentially expensive app update(s) in \(module)")
        // The type a renamed app or module qualifies is renamed as a type is.
        let sheet = try #require(mapping["PaymentSheet"], "PaymentSheet has a pseudonym")
        #expect(sheet.hasPrefix("Type"))
        let label = try #require(records.first { $0["node"] == nil && $0["group"] != nil }?["label"] as? String)
        let app = try #require(mapping["SecretBankApp"])
        #expect(label == "Transaction for \(app).\(sheet)")
        // A cause label of its own kind: the app's names in it go, other words stay.
        let labels = records.compactMap { $0["edge"] != nil ? $0["label"] as? String : nil }
        #expect(labels.contains(Self.renamed("PrivateVaultRow SecretBankCore", mapping)))
        #expect(labels.contains("SecretCustomLabel"))
        // Words that no app name qualifies stay.
        #expect(mapping["Transaction"] == nil && mapping["Potentially"] == nil)
    }

    @Test("addresses and Swift's `(unknown context at $…)` are kept whole, never partly renamed")
    func addressesStay() throws {
        let (output, mapping) = try Self.redact(Self.trial, named: "trace.jsonl")
        for word in ["unknown", "context", "a4b8c", "x1000"] { #expect(mapping[word] == nil, "\(word) is no name") }
        let view = try #require(mapping["PrivateVaultRow"])
        #expect(view.hasPrefix("View"))
        let titles = try Self.records(output).compactMap { $0["title"] as? String }
        #expect(titles.contains("(unknown context at $10a4b8c).\(view)"), "\(titles)")
        let frames = try Self.records(output).compactMap { $0["backtrace"] as? [String] }.joined()
        let frame = Self.renamed("SecretBankApp.Vault.open() + 0x1000", mapping)
        #expect(frame.hasPrefix("App1.Type") && frame.hasSuffix("() + 0x1000") && frames.contains(frame), "\(frames)")
    }

    @Test(
        "the words of text: an address and an unknown context are none; a projected value and a mangled name are",
        arguments: [
            ("(unknown context at $10a4b8c).Row", ["Row"]), ("Row at 0x1000, 0X1F, $10a4b8c", ["Row", "at"]),
            ("$count $s7Landmarks4ItemV", ["count", "s7Landmarks4ItemV"]), ("0xFeedView", ["xFeedView"]),
            ("$10Row", ["Row"]), ("(unknown context at $xyz)", ["unknown", "context", "at", "xyz"]),
            ("f(unknown context at $1f)", ["f"]), ("Ünïcode at $10a4b8c 0x1f", ["Ünïcode", "at"]),
        ])
    func identifiers(_ text: String, _ expected: [String]) {
        #expect(Pseudonyms.identifiers(text) == expected)
    }
}
