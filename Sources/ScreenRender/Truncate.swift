/// `s` cut on grapheme boundaries so that it takes at most `width` columns, with `ellipsis`
/// appended when something was cut ("…", or "..." for ASCII output).
///
/// Never exceeds `width`; a wide character that would straddle the limit is left out, so the
/// result can be one column shorter. Spaces before the ellipsis are dropped. When even the
/// ellipsis does not fit, as much of it as fits is returned.
public func truncate(_ s: String, toWidth width: Int, ellipsis: String = "…") -> String {
    guard width > 0 else { return "" }
    if displayWidth(s) <= width { return s }
    let ellipsisWidth = displayWidth(ellipsis)
    if ellipsisWidth >= width {
        return ellipsisWidth == width ? ellipsis : prefix(ellipsis, width: width)
    }
    var kept = prefix(s, width: width - ellipsisWidth)
    while kept.last == " " { kept.removeLast() }
    return kept + ellipsis
}

/// The longest grapheme-cluster prefix of `s` that fits in `width` columns.
func prefix(_ s: String, width: Int) -> String {
    var used = 0
    var end = s.startIndex
    for index in s.indices {
        let w = clusterWidth(s[index])
        if used + w > width { break }
        used += w
        end = s.index(after: index)
    }
    return String(s[s.startIndex..<end])
}

/// `s` cut from the left on grapheme boundaries to at most `width` columns, `ellipsis`
/// put first when something was cut ("…ssor type › Preemption"): for paths, whose end matters.
public func truncateLeading(_ s: String, toWidth width: Int, ellipsis: String = "…") -> String {
    guard width > 0 else { return "" }
    if displayWidth(s) <= width { return s }
    let ellipsisWidth = displayWidth(ellipsis)
    if ellipsisWidth >= width { return prefix(ellipsis, width: width) }
    var used = 0
    var start = s.endIndex
    while start > s.startIndex {
        let before = s.index(before: start)
        let w = clusterWidth(s[before])
        if used + w > width - ellipsisWidth { break }
        used += w
        start = before
    }
    var kept = Substring(s[start...])
    while kept.first == " " { kept = kept.dropFirst() }
    return ellipsis + kept
}
