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
    const columns = Object.create(null); const place = Object.create(null);
    const W = 170, H = 46, GX = 90, GY = 26;
    for (const id of order) {
      const d = depth[id]; columns[d] = (columns[d] || 0) + 1;
      place[id] = { x: 20 + d * (W + GX), y: 20 + (columns[d] - 1) * (H + GY) };
    }
    const width = 40 + (Math.max(...Object.keys(columns).map(Number)) + 1) * (W + GX);
    const height = 40 + Math.max(...Object.values(columns)) * (H + GY);
    const ns = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("width", width); svg.setAttribute("height", height);
    svg.setAttribute("role", "img"); svg.setAttribute("aria-label", "Screens and pushes");
    const add = (tag, attrs, parent, text) => {
      const e = document.createElementNS(ns, tag);
      for (const k in attrs) e.setAttribute(k, attrs[k]);
      if (text !== undefined) e.textContent = text;
      (parent || svg).appendChild(e); return e;
    };
    const edge = (a, b, cls, label, bend) => {
      const p = place[a], q = place[b]; if (!p || !q) return;
      const x1 = p.x + W, y1 = p.y + H / 2, x2 = q.x, y2 = q.y + H / 2;
      const d = a === b ? `M${p.x + W - 20},${p.y + H} c 20,40 40,0 20,-${H / 2}` : `M${x1},${y1} C${x1 + 40 + bend},${y1} ${x2 - 40 - bend},${y2} ${x2},${y2}`;
      add("path", { d: d, class: cls }).appendChild(document.createElementNS(ns, "title")).textContent = label;
      add("text", { x: (x1 + x2) / 2, y: (y1 + y2) / 2 - 4 + bend / 3, "text-anchor": "middle" }, null, label.length > 28 ? label.slice(0, 27) + "…" : label);
    };
    graph.pushes.forEach((p) => edge(p.from, p.to, "push", p.text, 0));
    graph.dependencies.forEach((d, i) => edge(d.from_screen, d.to_screen, "dep", d.key + ": " + d.from_row + " → " + d.to_row + " (" + d.condition + ")", 12 + (i % 4) * 8));
    for (const n of graph.nodes) {
      const p = place[n.id];
      const g = add("g", { class: "node" + (n.id === graph.root ? " root" : ""), transform: `translate(${p.x},${p.y})` });
      add("rect", { width: W, height: H, rx: 8 }, g);
      add("text", { x: W / 2, y: 19, "text-anchor": "middle" }, g, n.title);
      add("text", { x: W / 2, y: 35, "text-anchor": "middle" }, g, n.rows + (n.rows === 1 ? " row" : " rows"));
    }
    map.appendChild(svg);
  }
};
"""#
}
