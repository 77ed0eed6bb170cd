import Yams

extension LocatedNode {
    /// The root of the YAML document in `text`, or the problem that keeps it from being one: bad
    /// YAML at its line and column (the end of the last line when the file ends before a value is
    /// closed, as a truncated file does), a key given twice, an alias of nothing, no document.
    /// - Parameter valueLimit: how many values `tree` may build from the whole document.
    public static func document(_ text: String, file: String, valueLimit: Int) throws(FileProblem) -> LocatedNode {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let YamlError.scanner(_, problem, mark, _), let YamlError.parser(_, problem, mark, _),
                let YamlError.composer(_, problem, mark, _) {
            throw located(mark, in: text, file: file, "not valid YAML: \(problem)")
        } catch let YamlError.duplicatedKeysInMapping(keys, context) {
            let named = keys.sorted().map { "'\($0)'" }.joined(separator: ", ")
            throw located(context.mark, in: text, file: file, "not valid YAML: \(named) given more than once in one mapping (first here)")
        } catch {
            throw FileProblem(file: file, line: nil, key: nil, message: "not valid YAML: \(error)")
        }
        guard let root else { throw FileProblem(file: file, line: nil, key: nil, message: "the file is empty") }
        return LocatedNode(node: root, path: "", file: file, budget: ValueBudget(limit: valueLimit))
    }

    private static func located(_ mark: Mark, in text: String, file: String, _ message: String) -> FileProblem {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let count = max(1, lines.count - (text.hasSuffix("\n") ? 1 : 0))
        guard mark.line > count else { return FileProblem(file: file, line: mark.line, column: mark.column, key: nil, message: message) }
        let end = lines.indices.contains(count - 1) ? lines[count - 1].unicodeScalars.count + 1 : 1
        return FileProblem(file: file, line: count, column: end, key: nil, message: message + " (the file ends before it is complete)")
    }
}
