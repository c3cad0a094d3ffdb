-- Invalid UTF-8 in every text field, and nothing else wrong: only warnings, so check may
-- pass; render and dump must show replacement characters, not crash.
return screen {
  title = "Bad \xff\xfe bytes",
  section {
    header = "\xc3\x28 broken pair", footer = "\xe2\x82 truncated",
    row { text = "Overlong \xc0\xaf slash", detail = "\xed\xa0\x80 surrogate", icon = "\xf8\x88\x80\x80\x80" },
    row { text = function() return "\xff from a function" end, detail = function() return "\x80\x80" end },
    choice { text = "Pick \xff", key = "pick", options = { "\xff", "\xfe", { value = "ok", text = "\xc0" } } },
  },
}
