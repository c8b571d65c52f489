import HandoffCore

/// The HTML view: the SVG picture inline, plus a read-out of every value at the pointer's time
/// (a cursor line and a box), with its style and script inline — no network, no external font.
/// `#t=SECONDS` in the address shows the read-out at that time when the page opens.
extension TimelineChart {
    /// Rows embedded for the read-out: every row of the window up to this many, otherwise the last
    /// row of each pixel column (the state the pointer's pixel ends in).
    static let embeddedRowLimit = 20_000

    /// The rows the read-out knows.
    var readoutRows: [Int] {
        guard window.count > Self.embeddedRowLimit else { return Array(window) }
        var out: [Int] = []
        var lastColumn = -1
        for r in window {
            let c = column(timeline.rows[r].time)
            if c == lastColumn { out[out.count - 1] = r } else { out.append(r) }
            lastColumn = c
        }
        return out
    }

    /// The data the script reads: lanes, rows (`[t, command, owner, phase, consumer, value…]`,
    /// numbers as `state --json` formats them), commands and markers.
    var readoutData: String {
        typealias J = JSONWriter
        let lanes = timeline.lanes.entries.indices.map { k in
            J.object([
                ("id", J.string(timeline.id(timeline.lanes.entries[k].node))),
                ("kind", J.string(timeline.lanes.entries[k].kind.rawValue)),
                ("colour", J.string(colour(lane: k))),
            ])
        }
        var rows: [String] = []
        for r in readoutRows {
            let row = timeline.rows[r]
            var items = [
                J.number(row.time), String(row.command),
                J.optional(row.owner.map(timeline.id)), J.string(row.phase.rawValue),
                J.optional(row.consumer.map(timeline.id)),
            ]
            for k in timeline.lanes.entries.indices {
                items.append(J.number(timeline.value(row: r, lane: k)))
            }
            rows.append(J.array(items))
        }
        let commands = timeline.commands.filter { $0.time >= from && $0.time <= to }.map {
            J.array([String($0.number), J.string($0.text)])
        }
        let marks = layout.placed.map {
            J.array([
                J.number($0.mark.time), J.string($0.mark.kind.rawValue),
                J.string(timeline.describe($0.mark).detail),
            ])
        }
        // The axis, piecewise linear: [from, to, x0, x1] per stretch.
        let segments = axis.segments.map {
            J.array([$0.from, $0.to, $0.x0, $0.x1].map(J.number))
        }
        return J.object([
            ("from", J.number(from)), ("to", J.number(to)), ("x0", J.number(Self.left)),
            ("x1", J.number(Self.left + Self.plotWidth)), ("top", J.number(bandTop)),
            ("bottom", J.number(lanesBottom)), ("segments", J.array(segments)),
            ("lanes", J.array(lanes)),
            ("rows", J.array(rows)), ("commands", J.array(commands)), ("marks", J.array(marks)),
        ])
    }

