extension String {
    /// Appends `line` and the newline that ends it.
    mutating func appendLine(_ line: String) {
        self += line
        self += "\n"
    }
}
