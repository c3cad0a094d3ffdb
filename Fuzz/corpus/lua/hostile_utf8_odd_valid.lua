-- Valid but awkward text: emoji sequences, right-to-left overrides, zero-width and
-- combining characters, control characters and terminal escapes.
return screen {
  title = "👩‍👩‍👧‍👦 \u{202E}txet desrever\u{202C}",
  section {
    header = "e\u{301}\u{301}\u{301}\u{200B}\u{FEFF}",
    row { text = "\27[2J\27]0;title\7 escapes", detail = "tab\there\rcr\0nul" },
    row { text = ("🇫🇷"):rep(100), detail = ("漢"):rep(1000) },
  },
}
