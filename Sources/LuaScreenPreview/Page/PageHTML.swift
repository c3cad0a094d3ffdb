/// The page, its style and its script: static text embedded in the binary (no CDN, no build
/// step, no framework), served without the token (the script reads it from the fragment).
enum PageAssets {
    /// `/`: the document. The script draws everything from `/api/state`.
    static let html = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>luascreen preview</title>
<link rel="stylesheet" href="/app.css">
<script src="/map.js" defer></script>
<script src="/app.js" defer></script>
</head>
<body class="look-ios">
<div class="toolbar" role="toolbar" aria-label="Preview">
  <div class="looks" role="radiogroup" aria-label="Look">
    <button type="button" id="look-ios" role="radio" aria-checked="true">iOS</button>
    <button type="button" id="look-android" role="radio" aria-checked="false">Android</button>
  </div>
  <label class="hidden-toggle"><input type="checkbox" id="show-hidden"> hidden rows</label>
  <button type="button" id="show-map" aria-pressed="false">Map</button>
  <form id="find-form" role="search"><input type="search" id="find" placeholder="Find" aria-label="Find a row on any screen"></form>
</div>
<section id="map" class="map" hidden aria-label="Map of the screens"></section>
<main class="phone" id="phone" aria-live="polite">
  <header class="bar">
    <button type="button" class="back" id="back" aria-label="Back" hidden></button>
    <nav class="path" id="path" aria-label="Path"></nav>
    <h1 class="title" id="title"></h1>
  </header>
  <div id="diagnostics" class="diagnostics" role="alert" hidden></div>
  <div id="message" class="message" role="status" hidden></div>
  <div id="find-results" class="find-results" hidden></div>
  <div id="sections" class="sections"></div>
  <div id="more" class="more" hidden></div>
</main>
<dialog id="dialog" aria-labelledby="dialog-text">
  <p id="dialog-text"></p>
  <div class="dialog-buttons" id="dialog-buttons"></div>
</dialog>
<noscript>The preview needs JavaScript.</noscript>
</body>
</html>
"""#
}
