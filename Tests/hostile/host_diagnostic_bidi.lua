-- check: a field name, an enum value and an error message with C1, bidi and DEL
-- characters are shown as escapes in diagnostics.
-- expect: unknown field "na\\u\{202E\}me\\u\{85\}"
-- expect: unknown value "dis\\x7fclosure"
return screen { title = "D",
  section { row { text = "a", ["na\u{202E}me\u{85}"] = 1, accessory = "dis\127closure" } },
}
