import LuaScreen
import ScreenRender

/// How `find` lists its results (SPEC §10): `N. Screen › … › Row text`, one a line where
/// they fit. The row's text is never cut: a long path gives way first, shortened from the
/// left (the titles nearest the root go), and a text wider than the line wraps under its
/// number. A hidden row is marked `(hidden)`. Two results that would look the same (their
/// paths shortened alike) show their whole paths, wrapped, and the screens' ids when even
/// those are the same.
enum FindList {
    static func lines(_ results: [FindResult], width: Int, separator: String, ellipsis: String,
                      clean: (String) -> String) -> [String] {
        let width = max(12, width)
        let numberWidth = "\(results.count). ".count
        var bodies: [[String]] = results.map { result in
            shortened(result, room: width - numberWidth, separator: separator, ellipsis: ellipsis, clean: clean)
        }
        var seen: [String: Int] = [:]
        seen.reserveCapacity(bodies.count)
        for (i, body) in bodies.enumerated() {
            let look = body.joined(separator: "\n")
            if let first = seen[look] {
                bodies[first] = whole(results[first], room: width - numberWidth, separator: separator, clean: clean)
                bodies[i] = whole(results[i], room: width - numberWidth, separator: separator, clean: clean)
            } else {
                seen[look] = i
            }
        }
        // Still alike (the same titles and text on two screens): name the screens.
        seen.removeAll(keepingCapacity: true)
        for (i, body) in bodies.enumerated() {
            let look = body.joined(separator: "\n")
            if let first = seen[look] {
                for j in [first, i] where !bodies[j].isEmpty {
                    bodies[j][bodies[j].count - 1] += " [\(clean(results[j].screen))]"
                }
            } else {
                seen[look] = i
            }
        }
        var out: [String] = []
        for (i, body) in bodies.enumerated() {
            let number = "\(i + 1). "
            let label = String(repeating: " ", count: numberWidth - number.count) + number
            for (j, line) in body.enumerated() {
                out.append((j == 0 ? label : String(repeating: " ", count: numberWidth)) + line)
            }
        }
        return out
    }

    /// The row's text with its marks (hidden, what matched): what is never cut.
    static func tail(_ result: FindResult, clean: (String) -> String) -> String {
        clean(result.text) + (result.hidden ? " (hidden)" : "") + (result.matched.map { " (\(clean($0)))" } ?? "")
    }

    /// One line when the text fits beside some of the path; else the path on a line of its
    /// own and the text wrapped beneath.
    static func shortened(_ result: FindResult, room: Int, separator: String, ellipsis: String,
                          clean: (String) -> String) -> [String] {
        let titles = result.titles.map(clean)
        let text = tail(result, clean: clean)
        let full = (titles + [text]).joined(separator: separator)
        if displayWidth(full) <= room { return [full] }
        let pathRoom = room - displayWidth(separator) - displayWidth(text)
        if pathRoom >= 8 { return [path(titles, room: pathRoom, separator: separator, ellipsis: ellipsis) + separator + text] }
        return [path(titles, room: room, separator: separator, ellipsis: ellipsis) + separator.trimmingTrailingSpace]
            + wrap(text, width: room)
    }

    /// Titles joined, the first ones replaced by `…` until the rest fits, then cut from the left.
    static func path(_ titles: [String], room: Int, separator: String, ellipsis: String) -> String {
        var kept = titles
        var cut = false
        func joined() -> String { ((cut ? [ellipsis] : []) + kept).joined(separator: separator) }
        while kept.count > 1, displayWidth(joined()) > room {
            kept.removeFirst()
            cut = true
        }
        return truncateLeading(joined(), toWidth: room, ellipsis: ellipsis)
    }

    /// The whole path and text, wrapped (for results that would otherwise look the same).
    static func whole(_ result: FindResult, room: Int, separator: String, clean: (String) -> String) -> [String] {
        wrap((result.titles.map(clean) + [tail(result, clean: clean)]).joined(separator: separator), width: room)
    }
}

extension String {
    var trimmingTrailingSpace: String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
