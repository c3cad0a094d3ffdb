extension PageAssets {
    /// `/map.js`: draws the app's map (`/api/graph`, the same `ScreenGraph` as `luascreen
    /// graph`) as SVG: screens in columns by their depth from the root, pushes as solid
    /// curves labelled with the row, condition reads as dashed ones.
    static let mapScript = #"""
"use strict";
window.LuascreenMap = {
  draw: function (graph, map) {
    map.replaceChildren();
    // Keyed by screen ids a script chose: maps without a prototype, so an id such as
    // "__proto__" or "constructor" is a screen like any other.
    const depth = Object.create(null); const order = [graph.root]; depth[graph.root] = 0;
    for (let i = 0; i < order.length; i++) {
      for (const p of graph.pushes) if (p.from === order[i] && depth[p.to] === undefined) { depth[p.to] = depth[order[i]] + 1; order.push(p.to); }
    }
    for (const n of graph.nodes) if (depth[n.id] === undefined) { depth[n.id] = 0; order.push(n.id); }
    const ns = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("role", "img"); svg.setAttribute("aria-label", "Screens and pushes");
    map.appendChild(svg);  // (in the page first: texts are measured as drawn)
    const add = (tag, attrs, parent, text) => {
      const e = document.createElementNS(ns, tag);
      for (const k in attrs) e.setAttribute(k, attrs[k]);
      if (text !== undefined) e.textContent = text;
      (parent || svg).appendChild(e); return e;
    };
    const probe = add("text", { x: 0, y: 0 });
    const width = (text) => { probe.textContent = text; return probe.getComputedTextLength(); };
    const W = 170, H = 46, GY = 26, PAD = 3;
    // A text cut to fit `room` pixels, with … (the whole text is the element's title).
    const fit = (text, room) => {
      if (width(text) <= room) return text;
      let cut = text;
      while (cut.length > 1 && width(cut + "…") > room) cut = cut.slice(0, -1);
      return cut + "…";
    };
    const edges = graph.pushes.map((p) => ({ from: p.from, to: p.to, cls: "push", label: p.text, bend: 0 }))
      .concat(graph.dependencies.map((d, i) => ({ from: d.from_screen, to: d.to_screen, cls: "dep",
        label: d.key + ": " + d.from_row + " → " + d.to_row + " (" + d.condition + ")", bend: 12 + (i % 4) * 8 })));
    for (const e of edges) { e.shown = fit(e.label, 200); e.width = width(e.shown); }
    // The columns are as far apart as the widest label needs, so a label fits between them.
    const GX = Math.max(90, Math.min(240, Math.max(0, ...edges.map((e) => e.width)) + 40));
    const columns = Object.create(null); const place = Object.create(null);
    for (const id of order) {
      const d = depth[id]; columns[d] = (columns[d] || 0) + 1;
      place[id] = { x: 20 + d * (W + GX), y: 20 + (columns[d] - 1) * (H + GY) };
    }
    // Every box drawn so far (nodes, then each label as it is placed): a label goes where it
    // overlaps none, tried at its edge's middle, then ever further above and below it.
    const taken = Object.values(place).map((p) => ({ x: p.x - PAD, y: p.y - PAD, w: W + 2 * PAD, h: H + 2 * PAD }));
    const overlaps = (r) => taken.some((t) => r.x < t.x + t.w && t.x < r.x + r.w && r.y < t.y + t.h && t.y < r.y + r.h);
    const labels = [];
    for (const e of edges) {
      const p = place[e.from], q = place[e.to]; if (!p || !q) continue;
      const x1 = p.x + W, y1 = p.y + H / 2, x2 = q.x, y2 = q.y + H / 2;
      // A push within a column bulges out right of it; one back to an earlier column curves
      // under the boxes; one to a later column runs right to left edge.
      const same = e.from !== e.to && depth[e.to] === depth[e.from];
      const back = e.from !== e.to && depth[e.to] < depth[e.from];
      const sx = p.x + W / 2, tx = q.x + W / 2, low = Math.max(p.y, q.y) + H + 34 + e.bend;
      const out = x1 + 30 + e.bend + Math.min(40, Math.abs(y2 - y1) / 6);
      const d = e.from === e.to ? `M${p.x + W - 20},${p.y + H} c 20,40 40,0 20,-${H / 2}`
        : same ? `M${x1},${y1} C${out},${y1} ${out},${y2} ${x1},${y2}`
        : back ? `M${sx},${p.y + H} C${sx},${low} ${tx},${low} ${tx},${q.y + H}`
        : `M${x1},${y1} C${x1 + 40 + e.bend},${y1} ${x2 - 40 - e.bend},${y2} ${x2},${y2}`;
      add("path", { d: d, class: e.cls }).appendChild(document.createElementNS(ns, "title")).textContent = e.label;
      const cx = e.from === e.to ? p.x + W + 20 + e.width / 2 : same ? x1 + (out - x1) * 0.75 + 4 + e.width / 2
        : back ? (sx + tx) / 2 : (x1 + x2) / 2;
      const cy = e.from === e.to ? p.y + H + 14 : same ? (y1 + y2) / 2 + 4 : back ? low - 4 : (y1 + y2) / 2 + e.bend / 3;
      let box = null;
      for (let step = 0; step < 60 && !box; step++) {
        const dy = (step % 2 ? 1 : -1) * Math.ceil(step / 2) * 8;
        for (const dx of [0, 0.5, -0.5]) {
          const r = { x: cx - e.width / 2 - PAD + dx * (GX - e.width) , y: cy + dy - 12 - PAD, w: e.width + 2 * PAD, h: 16 + 2 * PAD };
          if (r.x >= 0 && r.y >= 0 && !overlaps(r)) { box = r; break; }
        }
      }
      if (!box) { const h = Math.max(...taken.map((t) => t.y + t.h)); box = { x: Math.max(0, cx - e.width / 2 - PAD), y: h + 4, w: e.width + 2 * PAD, h: 16 + 2 * PAD }; }
      taken.push(box);
      labels.push({ e: e, box: box });
    }
    probe.remove();
    for (const { e, box } of labels) {
      const t = add("text", { x: box.x + PAD, y: box.y + PAD + 12, class: "edge-label of-" + e.cls }, null, e.shown);
      t.appendChild(document.createElementNS(ns, "title")).textContent = e.label;
    }
    for (const n of graph.nodes) {
      const p = place[n.id];
      const g = add("g", { class: "node" + (n.id === graph.root ? " root" : ""), transform: `translate(${p.x},${p.y})` });
      add("rect", { width: W, height: H, rx: 8 }, g);
      add("title", {}, g, n.title);
      add("text", { x: W / 2, y: 19, "text-anchor": "middle" }, g, n.title);
      add("text", { x: W / 2, y: 35, "text-anchor": "middle" }, g, n.rows + (n.rows === 1 ? " row" : " rows"));
    }
    // Node titles cut to their box (measured once drawn).
    for (const t of svg.querySelectorAll(".node text:first-of-type")) {
      const whole = t.textContent;
      if (t.getComputedTextLength() > W - 12) {
        let cut = whole;
        while (cut.length > 1) { cut = cut.slice(0, -1); t.textContent = cut + "…"; if (t.getComputedTextLength() <= W - 12) break; }
      }
    }
    const right = Math.max(...taken.map((t) => t.x + t.w)), bottom = Math.max(...taken.map((t) => t.y + t.h));
    svg.setAttribute("width", Math.ceil(right + 20)); svg.setAttribute("height", Math.ceil(bottom + 20));
  }
};
"""#
}
