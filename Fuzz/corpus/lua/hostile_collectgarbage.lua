-- collectgarbage is not in the sandbox (it could stop the collector).
-- expect: collectgarbage\.lua:\d+: error: attempt to call a nil value \(global 'collectgarbage'\)
collectgarbage("stop")
return screen { title = "x" }
