-- Invalid UTF-8 in texts: a warning for each, and a real error so check fails.
-- expect: utf8_invalid\.lua:\d+: warning: .*not valid UTF-8
-- expect: utf8_invalid\.lua:\d+: error: sections\[1\]\.rows\[3\]: missing required field "text"
return screen {
  title = "Bad \xff\xfe bytes",
  section {
    header = "\xc3\x28 broken pair",
    row { text = "Overlong \xc0\xaf slash", detail = "\xed\xa0\x80 surrogate" },
    row { text = "Truncated \xe2\x82", icon = "\xf8\x88\x80\x80\x80" },
    row { detail = "\x00 nul inside" },
  },
}
