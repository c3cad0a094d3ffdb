/// The one seam for every file luascreen reads for a person or writes (SPEC §14): read a
/// regular file (optionally only inside a folder), replace a file atomically, make folders,
/// join relative paths that cannot leave their root, `-` as standard output, and refuse an
/// output that is one of the command's inputs. Every failure is a `FileError`.
///
/// - Writing: a temporary file `.NAME.RANDOM.tmp` is created in the target's folder with
///   `O_CREAT|O_EXCL|O_NOFOLLOW` (never through a link, never an existing file), written,
///   fsync'd and renamed over the target; the folder is fsync'd. Any failure before the
///   rename removes the temporary file and leaves the target as it was. A target that exists
///   and is not a regular file (a device, a FIFO, a socket, a folder, a symbolic link) is
///   refused: `PATH: error: not a regular file; luascreen never replaces it`.
/// - Reading: opened with `O_NONBLOCK` (a FIFO never blocks) and checked with `fstat`; what
///   is not a regular file is refused, and the size is bounded.
///
/// A namespace of functions that keep no state: callable from any thread.
public enum Files {}
