-- run (batch): print, alerts, `=` results, `lua` output, find results and errors from a
-- callback, all escaped; the input lines echoed are escaped too.
-- command: run
-- stdin: select Go
-- stdin: = "\27]52;c;aGk=\7"
-- stdin: lua print("\27[2J\u{202E}")
-- stdin: find Fi
-- stdin: select Boom
-- stdin: select nothing\27[2J
-- expect-out: \\x1b\]0;title\\x07
-- expect-out: ! alert\\x1b\[2J
-- expect-out: \\x1b\]52;c;aGk=\\x07
-- expect-out: \\x1b\[2J\\u\{202E\}
-- expect-out: Fi\\x1b\[1mnd
-- expect: error \\x1b\]52;c;ZXZpbA==\\x07
return screen { title = "Run\u{202E}",
  section {
    button { text = "Go", on_select = function(ctx) print("\27]0;title\7"); ctx:alert("alert\27[2J") end },
    row { text = "Fi\27[1mnd" },
    button { text = "Boom", on_select = function() error("error \27]52;c;ZXZpbA==\7") end },
  },
}
