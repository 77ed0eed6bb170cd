import RequestModel

/// The variables a request file's requests see (SPEC §8), layer by layer: `--var` over captures
/// over the file's `vars` over the profile's. `${env:NAME}` is read where a template names it.
/// Each value keeps whether it is secret, so every output can mask it.
public struct VariableScope: Sendable, Equatable {
    public enum Source: String, Sendable, CaseIterable {
        case argument = "--var", capture, file, profile, env
    }

    /// One variable as the variables overlay lists it: the value that wins and where it is from.
    public struct Entry: Sendable, Equatable {
        public var name: String
        public var value: TemplateValue
        public var source: Source
    }

    public var arguments: [String: TemplateValue] = [:]
    public var captures: [String: TemplateValue] = [:]
    public var file: [String: TemplateValue] = [:]
    public var profile: [String: TemplateValue] = [:]
    /// The environment `${env:NAME}` reads.
    public var environment: [String: String]

    public init(environment: [String: String]) {
        self.environment = environment
    }

    /// Every variable by name, the highest layer winning.
    public var values: [String: TemplateValue] {
        var values = profile
        for layer in [file, captures, arguments] { values.merge(layer) { _, higher in higher } }
        return values
    }

    /// Every variable once, by name, with the layer its value comes from; then the environment
    /// variables `names` refers to (the request file's `${env:}`), which are secrets.
    public func entries(environmentNames names: [String] = []) -> [Entry] {
        let layers: [(Source, [String: TemplateValue])] = [(.argument, arguments), (.capture, captures), (.file, file), (.profile, profile)]
        var seen = Set<String>()
        var entries: [Entry] = []
        for (source, layer) in layers {
            for (name, value) in layer.sorted(by: { $0.key < $1.key }) where seen.insert(name).inserted {
                entries.append(Entry(name: name, value: value, source: source))
            }
        }
        entries.sort { $0.name < $1.name }
        for name in Set(names).sorted() {
            guard let value = environment[name] else { continue }
            entries.append(Entry(name: "env:" + name, value: TemplateValue(value, secret: true), source: .env))
        }
        return entries
    }

    /// Every secret value in scope (secret variables, and environment values that templates
    /// read), for outputs to mask.
    public func secrets(environmentNames names: [String] = []) -> Secrets.Values {
        secrets(of: values, environmentNames: names)
    }

    /// The same, from `values` already merged.
    func secrets(of values: [String: TemplateValue], environmentNames names: [String]) -> Secrets.Values {
        Secrets.Values(values.values.filter(\.secret).map(\.text) + names.compactMap { environment[$0] })
    }
}
