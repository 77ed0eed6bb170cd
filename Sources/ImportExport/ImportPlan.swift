import Foundation
import ProfileFormat
import RequestModel

/// Which profiles an import writes (SPEC §9), decided before anything is written: the main one,
/// `NAME-ENV` for each of the file's environments, each with the imported requests. An existing
/// profile is left alone unless the user says `--merge` (add the requests, keep the rest) or
/// `--force` (replace it).
public struct ImportPlan: Sendable, Equatable {
    public enum Mode: Sendable {
        case refuseExisting, merge, force
    }

    public struct Write: Sendable, Equatable {
        public var profile: Profile
        public var requests: SavedRequests
        /// Whether a profile of this name is there already (merged into or replaced).
        public var replaces: Bool
    }

    public var writes: [Write]

    /// What is on disk already under a name: its profile and saved requests; nil when nothing is.
    public typealias Existing = (String) throws -> (Profile, SavedRequests)?

    public static func make(_ api: ImportedAPI, name: String, mode: Mode, existing: Existing) throws -> ImportPlan {
        var writes: [Write] = []
        var refused: [String] = []
        for (profileName, vars) in [(name, api.profile.vars)] + api.environments.map({ ("\(name)-\(slug($0.name))", overriding(api.profile.vars, with: $0.vars)) }) {
            var profile = api.profile
            profile.name = profileName
            profile.vars = vars
            var requests = SavedRequests(api.requests)
            // A Hurl file becomes a request file (SPEC §9) that `explorer run` runs on this profile.
            if api.format == .hurl { requests.profile = profileName }
            guard let (oldProfile, oldRequests) = try existing(profileName) else {
                writes.append(Write(profile: profile, requests: requests, replaces: false))
                continue
            }
            switch mode {
            case .refuseExisting: refused.append(profileName)
            case .force: writes.append(Write(profile: profile, requests: requests, replaces: true))
            case .merge:
                var merged = oldProfile
                merged.vars = overriding(vars, with: oldProfile.vars)
                if merged.baseURL == nil { merged.baseURL = profile.baseURL }
                var kept = oldRequests
                for request in api.requests { kept.save(request) }
                writes.append(Write(profile: merged, requests: kept, replaces: true))
            }
        }
        if !refused.isEmpty {
            throw ImportRefusal(message: "profile\(refused.count == 1 ? "" : "s") \(refused.joined(separator: ", ")) already exist\(refused.count == 1 ? "s" : ""): "
                + "--merge adds the imported requests to it, --force replaces it; nothing was written")
        }
        return ImportPlan(writes: writes)
    }

    /// A profile name from a document's title: `Swagger Petstore` → `swagger-petstore`; nil when
    /// nothing of it is left.
    public static func profileName(from title: String) -> String? {
        let name = slug(title)
        return name.isEmpty ? nil : name
    }

    /// Lower-case ASCII letters and digits, every other run of characters one `-`, at most 64.
    static func slug(_ text: String) -> String {
        var result = ""
        for scalar in text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).lowercased().unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" {
                result.unicodeScalars.append(scalar)
            } else if !result.isEmpty, result.last != "-" {
                result.append("-")
            }
        }
        while result.last == "-" { result.removeLast() }
        return String(result.prefix(ProfileName.maxLength - 16))
    }

    /// `base`'s vars with `overrides` replacing those of the same name, new ones appended.
    static func overriding(_ base: [NamedValue], with overrides: [NamedValue]) -> [NamedValue] {
        var result = base
        for item in overrides {
            if let index = result.firstIndex(where: { $0.name == item.name }) { result[index] = item } else { result.append(item) }
        }
        return result
    }
}

/// An import that would overwrite a profile the user did not say it may.
public struct ImportRefusal: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
