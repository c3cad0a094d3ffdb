import ScreenModel
import LuaScreenCore
import LuaScreenTesting

/// The map of an app (SPEC §17, `luascreen graph` and the preview's map): its screens, the
/// rows that push one screen from another, and which rows' `visible`/`enabled` read the
/// keys other rows bind. `Sendable`: a plain value.
public struct ScreenGraph: Sendable, Equatable {
    /// One screen: its id, title and how many rows it has, evaluated. `Sendable`.
    public struct Node: Sendable, Equatable {
        /// The screen's id.
        public var id: String
        /// Its title, evaluated.
        public var title: String
        /// How many rows its sections hold, evaluated against the store (hidden ones too).
        public var rowCount: Int
    }
    /// A row of `from` that pushes `to`. `Sendable`.
    public struct Push: Sendable, Equatable {
        /// The screen the row is on.
        public var from: String
        /// The screen it pushes.
        public var to: String
        /// The row's id.
        public var row: String
        /// The row's text, as the label.
        public var text: String

        /// A push of `to` from row `row` (labelled `text`) on `from`.
        public init(from: String, to: String, row: String, text: String) {
            self.from = from
            self.to = to
            self.row = row
            self.text = text
        }
    }
    /// A row binding `key` (on `fromScreen`) read by the `condition` of row `toRow` (on `toScreen`). `Sendable`.
    public struct Dependency: Sendable, Equatable {
        /// The screen of the row binding the key.
        public var fromScreen: String
        /// The row binding the key.
        public var fromRow: String
        /// The screen of the row whose condition reads it.
        public var toScreen: String
        /// The row whose condition reads it.
        public var toRow: String
        /// The key read.
        public var key: String
        /// `visible` or `enabled`.
        public var condition: String
    }

    /// The id of the root screen.
    public var root: String
    /// Every declared screen, in declaration order.
    public var nodes: [Node]
    /// Every push, in the order of the rows.
    public var pushes: [Push]
    /// Every condition's read of a bound key.
    public var dependencies: [Dependency]

    /// Graphviz's dot language: screens as boxes labelled with their title and row count,
    /// pushes as solid edges labelled with the row's text, dependencies as dashed edges
    /// from the binding row's screen to the reading row's, labelled `key → row (condition)`.
    public var dot: String {
        var out = "digraph luascreen {\n  rankdir=LR;\n  node [shape=box, style=rounded, fontname=\"Helvetica\"];\n  edge [fontname=\"Helvetica\", fontsize=10];\n"
        for node in nodes {
            let rows = node.rowCount == 1 ? "1 row" : "\(node.rowCount) rows"
            let extra = node.id == root ? ", peripheries=2" : ""
            out += "  \(ScreenGraph.quoteID(node.id)) [label=\(ScreenGraph.quote("\(node.title)\n\(rows)"))\(extra)];\n"
        }
        for push in pushes {
            out += "  \(ScreenGraph.quoteID(push.from)) -> \(ScreenGraph.quoteID(push.to)) [label=\(ScreenGraph.quote(push.text)), tooltip=\(ScreenGraph.quoteID("row " + push.row))];\n"
        }
        for dep in dependencies {
            let label = "\(dep.key): \(dep.fromRow) → \(dep.toRow) (\(dep.condition))"
            out += "  \(ScreenGraph.quoteID(dep.fromScreen)) -> \(ScreenGraph.quoteID(dep.toScreen)) [style=dashed, label=\(ScreenGraph.quote(label)), fromrow=\(ScreenGraph.quoteID(dep.fromRow)), torow=\(ScreenGraph.quoteID(dep.toRow)), key=\(ScreenGraph.quoteID(dep.key)), condition=\(ScreenGraph.quoteID(dep.condition))];\n"
        }
        return out + "}\n"
    }

    /// A dot string literal for text shown (titles, row texts): the script's text through the
    /// sanitizer, then quotes and backslashes escaped, a newline as `\n`, a tab dropped.
    package static func quote(_ text: String) -> String { literal(sanitize(text), oneToOne: false) }

    /// A dot string literal for an identifier (a screen or row id, a key), one-to-one: two
    /// different ids never give the same literal, so `"a\u{1B}"` and `"a\\x1b"` stay two nodes.
    /// Every backslash of the id is doubled, so the one backslash of an escape made for a
    /// control or bidi character (as `sanitize` writes it: `\x1b`, `\u{202E}`) or a newline
    /// (`\n`) cannot be confused with text; quotes are escaped.
    package static func quoteID(_ text: String) -> String { literal(text, oneToOne: true) }

    /// `text` quoted for dot; control and bidi characters escaped (`oneToOne`) or dropped.
    private static func literal(_ text: String, oneToOne: Bool) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case _ where isHidden(scalar.value):
                if oneToOne { out += sanitize(String(scalar), lineBreaks: .escape) }
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension Session {
    /// The app's map, evaluated against the current store: every declared screen, the
    /// pushes of their rows to screens named by id, and the store keys each row's
    /// `visible`/`enabled` function reads (as `why` records them), joined to the rows
    /// binding those keys. A push computed by a function is left out (its target is known
    /// only when it runs).
    public func graph() -> ScreenGraph {
        action {
            var nodes: [ScreenGraph.Node] = []
            var pushes: [ScreenGraph.Push] = []
            var binders: [String: [(screen: String, row: String)]] = [:]
            var reads: [(screen: String, row: String, key: String, condition: String)] = []
            for screen in registry.screens {
                let resolved = resolvedScreen(id: screen.id)
                let count = resolved.map { $0.sections.reduce(0) { $0 + $1.rows.count } } ?? 0
                nodes.append(.init(id: screen.id, title: resolved?.title ?? screen.title, rowCount: count))
                guard case .value(let sections) = screen.sections else { continue }
                let texts = Dictionary(resolved?.sections.flatMap(\.rows).map { ($0.id, $0.text) } ?? [], uniquingKeysWith: { a, _ in a })
                for section in sections {
                    for row in section.rows {
                        if case .screen(let target)? = row.push {
                            pushes.append(.init(from: screen.id, to: target, row: row.id, text: texts[row.id] ?? row.id))
                        }
                        if let key = row.binding?.key { binders[key, default: []].append((screen.id, row.id)) }
                        for (name, field) in [("visible", row.visible), ("enabled", row.enabled)] {
                            guard case .function = field else { continue }
                            let (_, read, _) = explain(field, row: row, what: "\(name) of row \"\(row.id)\"")
                            for key in distinct(read).map(\.key) { reads.append((screen.id, row.id, key, name)) }
                        }
                    }
                }
            }
            var dependencies: [ScreenGraph.Dependency] = []
            for read in reads {
                for binder in binders[read.key] ?? [] {
                    dependencies.append(.init(fromScreen: binder.screen, fromRow: binder.row, toScreen: read.screen,
                                              toRow: read.row, key: read.key, condition: read.condition))
                }
            }
            return ScreenGraph(root: app.root, nodes: nodes, pushes: pushes, dependencies: dependencies)
        }
    }
}
