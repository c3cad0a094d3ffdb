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
            if wordWidth > width {
                // Broken hard in one pass over the word's characters (not piece by piece
                // over the rest of the word, which is quadratic for a very long word).
                var piece = ""
                var pieceWidth = 0
                for character in word {
                    let w = displayWidth(String(character))
                    if pieceWidth + w > width, !piece.isEmpty {
                        lines.append(piece)
                        piece = ""
                        pieceWidth = 0
                    }
                    piece.append(character)
                    pieceWidth += w
                }
                word = piece
                wordWidth = pieceWidth
            }
            line = word
            lineWidth = wordWidth
        }
        lines.append(line)
    }
    return lines
}
