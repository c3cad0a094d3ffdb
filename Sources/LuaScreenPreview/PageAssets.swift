/// The page (placeholder).
enum PageAssets {
    static let html = "<!doctype html><title>luascreen</title>"
    static let script = ""
    static let style = ""
}
