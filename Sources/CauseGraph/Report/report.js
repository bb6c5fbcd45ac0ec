"use strict";
(() => {
  const byId = (id) => document.getElementById(id);
  // Trace text reads as causegraph shows it everywhere (VisibleText.lines): controls but newline and tab as
  // their pictures, and what reorders or breaks text unseen (BiDi controls, separators) or is no character
  // at all as U+FFFD, so no title can turn the page's text around.
  const unsafe = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]|\p{Noncharacter_Code_Point}/gu;
  const picture = (character) => {
    const code = character.codePointAt(0);
    return code < 0x20 ? String.fromCodePoint(0x2400 + code) : code === 0x7f ? "\u2421" : "\ufffd";
  };
  const visibleData = (text) => JSON.parse(text, (_, value) => (typeof value === "string" ? value.replace(unsafe, picture) : value));
  const graph = visibleData(byId("graph-data").textContent);
  const report = visibleData(byId("report-data").textContent);
  const svg = document.querySelector("#canvas > svg");
  const canvas = byId("canvas");
  const zoomLevel = byId("zoom-level");
  const panel = byId("panel");
  const panelContent = byId("panel-content");
  const helpContent = panelContent.cloneNode(true);
  const search = byId("search");
  const searchStatus = byId("search-status");

  const nodes = new Map(graph.nodes.map((node) => [node.id, node]));
  const edges = new Map(graph.edges.map((edge) => [edge.id, edge]));
  const nodeData = new Map(report.nodes.map((node) => [node.id, node]));
  const edgeData = new Map(report.edges.map((edge) => [edge.id, edge]));
  const groupData = new Map(report.groups.map((group) => [String(group.id), group]));
  const incoming = new Map(graph.nodes.map((node) => [node.id, []]));
  const outgoing = new Map(graph.nodes.map((node) => [node.id, []]));
  for (const edge of graph.edges) {
    if (outgoing.has(edge.from)) outgoing.get(edge.from).push(edge);
    if (incoming.has(edge.to)) incoming.get(edge.to).push(edge);
  }
  for (const list of [...incoming.values(), ...outgoing.values()]) list.sort((a, b) => b.count - a.count);
  const isUpdate = (node) => node.kind === "body" || node.kind === "representable" || node.kind === "other";
  const plural = (count, noun) => `${count} ${noun}${count === 1 ? "" : "s"}`;
  const graphElement = (id) => (svg && /^[nerf][0-9]+$/.test(id) ? byId(id) : null);

  // Nodes and edges become buttons; Graphviz's <title> children only repeat their ids.
  for (const node of graph.nodes) {
    const element = graphElement(node.id);
    if (!element) continue;
    for (const title of element.querySelectorAll(":scope > title")) title.remove();
    element.setAttribute("tabindex", "0");
    element.setAttribute("role", "button");
    element.setAttribute("aria-label", `${node.title}, ${node.kind}, ${plural(node.count, isUpdate(node) ? "update" : node.kind === "unrecorded" ? "run" : "event")}`);
    element.dataset.node = node.id;
  }
  for (const edge of graph.edges) {
    const element = graphElement(edge.id);
    if (!element) continue;
    for (const title of element.querySelectorAll(":scope > title")) title.remove();
    element.dataset.edge = edge.id;
  }

  // Panning and zooming. The picture is drawn at `scale` times its natural
  // size in a scrolling pane, so panning is scrolling (drag, or the arrow
  // keys on the pane). It opens fitted to the pane, however small that makes
  // it, as a map does: when its text would be too small to read, the labels
  // give way to the shapes (hover or click a node for its figures) and come
  // back as one zooms in.
  const legibleText = 7;
  const scaleLimits = [0.002, 8];
  const naturalSize = svg ? [svg.width.baseVal.value, svg.height.baseVal.value] : null;
  const viewWidth = svg && svg.viewBox.baseVal && svg.viewBox.baseVal.width ? svg.viewBox.baseVal.width : (naturalSize ? naturalSize[0] : 1);
  // The size of the node titles, the text one reads first, in pixels at the natural size.
  const titleSizes = svg ? [...svg.querySelectorAll("g.node text")].map((text) => parseFloat(text.getAttribute("font-size"))).filter((size) => size > 0) : [];
  const titleText = naturalSize && titleSizes.length ? Math.max(...titleSizes) * naturalSize[0] / viewWidth : legibleText;
  const clamp = (value, low, high) => Math.min(Math.max(value, low), high);
  let scale = 1;

  function setScale(next, anchor) {
    if (!svg || !naturalSize[0] || !naturalSize[1]) return;
    next = clamp(next, scaleLimits[0], scaleLimits[1]);
    const pane = canvas.getBoundingClientRect();
    const at = anchor || { x: pane.left + canvas.clientWidth / 2, y: pane.top + canvas.clientHeight / 2 };
    const before = svg.getBoundingClientRect();
    // The point of the picture under the anchor stays under it.
    const point = [(at.x - before.left) / scale, (at.y - before.top) / scale];
    scale = next;
    svg.setAttribute("width", String(naturalSize[0] * scale));
    svg.setAttribute("height", String(naturalSize[1] * scale));
    svg.classList.toggle("shapes-only", titleText * scale < legibleText);
    const after = svg.getBoundingClientRect();
    canvas.scrollLeft += after.left + point[0] * scale - at.x;
    canvas.scrollTop += after.top + point[1] * scale - at.y;
    canvas.dataset.scale = String(scale);
    zoomLevel.textContent = `${Math.round(scale * 100)}%`;
  }

  // The box around `elements`, in pixels of the picture at its natural size, with some room; null if none is drawn.
  function boxAround(elements) {
    const origin = svg.getBoundingClientRect();
    let box = null;
    for (const element of elements) {
      const rect = element.getBoundingClientRect();
      if (!rect.width && !rect.height) continue;
      const left = (rect.left - origin.left) / scale;
      const top = (rect.top - origin.top) / scale;
      const right = left + rect.width / scale;
      const bottom = top + rect.height / scale;
      box = box ? { left: Math.min(box.left, left), top: Math.min(box.top, top), right: Math.max(box.right, right), bottom: Math.max(box.bottom, bottom) } : { left, top, right, bottom };
    }
    if (!box) return null;
    const pad = 12;
    return { left: box.left - pad, top: box.top - pad, width: box.right - box.left + 2 * pad, height: box.bottom - box.top + 2 * pad };
  }

  // What the graph shows: all of the picture, or the nodes and edges a filter leaves.
  function shownBox() {
    const whole = { left: 0, top: 0, width: naturalSize[0], height: naturalSize[1] };
    if (!svg.querySelector("g.node.filtered, g.edge.filtered")) return whole;
    return boxAround(svg.querySelectorAll("g.node:not(.filtered), g.edge:not(.filtered)")) || whole;
  }

  // Scales the picture so `box` fills the pane, and scrolls it to the middle.
  function fitBox(box) {
    if (!svg || !naturalSize[0] || !naturalSize[1] || box.width <= 0 || box.height <= 0) return;
    const room = Math.min((canvas.clientWidth - 8) / box.width, (canvas.clientHeight - 8) / box.height);
    setScale(Math.min(room, 2));
    const origin = svg.getBoundingClientRect();
    const pane = canvas.getBoundingClientRect();
    canvas.scrollLeft += origin.left + (box.left + box.width / 2) * scale - (pane.left + canvas.clientWidth / 2);
    canvas.scrollTop += origin.top + (box.top + box.height / 2) * scale - (pane.top + canvas.clientHeight / 2);
  }

  function fitGraph() {
    if (!svg || !naturalSize[0] || !naturalSize[1]) return;
    const box = shownBox();
    // Never larger than natural size for the whole picture: a small graph stays as drawn.
    const whole = box.width === naturalSize[0] && box.height === naturalSize[1];
    if (whole && box.width <= canvas.clientWidth - 8 && box.height <= canvas.clientHeight - 8) {
      setScale(1);
      canvas.scrollLeft = 0;
      canvas.scrollTop = 0;
      return;
    }
    fitBox(box);
  }

  const zoomBy = (factor, anchor) => setScale(scale * factor, anchor);
  byId("zoom-in").addEventListener("click", () => zoomBy(1.25));
  byId("zoom-out").addEventListener("click", () => zoomBy(0.8));
  byId("zoom-fit").addEventListener("click", fitGraph);
  canvas.addEventListener("wheel", (event) => {
    event.preventDefault();
    const lines = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1;
    zoomBy(Math.exp(-clamp(event.deltaY * lines, -400, 400) * 0.002), { x: event.clientX, y: event.clientY });
  }, { passive: false });

  // Dragging the background pans; a press on a node or an edge stays a click.
  let drag = null;
  canvas.addEventListener("pointerdown", (event) => {
    if (event.button !== 0 || event.target.closest("g.node, g.edge")) return;
    drag = { x: event.clientX, y: event.clientY, left: canvas.scrollLeft, top: canvas.scrollTop, pointer: event.pointerId };
    canvas.setPointerCapture(event.pointerId);
    canvas.classList.add("panning");
  });
  canvas.addEventListener("pointermove", (event) => {
    if (!drag || event.pointerId !== drag.pointer) return;
    canvas.scrollLeft = drag.left - (event.clientX - drag.x);
    canvas.scrollTop = drag.top - (event.clientY - drag.y);
  });
  const endDrag = () => {
    drag = null;
    canvas.classList.remove("panning");
  };
  canvas.addEventListener("pointerup", endDrag);
  canvas.addEventListener("pointercancel", endDrag);

  // Focus, hide and depth, applied in the page as `render` applies them:
  // the nodes whose title contains the focus text and their causes at most
  // `depth` links upstream, less the nodes whose title contains the hide
  // text. They live in the URL's fragment, so a shared link shows the same view.
  const filterInputs = { focus: byId("filter-focus"), depth: byId("filter-depth"), hide: byId("filter-hide") };
  const filterStatus = byId("filter-status");

  function readFilters() {
    const depth = filterInputs.depth.value.trim();
    return {
      focus: filterInputs.focus.value.trim(),
      depth: /^[0-9]+$/.test(depth) ? Number(depth) : null,
      hide: filterInputs.hide.value.trim(),
    };
  }

  function shownNodes(filters) {
    let shown = new Set(graph.nodes.map((node) => node.id));
    if (filters.focus) {
      const text = filters.focus.toLowerCase();
      let level = graph.nodes.filter((node) => node.title.toLowerCase().includes(text)).map((node) => node.id);
      if (!level.length) return null;
      shown = new Set(level);
      for (let distance = 0; level.length && (filters.depth === null || distance < filters.depth); distance += 1) {
        const next = [];
        for (const id of level) {
          for (const edge of incoming.get(id)) {
            if (!shown.has(edge.from)) {
              shown.add(edge.from);
              next.push(edge.from);
            }
          }
        }
        level = next;
      }
    }
    if (filters.hide) {
      const text = filters.hide.toLowerCase();
      for (const node of graph.nodes) if (node.title.toLowerCase().includes(text)) shown.delete(node.id);
    }
    return shown;
  }

  function applyFilters() {
    const filters = readFilters();
    const matched = shownNodes(filters);
    const shown = matched || new Set(graph.nodes.map((node) => node.id));
    for (const node of graph.nodes) {
      const element = graphElement(node.id);
      if (element) element.classList.toggle("filtered", !shown.has(node.id));
    }
    for (const edge of graph.edges) {
      const element = graphElement(edge.id);
      if (element) element.classList.toggle("filtered", !shown.has(edge.from) || !shown.has(edge.to));
    }
    const filtering = filters.focus || filters.hide;
    filterStatus.textContent = !filtering ? "" : matched === null
      ? `“${filters.focus}” matches no node title`
      : `${shown.size} of ${plural(graph.nodes.length, "node")}`;
    const fragment = new URLSearchParams();
    if (filters.focus) fragment.set("focus", filters.focus);
    if (filters.focus && filters.depth !== null) fragment.set("depth", String(filters.depth));
    if (filters.hide) fragment.set("hide", filters.hide);
    const hash = fragment.toString() ? `#${fragment}` : "";
    if (location.hash !== hash) history.replaceState(null, "", hash || `${location.pathname}${location.search}`);
    fitGraph();
  }

  function readFragment() {
    const fragment = new URLSearchParams(location.hash.slice(1));
    filterInputs.focus.value = fragment.get("focus") || "";
    filterInputs.depth.value = fragment.get("depth") || "";
    filterInputs.hide.value = fragment.get("hide") || "";
    applyFilters();
  }

  for (const input of Object.values(filterInputs)) input.addEventListener("input", applyFilters);
  window.addEventListener("hashchange", readFragment);
  readFragment();

  // Highlighting: the nodes of the same update (sharing an update
  // group), the node's own edges and their ends, and the edges of
  // the update between lit nodes, as the report's data lists them.
  const related = (id) => (nodeData.get(id) || { lit: [id] }).lit;

  let hovered = null;
  let selection = null;

  function paint() {
    if (!svg) return;
    for (const element of svg.querySelectorAll(".lit")) element.classList.remove("lit");
    let lit = null;
    if (hovered) {
      lit = related(hovered);
    } else if (selection && selection.kind === "node") {
      lit = related(selection.id);
    } else if (selection && selection.kind === "edge") {
      const edge = edges.get(selection.id);
      lit = [edge.from, edge.to, edge.id];
    }
    svg.classList.toggle("highlighting", lit !== null);
    if (!lit) return;
    for (const id of lit) {
      const element = graphElement(id);
      if (element) element.classList.add("lit");
    }
  }

  // The hover card: a node's title and figures by the pointer, so a picture
  // drawn too small for its labels still answers what each shape is.
  const card = byId("hover-card");
  function showCard(id, event) {
    if (!card) return;
    const node = id ? nodes.get(id) : null;
    if (!node) {
      card.hidden = true;
      delete card.dataset.node;
      return;
    }
    const data = nodeData.get(id) || { identity: node.kind, figures: [] };
    const figures = data.figures.filter(([name]) => name !== "update groups").slice(0, 6).map(([name, value]) => `${name} ${value}`);
    card.replaceChildren(make("strong", { text: node.title }), make("span", { text: data.identity }), make("div", { text: figures.join(" · ") }));
    card.dataset.node = id;
    card.hidden = false;
    if (event) placeCard(event);
  }
  function placeCard(event) {
    if (!card || card.hidden) return;
    const x = event.clientX + 14 + card.offsetWidth > window.innerWidth ? event.clientX - 14 - card.offsetWidth : event.clientX + 14;
    const y = event.clientY + 14 + card.offsetHeight > window.innerHeight ? event.clientY - 14 - card.offsetHeight : event.clientY + 14;
    card.style.left = `${Math.max(0, x)}px`;
    card.style.top = `${Math.max(0, y)}px`;
  }

  // Building the panel: text only, never markup.
  function make(tag, options = {}, ...children) {
    const element = document.createElement(tag);
    if (options.className) element.className = options.className;
    if (options.text !== undefined) element.textContent = options.text;
    for (const [key, value] of Object.entries(options.data || {})) element.dataset[key] = value;
    if (options.type) element.type = options.type;
    for (const child of children) if (child) element.append(child);
    return element;
  }

  function figureList(figures) {
    const list = make("dl");
    for (const [name, value] of figures) list.append(make("dt", { text: name }), make("dd", { text: value }));
    return list;
  }

  function linkList(items) {
    const list = make("ul", { className: "links" });
    for (const item of items) {
      list.append(make("li", {}, make("button", { type: "button", text: item.text, data: item.data })));
    }
    return list;
  }

  function edgeLinks(list, end) {
    return linkList(list.map((edge) => {
      const other = nodes.get(edge[end]);
      return { text: `${other ? other.title : edge[end]} — ${edge.kind} ×${edge.count}`, data: { node: edge[end] } };
    }));
  }

  // An item's update groups: the longest few as links, and how many there are in all.
  function groupSection(data) {
    if (!data.groupCount) return [];
    const links = linkList(data.groups.map((id) => {
      const group = groupData.get(String(id));
      return { text: `group ${id}${group ? ": " + group.label : ""}`, data: { group: String(id) } };
    }));
    const note = data.groupCount > data.groups.length
      ? make("p", { className: "note", text: `The ${data.groups.length} longest of ${data.groupCount}.` }) : null;
    return [make("h3", { text: `Update groups (${data.groupCount})` }), links, note];
  }

  function showNode(id) {
    const node = nodes.get(id);
    const data = nodeData.get(id) || { identity: node.kind, figures: [], groups: [], groupCount: 0, updates: [], moreUpdates: 0 };
    const content = make("div", {},
      make("h2", { text: node.title }),
      make("p", { className: "identity", text: data.identity }),
      figureList(data.figures));
    const causes = incoming.get(id);
    const effects = outgoing.get(id);
    content.append(make("h3", { text: `Causes (${causes.length})` }), causes.length ? edgeLinks(causes, "from") : make("p", { className: "note", text: "No recorded cause." }));
    content.append(make("h3", { text: `Effects (${effects.length})` }), effects.length ? edgeLinks(effects, "to") : make("p", { className: "note", text: "No recorded effect." }));
    for (const part of groupSection(data)) if (part) content.append(part);
    if (node.backtrace.length) {
      const frames = make("ol", { className: "frames" });
      for (const frame of node.backtrace) frames.append(make("li", { text: frame }));
      content.append(make("h3", { text: "Backtrace" }), frames);
    }
    const total = data.updates.length + data.moreUpdates;
    content.append(make("h3", { text: isUpdate(node) ? `Updates (${total})` : `Events (${total})` }));
    const table = make("table", { className: "updates" });
    const head = make("tr");
    const columns = ["event", "time", "duration", "severity", "result", "group"];
    for (const name of columns) head.append(make("th", { text: name }));
    table.append(make("thead", {}, head));
    const body = make("tbody");
    for (const update of data.updates) {
      const row = make("tr", { className: "update" });
      row.append(
        make("td", { className: "number", text: String(update.event) }),
        make("td", { className: "number", text: update.time }),
        make("td", { className: "number", text: update.duration ?? "—" }),
        make("td", { text: update.severity ?? "—" }),
        make("td", { className: update.result === "skipped" ? "result-skipped" : "", text: update.result ?? "—" }),
        make("td", { className: "number", text: update.group === null ? "—" : String(update.group) }));
      body.append(row);
      const causes = update.causes.map((cause) => {
        const causeNode = nodes.get(cause.node);
        return `${cause.label} ← ${causeNode ? causeNode.title : "?"} (event ${cause.event})`;
      });
      if (update.frame) causes.push(`at ${update.frame}`);
      if (causes.length) {
        const cell = make("td", { className: "causes", text: causes.join("; ") });
        cell.colSpan = columns.length;
        body.append(make("tr", { className: "causes" }, cell));
      }
    }
    table.append(body);
    content.append(table);
    if (data.moreUpdates > 0) content.append(make("p", { className: "note", text: `… and ${data.moreUpdates} more (the first ${data.updates.length} in time order are listed).` }));
    return content;
  }

  function showEdge(id) {
    const edge = edges.get(id);
    const data = edgeData.get(id) || { identity: edge.kind, figures: [], groups: [], groupCount: 0 };
    const from = nodes.get(edge.from);
    const to = nodes.get(edge.to);
    return make("div", {},
      make("h2", { text: `${from ? from.title : edge.from} → ${to ? to.title : edge.to}` }),
      make("p", { className: "identity", text: `${data.identity} ×${edge.count}` }),
      figureList(data.figures),
      make("h3", { text: "Ends" }),
      linkList([
        { text: `cause: ${from ? from.title : edge.from}`, data: { node: edge.from } },
        { text: `effect: ${to ? to.title : edge.to}`, data: { node: edge.to } },
      ]),
      ...groupSection(data));
  }

  function showGroup(id) {
    const data = groupData.get(id) || { figures: [], members: [] };
    const members = data.members.map((member) => nodes.get(member)).filter((node) => node);
    return make("div", {},
      make("h2", { text: `Update group ${id}` }),
      figureList(data.figures),
      make("h3", { text: `Nodes (${members.length})` }),
      linkList(members.map((node) => ({ text: `${node.title} — ${node.kind}`, data: { node: node.id } }))));
  }

  function select(kind, id, { reveal = false } = {}) {
    if (kind === "node" && !nodes.has(id)) return;
    if (kind === "edge" && !edges.has(id)) return;
    if (kind === "group" && !groupData.has(id)) return;
    for (const element of document.querySelectorAll("#graph .selected")) element.classList.remove("selected");
    selection = { kind, id };
    const element = kind === "group" ? null : graphElement(id);
    if (element) element.classList.add("selected");
    const content = kind === "node" ? showNode(id) : kind === "edge" ? showEdge(id) : showGroup(id);
    content.id = "panel-content";
    panel.replaceChildren(content);
    panel.scrollTop = 0;
    panel.dataset.selected = `${kind}:${id}`;
    if (reveal && element) {
      element.scrollIntoView({ block: "center", inline: "center" });
      if (kind === "node") element.focus({ preventScroll: true });
    }
    paint();
  }

  function clearSelection() {
    for (const element of document.querySelectorAll("#graph .selected")) element.classList.remove("selected");
    selection = null;
    hovered = null;
    const help = helpContent.cloneNode(true);
    panel.replaceChildren(help);
    delete panel.dataset.selected;
    paint();
  }

  // Anything carrying data-node, data-edge or data-group selects what it names.
  function activate(target) {
    const inGraph = target.closest("#graph") !== null;
    if (target.dataset.node) select("node", target.dataset.node, { reveal: !inGraph });
    else if (target.dataset.edge) select("edge", target.dataset.edge, { reveal: !inGraph });
    else if (target.dataset.group) select("group", target.dataset.group);
  }

  document.addEventListener("click", (event) => {
    const target = event.target.closest("[data-node], [data-edge], [data-group]");
    if (target) activate(target);
  });

  if (svg) {
    svg.addEventListener("mouseover", (event) => {
      const element = event.target.closest("g.node");
      const id = element ? element.dataset.node : null;
      if (id !== hovered) {
        hovered = id || null;
        paint();
        showCard(hovered, event);
      }
    });
    svg.addEventListener("mousemove", (event) => placeCard(event));
    svg.addEventListener("mouseleave", () => {
      hovered = null;
      paint();
      showCard(null);
    });
    svg.addEventListener("focusin", (event) => {
      const element = event.target.closest("g.node");
      hovered = element ? element.dataset.node : null;
      paint();
    });
    svg.addEventListener("focusout", () => {
      hovered = null;
      paint();
    });
  }

  // Search: every node of the recording whose title contains the text (any
  // case), drawn or not; drawn matches are marked. Enter goes to the next
  // match, views first, and closes the view in on it and its neighbours, or,
  // for a node the picture leaves out, on the drawn nodes nearest to it.
  const undrawn = new Map((report.undrawn || []).map((node) => [node.id, node]));
  const findable = [...graph.nodes, ...undrawn.values()];
  let matches = [];
  let matchIndex = -1;
  search.addEventListener("input", () => {
    const query = search.value.trim().toLowerCase();
    matches = query ? findable.filter((node) => node.title.toLowerCase().includes(query)) : [];
    matches.sort((a, b) => (b.kind === "body") - (a.kind === "body"));
    matchIndex = -1;
    const matched = new Set(matches.map((node) => node.id));
    for (const node of graph.nodes) {
      const element = graphElement(node.id);
      if (element) element.classList.toggle("match", matched.has(node.id));
    }
    searchStatus.textContent = !query ? "" : matches.length === 0 ? "no match" : matches.length === 1 ? "1 match" : `${matches.length} matches`;
  });

  // Closes the view in on the drawn nodes `ids` (and the edges between them).
  function closeInOn(ids) {
    const shown = ids.filter((id) => graphElement(id) && !graphElement(id).classList.contains("filtered"));
    if (!shown.length) return;
    const set = new Set(shown);
    const elements = shown.map(graphElement);
    for (const edge of graph.edges) if (set.has(edge.from) && set.has(edge.to) && graphElement(edge.id)) elements.push(graphElement(edge.id));
    const box = boxAround(elements);
    if (box) fitBox(box);
  }

  function showUndrawn(id) {
    const node = undrawn.get(id);
    for (const element of document.querySelectorAll("#graph .selected")) element.classList.remove("selected");
    selection = null;
    const near = node.near.filter((other) => nodes.has(other));
    const content = make("div", {},
      make("h2", { text: node.title }),
      make("p", { className: "identity", text: node.identity }),
      make("p", { className: "note", text: "Not drawn in this picture: shaping left it out. The view shows the drawn nodes nearest to it." }),
      figureList(node.figures),
      make("h3", { text: `Nearest drawn nodes (${near.length})` }),
      near.length ? linkList(near.map((other) => ({ text: `${nodes.get(other).title} — ${nodes.get(other).kind}`, data: { node: other } }))) : make("p", { className: "note", text: "None: nothing drawn links to it." }));
    content.id = "panel-content";
    panel.replaceChildren(content);
    panel.scrollTop = 0;
    panel.dataset.selected = `undrawn:${id}`;
    for (const other of near) graphElement(other)?.classList.add("selected");
    paint();
    closeInOn(near);
  }

  search.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      if (!matches.length) return;
      matchIndex = (matchIndex + 1) % matches.length;
      const id = matches[matchIndex].id;
      if (nodes.has(id)) {
        select("node", id);
        closeInOn([id, ...incoming.get(id).map((edge) => edge.from), ...outgoing.get(id).map((edge) => edge.to)]);
      } else {
        showUndrawn(id);
      }
      search.focus();
      searchStatus.textContent = `${matchIndex + 1} of ${matches.length}`;
    } else if (event.key === "Escape") {
      search.value = "";
      search.dispatchEvent(new Event("input"));
      search.blur();
    }
  });

  // Keyboard: / searches, Esc clears, arrows walk the graph.
  const order = graph.nodes.map((node) => node.id).filter((id) => graphElement(id));
  function moveTo(id) {
    const element = graphElement(id);
    if (!element) return;
    element.focus({ preventScroll: true });
    element.scrollIntoView({ block: "nearest", inline: "nearest" });
  }
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    const typing = target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;
    if (typing) return;
    if (event.key === "/") {
      event.preventDefault();
      search.focus();
      search.select();
      return;
    }
    if (event.key === "Escape") {
      clearSelection();
      return;
    }
    if (event.key === "+" || event.key === "=") {
      event.preventDefault();
      zoomBy(1.25);
      return;
    }
    if (event.key === "-" || event.key === "_") {
      event.preventDefault();
      zoomBy(0.8);
      return;
    }
    if (event.key === "0") {
      event.preventDefault();
      fitGraph();
      return;
    }
    const node = target instanceof Element ? target.closest("#graph g.node") : null;
    if (!node) {
      const named = target instanceof Element && !(target instanceof HTMLButtonElement)
        ? target.closest("[data-node], [data-edge], [data-group]") : null;
      if (named && (event.key === "Enter" || event.key === " ")) {
        event.preventDefault();
        activate(named);
      }
      return;
    }
    const id = node.dataset.node;
    const position = order.indexOf(id);
    let next = null;
    switch (event.key) {
      case "Enter":
      case " ":
        event.preventDefault();
        select("node", id);
        return;
      case "ArrowRight": next = outgoing.get(id)[0]?.to; break;
      case "ArrowLeft": next = incoming.get(id)[0]?.from; break;
      case "ArrowDown": next = order[(position + 1) % order.length]; break;
      case "ArrowUp": next = order[(position - 1 + order.length) % order.length]; break;
      default: return;
    }
    event.preventDefault();
    if (next) moveTo(next);
  });

  // The timeline zooms to a range brushed across it; "Whole trace" zooms out.
  const strip = document.querySelector("#timeline svg.timeline-strip");
  const wholeTrace = byId("timeline-whole");
  if (strip && strip.dataset.plotWidth) {
    const left = Number(strip.dataset.plotLeft);
    const width = Number(strip.dataset.plotWidth);
    const start = Number(strip.dataset.start);
    const end = Number(strip.dataset.end);
    const axis = strip.querySelector("g.axis");
    const axisTop = axis ? Number(axis.querySelector("line").getAttribute("y1")) : 0;
    const bars = [...strip.querySelectorAll("rect.bar")].map((bar) => ({ bar, x: Number(bar.getAttribute("x")) - left, width: Number(bar.getAttribute("width")) }));
    const svgNamespace = "http://www.w3.org/2000/svg";
    const brush = document.createElementNS(svgNamespace, "rect");
    brush.setAttribute("class", "brush");
    brush.setAttribute("y", "0");
    brush.setAttribute("height", String(axisTop));
    const zoomAxis = document.createElementNS(svgNamespace, "g");
    zoomAxis.setAttribute("class", "axis zoom-axis");
    strip.append(zoomAxis, brush);
    let range = [0, width];

    const plotX = (clientX) => {
      const point = strip.createSVGPoint();
      point.x = clientX;
      point.y = 0;
      return clamp(point.matrixTransform(strip.getScreenCTM().inverse()).x - left, 0, width);
    };
    const timeText = (nanoseconds) => {
      const units = [[1e9, "s"], [1e6, "ms"], [1e3, "µs"], [1, "ns"]];
      const [size, unit] = units.find(([size]) => Math.abs(nanoseconds) >= size) || units[3];
      return `${Number((nanoseconds / size).toPrecision(4))} ${unit}`;
    };

    function drawTimeline() {
      const zoomed = range[0] > 0 || range[1] < width;
      const factor = width / (range[1] - range[0]);
      for (const item of bars) {
        const x = (item.x - range[0]) * factor;
        const barWidth = Math.max(item.width * factor, 3);
        const outside = x + barWidth < 0 || x > width;
        item.bar.classList.toggle("out-of-range", outside);
        item.bar.setAttribute("x", String(left + clamp(x, 0, width - Math.min(barWidth, width))));
        item.bar.setAttribute("width", String(Math.min(barWidth, width)));
      }
      if (axis) axis.classList.toggle("out-of-range", zoomed);
      zoomAxis.replaceChildren();
      if (zoomed && end > start) {
        const from = start + (end - start) * range[0] / width;
        const to = start + (end - start) * range[1] / width;
        // Steps of 1, 2 or 5 times a power of ten, as the static axis takes them.
        let step = 1;
        for (let index = 0; (to - from) / step >= 6; index += 1) step *= [2, 2.5, 2][index % 3];
        for (let tick = Math.ceil(from / step) * step; tick <= to; tick += step) {
          const x = left + (tick - from) / (to - from) * width;
          const line = document.createElementNS(svgNamespace, "line");
          line.setAttribute("x1", String(x));
          line.setAttribute("x2", String(x));
          line.setAttribute("y1", String(axisTop));
          line.setAttribute("y2", String(axisTop + 5));
          const label = document.createElementNS(svgNamespace, "text");
          label.setAttribute("x", String(x));
          label.setAttribute("y", String(axisTop + 18));
          label.setAttribute("text-anchor", x > left + width - 60 ? "end" : "middle");
          label.textContent = timeText(tick);
          zoomAxis.append(line, label);
        }
      }
      strip.dataset.range = `${range[0]}:${range[1]}`;
      wholeTrace.hidden = !zoomed;
    }

    let brushing = null;
    strip.addEventListener("pointerdown", (event) => {
      if (event.button !== 0) return;
      brushing = { from: plotX(event.clientX), pointer: event.pointerId, moved: false };
    });
    strip.addEventListener("pointermove", (event) => {
      if (!brushing || event.pointerId !== brushing.pointer) return;
      const to = plotX(event.clientX);
      if (!brushing.moved && Math.abs(to - brushing.from) < 3) return;
      if (!brushing.moved) strip.setPointerCapture(event.pointerId);
      brushing.moved = true;
      brush.setAttribute("x", String(left + Math.min(brushing.from, to)));
      brush.setAttribute("width", String(Math.abs(to - brushing.from)));
      brush.classList.add("active");
    });
    const endBrush = (event) => {
      if (!brushing || event.pointerId !== brushing.pointer) return;
      const moved = brushing.moved;
      const [a, b] = [brushing.from, plotX(event.clientX)].sort((x, y) => x - y);
      brushing = null;
      brush.classList.remove("active");
      if (!moved || b - a < 2) return;
      const span = range[1] - range[0];
      range = [range[0] + span * a / width, range[0] + span * b / width];
      drawTimeline();
    };
    strip.addEventListener("pointerup", endBrush);
    strip.addEventListener("pointercancel", endBrush);
    wholeTrace.addEventListener("click", () => {
      range = [0, width];
      drawTimeline();
    });
    drawTimeline();
  }
})();
