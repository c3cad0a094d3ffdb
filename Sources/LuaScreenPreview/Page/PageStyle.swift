extension PageAssets {
    /// `/app.css`: the iOS look (inset grouped) and the Android look (Material preference
    /// list), each light and dark (`prefers-color-scheme`).
    static let style = #"""
:root {
  --bg: #f2f2f7; --card: #fff; --text: #000; --muted: #6d6d72; --sep: #c6c6c8;
  --accent: #007aff; --on: #34c759; --danger: #ff3b30; --off: #e9e9ea; --chev: #c4c4c7;
  --font: -apple-system, "SF Pro Text", "Helvetica Neue", Helvetica, Arial, sans-serif;
}
@media (prefers-color-scheme: dark) {
  :root { --bg: #000; --card: #1c1c1e; --text: #fff; --muted: #8d8d93; --sep: #38383a;
          --accent: #0a84ff; --on: #30d158; --danger: #ff453a; --off: #39393d; --chev: #5a5a5e; }
}
body.look-android {
  --bg: #fffbfe; --card: #fffbfe; --text: #1c1b1f; --muted: #49454f; --sep: #e7e0ec;
  --accent: #6750a4; --on: #6750a4; --danger: #b3261e; --off: #e7e0ec; --chev: transparent;
  --font: Roboto, "Noto Sans", "Droid Sans", Arial, sans-serif;
}
@media (prefers-color-scheme: dark) {
  body.look-android { --bg: #1c1b1f; --card: #1c1b1f; --text: #e6e1e5; --muted: #cac4d0; --sep: #49454f;
                      --accent: #d0bcff; --on: #d0bcff; --danger: #f2b8b5; --off: #49454f; }
}
* { box-sizing: border-box; }
html, body { margin: 0; background: #d9d9de; color: var(--text); font-family: var(--font); }
@media (prefers-color-scheme: dark) { html, body { background: #111; } }
.toolbar { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; padding: 8px 12px;
           font: 13px system-ui, sans-serif; color: #333; }
@media (prefers-color-scheme: dark) { .toolbar { color: #ccc; } }
.toolbar button, .toolbar input[type=search] { font: inherit; padding: 4px 10px; border-radius: 6px;
           border: 1px solid #999; background: #fff; color: #222; }
.toolbar button[aria-checked=true], .toolbar button[aria-pressed=true] { background: #222; color: #fff; }
.looks { display: inline-flex; gap: 2px; }
.phone { width: 390px; max-width: 100%; min-height: 640px; margin: 8px auto 24px; background: var(--bg);
         border-radius: 28px; overflow: hidden; box-shadow: 0 4px 24px rgba(0,0,0,.2); padding-bottom: 24px; }
:focus-visible { outline: 2px solid var(--accent); outline-offset: -2px; }
.bar { padding: 10px 16px 4px; position: relative; min-height: 44px; }
.back { border: 0; background: none; color: var(--accent); font: 17px var(--font); padding: 4px 0; cursor: pointer; }
.back::before { content: "‹ "; font-size: 22px; line-height: 17px; }
.path { font-size: 12px; color: var(--muted); display: inline; margin-left: 8px; }
.path button { border: 0; background: none; color: var(--accent); font: inherit; padding: 0; cursor: pointer; }
.title { font-size: 32px; font-weight: 700; margin: 6px 0 4px; letter-spacing: .2px; }
.section { margin: 0 16px 26px; }
.section-header { font-size: 13px; color: var(--muted); text-transform: uppercase; margin: 0 16px 6px; }
.section-footer { font-size: 13px; color: var(--muted); margin: 6px 16px 0; white-space: pre-wrap; }
.group { background: var(--card); border-radius: 10px; overflow: hidden; }
.row { display: flex; align-items: center; min-height: 44px; padding: 6px 16px; gap: 10px; position: relative;
       font-size: 17px; cursor: default; user-select: none; }
.row + .row::before { content: ""; position: absolute; top: 0; left: 16px; right: 0; border-top: .5px solid var(--sep); }
.row.has-icon + .row::before { left: 54px; }
.row[role=button], .row[role=option], .row[role=switch] { cursor: pointer; }
.row[role=button]:active, .row[role=option]:active { background: var(--sep); }
.icon { width: 28px; height: 28px; border-radius: 7px; background: var(--accent); color: #fff; display: inline-flex;
        align-items: center; justify-content: center; font-size: 15px; flex: none; }
.text { flex: 1; min-width: 0; }
.label { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.subtitle .detail, .row.subtitle .sub { display: block; font-size: 13px; color: var(--muted); }
.detail { color: var(--muted); white-space: nowrap; overflow: hidden; text-overflow: ellipsis; max-width: 55%; }
.detail.placeholder { font-style: italic; opacity: .7; }
.value2 .label { color: var(--accent); font-size: 14px; flex: 0 0 30%; }
.button .label { color: var(--accent); }
.destructive .label { color: var(--danger); }
.disabled { opacity: .45; }
.hidden-row { opacity: .45; border: 1px dashed var(--muted); }
.hidden-row .badge, .why { font-size: 11px; color: var(--muted); border: 1px solid var(--muted); border-radius: 8px;
        padding: 1px 6px; background: none; cursor: pointer; font-family: var(--font); }
.disabled .why { opacity: 1; }
.row-error { color: var(--danger); font-size: 12px; }
.chevron::after { content: "›"; color: var(--chev); font-size: 22px; line-height: 17px; }
.check::after { content: "✓"; color: var(--accent); font-weight: 600; }
.info { border: 1.5px solid var(--accent); color: var(--accent); border-radius: 50%; width: 22px; height: 22px;
        background: none; font: italic 600 13px Georgia, serif; cursor: pointer; flex: none; padding: 0; }
.switch { width: 51px; height: 31px; border-radius: 16px; background: var(--off); position: relative; flex: none;
          transition: background .2s; }
.switch::after { content: ""; position: absolute; top: 2px; left: 2px; width: 27px; height: 27px; border-radius: 50%;
          background: #fff; box-shadow: 0 2px 4px rgba(0,0,0,.25); transition: left .2s; }
[aria-checked=true] > .switch { background: var(--on); }
[aria-checked=true] > .switch::after { left: 22px; }
.field { font: 17px var(--font); color: var(--text); background: transparent; border: 0; text-align: right;
         flex: 1; min-width: 0; padding: 4px 0; }
textarea.field { text-align: left; min-height: 60px; resize: vertical; }
.field::placeholder { color: var(--muted); }
.stepper { display: inline-flex; border-radius: 8px; overflow: hidden; background: var(--off); flex: none; }
.stepper button { border: 0; background: none; color: var(--text); width: 44px; height: 30px; font-size: 20px; cursor: pointer; }
.stepper button + button { border-left: 1px solid var(--sep); }
/* A number row: the label keeps its width (at least 40% of the row; a long one the whole
   line) and at most two lines; the value, the stepper and why? follow it, wrapping under it
   against the right edge when they do not fit beside it; a slider takes a line of its own. */
.row.number { flex-wrap: wrap; row-gap: 6px; justify-content: flex-end; }
.number .text { flex: 1 1 auto; min-width: 40%; }
.number .label { white-space: normal; display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; overflow: hidden; }
.number .slider { order: 10; flex: 1 0 100%; }
.number .field.number-field { flex: 0 0 7.5em; width: 7.5em; }
.field[aria-invalid=true] { color: var(--danger); }
.row-error.refusal { margin-top: 2px; }
.row .why { flex: none; }
.box.checked::after { content: "✓"; color: var(--accent); font-weight: 600; }
.slider { accent-color: var(--accent); min-width: 48px; margin: 0; }
.number-value { min-width: 36px; text-align: right; color: var(--muted); white-space: nowrap; }
.actions-button { border: 0; background: none; color: var(--accent); font-size: 20px; cursor: pointer; padding: 0 4px; }
.item-tools button { border: 0; background: none; color: var(--accent); font-size: 16px; cursor: pointer; padding: 2px 6px; }
.item-tools .remove { color: var(--danger); }
.add-row input { text-align: left; }
.add-row button { border: 0; background: none; color: var(--accent); font: 17px var(--font); cursor: pointer; }
.diagnostics { margin: 0 16px 16px; padding: 10px 12px; border-radius: 10px; background: #fff0f0; color: #a00;
               font: 12px ui-monospace, monospace; white-space: pre-wrap; }
/* A refusal or a broken save: a banner fixed at the top of the window, seen however far the page is scrolled. */
.message { position: fixed; top: 8px; left: 50%; transform: translateX(-50%); width: min(374px, calc(100% - 16px)); z-index: 10;
           margin: 0; padding: 10px 36px 10px 12px; border-radius: 10px; background: var(--card); color: var(--danger); font-size: 14px;
           box-shadow: 0 4px 18px rgba(0,0,0,.25); border-left: 4px solid var(--danger); cursor: pointer; }
.message::after { content: "✕"; position: absolute; right: 12px; top: 9px; color: var(--muted); }
.find-results { margin: 0 16px 16px; background: var(--card); border-radius: 10px; overflow: hidden; }
.find-results button { display: block; width: 100%; text-align: left; border: 0; background: none; color: var(--text);
        font: 15px var(--font); padding: 10px 16px; border-bottom: .5px solid var(--sep); cursor: pointer; }
.find-results small { color: var(--muted); display: block; font-size: 12px; }
.more { text-align: center; color: var(--muted); font-size: 13px; padding: 12px; }
dialog { border: 0; border-radius: 14px; padding: 18px 0 0; width: 280px; background: var(--card); color: var(--text);
         text-align: center; font-family: var(--font); box-shadow: 0 8px 40px rgba(0,0,0,.35); }
dialog::backdrop { background: rgba(0,0,0,.3); }
dialog p { margin: 0 16px 16px; font-size: 15px; white-space: pre-wrap; }
.dialog-buttons { display: flex; flex-direction: column; border-top: .5px solid var(--sep); }
.dialog-buttons button { border: 0; background: none; color: var(--accent); font: 17px var(--font); padding: 11px;
         cursor: pointer; border-bottom: .5px solid var(--sep); }
.dialog-buttons button.destructive { color: var(--danger); }
.dialog-buttons button.default { font-weight: 600; }
.map { margin: 8px auto 16px; max-width: 1100px; background: #fff; border-radius: 12px; padding: 12px; overflow: auto; }
@media (prefers-color-scheme: dark) { .map { background: #1c1c1e; } }
.map svg text { font: 12px system-ui, sans-serif; fill: currentColor; }
.map .edge-label { paint-order: stroke; stroke: #fff; stroke-width: 3px; stroke-linejoin: round; }
.map .edge-label.of-dep { fill: #b60; }
@media (prefers-color-scheme: dark) { .map .edge-label { stroke: #1c1c1e; } }
.map .node rect { fill: #eef; stroke: #557; }
.map .node.root rect { stroke-width: 2.5; }
.map .push { stroke: #557; fill: none; }
.map .dep { stroke: #b60; stroke-dasharray: 5 4; fill: none; }
/* Android: a Material preference list */
.look-android .phone { border-radius: 20px; }
.look-android .bar { min-height: 64px; display: flex; align-items: center; gap: 16px; padding: 8px 16px; }
.look-android .back::before { content: "←"; font-size: 22px; }
.look-android .back { color: var(--text); font-size: 0; }
.look-android .title { font-size: 22px; font-weight: 400; margin: 0; order: 2; }
.look-android .path { order: 3; display: none; }
.look-android .section { margin: 0 0 8px; border-bottom: 1px solid var(--sep); }
.look-android .section-header { text-transform: none; color: var(--accent); font-size: 14px; font-weight: 500;
        margin: 16px 16px 4px 72px; }
.look-android .section-footer { margin: 4px 16px 12px 72px; font-size: 14px; }
.look-android .group { border-radius: 0; background: transparent; }
.look-android .row { min-height: 56px; padding: 12px 24px 12px 16px; font-size: 16px; gap: 16px; }
.look-android .row + .row::before { display: none; }
.look-android .icon { background: none; color: var(--muted); width: 40px; font-size: 20px; }
.look-android .row:not(.has-icon) .text { margin-left: 56px; }
.look-android .row.number { gap: 10px; }
.look-android .number .text { min-width: calc(40% - 56px); }
.look-android .row.has-icon.number .text { min-width: 40%; }
.look-android .number .slider { margin-left: 56px; flex-basis: calc(100% - 56px); }
.look-android .row.has-icon.number .slider { margin-left: 0; }
.look-android .text .detail, .look-android .text .sub { display: block; max-width: none; font-size: 14px; color: var(--muted); }
.look-android .label { white-space: normal; }
.look-android .chevron::after { content: ""; }
.look-android .button .label { color: var(--text); }
.look-android .destructive .label { color: var(--danger); }
.look-android .switch { width: 52px; height: 32px; border-radius: 16px; border: 2px solid var(--muted); background: var(--off); }
.look-android .switch::after { top: 6px; left: 6px; width: 16px; height: 16px; background: var(--muted); box-shadow: none; }
.look-android [aria-checked=true] > .switch { border-color: var(--on); background: var(--on); }
.look-android [aria-checked=true] > .switch::after { top: 2px; left: 22px; width: 24px; height: 24px; background: var(--bg); }
.look-android .check::after { content: "◉"; }
.look-android .box::after { content: "☐"; font-size: 20px; color: var(--muted); }
.look-android .box.checked::after { content: "☑"; color: var(--accent); }
.look-android .field { text-align: left; border-bottom: 1px solid var(--muted); }
.look-android dialog { border-radius: 28px; text-align: left; padding: 24px 0 0; }
.look-android .dialog-buttons { flex-direction: row; justify-content: flex-end; border: 0; padding: 8px 16px 12px; }
.look-android .dialog-buttons button { border: 0; font-size: 14px; font-weight: 500; padding: 10px 12px; }
"""#
}
