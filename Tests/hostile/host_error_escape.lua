-- check: an error raised while loading, with an OSC 52 clipboard write and a newline in
-- it, is one line with escapes.
-- expect: host_error_escape\.lua:\d+: error: .*copy \\x1b\]52;c;ZXZpbA==\\x07\\x0anext line
error("copy \27]52;c;ZXZpbA==\7\nnext line")
