import CTextWidth

/// The number of terminal columns `s` takes.
///
/// The sum over grapheme clusters: a cluster is as wide as its first scalar (`wcwidth`
/// under a UTF-8 locale; control characters count 0), except that emoji presentation
/// sequences (variation selector 16, skin tones, ZWJ sequences, flags) count 2.
/// Plain ASCII takes a fast path that never calls into C.
public func displayWidth(_ s: String) -> Int {
    var text = s
    if let width = text.withUTF8({ standaloneScalarsWidth($0) }) { return width }
    var width = 0
    for cluster in s { width += clusterWidth(cluster) }
    return width
}

/// The width of a text whose every non-ASCII scalar always makes a grapheme cluster of its
/// own (Latin-1 to Latin Extended-B, and U+2010–U+27FF less the joiners, the bidi controls
/// and the combining marks for symbols: the box rules, arrows, bullets and marks the
/// renderer draws), summed scalar by scalar over the UTF-8 bytes: the same sum as cluster
/// by cluster, without segmenting the text into `Character`s (most of `explore`'s render
/// checks, issue 26). Nil for any other text. No scalar in these ranges is Extend, ZWJ,
/// SpacingMark, Prepend, a regional indicator or Hangul, so none joins its neighbours
/// (CR LF, the one ASCII pair that joins, counts 0 either way). Plain ASCII never calls
/// into C; a run of one glyph (a title's rule) asks its width once.
private func standaloneScalarsWidth(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var width = 0
    var i = 0
    let n = bytes.count
    var lastScalar: UInt32 = 0, lastWidth = 0
    while i < n {
        let b0 = bytes[i]
        if b0 < 0x80 {
            if b0 >= 0x20 && b0 < 0x7F { width += 1 }
            i += 1
            continue
        }
        // Valid UTF-8 (a Swift string's): a 2-byte or 3-byte sequence; 4 bytes is never one of ours.
        let v: UInt32
        if b0 < 0xE0 {
            v = UInt32(b0 & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F)
            i += 2
        } else if b0 < 0xF0 {
            v = UInt32(b0 & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F)
            i += 3
        } else {
            return nil
        }
        guard standsAlone(v) else { return nil }
        if v != lastScalar {
            lastScalar = v
            lastWidth = clusterWidth(Character(Unicode.Scalar(v)!))
        }
        width += lastWidth
    }
    return width
}

/// Whether scalar `v` (not ASCII) is in the ranges `standaloneScalarsWidth` sums.
package func standsAlone(_ v: UInt32) -> Bool {
    switch v {
    case 0xA0..<0x300, 0x2010..<0x2028, 0x2030..<0x2060, 0x2070..<0x20D0, 0x2100..<0x2800: return true
    default: return false
    }
}

/// The columns one grapheme cluster takes (see `displayWidth`).
package func clusterWidth(_ cluster: Character) -> Int {
    let scalars = cluster.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if first.value < 0x80 {
        if first.value < 0x20 || first.value == 0x7F { return 0 }
        // An ASCII base with VS16 or a keycap mark is an emoji ("1️⃣").
        if scalars.count > 1, first.properties.isEmoji, scalars.contains(where: isEmojiSequenceMark) { return 2 }
        return 1
    }
    if scalars.count > 1 {
        if (0x1F1E6...0x1F1FF).contains(first.value) { return 2 }  // a flag
        if first.properties.isEmoji, scalars.contains(where: isEmojiSequenceMark) { return 2 }
    }
    if first.properties.isEmojiPresentation { return 2 }
    let w = Int(ctw_width(first.value))
    if w >= 0 { return w }
    // wcwidth says "not printable": controls and format characters take no column, anything
    // else (unassigned, private use) is drawn as some glyph by the terminal: count it.
    switch first.properties.generalCategory {
    case .control, .format, .nonspacingMark, .enclosingMark, .lineSeparator, .paragraphSeparator:
        return 0
    default:
        return 1
    }
}

/// Scalars that make the cluster they follow an emoji presentation sequence.
private func isEmojiSequenceMark(_ s: Unicode.Scalar) -> Bool {
    switch s.value {
    case 0xFE0F, 0x200D, 0x20E3, 0x1F3FB...0x1F3FF: return true
    default: return false
    }
}

/// Whether the user's locale (LC_ALL, LC_CTYPE, LANG) uses UTF-8; when it does not, a
/// caller should render with `RenderOptions.ascii`.
public func localeIsUTF8() -> Bool {
    ctw_locale_is_utf8() != 0
}
