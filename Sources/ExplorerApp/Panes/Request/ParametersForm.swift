import RequestModel
import TUICore
import URITemplates

/// The fields of a request from an API description: one per path and query parameter of its
/// URL template (`pets/{petId}{?limit,tags*}`), required ones marked `*`, the focused one's
/// description and allowed values under the fields. Enter fills the template; Esc leaves the
/// URL as a template to edit by hand.
public struct ParametersForm: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable { case handled, close, submit(url: String) }

    public let template: String
    public let parameters: [RequestSpec.Parameter]
    public private(set) var fields: [LineField]
    public private(set) var focus = 0
    public private(set) var problem: String?

    public init?(template: String, parameters: [RequestSpec.Parameter]) {
        let names = (try? URITemplate(template))?.variableNames ?? []
        // The template's own variables, described where the description has them; else a query
        // expression's (`{?limit}`) is an optional query parameter, any other a required path one.
        let queryNames = Set(template.matches(of: /\{[?&]([^}]*)\}/).flatMap { match in
            match.1.split(separator: ",").map { String($0.prefix { $0 != "*" && $0 != ":" }) }
        })
        let described = names.map { name in
            parameters.first { $0.name == name }
                ?? RequestSpec.Parameter(name: name, location: queryNames.contains(name) ? .query : .path, required: !queryNames.contains(name))
        }
        guard !described.isEmpty else { return nil }
        self.template = template
        self.parameters = described
        fields = described.map { _ in LineField("", width: 30) }
    }

    public mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .escape: return .close
        case .tab, .down: focus = (focus + 1) % fields.count
        case .backTab, .up: focus = (focus + fields.count - 1) % fields.count
        case .enter:
            if let missing = parameters.indices.first(where: { parameters[$0].required && fields[$0].text.isEmpty }) {
                focus = missing
                problem = "\(parameters[missing].name) is required"
                return .handled
            }
            return .submit(url: filled)
        case .paste(let text): fields[focus].paste(text, trimming: true)
        default: fields[focus].handle(key)
        }
        problem = nil
        return .handled
    }

    /// The template expanded with the values given; an empty optional one is left out.
    var filled: String {
        var values: [String: URITemplate.Value] = [:]
        for (parameter, field) in zip(parameters, fields) where !field.text.isEmpty { values[parameter.name] = .string(field.text) }
        return (try? URITemplate(template).expand(values)) ?? template
    }

    static func frame(in bounds: Rect, rows: Int) -> Rect? {
        let width = min(bounds.width - 4, 72)
        let height = min(bounds.height - 2, rows + 6)
        guard width >= 30, height >= 7 else { return nil }
        return Rect(row: bounds.row + 1, column: bounds.column + (bounds.width - width) / 2, width: width, height: height)
    }

    public func render(into screen: inout Screen, bounds: Rect) {
        guard let rect = Self.frame(in: bounds, rows: fields.count) else { return }
        let inner = PaneFrame.draw("Parameters of \(template)", in: rect, focused: true, on: &screen)
        let labelWidth = min(20, (parameters.map { $0.name.count + 2 }.max() ?? 4) + 1)
        let rows = max(1, inner.height - 4)
        let top = max(0, min(focus - rows + 1, fields.count - rows))
        for index in top..<min(fields.count, top + rows) {
            let row = inner.row + index - top
            let parameter = parameters[index]
            let active = index == focus
            let label = parameter.name + (parameter.required ? "*" : "")
            screen.put(label, row: row, column: inner.column + 1, style: active ? PaneFrame.focusedTitle : PaneFrame.title, limit: labelWidth)
            let column = inner.column + 1 + labelWidth
            let width = inner.column + inner.width - 1 - column
            guard width > 0 else { continue }
            let rendered = fields[index].render(width: width)
            screen.put(rendered.spans, row: row, column: column, limit: width)
            if active { screen.cursor = Screen.Cursor(row: row, column: column + rendered.cursorColumn) }
        }
        let focused = parameters[focus]
        var about = "\(focused.location.rawValue) parameter"
        if let description = focused.description, !description.isEmpty { about += ": \(description)" }
        if !focused.values.isEmpty { about += " · one of: \(focused.values.joined(separator: ", "))" }
        screen.put(problem.map { "✗ " + $0 } ?? about, row: inner.row + inner.height - 3, column: inner.column + 1,
                   style: problem == nil ? PaneFrame.muted : PaneFrame.error, limit: inner.width - 1)
        screen.put("→ " + filled, row: inner.row + inner.height - 2, column: inner.column + 1, style: PaneFrame.muted, limit: inner.width - 1)
        screen.put("Tab next · Enter fills the URL · Esc keeps the template · * required", row: inner.row + inner.height - 1,
                   column: inner.column + 1, style: PaneFrame.muted, limit: inner.width - 1)
    }
}
