import WidgetSnapshot

/// Escaping for each status bar's markup, so that text from outside (event titles, park names) is shown as written.
public enum StatusBarText {
    /// tmux's default `status-right-length`: a longer line is cut by tmux itself.
    public static let tmuxColumns = 40

    /// Pango markup (waybar): `&`, `<`, `>` and quotes as entities.
    public static func pango(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    /// tmux `#()` output: `#` starts a style or a format, so a literal one is `##`. tmux does not time-expand
    /// `#()` output, so `%` stays as it is.
    public static func tmux(_ text: String) -> String {
        text.replacing("#", with: "##")
    }

    /// Polybar text: `%{` opens a formatting tag, so it is broken up.
    public static func polybar(_ text: String) -> String {
        text.replacing("%{", with: "%\u{200B}{")
    }

    /// A command inside polybar's `%{A1:command:}`: `:` ends the command unless escaped.
    public static func polybarAction(_ command: String) -> String {
        command.replacing(":", with: "\\:")
    }
}
