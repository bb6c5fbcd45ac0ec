/// The script of a report page: hover highlighting, the details panel,
/// search and keyboard navigation.
///
/// It reads the graph and the panel's data from the page's JSON blocks and
/// writes trace text only through `textContent` and attribute setters, never
/// as markup. The page's Content-Security-Policy admits exactly this text
/// (by its hash), so it must stay a constant.
enum ReportScript {
    static let text = #"""

        "use strict";
        (() => {
          const byId = (id) => document.getElementById(id);
          const graph = JSON.parse(byId("graph-data").textContent);
          const report = JSON.parse(byId("report-data").textContent);
          const svg = document.querySelector("#canvas > svg");
          const canvas = byId("canvas");
          const zoom = byId("zoom");
          const panel = byId("panel");
          const panelContent = byId("panel-content");
          const helpContent = panelContent.cloneNode(true);
          const search = byId("search");
          const searchStatus = byId("search-status");

          const nodes = new Map(graph.nodes.map((node) => [node.id, node]));
          const edges = new Map(graph.edges.map((edge) => [edge.id, edge]));
          const groups = new Map(graph.groups.map((group) => [String(group.id), group]));
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
          const graphElement = (id) => (svg && /^[ner][0-9]+$/.test(id) ? byId(id) : null);

          // Nodes and edges become buttons; Graphviz's <title> children only repeat their ids.
          for (const node of graph.nodes) {
            const element = graphElement(node.id);
            if (!element) continue;
            for (const title of element.querySelectorAll(":scope > title")) title.remove();
            element.setAttribute("tabindex", "0");
            element.setAttribute("role", "button");
            element.setAttribute("aria-label", `${node.title}, ${node.kind}, ${plural(node.count, isUpdate(node) ? "update" : "event")}`);
            element.dataset.node = node.id;
          }
          for (const edge of graph.edges) {
            const element = graphElement(edge.id);
            if (!element) continue;
            for (const title of element.querySelectorAll(":scope > title")) title.remove();
            element.dataset.edge = edge.id;
          }

          // The graph fits its pane (down to a third of its size) until
          // "Actual size" is pressed.
          const naturalSize = svg ? [svg.width.baseVal.value, svg.height.baseVal.value] : null;
          let actualSize = false;
          function fitGraph() {
            if (!svg || !naturalSize[0] || !naturalSize[1]) return;
            const room = Math.min((canvas.clientWidth - 8) / naturalSize[0], (canvas.clientHeight - 8) / naturalSize[1]);
            const scale = actualSize ? 1 : Math.max(Math.min(1, room), 1 / 3);
            svg.setAttribute("width", String(Math.round(naturalSize[0] * scale)));
            svg.setAttribute("height", String(Math.round(naturalSize[1] * scale)));
          }
          zoom.addEventListener("click", () => {
            actualSize = !actualSize;
            zoom.setAttribute("aria-pressed", String(actualSize));
            zoom.textContent = actualSize ? "Fit to pane" : "Actual size";
            fitGraph();
          });
          window.addEventListener("resize", fitGraph);
          fitGraph();

          // Highlighting: the nodes of the same update (sharing an update
          // group), the node's own edges and their ends, and the edges of
          // the update between lit nodes.
          function related(id) {
            const node = nodes.get(id);
            const litNodes = new Set([id]);
            const litEdges = new Set();
            const shared = new Set(node.groups);
            const sharesGroup = (item) => item.groups.some((group) => shared.has(group));
            for (const other of graph.nodes) if (sharesGroup(other)) litNodes.add(other.id);
            for (const edge of [...incoming.get(id), ...outgoing.get(id)]) {
              litEdges.add(edge.id);
              litNodes.add(edge.from);
              litNodes.add(edge.to);
            }
            for (const edge of graph.edges) {
              if (sharesGroup(edge) && litNodes.has(edge.from) && litNodes.has(edge.to)) litEdges.add(edge.id);
            }
            return [litNodes, litEdges];
          }

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
              lit = [new Set([edge.from, edge.to]), new Set([edge.id])];
            }
            svg.classList.toggle("highlighting", lit !== null);
            if (!lit) return;
            for (const id of [...lit[0], ...lit[1]]) {
              const element = graphElement(id);
              if (element) element.classList.add("lit");
            }
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

          function groupLinks(ids) {
            return linkList(ids.map((id) => {
              const group = groups.get(String(id));
              return { text: `group ${id}${group ? ": " + group.label : ""}`, data: { group: String(id) } };
            }));
          }

          function showNode(id) {
            const node = nodes.get(id);
            const data = nodeData.get(id) || { identity: node.kind, figures: [], updates: [], moreUpdates: 0 };
            const content = make("div", {},
              make("h2", { text: node.title }),
              make("p", { className: "identity", text: data.identity }),
              figureList(data.figures));
            const causes = incoming.get(id);
            const effects = outgoing.get(id);
            content.append(make("h3", { text: `Causes (${causes.length})` }), causes.length ? edgeLinks(causes, "from") : make("p", { className: "note", text: "No recorded cause." }));
            content.append(make("h3", { text: `Effects (${effects.length})` }), effects.length ? edgeLinks(effects, "to") : make("p", { className: "note", text: "No recorded effect." }));
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
            const data = edgeData.get(id) || { identity: edge.kind, figures: [] };
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
              edge.groups.length ? make("h3", { text: "Update groups" }) : null,
              edge.groups.length ? groupLinks(edge.groups) : null);
          }

          function showGroup(id) {
            const data = groupData.get(id) || { figures: [] };
            const members = graph.nodes.filter((node) => node.groups.some((group) => String(group) === id));
            return make("div", {},
              make("h2", { text: `Update group ${id}` }),
              figureList(data.figures),
              make("h3", { text: `Nodes (${members.length})` }),
              linkList(members.map((node) => ({ text: `${node.title} — ${node.kind}`, data: { node: node.id } }))));
          }

          function select(kind, id, { reveal = false } = {}) {
            if (kind === "node" && !nodes.has(id)) return;
            if (kind === "edge" && !edges.has(id)) return;
            if (kind === "group" && !groupData.has(id) && !groups.has(id)) return;
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
              }
            });
            svg.addEventListener("mouseleave", () => {
              hovered = null;
              paint();
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

          // Search: every node whose title contains the text (any case) is
          // marked; Enter goes to the next match, views first.
          let matches = [];
          let matchIndex = -1;
          search.addEventListener("input", () => {
            const query = search.value.trim().toLowerCase();
            matches = query ? graph.nodes.filter((node) => node.title.toLowerCase().includes(query)) : [];
            matches.sort((a, b) => (b.kind === "body") - (a.kind === "body"));
            matchIndex = -1;
            const matched = new Set(matches.map((node) => node.id));
            for (const node of graph.nodes) {
              const element = graphElement(node.id);
              if (element) element.classList.toggle("match", matched.has(node.id));
            }
            searchStatus.textContent = !query ? "" : matches.length === 0 ? "no match" : matches.length === 1 ? "1 match" : `${matches.length} matches`;
          });
          search.addEventListener("keydown", (event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              if (!matches.length) return;
              matchIndex = (matchIndex + 1) % matches.length;
              select("node", matches[matchIndex].id, { reveal: true });
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
        })();

        """#
}
