-- dofile is not in the sandbox.
-- expect: dofile\.lua:\d+: error: attempt to call a nil value \(global 'dofile'\)
return dofile("/etc/passwd")
