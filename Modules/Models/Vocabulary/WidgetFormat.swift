/// Output formats for status bars and scripts (see `linux-integrations.md`).
public enum WidgetFormat: String, Sendable, CaseIterable {
    case text, json, waybar, i3blocks, polybar, tmux, argos

    /// Formats a status bar reads: stderr stays empty for them (a bar may show it in place of the value), and their
    /// exit status is 0 (or i3blocks' urgent) so the bar keeps the line.
    public var isStatusBar: Bool { self != .text && self != .json }
}
