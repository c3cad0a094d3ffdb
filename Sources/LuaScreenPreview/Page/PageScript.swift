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

  /** A single choice with radio = true, drawn inline in the iOS look (Android opens a dialog of radio buttons). */
  function inlineRadio(row) {
    return row.type === "choice" && row.control && row.control.radio && row.control.options && document.body.classList.contains("look-ios");
  }

  /** A radio choice as Settings shows it: a group of its own titled by the row's text, one
      row per option (the option's text as the core gives it), a checkmark on the chosen one. */
  function radioGroup(row, section) {
    const p = row.presentation;
    const box = el("div", "section radio-section");
    box.dataset.section = section.id;
    box.dataset.radio = row.id;
    if (!section.visible || !row.visible) box.classList.add("hidden-row");
    const header = el("div", "section-header", p.text);
    header.id = "radio-" + row.id;
    box.appendChild(header);
    const group = el("div", "group");
    group.setAttribute("role", "radiogroup");
    group.setAttribute("aria-labelledby", header.id);
    const usable = row.enabled && row.visible && !row.error;
    for (const option of row.control.options) {
      const node = el("div", "row radio-option value1");
      node.dataset.id = row.id;
      node.dataset.value = option.value;
      node.appendChild(el("div", "text")).appendChild(el("div", "label", option.text));
      node.setAttribute("aria-checked", String(option.chosen));
      if (!usable) { node.classList.add("disabled"); node.setAttribute("aria-disabled", "true"); node.setAttribute("role", "radio"); }
      else clickable(node, "radio", () => { if (!option.chosen) run(OP.set, { ref: row.ref, value: option.value }); });
      if (option.chosen) node.appendChild(el("span", "check"));
      group.appendChild(node);
    }
    if (p.error) group.appendChild(el("div", "row-error", p.error));
    box.appendChild(group);
    if (p.why_word !== null) {
      const note = el("div", "row radio-why");
      note.dataset.id = row.id;
      note.appendChild(el("div", "text"));
      group.appendChild(finish(note, row));
    }
    return box;
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

  // A row is drawn from its presentation (row.presentation): every text, unit, placeholder and
  // button word as the core computed it in the session's locale; the page only lays it out.
  function drawRow(row, screen, position) {
    const p = row.presentation;
    const node = el("div", "row " + row.type + " " + (row.style || "value1"));
    node.dataset.id = row.id;
    node.dataset.type = row.type;
    if (row.destructive) node.classList.add("destructive");
    if (!row.enabled) { node.classList.add("disabled"); node.setAttribute("aria-disabled", "true"); }
    if (!row.visible) node.classList.add("hidden-row");
    if (row.icon) {
      node.classList.add("has-icon");
      node.appendChild(el("span", "icon", row.icon));
    }
    const text = el("div", "text");
    text.appendChild(el("div", "label", p.text));
    node.appendChild(text);
    const usable = row.enabled && row.visible && !row.error;
    const control = row.control || {};
    const ref = row.ref;

    if (p.error) text.appendChild(el("div", "row-error", p.error));
    if (screen.kind === "picker") {
      node.setAttribute("role", "option");
      node.setAttribute("aria-selected", String(p.accessory === "checkmark"));
      node.tabIndex = 0;
      const pick = () => { if (usable) run(OP.select, { ref: ref }); };
      node.addEventListener("click", pick);
      node.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); pick(); } });
      if (screen.multiple) node.appendChild(el("span", "box" + (p.accessory === "checkmark" ? " checked" : "")));
      else if (p.accessory === "checkmark") node.appendChild(el("span", "check"));
      return finish(node, row);
    }
    if (screen.kind === "list") {
      const tools = el("span", "item-tools");
      const n = position + 1;
      const up = button("↑", words("move_up", p.text), () => run(OP.move, { from: n, to: n - 1 }));
      const down = button("↓", words("move_down", p.text), () => run(OP.move, { from: n, to: n + 1 }));
      up.disabled = n === 1; down.disabled = n === screen.total;
      const remove = button("✕", words("remove_item", p.text), () => run(OP.remove, { from: n }));
      remove.classList.add("remove");
      tools.append(up, down, remove);
      node.appendChild(tools);
      return finish(node, row);
    }
    switch (row.type) {
      case "toggle": {
        node.setAttribute("aria-checked", String(!!row.on));
        if (usable) clickable(node, "switch", () => run(OP.select, { ref: ref }));
        else node.setAttribute("role", "switch");
        node.setAttribute("aria-label", p.text);
        // The switch takes the right: a toggle's detail goes under the label in both looks.
        if (p.detail !== null) text.appendChild(el("span", "sub", p.detail));
        node.appendChild(el("span", "switch"));
        break;
      }
      case "input": {
        const secure = !!control.secure;
        const field = el(control.multiline ? "textarea" : "input", "field");
        if (!control.multiline) field.type = secure ? "password" : (control.keyboard === "email" ? "email" : control.keyboard === "url" ? "url" : "text");
        field.setAttribute("aria-label", p.text);
        field.placeholder = p.placeholder || "";
        field.value = secure ? "" : (row.value === null || row.value === undefined ? "" : String(row.value));
        if (control.max_length) field.maxLength = control.max_length;
        field.disabled = !usable;
        typedField(field, row, () => secure ? "" : String(row.value ?? ""));
        node.appendChild(field);
        markRefused(node, field, row);
        break;
      }
      case "number": {
        const value = typeof row.value === "number" ? row.value : Number(row.value);
        if (control.field) {
          // field = true: typed in a plain field (a port), in every look; no slider, no stepper.
          const field = el("input", "field number-field");
          field.type = "text"; field.inputMode = "numeric";
          field.value = row.value === null || row.value === undefined ? "" : String(row.value);
          field.placeholder = p.placeholder || "";
          field.setAttribute("aria-label", p.text);
          field.disabled = !usable;
          typedField(field, row, () => String(row.value ?? ""));
          node.appendChild(field);
          markRefused(node, field, row);
          break;
        }
        // The label keeps the room it needs (at most two lines); the value, the stepper and
        // why? follow it, wrapping under it (right-aligned) when the row is narrow; a slider
        // takes a line of its own under them.
        node.appendChild(el("span", "number-value", p.detail));
        const stepper = el("span", "stepper");
        const dec = button("−", words("decrease", p.text), () => run(OP.dec, { ref: ref }));
        const inc = button("+", words("increase", p.text), () => run(OP.inc, { ref: ref }));
        dec.disabled = inc.disabled = !usable;
        stepper.append(dec, inc);
        node.appendChild(stepper);
        if (control.min !== undefined && control.max !== undefined) {
          const slider = el("input", "slider");
          slider.type = "range"; slider.min = control.min; slider.max = control.max;
          slider.step = control.step || "any"; slider.value = value;
          slider.setAttribute("aria-label", p.text);
          slider.disabled = !usable;
          slider.addEventListener("change", () => run(OP.set, { ref: ref, value: slider.value }));
          node.appendChild(slider);
        }
        break;
      }
      case "date":
      case "time": {
        const field = el("input", "field");
        field.type = row.type;
        field.value = row.value || "";
        if (control.earliest) field.min = control.earliest;
        if (control.latest) field.max = control.latest;
        field.setAttribute("aria-label", p.text);
        field.disabled = !usable;
        // Set when the person is done (leaving the field, or Enter), not at each "change" while
        // they type: a time field changes after its first complete segment, and redrawing then
        // took the focus away before 0745 could be typed. A change made elsewhere sets at once.
        const commitTime = async () => {
          const typed = field.value;
          delete refused[row.id];
          if (!typed || typed === (row.value || "")) return;
          const answer = await run(OP.set, { ref: ref, value: typed });
          if (answer.error) keepRefused(row, typed, answer.error);
        };
        // (focused: by the field's own focus and blur events; document.activeElement is not
        // the field for a moment as the focus moves from the minutes to AM/PM.)
        let focused = false;
        field.addEventListener("focus", () => { focused = true; });
        field.addEventListener("blur", () => { focused = false; commitTime(); });
        field.addEventListener("change", () => { if (!focused) commitTime(); });
        field.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); field.blur(); } });
        node.appendChild(field);
        markRefused(node, field, row);
        break;
      }
      default: {
        if (p.detail !== null) {
          const detail = el("span", "detail" + (p.detail_is_placeholder ? " placeholder" : ""), p.detail);
          if (p.detail_style === "subtitle") { detail.className = "sub"; text.appendChild(detail); }
          else if (document.body.classList.contains("look-android")) { detail.className = "sub"; text.appendChild(detail); }
          else node.appendChild(detail);
        }
        if (row.selectable && usable) {
          clickable(node, "button", () => run(OP.select, { ref: ref, confirm: p.confirm }));
          if (row.type === "choice") node.setAttribute("aria-haspopup", "listbox");
        } else if (row.selectable) node.setAttribute("role", "button");
        const acc = p.accessory;
        if (acc === "detail" || acc === "detail_disclosure") {
          const info = button("i", words("more_about", p.text), () => run(OP.accessory, { ref: ref }));
          info.className = "info";
          info.disabled = !usable;
          node.appendChild(info);
        }
        if (acc === "disclosure" || acc === "detail_disclosure" || ((row.type === "choice" || row.type === "list") && acc === "none")) node.appendChild(el("span", "chevron"));
        if (acc === "checkmark") node.appendChild(el("span", "check"));
      }
    }
    return finish(node, row);
  }

  /** A field whose text is set when it changes (left, or Enter). A refused text stays in
      the field (the row redrawn), marked invalid with the refusal under the label, to be corrected. */
  function typedField(field, row, shown) {
    field.addEventListener("change", async () => {
      const typed = field.value;
      delete refused[row.id];
      if (typed === shown()) { unmarkRefused(field); return; }  // back to the value the row has
      const answer = await run(OP.set, { ref: row.ref, value: typed });
      if (answer.error) keepRefused(row, typed, answer.error);
    });
    if (field.tagName !== "TEXTAREA") field.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); field.blur(); } });
  }

  /** Keeps a refused text, with the refusal, in its row's field through every redraw of the
      screen until the person sets the field again; the field takes the focus. */
  function keepRefused(row, typed, message) {
    refused[row.id] = { typed: typed, message: message };
    const node = document.querySelector('.row[data-id="' + CSS.escape(row.id) + '"]');
    const field = node && node.querySelector("input.field, textarea.field");
    if (!field) return;
    markRefused(node, field, row);
    field.focus();
  }

  /** Takes a refusal's marks off a field (its text is the row's value again). */
  function unmarkRefused(field) {
    const node = field.closest(".row");
    const note = node && node.querySelector(".refusal");
    if (note) note.remove();
    field.removeAttribute("aria-invalid");
    field.removeAttribute("aria-describedby");
    clearMessage();
  }

  /** Draws a row's refused text (if any) in its field, and the refusal under its label. */
  function markRefused(node, field, row) {
    const kept = refused[row.id];
    if (!kept) return;
    field.value = kept.typed;
    field.setAttribute("aria-invalid", "true");
    const old = node.querySelector(".refusal");
    if (old) old.remove();
    const note = el("div", "row-error refusal", kept.message);
    note.id = "refusal-" + row.id;
    node.querySelector(".text").appendChild(note);
    field.setAttribute("aria-describedby", note.id);
  }

  function finish(node, row) {
    const p = row.presentation;
    if (p.actions && p.actions.length && row.enabled && row.visible) {
      const more = button("⋯", words("actions_of", p.text), () => chooseAction(row));
      more.className = "actions-button";
      node.appendChild(more);
    }
    if (p.why_word !== null) {
      const why = button(p.why_word, words(row.visible ? "why_disabled" : "why_hidden", p.text), async () => {
        const answer = await run(OP.why, { ref: row.id });
        if (answer.result) ask(answer.result, [{ text: label("ok"), value: true, cls: "default" }]);
      });
      why.className = "why";
      node.appendChild(why);
    }
    return node;
  }

  function button(text, label, handler) {
    const b = el("button", "", text);
    b.type = "button";
    b.setAttribute("aria-label", label);
    b.addEventListener("click", (e) => { e.stopPropagation(); handler(); });
    return b;
  }

  async function chooseAction(row) {
    const p = row.presentation;
    const buttons = [{ text: p.actions_cancel, value: null }].concat(p.actions.map((a) => ({ text: a.text, value: a.id, cls: a.destructive ? "destructive" : "" })));
    const id = await ask(p.text, buttons);
    const chosen = p.actions.find((a) => a.id === id);
    if (id) run(OP.action, { ref: row.ref, action: id, confirm: chosen && chosen.confirm });
  }

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