    var html: String {
        var svg = self.svg
        // The inline picture drops the XML declaration.
        if let end = svg.range(of: "?>\n") { svg = String(svg[end.upperBound...]) }
        // Inside <script>, "</" would end the element early.
        let data = readoutData.replacingOccurrences(of: "</", with: "<\\/")
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(Self.xml(title))</title>
            <style>
            body { margin: 16px; background: #f1f3f5; color: #1f2933;
              font: 13px system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; }
            #chart { position: relative; display: inline-block; background: #fff;
              box-shadow: 0 1px 3px rgba(0,0,0,.15); }
            #chart svg { display: block; }
            #readout { position: absolute; pointer-events: none; display: none; min-width: 200px;
              background: rgba(255,255,255,.96); border: 1px solid #ced4da; border-radius: 4px;
              padding: 6px 8px; font-size: 12px; line-height: 1.45;
              box-shadow: 0 2px 6px rgba(0,0,0,.12); }
            #readout .head { font-weight: 600; margin-bottom: 2px; }
            #readout .cmd { color: #52606d; font-family: ui-monospace, Menlo, Consolas, monospace; }
            #readout .v { font-variant-numeric: tabular-nums; float: right; margin-left: 16px; }
            #readout .dot { display: inline-block; width: 8px; height: 8px; border-radius: 4px;
              margin-right: 5px; }
            #readout .mark { color: #e8590c; }
            #hint { color: #52606d; margin: 8px 2px; }
            </style>
            </head>
            <body>
            <div id="chart">
            \(svg)<div id="readout"></div>
            </div>
            <div id="hint">Point at the picture to read every value at that time.</div>
            <script id="timeline-data" type="application/json">\(data)</script>
            <script>
            \(Self.script)
            </script>
            </body>
            </html>

            """
    }

    /// The read-out: maps the pointer to a time, finds the last row at or before it and lists its
    /// values; `#t=SECONDS` shows it at that time on load.
    static let script = """
        (function () {
          var D = JSON.parse(document.getElementById("timeline-data").textContent);
          var chart = document.getElementById("chart");
          var svg = chart.querySelector("svg");
          var box = document.getElementById("readout");
          var NS = "http://www.w3.org/2000/svg";
          var cursor = document.createElementNS(NS, "line");
          cursor.setAttribute("stroke", "#212529");
          cursor.setAttribute("stroke-width", "1");
          cursor.setAttribute("y1", D.top);
          cursor.setAttribute("y2", D.bottom);
          cursor.setAttribute("id", "cursor");
          cursor.style.display = "none";
          svg.appendChild(cursor);
          function esc(s) {
            return String(s).replace(/[&<>"]/g, function (c) {
              return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c];
            });
          }
          function rowAt(t) {
            var lo = 0, hi = D.rows.length - 1, best = 0;
            while (lo <= hi) {
              var mid = (lo + hi) >> 1;
              if (D.rows[mid][0] <= t) { best = mid; lo = mid + 1; } else { hi = mid - 1; }
            }
            return D.rows[best];
          }
          function segment(v, at) {
            var s = D.segments[0];
            for (var i = 1; i < D.segments.length; i++) if (D.segments[i][at] <= v) s = D.segments[i];
            return s;
          }
          function xOf(t) {
            var s = segment(t, 0);
            return s[1] > s[0] ? s[2] + (t - s[0]) / (s[1] - s[0]) * (s[3] - s[2]) : s[2];
          }
          function tOf(x) {
            var s = segment(x, 2);
            return s[3] > s[2] ? s[0] + (x - s[2]) / (s[3] - s[2]) * (s[1] - s[0]) : s[0];
          }
          function commandText(n) {
            for (var i = 0; i < D.commands.length; i++) if (D.commands[i][0] === n) return D.commands[i][1];
            return "";
          }
          function show(t) {
            if (!D.rows.length) return;
            t = Math.max(D.from, Math.min(D.to, t));
            var row = rowAt(t);
            var x = xOf(t);
            cursor.setAttribute("x1", x);
            cursor.setAttribute("x2", x);
            cursor.style.display = "";
            var html = '<div class="head">t ' + esc(row[0]) + ' s</div>';
            html += '<div class="cmd">#' + row[1] + " " + esc(commandText(row[1])) + "</div>";
            html += '<div>phase <span class="v">' + esc(row[3]) + "</span></div>";
            html += '<div>owner <span class="v">' + esc(row[2] === null ? "none" : row[2]) + "</span></div>";
            html += '<div class="value" data-path="consumer">consumer <span class="v">' + esc(row[4] === null ? "none" : row[4]) + "</span></div>";
            for (var k = 0; k < D.lanes.length; k++) {
              var lane = D.lanes[k];
              html += '<div class="value" data-path="' + esc(lane.id + "." + lane.kind) + '">'
                + '<span class="dot" style="background:' + lane.colour + '"></span>'
                + esc(lane.id + "." + lane.kind) + '<span class="v">' + esc(row[5 + k]) + "</span></div>";
            }
            var near = 0;
            for (var m = 0; m < D.marks.length; m++) {
              if (Math.abs(xOf(D.marks[m][0]) - x) > 3) continue;
              if (++near <= 6) html += '<div class="mark">' + esc(D.marks[m][2]) + "</div>";
            }
            if (near > 6) html += '<div class="mark">… ' + (near - 6) + " more here</div>";
            box.innerHTML = html;
            box.dataset.t = row[0];
            box.style.display = "block";
            var scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
            var left = x * scale + 14;
            if (left + box.offsetWidth > chart.clientWidth) left = x * scale - box.offsetWidth - 14;
            box.style.left = Math.max(0, left) + "px";
            box.style.top = (D.top * scale + 4) + "px";
          }
          svg.addEventListener("mousemove", function (e) {
            var r = svg.getBoundingClientRect();
            var x = (e.clientX - r.left) * svg.viewBox.baseVal.width / r.width;
            if (x < D.x0 || x > D.x1) { box.style.display = "none"; cursor.style.display = "none"; return; }
            show(tOf(x));
          });
          svg.addEventListener("mouseleave", function () {
            box.style.display = "none";
            cursor.style.display = "none";
          });
          var m = /[#&]t=([0-9.]+)/.exec(location.hash);
          if (m) show(parseFloat(m[1]));
        })();
        """
}
