/// The version `--version` prints and a release is tagged with (`git tag 0.1.0`).
let luascreenVersion = "0.1.0"
/// The date of that version, for the man page's `.TH` (fixed with the version, so the page
/// is the same on every build).
let luascreenDate = "2026-12-01"
