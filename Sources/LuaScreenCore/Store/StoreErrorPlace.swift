/// A store file that is not JSON, as a program writes it with the place in front.
extension StoreError {
    /// The reason a store file that is not JSON is damaged: `not valid JSON: ` and where and
    /// why the parser stopped (`placed`: without the line and column, which a place in front gives).
    static func notJSON(_ error: JSONParseError, placed: Bool = false) -> String {
        "not valid JSON: " + (placed ? error.message : error.description)
    }

    /// What `damaged` says after the file's name.
    static func damagedText(_ reason: String) -> String {
        "the store file is damaged: \(reason); fix or remove it; luascreen never overwrites it"
    }

    /// A store file that is not JSON, for a program that writes the place in front
    /// (`FILE:LINE:COL: error: TEXT`): the place where the file stops being JSON, and the
    /// message without the file's name and without that line and column; nil for any other error.
    public var placedAtJSON: (place: String, text: String)? {
        guard case .damaged(let path, let reason, let json?) = self, reason == StoreError.notJSON(json) else { return nil }
        return ("\(path):\(json.line):\(json.column)", StoreError.damagedText(StoreError.notJSON(json, placed: true)))
    }
}
