-- error() with a 10 MiB message while loading: the diagnostic keeps its first and last
-- 100 characters around a … (the end often says what went wrong).
-- args: --max-memory 32M
-- max-output: 4096
-- expect: host_diag_huge_error\.lua:\d+: error: e{90,}…e+ THE END$
error(string.rep("e", 10 << 20) .. " THE END")
