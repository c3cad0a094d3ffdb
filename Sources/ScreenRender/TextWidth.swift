import CTextWidth

/// The number of terminal columns `s` takes.
///
/// The sum over grapheme clusters: a cluster is as wide as its first scalar (`wcwidth`
/// under a UTF-8 locale; control characters count 0), except that emoji presentation
/// sequences (variation selector 16, skin tones, ZWJ sequences, flags) count 2.
/// Plain ASCII takes a fast path that never calls into C.
public func displayWidth(_ s: String) -> Int {
    var width = 0
    var ascii = true
    for byte in s.utf8 {
        if byte >= 0x80 { ascii = false; break }
        if byte >= 0x20 && byte < 0x7F { width += 1 }
    }
    if ascii { return width }
    width = 0
    for cluster in s { width += clusterWidth(cluster) }
    return width
}

/// The columns one grapheme cluster takes (see `displayWidth`).
func clusterWidth(_ cluster: Character) -> Int {
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
