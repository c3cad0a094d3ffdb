-- check --json: script text in the messages and paths as JSON \u escapes, never raw.
-- args: --json
-- expect-out: "message": "unknown field \\"x\\u202e\\u009by\\u001b\]0;t\\u0007\\"
return screen { title = "T", section { row { text = "a", ["x\u{202E}\u{9B}y\27]0;t\7"] = 1 } } }
