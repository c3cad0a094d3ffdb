-- error(nil): the message is made up, and the line comes from the traceback.
-- expect: error_nil\.lua:3: error: \(error object is a nil value\)
error(nil)
