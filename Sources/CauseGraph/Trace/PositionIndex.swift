extension Dictionary where Value == Int32 {
    /// Where `key`'s element stands in `list`, as an `Int32` that records
    /// hold compactly: the first time, `element(key)` is appended and its
    /// position kept, so each key is listed once, in the order first met.
    mutating func position<Element>(
        of key: Key, in list: inout [Element], appending element: (Key) -> Element
    ) -> Int32 {
        if let position = self[key] { return position }
        let position = Int32(list.count)
        self[key] = position
        list.append(element(key))
        return position
    }
}
