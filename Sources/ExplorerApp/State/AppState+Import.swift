import TUICore

/// Ctrl+O opens a file: an API description, a collection or a `.http` file is imported into a
/// profile (SPEC §9) and its report shown — Enter then switches to that profile. Tab completes
/// the path; a profile that exists is merged into only after `y`.
extension AppState {
    static let openTitle = "Open: request file, OpenAPI, Postman, Insomnia or .http"

    mutating func promptOpenFile() {
        overlay = .prompt(.openFile, PromptOverlay(title: Self.openTitle, label: "Path:"))
    }

    mutating func submitOpenFile(_ path: String, now: Double) -> [Effect] {
        overlay = nil
        show("importing \(path)…", isError: false, now: now)
        return [.importFile(path: path, merge: false)]
    }

    mutating func pathCompleted(_ text: String, alternatives: [String], now: Double) {
        guard case .prompt(.openFile, let open) = overlay, open.text != text || !alternatives.isEmpty else { return }
        overlay = .prompt(.openFile, PromptOverlay(title: open.title, label: open.label, text: text))
        if !alternatives.isEmpty {
            let shown = alternatives.prefix(12).joined(separator: "  ")
            show(alternatives.count > 12 ? "\(shown)  … \(alternatives.count - 12) more" : shown, isError: false, now: now)
        }
    }

    mutating func imported(profile name: String, lines: [String]) {
        openReport(title: "Imported into \(name)", lines: lines, kind: .imported(name), hint: "Enter switches to \(name) · Esc closes")
        refreshProfilesList()
    }

    mutating func handleImported(_ name: String, _ outcome: ListOverlay.Outcome, now: Double) -> [Effect] {
        switch outcome {
        case .handled, .filterChanged: return []
        case .choose:
            overlay = nil
            return switchProfile(to: name, now: now)
        case .close, .key:
            overlay = nil
            return []
        }
    }
}
