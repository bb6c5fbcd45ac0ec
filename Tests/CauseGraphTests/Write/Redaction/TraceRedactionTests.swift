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

    /// The same leaks in an `xctrace export` of five tables, modelled on `fixtures/instruments/several-tables.xml`.
    static let export = """
        <?xml version="1.0"?>
        <trace-query-result>
        <node xpath='//trace-toc[1]/run[1]/data[1]/table[8]'><schema name="swiftui-update-groups"><col><mnemonic>start</mnemonic></col><col><mnemonic>duration</mnemonic></col><col><mnemonic>label</mnemonic></col><col><mnemonic>process</mnemonic></col></schema>
        <row><start-time id="1" fmt="00:01.000.000">1000000000</start-time><duration id="2" fmt="10.00 ms">10000000</duration><string id="3" fmt="Transaction for SecretBankApp.PaymentSheet">Transaction for SecretBankApp.PaymentSheet</string><process id="4" fmt="SecretBankApp (1234)"><pid id="5" fmt="1234">1234</pid></process></row>
        </node>
        <node xpath='//trace-toc[1]/run[1]/data[1]/table[2]'><schema name="hitches"><col><mnemonic>start</mnemonic></col><col><mnemonic>duration</mnemonic></col><col><mnemonic>process</mnemonic></col><col><mnemonic>narrative-description</mnemonic></col></schema>
        <row><start-time id="6" fmt="00:01.002.000">1002000000</start-time><duration id="7" fmt="8.00 ms">8000000</duration><process ref="4"/><narrative id="30" fmt="Potentially expensive app update(s) in SecretBankCore">Potentially expensive app update(s) in SecretBankCore</narrative></row>
        </node>
        <node xpath='//trace-toc[1]/run[1]/data[1]/table[6]'><schema name="swiftui-updates"><col><mnemonic>start</mnemonic></col><col><mnemonic>duration</mnemonic></col><col><mnemonic>id</mnemonic></col><col><mnemonic>update-type</mnemonic></col><col><mnemonic>module</mnemonic></col><col><mnemonic>view-name</mnemonic></col><col><mnemonic>severity</mnemonic></col><col><mnemonic>process</mnemonic></col></schema>
        <row><start-time id="8" fmt="00:01.001.000">1001000000</start-time><duration ref="7"/><uint64 id="9" fmt="0x2">2</uint64><string id="10" fmt="View Body">View Body</string><string id="11" fmt="SecretBankCore">SecretBankCore</string><string id="12" fmt="AccountView">AccountView</string><string id="13" fmt="High">High</string><process ref="4"/></row>
        <row><start-time id="31" fmt="00:01.001.500">1001500000</start-time><duration ref="7"/><uint64 id="32" fmt="0x3">3</uint64><string ref="10"/><string ref="11"/><string id="33" fmt="(unknown context at $10a4b8c).PrivateVaultRow">(unknown context at $10a4b8c).PrivateVaultRow</string><string ref="13"/><process ref="4"/></row>
        </node>
        <node xpath='//trace-toc[1]/run[1]/data[1]/table[9]'><schema name="swiftui-causes"><col><mnemonic>timestamp</mnemonic></col><col><mnemonic>source-node-event-id</mnemonic></col><col><mnemonic>source-node</mnemonic></col><col><mnemonic>destination-node-event-id</mnemonic></col><col><mnemonic>destination-node</mnemonic></col><col><mnemonic>label</mnemonic></col><col><mnemonic>changed-properties</mnemonic></col><col><mnemonic>process</mnemonic></col></schema>
        <row><event-time id="14" fmt="00:01.000.500">1000500000</event-time><uint64 id="15" fmt="0x1">1</uint64><typed-array id="16" fmt="@State: secretBalance"><string id="17" fmt="@State: secretBalance">@State: secretBalance</string></typed-array><uint64 ref="9"/><typed-array id="20" fmt="AccountView"><string ref="12"/></typed-array><string id="22" fmt="Update">Update</string><string id="23" fmt="secretBalance, _pinCode">secretBalance, _pinCode</string><process ref="4"/></row>
        <row><event-time id="34" fmt="00:01.000.600">1000600000</event-time><uint64 ref="15"/><typed-array ref="16"/><uint64 ref="32"/><typed-array id="35" fmt="(unknown context at $10a4b8c).PrivateVaultRow"><string ref="33"/></typed-array><string ref="22"/><sentinel/><process ref="4"/></row>
        </node>
        <node xpath='//trace-toc[1]/run[1]/data[1]/table[5]'><schema name="swiftui-changes"><col><mnemonic>timestamp</mnemonic></col><col><mnemonic>id</mnemonic></col><col><mnemonic>description</mnemonic></col><col><mnemonic>backtrace</mnemonic></col><col><mnemonic>process</mnemonic></col></schema>
        <row><event-time id="40" fmt="00:01.000.400">1000400000</event-time><uint64 ref="15"/><string id="41" fmt="@State secretBalance changed">@State secretBalance changed</string><backtrace id="42" fmt="AccountView.secretBalance.setter"><frame id="43" name="AccountView.secretBalance.setter" addr="0x100004a2c"/><frame id="44" name="SecretBankApp.Vault.open() + 0x1000" addr="0x100004b10"/><frame id="45" name="/Users/alice/Projects/SecretBank/Sources/Account.swift:42" addr="0x100004c00"/></backtrace><process ref="4"/></row>
        </node>
        </trace-query-result>

        """

    /// The trial's names that must not be left anywhere in a redacted copy.
    static let secrets = [
        "alice", "Projects", "SecretBank", "Account", "AccountView", "pinCode", "_pinCode", "secretBalance",
        "SecretBankCore", "SecretBankApp", "PaymentSheet", "PrivateVaultRow", "Vault",
    ]

    /// The words of `text`, split as a reader would (`_pinCode` is one word).
    static func words(_ text: String) -> Set<String> {
        Set(text.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
    }

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

    /// Every string in a native trace's records, decoded (`\u003c` is `<`), one a line.
    static func strings(_ text: String) throws -> String {
        func strings(_ value: Any) -> [String] {
            switch value {
            case let string as String: [string]
            case let array as [Any]: array.flatMap(strings)
            case let object as [String: Any]: object.keys.sorted().flatMap { strings(object[$0]!) }
            default: []
            }
        }
        return try records(text).flatMap(strings).joined(separator: "\n")
    }

    /// The records of a native trace, each as its JSON object.
    static func records(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test("the trial's trace: none of its names is left, and the output is the same bytes every run")
    func trialLeavesNoName() throws {
        let (output, mapping) = try Self.redact(Self.trial, named: "repro-redact-leak.jsonl")
        let words = Self.words(try Self.strings(output))
        for secret in Self.secrets { #expect(!words.contains(secret), "\(secret) is gone") }
        #expect(try Self.redact(Self.trial, named: "repro-redact-leak.jsonl").output == output)
        #expect(mapping["SecretBankCore"] == "Module1")
    }

    @Test("a backtrace frame's path outside the system's folders loses its user, project and file names")
    func backtracePaths() throws {
        let (output, mapping) = try Self.redact(Self.trial, named: "trace.jsonl")
        let frames = try Self.records(output).compactMap { $0["backtrace"] as? [String] }.joined()
        for name in ["alice", "Projects", "SecretBank", "Account"] {
            #expect(mapping[name]?.hasPrefix("Path") == true, "\(name) is \(mapping[name] ?? "not renamed")")
        }
        // Renamed as a path is wherever else it stands: the folder names that say nothing of the app stay.
        let path = RedactedText.renamed("/Users/alice/Projects/SecretBank/Sources/Account.swift:42", by: mapping)
        #expect(path.hasPrefix("/Users/Path") && path.contains("/Sources/Path") && path.hasSuffix(".swift:42"))
        #expect(frames.contains(path), "\(frames)")
        // A path after a word too, and the app's code before it.
        let atPath = RedactedText.renamed(
            "closure #2 in Vault.open() at /Users/alice/Projects/SecretBank/Sources/Vault.swift:7", by: mapping)
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
        #expect(log == RedactedText.renamed(line, by: logMapping) && log.contains(", _property"), "\(log)")
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
        #expect(labels.contains(RedactedText.renamed("PrivateVaultRow SecretBankCore", by: mapping)))
        #expect(labels.contains("SecretCustomLabel"))
        // Words that no app name qualifies stay.
        #expect(mapping["Transaction"] == nil && mapping["Potentially"] == nil)
    }

    @Test("an app, a module and a view named by one letter are renamed; a one-letter generic parameter stays")
    func oneLetterNames() throws {
        let trace = """
            {"causegraph": 1, "app": "X"}
            {"node": 1, "kind": "body", "title": "Q", "module": "Z", "owner": "app", "time": 1}
            {"node": 2, "kind": "body", "title": "Row<A>", "module": "Z", "owner": "app", "time": 2}
            """
        let (output, mapping) = try Self.redact(trace, named: "trace.jsonl")
        #expect(mapping["X"]?.hasPrefix("App") == true && mapping["Z"]?.hasPrefix("Module") == true)
        #expect(mapping["Q"]?.hasPrefix("View") == true && mapping["A"] == nil)
        let records = try Self.records(output)
        #expect(records.compactMap { $0["title"] as? String } == [mapping["Q"], "\(mapping["Row"] ?? "Row")<A>"])
        #expect(records.compactMap { $0["module"] as? String } == [mapping["Z"], mapping["Z"]])
    }

    /// An export's scan meets frames of tables causegraph does not read (a time profile): no
    /// event of them claims the paths they name, so the frame itself must.
    @Test("a frame of the app's code met by an export's scan alone gives its path's names; a file's extension stays")
    func framesOfTablesNotRead() throws {
        var names = NameCollector()
        try names.begin(TraceHeader(app: "SecretBankApp"))
        names.claimAppFrame("SecretBankApp.Vault.open() at /Users/alice/Projects/SecretBank/Sources/Vault.swift:7")
        try names.add(UpdateGroup(id: 1, label: "Opened SecretBankApp.swift", start: 0, duration: 1))
        let pseudonyms = names.finish()
        let frame = pseudonyms.replacingAppNames(in: "at /Users/alice/Projects/SecretBank/Sources/Vault.swift:7")
        #expect(Self.words(frame).isDisjoint(with: ["alice", "Projects", "SecretBank", "Vault"]), "\(frame)")
        #expect(frame.hasSuffix(".swift:7"))
        #expect(!pseudonyms.isAppName("swift"), "an extension an app's name qualifies is not a name")
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
        let frame = RedactedText.renamed("SecretBankApp.Vault.open() + 0x1000", by: mapping)
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

    @Test("an export keeps its format; the same names go from its frames, changed properties, narrative and label")
    func exportKeepsFormat() throws {
        let (output, mapping) = try Self.redact(Self.export, named: "export.xml", keepsFormat: true)
        #expect(output.hasPrefix("<?xml") && output.contains("<schema name=\"swiftui-changes\">"))
        let words = Self.words(output)
        for secret in Self.secrets { #expect(!words.contains(secret), "\(secret) is gone from the export") }
        for name in ["SecretBankCore", "PaymentSheet", "pinCode", "alice", "Account", "Vault", "PrivateVaultRow"] {
            #expect(mapping[name] != nil, "\(name) has a pseudonym")
        }
        // Each value as the native trace's is renamed, addresses and unknown contexts kept.
        for value in [
            ">Potentially expensive app update(s) in SecretBankCore</narrative>",
            ">Transaction for SecretBankApp.PaymentSheet</string>", ">secretBalance, _pinCode</string>",
            "name=\"/Users/alice/Projects/SecretBank/Sources/Account.swift:42\"",
            ">(unknown context at $10a4b8c).PrivateVaultRow</string>",
            "name=\"SecretBankApp.Vault.open() + 0x1000\"", "fmt=\"0x2\"",
        ] {
            #expect(
                output.contains(RedactedText.renamed(value, by: mapping)), "\(RedactedText.renamed(value, by: mapping))"
            )
        }
        #expect(output.contains("_\(mapping["pinCode"] ?? "")</string>"))
        #expect(try Self.redact(Self.export, named: "export.xml", keepsFormat: true).output == output)
    }
}
