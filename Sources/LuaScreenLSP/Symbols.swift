import LuaScreen

/// `textDocument/documentSymbol`: screens › sections › rows, as the constructors nest.
enum Symbols {
    static func symbols(_ document: inout OpenDocument) -> [DocumentSymbol] {
        let outline = document.currentOutline()
        let doc = document.doc
        func label(_ node: Outline.Node) -> (String, String?) {
            let c = node.constructor ?? "table"
            let id = node.string("id")?.value?.text
            switch c {
            case "app":
                return (c, node.string("root")?.value.map { "root " + $0.text })
            case "screen":
                return (id ?? node.string("title")?.value?.text ?? c, c + (node.string("title")?.value.map { ": " + $0.text } ?? ""))
            case "section":
                return (node.string("header")?.value?.text ?? id ?? "section", c)
            default:
                return (node.string("text")?.value?.text ?? id ?? node.string("key")?.value?.text ?? c, c + (node.string("key")?.value.map { " " + $0.text } ?? ""))
            }
        }
        func kind(_ c: String) -> Int {
            switch c {
            case "app": return Kinds.symbolModule
            case "screen": return Kinds.symbolClass
            case "section": return Kinds.symbolNamespace
            default: return Kinds.symbolField
            }
        }
        /// The symbol of a constructor's table, its constructor descendants inside.
        func symbol(_ index: Int, _ c: String) -> DocumentSymbol {
            let node = outline.nodes[index]
            let (name, detail) = label(node)
            let inner = children(of: index)
            let end = min(node.close, doc.bytes.count)
            return DocumentSymbol(name: name.isEmpty ? c : name, detail: detail, kind: kind(c),
                                  range: doc.range(node.nameStart, max(end, node.nameEnd)),
                                  selectionRange: doc.range(node.nameStart, node.nameEnd),
                                  children: inner.isEmpty ? nil : inner)
        }
        /// The symbols of `index`'s constructor descendants (plain tables in between are looked through).
        func children(of index: Int) -> [DocumentSymbol] {
            outline.nodes[index].children.flatMap { child -> [DocumentSymbol] in
                guard let c = outline.nodes[child].constructor else { return children(of: child) }
                return [symbol(child, c)]
            }
        }
        var top: [DocumentSymbol] = []
        for (index, node) in outline.nodes.enumerated() where node.parent == nil {
            if let c = node.constructor { top.append(symbol(index, c)) } else { top += children(of: index) }
        }
        return top
    }
}
