/// `s` broken into lines of at most `width` columns, at spaces.
///
/// An explicit "\n" starts a new line (an empty line between two "\n"); runs of spaces
/// between words collapse into one; a word wider than the line is broken hard on grapheme
/// boundaries. An empty string gives one empty line. A single character wider than `width`
/// (a wide character when `width` is 1) gets a line of its own.
public func wrap(_ s: String, width: Int) -> [String] {
    let width = max(1, width)
    var lines: [String] = []
    for paragraph in s.split(separator: "\n", omittingEmptySubsequences: false) {
        var line = ""
        var lineWidth = 0
        for word in paragraph.split(separator: " ") {
            var word = String(word)
            var wordWidth = displayWidth(word)
            if lineWidth > 0 && lineWidth + 1 + wordWidth <= width {
                line += " " + word
                lineWidth += 1 + wordWidth
                continue
            }
            if lineWidth > 0 {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            while wordWidth > width {
                var piece = prefix(word, width: width)
                if piece.isEmpty { piece = String(word.first!) }
                lines.append(piece)
                word.removeFirst(piece.count)
                wordWidth = displayWidth(word)
            }
            line = word
            lineWidth = wordWidth
        }
        lines.append(line)
    }
    return lines
}
