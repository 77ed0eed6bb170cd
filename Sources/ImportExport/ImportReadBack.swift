import HTTPParsing
import LocatedYAML
import ProfileFormat
import RequestModel

/// What an import writes must read back, and one odd part never sinks an import (SPEC §9): a
/// header that cannot go on the wire, a variable whose name `{{…}}` cannot use, is left out with
/// why; a request that still does not read back as written is left out with the reader's message.
enum ImportReadBack {
    static func keepingWhatReadsBack(_ api: inout ImportedAPI) {
        api.profile.headers = kept(api.profile.headers, of: "profile", skipped: &api.skipped)
        api.profile.vars = kept(vars: api.profile.vars, of: "profile", skipped: &api.skipped)
        for index in api.environments.indices {
            api.environments[index].vars = kept(vars: api.environments[index].vars, of: "environment \(api.environments[index].name)", skipped: &api.skipped)
        }
        api.requests = api.requests.compactMap { request in
            var request = request
            let name = request.name ?? request.summary
            request.headers = kept(request.headers, of: name, skipped: &api.skipped)
            request.vars = kept(vars: request.vars, of: name, skipped: &api.skipped)
            do throws(ProfileProblem) {
                _ = try SavedRequestsFile.read(SavedRequestsFile.yaml(SavedRequests([request])), file: "import")
                return request
            } catch {
                api.skipped.append(.init(name, "does not read back as explorer writes it: \(error.message)"))
                return nil
            }
        }
    }

    private static func kept(_ headers: [NamedValue], of owner: String, skipped: inout [ImportedAPI.Skipped]) -> [NamedValue] {
        headers.filter { header in
            guard let problem = FieldSyntax.headerProblem(name: header.name, value: header.value) else { return true }
            skipped.append(.init("\(owner) header \(QuotedValue.quoted(header.name))", problem))
            return false
        }
    }

    private static func kept(vars: [NamedValue], of owner: String, skipped: inout [ImportedAPI.Skipped]) -> [NamedValue] {
        vars.filter { variable in
            guard !VariableName.isValid(variable.name) else { return true }
            skipped.append(.init("\(owner) variable \(QuotedValue.quoted(variable.name))", "not a variable name (\(VariableName.rule))"))
            return false
        }
    }
}
