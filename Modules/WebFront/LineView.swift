import ScreenRows

/// Screen lines as rows a template draws. A labelled row keeps its label as written and its value spans; a row with an
/// empty label continues the one above (a second event). Every text stays text: the template escapes it.
enum LineView {
    /// The labelled rows of `lines` (lines without a label are left to ``lines(_:)``).
    static func rows(_ lines: [Line]) -> [[String: Any]] {
        var rows: [[String: Any]] = []
        for line in lines {
            guard let label = line.label else { continue }
            let value: [String: Any] = ["spans": spans(Array(line.spans.dropFirst()))]
            if label.isEmpty, var last = rows.last, let values = last["rowValues"] as? [[String: Any]] {
                last["rowValues"] = values + [value]
                rows[rows.count - 1] = last
            } else {
                rows.append(["rowLabel": label, "rowValues": [value]])
            }
        }
        return rows
    }

    /// Lines without a label, each as a paragraph's spans; a line the terminal wrapped (indented under the one above)
    /// joins its paragraph again, since a page wraps by itself.
    static func lines(_ lines: [Line]) -> [[String: Any]] {
        var paragraphs: [[Span]] = []
        for line in lines where line.label == nil && !line.text.allSatisfy(\.isWhitespace) {
            if line.text.hasPrefix("  "), var last = paragraphs.popLast() {
                var continued = line.spans
                if let first = continued.first {
                    continued[0].text = " " + first.text.drop { $0 == " " }
                }
                last += continued
                paragraphs.append(last)
            } else {
                paragraphs.append(line.spans)
            }
        }
        return paragraphs.map { ["spans": spans($0)] }
    }

    /// Spans as template values: text with its classes, or a meter for a bar.
    static func spans(_ spans: [Span]) -> [[String: Any]] {
        spans.compactMap { span in
            if let meter = span.meter { return ["meter": ["meterFilled": meter.filled, "meterTotal": meter.total]] }
            let text = span.text.trimmingLeadingSeparator()
            guard !text.isEmpty else { return nil }
            // A word that says "fresh" gets the page's stale word beside it, shown instead when kept offline.
            return ["text": text, "cls": classes(span.style), "current": span.saysCurrent]
        }
    }

    /// CSS classes of a style: weight, emphasis and colour (never the only carrier of a state: words say it too).
    static func classes(_ style: Style) -> String {
        var names: [String] = []
        if style.bold { names.append("b") }
        if style.dim { names.append("dim") }
        if let color = style.color {
            let name: String =
                switch color {
                case .red: "red"
                case .green: "green"
                case .yellow: "yellow"
                case .blue: "blue"
                case .magenta: "magenta"
                case .cyan: "cyan"
                }
            names.append(name)
        }
        return names.joined(separator: " ")
    }
}

extension String {
    /// The terminal separates a bar from its neighbours with runs of spaces; a page lays them out itself.
    fileprivate func trimmingLeadingSeparator() -> String {
        allSatisfy { $0 == " " } ? "" : self
    }
}
