extension PageAssets {
    /// The part of `/app.js` that draws one row (placed inside its closure): each row from its
    /// presentation, the controls of its kind, an iOS radio group inline, a refused text kept.
    static let rowScript = #"""
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
"""#
}
