-- print in `check`: a window title (OSC 0), the clipboard (OSC 52), a screen clear, a C1
-- CSI, DEL and a bidi override all come out as escapes, never raw.
-- command: check
-- status: 0
-- expect-out: ^\\x1b\]0;pwned\\x07 \\x1b\]52;c;aGk=\\x07 \\x1b\[2J \\u\{9B\}2J \\x7f abc\\u\{202E\}def \\u\{2066\}x\\u\{2069\}$
-- expect-out: ^tabs\tand$
-- expect-out: ^new lines$
print("\27]0;pwned\7 \27]52;c;aGk=\7 \27[2J \u{9B}2J \127 abc\u{202E}def \u{2066}x\u{2069}")
print("tabs", "and\nnew lines")
return screen { title = "Print", section { row { text = "a" } } }
