/// Hands out xctrace ids: a value's first use defines it, later uses refer to it.
struct Interner {
    var next = 1
    var ids: [String: Int] = [:]

    /// `<tag id="N" fmt="…">text</tag>` the first time, `<tag ref="N"/>` after.
    mutating func leaf(_ tag: String, _ text: String, fmt: String? = nil) -> String {
        nested(tag, key: text, fmt: fmt ?? text) { _ in escape(text) }
    }

    /// An element interned as a whole under `key`.
    mutating func nested(_ tag: String, key: String, fmt: String, content: (inout Interner) -> String) -> String {
        let fullKey = tag + "\u{1}" + key
        if let id = ids[fullKey] { return "<\(tag) ref=\"\(id)\"/>" }
        let id = next
        next += 1
        ids[fullKey] = id
        return "<\(tag) id=\"\(id)\" fmt=\"\(escape(fmt))\">\(content(&self))</\(tag)>"
    }

    /// A value used once (a timestamp, a duration).
    mutating func fresh(_ tag: String, fmt: String, content: String) -> String {
        let id = next
        next += 1
        return "<\(tag) id=\"\(id)\" fmt=\"\(escape(fmt))\">\(content)</\(tag)>"
    }

    /// Forgets interned values whose key starts with `prefix`, so event ids no longer referred to cost no memory.
    mutating func forget(prefix: String) {
        ids = ids.filter { !$0.key.hasPrefix(prefix) }
    }

    mutating func process() -> String {
        nested("process", key: "app", fmt: "Library (4242)") { $0.leaf("pid", "4242") }
    }

    mutating func thread() -> String {
        nested("thread", key: "main", fmt: "Main Thread (0x1e9000) (Library, pid: 4242)") {
            $0.leaf("tid", "2003968", fmt: "0x1e9000") + $0.process()
        }
    }
}
