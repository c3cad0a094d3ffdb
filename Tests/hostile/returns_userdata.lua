-- The script returns a userdata. Sandboxed scripts cannot make one; with every library
-- open (--trusted) io.stdout is one.
-- args: --trusted
-- expect: returns_userdata\.lua:\d+: error: the script returns a userdata, not a screen or app
return io.stdout
