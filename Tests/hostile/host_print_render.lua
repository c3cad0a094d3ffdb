-- render: print, the title, row texts and details, headers, footers and alerts from
-- on_appear carry no raw control or bidi character.
-- command: render
-- status: 0
-- expect-out: \\x1b\]52;c;aGk=\\x07
-- expect-out: ^Title\\u\{202E\}
-- expect-out: Row\\x1b\[31mred
-- expect-out: detail\\u\{2067\}
-- expect-out: alert \\x1b\[2J\\x1bc
return screen {
  title = "Title\u{202E}txet", on_appear = function(ctx) print("\27]52;c;aGk=\7"); ctx:alert("alert \27[2J\27c") end,
  section { header = "Head\27]0;pwned-raw\7er", footer = "Foot\u{9B}er",
    row { text = "Row\27[31mred", detail = function() return "detail\u{2067}" end },
    row { text = function() return "Fn\u{2068}text" end, icon = "\27" },
  },
}
