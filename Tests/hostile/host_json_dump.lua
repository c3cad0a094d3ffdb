-- dump prints the script's texts as JSON with control and bidi characters as \u escapes.
-- command: dump
-- status: 0
-- expect-out: "title": "T\\u202e\\u001b\[2J"
-- expect-out: "text": "a\\u0085\\u2066"
return screen { title = "T\u{202E}\27[2J", section { row { text = "a\u{85}\u{2066}" } } }
