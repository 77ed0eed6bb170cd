import TUICore

/// F8: the variables a request file's requests see, each with where its value comes from
/// (`--var`, capture, file, profile, env), secrets masked. Enter edits one: the new value is a
/// `--var` for the sends and runs after it.
extension AppState {
    static let variablesHint = "Enter edit (a --var for the next send) · Esc"

    func variablesList(_ file: RequestFileState, selection: Int = 0) -> ListOverlay {
        let rows = file.variables.map { ListOverlay.Row($0.name, detail: $0.shown, lead: $0.source) }
        return ListOverlay(title: "Variables of \(file.fileName) (\(rows.count))", hint: Self.variablesHint, rows: rows,
                           empty: "no variables yet", selection: selection).fitted(overlayBounds)
    }

    mutating func openVariables(now: Double) -> [Effect] {
        guard let file = requestFile else {
            show("no request file open: explorer tui FILE.yaml, or Ctrl+O on one", isError: true, now: now, for: 5)
            return []
        }
        overlay = .list(.variables, variablesList(file))
        return [.listVariables]
    }

    mutating func handleVariables(_ outcome: ListOverlay.Outcome) {
        guard case .choose(let row) = outcome, let variable = requestFile?.variables[row] else { return }
        // A secret is not shown even here: the new value is typed afresh.
        overlay = .prompt(.editVariable(variable.name), PromptOverlay(title: "Set \(variable.name) (\(variable.source))",
                                                                      label: "Value:", text: variable.secret ? "" : variable.value))
    }

    /// The edited value, at once in the list (the loop's next listing confirms it).
    mutating func submitVariable(_ name: String, value: String) -> [Effect] {
        guard var file = requestFile else { return [] }
        let updated = RequestFileState.Variable(name: name, value: value, secret: false, source: "--var")
        if let index = file.variables.firstIndex(where: { $0.name == name }) {
            file.variables[index] = updated
        } else {
            file.variables.append(updated)
        }
        requestFile = file
        overlay = .list(.variables, variablesList(file, selection: file.variables.firstIndex { $0.name == name } ?? 0))
        return [.setVariable(name: name, value: value)]
    }

    mutating func variablesListed(_ variables: [RequestFileState.Variable]) {
        guard var file = requestFile else { return }
        file.variables = variables
        requestFile = file
        if case .list(.variables, let list) = overlay { refresh(.variables, with: variablesList(file, selection: list.selection)) }
    }
}
