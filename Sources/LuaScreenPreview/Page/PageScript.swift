extension PageAssets {
    /// `/app.js`: draws `/api/state` and sends each click to `/api/do`, where the session runs
    /// it as the REPL's command of the same name; waits on `/api/events` for reloads.
    static let script = #"""
"use strict";
(function () {
  const OP = \#(PreviewOperation.names.serialized());  // the session's verbs the page may run, named by the server
  const hash = location.hash.replace(/^#/, "");
  if (hash) { sessionStorage.setItem("luascreen_token", hash); }
  const token = hash || sessionStorage.getItem("luascreen_token") || "";
  const WINDOW = 100;
  let state = null, loaded = 0, loading = false, showHidden = false, version = -1;
  // The texts the session refused, by row id, kept in their fields (of the screen shown) until set again.
  let refused = Object.create(null);
  const $ = (id) => document.getElementById(id);

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  }

  async function api(path, body) {
    const init = { headers: { "X-Luascreen-Token": token }, cache: "no-store" };
    if (body) { init.method = "POST"; init.headers["Content-Type"] = "application/json"; init.body = JSON.stringify(body); }
    const response = await fetch(path, init);
    if (!response.ok && response.status !== 400) throw new Error(await response.text());
    return response.json();
  }

  // ---- the look -------------------------------------------------------------------------
  function setLook(look) {
    document.body.classList.toggle("look-ios", look === "ios");
    document.body.classList.toggle("look-android", look === "android");
    $("look-ios").setAttribute("aria-checked", String(look === "ios"));
    $("look-android").setAttribute("aria-checked", String(look === "android"));
    localStorage.setItem("luascreen_look", look);
  }

  // ---- talking to the session -----------------------------------------------------------
  async function load(from) {
    const q = "?from=" + from + "&count=" + WINDOW + (showHidden ? "&hidden=1" : "");
    return api("/api/state" + q);
  }

  async function refresh() {
    const keep = Math.max(WINDOW, loaded);
    const s = await api("/api/state?from=0&count=" + Math.min(keep, 500) + (showHidden ? "&hidden=1" : ""));
    draw(s);
  }

  /** Runs an op on the session; answers a confirm, shows alerts and refusals. */
  async function run(op, fields) {
    const body = Object.assign({ op: op, window_from: 0, window_count: Math.min(Math.max(WINDOW, loaded), 500), hidden: showHidden }, fields || {});
    const answer = await api("/api/do", body);
    if (answer.state) draw(answer.state);
    if (answer.confirm) {
      // The question's buttons as the row's presentation words them (fields.confirm: the page's own note).
      const words = (fields && fields.confirm) || { cancel: label("cancel"), ok: label("ok"), destructive: false };
      const yes = await ask(answer.confirm, [{ text: words.cancel, value: false }, { text: words.ok, value: true, cls: words.destructive ? "destructive default" : "default" }]);
      return run(op, Object.assign({}, fields, { answer: yes }));
    }
    if (answer.error) showMessage(answer.error);
    else clearMessage();
    for (const alert of answer.alerts || []) await ask(alert, [{ text: label("ok"), value: true, cls: "default" }]);
    return answer;
  }

  /** The word of a button of a dialog no row opens (an alert, an answer), or of a control no
      row's presentation words (add an item): the state's labels, in the session's locale. */
  function label(name) { return state.labels[name]; }
  /** An aria-label of a row's control: the state's label `name` with the row's text for %@. */
  function words(name, text) { return label(name).split("%@").join(text); }

  // A refusal (a broken save, a value refused) is shown where the person is looking.
  // The banner is fixed at the top of the window: seen however far the page is scrolled.
  function showMessage(text) { const m = $("message"); m.textContent = text; m.hidden = false; }
  function clearMessage() { $("message").hidden = true; }

  /** A dialog with buttons; resolves to the chosen button's value. */
  function ask(text, buttons) {
    return new Promise((resolve) => {
      const dialog = $("dialog");
      $("dialog-text").textContent = text;
      const box = $("dialog-buttons");
      box.replaceChildren();
      for (const b of buttons) {
        const button = el("button", b.cls || "", b.text);
        button.type = "button";
        button.addEventListener("click", () => { dialog.close(); resolve(b.value); });
        box.appendChild(button);
      }
      dialog.oncancel = () => resolve(buttons[0].value);
      dialog.showModal();
      const last = box.lastElementChild;
      if (last) last.focus();
    });
  }

  // ---- drawing --------------------------------------------------------------------------
  function draw(s) {
    if (!state || state.screen.id !== s.screen.id || state.path.length !== s.path.length) refused = Object.create(null);
    // A redraw keeps the focus in the field that had it (a reload, a refusal, another row's change).
    const active = document.activeElement;
    const focusedRow = active && active.matches && active.matches("input.field, textarea.field") ? active.closest(".row") : null;
    const focusID = focusedRow ? focusedRow.dataset.id : null;
    state = s;
    version = Math.max(version, s.version);
    const path = s.path;
    $("title").textContent = s.screen.title;
    document.title = s.screen.title + " — luascreen preview";
    const back = $("back");
    back.hidden = path.length < 2;
    back.textContent = path.length > 1 ? path[path.length - 2].title : "";
    const nav = $("path");
    nav.replaceChildren();
    path.forEach((p, i) => {
      if (i > 0) nav.appendChild(document.createTextNode(" › "));
      if (i === 0 && path.length > 1) {
        const home = el("button", "", p.title);
        home.type = "button";
        home.addEventListener("click", () => run(OP.home));
        nav.appendChild(home);
      } else nav.appendChild(el("span", "", p.title));
    });
    const diag = $("diagnostics");
    if (s.diagnostics) {
      diag.textContent = "The script no longer loads; the last good version keeps running.\n" + s.diagnostics.join("\n");
      diag.hidden = false;
    } else diag.hidden = true;
    const sections = $("sections");
    sections.replaceChildren();
    loaded = 0;
    appendSections(s.screen.sections, sections);
    if (s.screen.kind === "list") sections.appendChild(addItemSection());
    updateMore();
    // The look the rows were drawn in (a radio group is drawn as the look draws it), and how
    // many times the page drew them: a test waits for a redraw by it.
    document.body.dataset.drawnLook = document.body.classList.contains("look-android") ? "android" : "ios";
    document.body.dataset.draws = String(Number(document.body.dataset.draws || 0) + 1);
    if (focusID !== null) {
      const again = document.querySelector('.row[data-id="' + CSS.escape(focusID) + '"] input.field, .row[data-id="' + CSS.escape(focusID) + '"] textarea.field');
      if (again && !again.disabled) again.focus();
    }
  }

  function appendSections(list, container) {
    const screen = state.screen;
    for (const section of list) {
      let box = container.querySelector('[data-section="' + CSS.escape(section.id) + '"]:last-child');
      let group;
      if (box && box === container.lastElementChild && !box.dataset.radio) {
        group = box.querySelector(".group");
      } else {
        box = el("div", "section");
        box.dataset.section = section.id;
        if (section.header) box.appendChild(el("div", "section-header", section.header));
        group = el("div", "group");
        if (screen.kind === "picker") { group.setAttribute("role", "listbox"); group.setAttribute("aria-label", screen.title); }
        box.appendChild(group);
        container.appendChild(box);
      }
      if (!section.visible) box.classList.add("hidden-row");
      section.rows.forEach((row) => {
        if (inlineRadio(row)) {
          // Settings draws a radio group as a group of its own (PSRadioGroupSpecifier): the
          // rows before it end their group, the ones after it start another.
          if (!group.childElementCount) { if (box.querySelector(".section-header")) group.remove(); else box.remove(); }
          const radio = radioGroup(row, section);
          container.appendChild(radio);
          box = el("div", "section"); box.dataset.section = section.id;
          if (!section.visible) box.classList.add("hidden-row");
          group = el("div", "group"); box.appendChild(group); container.appendChild(box);
        } else group.appendChild(drawRow(row, screen, loaded));
        loaded += 1;
      });
      if (!group.childElementCount && box.previousElementSibling && box.previousElementSibling.dataset.section === section.id) {
        box.remove(); box = container.lastElementChild;
      }
      const oldFooter = box.querySelector(":scope > .section-footer");
      if (oldFooter) oldFooter.remove();
      if (section.footer) box.appendChild(el("div", "section-footer", section.footer));
    }
  }

  function updateMore() {
    const more = $("more");
    const total = state.screen.total;
    more.hidden = loaded >= total;
    more.textContent = loaded + " of " + total + " rows";
  }

  async function loadMore() {
    if (loading || !state || loaded >= state.screen.total) return;
    loading = true;
    try {
      const s = await load(loaded);
      if (s.screen.id === state.screen.id && s.version === state.version) appendSections(s.screen.sections, $("sections"));
      else draw(s);
      updateMore();
    } finally { loading = false; }
  }

  function clickable(node, role, handler) {
    node.setAttribute("role", role);
    node.tabIndex = 0;
    node.addEventListener("click", (e) => { if (e.target.closest("input,textarea,button:not(.row)") && e.target !== node) return; handler(); });
    node.addEventListener("keydown", (e) => {
      if ((e.key === "Enter" || e.key === " ") && e.target === node) { e.preventDefault(); handler(); }
    });
  }

\#(PageAssets.rowScript)
  function addItemSection() {
    const box = el("div", "section");
    const group = el("div", "group");
    const node = el("form", "row add-row");
    const field = el("input", "field");
    field.placeholder = label("new_item");
    field.setAttribute("aria-label", label("new_item"));
    const add = el("button", "", label("add_item"));
    add.type = "submit";
    node.append(field, add);
    node.addEventListener("submit", async (e) => {
      e.preventDefault();
      if (!field.value) return;
      const answer = await run(OP.add, { value: field.value });
      if (answer.ok) field.value = "";
    });
    group.appendChild(node);
    box.appendChild(group);
    return box;
  }

  // ---- find -------------------------------------------------------------------------------
  async function find(text) {
    const box = $("find-results");
    box.replaceChildren();
    if (!text) { box.hidden = true; return; }
    const answer = await run(OP.find, { value: text });
    const results = answer.result || [];
    if (!results.length) box.appendChild(el("div", "more", "nothing matches “" + text + "”"));
    for (const r of results) {
      const b = el("button", "", r.text + (r.hidden ? " (hidden)" : ""));
      b.type = "button";
      b.appendChild(el("small", "", r.titles.join(" › ")));
      b.addEventListener("click", async () => { box.hidden = true; await run(OP.go, { path: r.path }); });
      box.appendChild(b);
    }
    box.hidden = false;
  }

  // ---- the map (drawn by /map.js) -----------------------------------------------------
  async function drawMap() {
    const graph = await api("/api/graph");
    window.LuascreenMap.draw(graph, $("map"));
  }

  // ---- live reload ------------------------------------------------------------------------
  async function watch() {
    for (;;) {
      try {
        const e = await api("/api/events?since=" + version);
        if (e.version > version) { version = e.version; await refresh(); if (!$("map").hidden) drawMap(); }
      } catch (err) {
        showMessage("The preview stopped answering (" + err.message.trim() + "); retrying…");
        await new Promise((r) => setTimeout(r, 2000));
      }
    }
  }

  // ---- start ------------------------------------------------------------------------------
  document.addEventListener("DOMContentLoaded", async () => {
    setLook(localStorage.getItem("luascreen_look") === "android" ? "android" : "ios");
    $("look-ios").addEventListener("click", () => { setLook("ios"); refresh(); });
    $("look-android").addEventListener("click", () => { setLook("android"); refresh(); });
    $("back").addEventListener("click", () => run(OP.back));
    $("message").addEventListener("click", clearMessage);
    $("show-hidden").addEventListener("change", (e) => { showHidden = e.target.checked; refresh(); });
    $("show-map").addEventListener("click", async (e) => {
      const map = $("map"); map.hidden = !map.hidden;
      e.target.setAttribute("aria-pressed", String(!map.hidden));
      // The map opens in view (above the phone, scrolled to).
      if (!map.hidden) { await drawMap(); if (map.getBoundingClientRect().top < 0) map.scrollIntoView({ block: "start" }); }
    });
    $("find-form").addEventListener("submit", (e) => { e.preventDefault(); find($("find").value.trim()); });
    document.addEventListener("keydown", (e) => {
      if (e.key === "Escape" && !$("dialog").open && state && state.path.length > 1 && !e.target.closest("input,textarea")) run(OP.back);
    });
    window.addEventListener("scroll", () => {
      if (window.innerHeight + window.scrollY > document.body.offsetHeight - 600) loadMore();
    });
    if (!token) { showMessage("This page needs the token: open the URL luascreen preview printed (it ends in #…)."); return; }
    try {
      draw(await load(0));
      const timing = performance.now();
      document.body.dataset.firstPaint = String(Math.round(timing));
    } catch (err) { showMessage(String(err.message || err)); return; }
    watch();
  });
})();
"""#
}
