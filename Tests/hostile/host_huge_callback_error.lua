-- A button whose on_select raises a 20 MB message: the REPL prints its first and last 100
-- characters around a … (SPEC §7), not 20 MB. It was printed whole.
-- command: run
-- args: --max-memory 64M
-- stdin: Boom
-- max-output: 4096
-- expect: host_huge_callback_error\.lua:\d+: error: b{100}…b{90,} THE END
return screen { id = "b", title = "B", section {
  button { text = "Boom", on_select = function() error(string.rep("b", 20000000) .. " THE END") end },
} }
