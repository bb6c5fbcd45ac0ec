import Foundation

/// One tab of a ``Chromium`` showing a page, scripted and driven with real
/// mouse and keyboard input, as a user would.
struct BrowserPage {
    let browser: Chromium
    let session: String
    let url: URL

    /// Opens `url` in a new tab of `width` × `height` CSS pixels and waits until it has loaded.
    init(_ browser: Chromium, url: URL, width: Int = 1280, height: Int = 900) throws {
        self.browser = browser
        self.url = url
        guard let target = try browser.send("Target.createTarget", ["url": "about:blank"])["targetId"] as? String,
            let session = try browser.send("Target.attachToTarget", ["targetId": target, "flatten": true])["sessionId"]
                as? String
        else {
            throw Chromium.Failure(description: "no tab to attach to")
        }
        self.session = session
        for domain in ["Page", "Runtime", "Network", "Log"] { try send("\(domain).enable") }
        try send(
            "Emulation.setDeviceMetricsOverride",
            ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false])
        try send("Emulation.setFocusEmulationEnabled", ["enabled": true])
        try send("Page.navigate", ["url": url.absoluteString])
        try browser.waitForEvent("Page.loadEventFired", session: session)
    }

    @discardableResult
    func send(_ method: String, _ parameters: [String: Any] = [:]) throws -> [String: Any] {
        try browser.send(method, parameters, session: session)
    }

    /// The value of a JavaScript expression, as JSON values come back (strings, numbers, arrays, dictionaries).
    @discardableResult
    func evaluate(_ expression: String) throws -> Any? {
        let result = try send(
            "Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": true])
        if let exception = result["exceptionDetails"] as? [String: Any] {
            let description =
                (exception["exception"] as? [String: Any])?["description"] ?? exception["text"] ?? exception
            throw Chromium.Failure(description: "\(expression) threw: \(description)")
        }
        return (result["result"] as? [String: Any])?["value"]
    }

    func string(_ expression: String) throws -> String? { try evaluate(expression) as? String }
    func strings(_ expression: String) throws -> [String] { try evaluate(expression) as? [String] ?? [] }
    func number(_ expression: String) throws -> Double? { (try evaluate(expression) as? NSNumber)?.doubleValue }
    func bool(_ expression: String) throws -> Bool? { (try evaluate(expression) as? NSNumber)?.boolValue }

    /// The centre of the element with `id`, scrolled into view, in viewport coordinates.
    func centre(of id: String) throws -> (x: Double, y: Double) {
        let point =
            try evaluate(
                """
                (() => {
                  const element = document.getElementById(\(javaScriptString(id)));
                  element.scrollIntoView({ block: "center", inline: "center" });
                  const box = element.getBoundingClientRect();
                  return [box.x + box.width / 2, box.y + box.height / 2];
                })()
                """) as? [NSNumber]
        guard let point, point.count == 2 else { throw Chromium.Failure(description: "no element \(id)") }
        return (point[0].doubleValue, point[1].doubleValue)
    }

    func moveMouse(to point: (x: Double, y: Double)) throws {
        try send("Input.dispatchMouseEvent", ["type": "mouseMoved", "x": point.x, "y": point.y])
    }

    func click(at point: (x: Double, y: Double)) throws {
        try moveMouse(to: point)
        for type in ["mousePressed", "mouseReleased"] {
            try send(
                "Input.dispatchMouseEvent",
                ["type": type, "x": point.x, "y": point.y, "button": "left", "clickCount": 1])
        }
    }

    /// Turns the mouse wheel at `point`, `deltaY` pixels (negative: away from the user).
    func wheel(at point: (x: Double, y: Double), deltaY: Double) throws {
        try send(
            "Input.dispatchMouseEvent",
            ["type": "mouseWheel", "x": point.x, "y": point.y, "deltaX": 0, "deltaY": deltaY])
    }

    /// Presses the left button at `from`, moves to `to` in `steps` moves, and releases it there.
    func drag(from: (x: Double, y: Double), to: (x: Double, y: Double), steps: Int = 5) throws {
        try moveMouse(to: from)
        try send(
            "Input.dispatchMouseEvent",
            ["type": "mousePressed", "x": from.x, "y": from.y, "button": "left", "buttons": 1, "clickCount": 1])
        for step in 1...steps {
            let share = Double(step) / Double(steps)
            try send(
                "Input.dispatchMouseEvent",
                [
                    "type": "mouseMoved", "x": from.x + (to.x - from.x) * share, "y": from.y + (to.y - from.y) * share,
                    "button": "left", "buttons": 1,
                ])
        }
        try send(
            "Input.dispatchMouseEvent",
            ["type": "mouseReleased", "x": to.x, "y": to.y, "button": "left", "buttons": 0, "clickCount": 1])
    }

    /// Loads the page again, at its current URL, and waits until it has loaded.
    func reload() throws {
        try send("Page.reload")
        try browser.waitForEvent("Page.loadEventFired", session: session)
    }

    /// A key as a keyboard sends it. Keys that type text go down as `keyDown`, the others as `rawKeyDown`.
    enum Key {
        case tab, enter, escape, slash, plus, minus, zero, arrowLeft, arrowRight, arrowUp, arrowDown

        var fields: (key: String, code: String, keyCode: Int, text: String?) {
            switch self {
            case .tab: ("Tab", "Tab", 9, nil)
            case .enter: ("Enter", "Enter", 13, "\r")
            case .escape: ("Escape", "Escape", 27, nil)
            case .slash: ("/", "Slash", 191, "/")
            case .plus: ("+", "Equal", 187, "+")
            case .minus: ("-", "Minus", 189, "-")
            case .zero: ("0", "Digit0", 48, "0")
            case .arrowLeft: ("ArrowLeft", "ArrowLeft", 37, nil)
            case .arrowUp: ("ArrowUp", "ArrowUp", 38, nil)
            case .arrowRight: ("ArrowRight", "ArrowRight", 39, nil)
            case .arrowDown: ("ArrowDown", "ArrowDown", 40, nil)
            }
        }
    }

    func press(_ key: Key) throws {
        let fields = key.fields
        var down: [String: Any] = [
            "type": fields.text == nil ? "rawKeyDown" : "keyDown", "key": fields.key, "code": fields.code,
            "windowsVirtualKeyCode": fields.keyCode, "nativeVirtualKeyCode": fields.keyCode,
        ]
        if let text = fields.text {
            down["text"] = text
            down["unmodifiedText"] = text
        }
        try send("Input.dispatchKeyEvent", down)
        try send(
            "Input.dispatchKeyEvent",
            [
                "type": "keyUp", "key": fields.key, "code": fields.code,
                "windowsVirtualKeyCode": fields.keyCode, "nativeVirtualKeyCode": fields.keyCode,
            ])
    }

    func type(_ text: String) throws {
        try send("Input.insertText", ["text": text])
    }

    /// A PNG of the viewport.
    func screenshot() throws -> [UInt8] {
        guard let encoded = try send("Page.captureScreenshot", ["format": "png"])["data"] as? String,
            let data = Data(base64Encoded: encoded)
        else {
            throw Chromium.Failure(description: "no screenshot")
        }
        return [UInt8](data)
    }

    /// The URLs this tab requested, and what went wrong in it: uncaught
    /// exceptions, console errors and warnings (Content-Security-Policy
    /// violations among them) and dialogs.
    func activity() throws -> (requests: [String], problems: [String]) {
        _ = try evaluate("0")  // Events sent before this answer are in.
        var requests: [String] = []
        var problems: [String] = []
        for event in browser.events where event["sessionId"] as? String == session {
            let parameters = event["params"] as? [String: Any] ?? [:]
            switch event["method"] as? String {
            case "Network.requestWillBeSent":
                requests.append((parameters["request"] as? [String: Any])?["url"] as? String ?? "?")
            case "Runtime.exceptionThrown":
                problems.append("exception: \(parameters["exceptionDetails"] ?? "")")
            case "Runtime.consoleAPICalled"
            where ["error", "warning", "assert"].contains(parameters["type"] as? String ?? ""):
                problems.append("console: \(parameters["args"] ?? "")")
            case "Log.entryAdded":
                let entry = parameters["entry"] as? [String: Any] ?? [:]
                if ["error", "warning"].contains(entry["level"] as? String ?? "") {
                    problems.append("log: \(entry["text"] ?? "")")
                }
            case "Page.javascriptDialogOpening":
                problems.append("dialog: \(parameters["message"] ?? "")")
            default:
                break
            }
        }
        return (requests, problems)
    }
}

/// `text` as a JavaScript string literal.
func javaScriptString(_ text: String) -> String {
    let data = try! JSONSerialization.data(withJSONObject: [text])
    return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
}
