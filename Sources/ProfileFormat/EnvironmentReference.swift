import RequestModel

/// `${env:NAME}` in a profile value: read from the environment when a request is built, never
/// written back to disk. NAME is letters, digits and `_`, not starting with a digit. Read by the
/// template engine (`Template(environmentOnly:)`): profile values may hold `{{…}}` text that is
/// no template, so nothing else in them is a placeholder here.
public enum EnvironmentReference {
    /// The variable names `text` refers to, in order.
    public static func names(in text: String) -> [String] {
        Template(environmentOnly: text).environmentNames
    }

    /// `text` with every reference replaced by its variable's value; the first variable that is
    /// not set is returned instead.
    public static func resolve(_ text: String, in environment: [String: String]) -> Result<String, Unset> {
        do throws(TemplateMissing) {
            return .success(try Template(environmentOnly: text).render(with: TemplateValues(environment: environment)).text)
        } catch {
            guard case .environment(let name) = error.part else { preconditionFailure("only ${env:NAME} is read") }
            return .failure(Unset(name: name))
        }
    }

    /// A variable a profile needs and the environment does not have.
    public struct Unset: Error, Sendable, Equatable {
        public let name: String
        /// "${env:NAME} is not set in the environment".
        public var sentence: String { "${env:\(name)} is not set in the environment" }
    }
}
