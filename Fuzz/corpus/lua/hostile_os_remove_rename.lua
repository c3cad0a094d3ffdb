-- The rest of os: remove, rename, exit, getenv, tmpname are not there.
-- expect: os_remove_rename\.lua:\d+: error: attempt to call a nil value \(field 'exit'\)
assert(os.remove == nil and os.rename == nil and os.getenv == nil and os.tmpname == nil)
assert(os.time and os.clock and os.date and os.difftime)
os.exit(0)
