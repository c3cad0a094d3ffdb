import LuaRuntime
import ScreenModel
import LuaScreenCore

/// Sections of one pane as its specifiers are read, with row and section ids kept unique in
/// time linear in the rows (each id's next free suffix is remembered).
struct ScreenBuilder {
    let file: String
    var sections: [ImportedSection] = []
    private var rowIDs = UniqueIDs()
    private var sectionIDs = UniqueIDs()

    init(file: String) { self.file = file }

    mutating func startSection(header: String?, footer: String?) {
        var section = ImportedSection(header: header, footer: footer)
        // The validator's default section id: the header made an id, else sectionN.
        let natural = header.map(slug).flatMap { $0.isEmpty ? nil : $0 } ?? "section\(sections.count + 1)"
        let id = sectionIDs.claim(natural)
        if id != natural { section.id = id }
        sections.append(section)
    }

    /// The keys of the group specifier that started the current section, kept in its `ios`.
    mutating func setSectionKeys(_ ios: [PlatformEntry]) {
        if sections.isEmpty { startSection(header: nil, footer: nil) }
        sections[sections.count - 1].ios = ios
    }

    mutating func add(_ row: ImportedRow) {
        if sections.isEmpty { startSection(header: nil, footer: nil) }
        var row = row
        // The id the validator gives: the key, else the text made an id.
        let natural = row.key ?? slug(row.text)
        var wanted = row.id ?? natural
        if wanted.isEmpty { wanted = "row" }
        let id = rowIDs.claim(wanted)
        row.id = id == natural ? nil : id
        // A title-value row's Key is written as its id: a renamed id keeps its Key in ios.
        if let key = row.keyAsID, key != id, !row.ios.contains(where: { $0.key == "Key" }) {
            row.ios = PlatformValues.sorted(row.ios + [PlatformEntry(key: "Key", value: .string(key))])
        }
        sections[sections.count - 1].rows.append(row)
    }

    func finished() -> [ImportedSection] { sections }
}

/// Ids handed out once each: a taken id gets the first free `_2`, `_3`, ... after the last
/// suffix given for it, so 20,000 rows of one title take linear time.
struct UniqueIDs {
    private var taken = Set<String>()
    private var nextSuffix: [String: Int] = [:]

    /// `wanted` when it is free, else `wanted_N` with the smallest free N from where the
    /// last search for `wanted` ended.
    mutating func claim(_ wanted: String) -> String {
        if taken.insert(wanted).inserted { return wanted }
        var n = nextSuffix[wanted] ?? 2
        while taken.contains("\(wanted)_\(n)") { n += 1 }
        nextSuffix[wanted] = n + 1
        let id = "\(wanted)_\(n)"
        taken.insert(id)
        return id
    }
}
