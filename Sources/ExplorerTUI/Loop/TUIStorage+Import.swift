import ExplorerApp
import Foundation
import Profiles

/// Ctrl+O's file work: completing the typed path, importing the file (`ImportRun`, as
/// `explorer import` does).
extension TUIStorage {
    func completePath(_ typed: String) -> AppEvent {
        let directory = expanded(PathCompletion.directory(of: typed))
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let entries = names.map { name in
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent(name), isDirectory: &isDirectory)
            return isDirectory.boolValue ? name + "/" : name
        }
        let (text, alternatives) = PathCompletion.complete(typed, entries: entries)
        return .pathCompleted(text, alternatives: alternatives)
    }

    /// A request file (YAML with `requests:`) opens as one in `requestFile`; anything else is
    /// imported into a profile.
    func importFile(_ path: String, merge: Bool, requestFile: TUIRequestFile) -> AppEvent {
        let full = expanded(path)
        if let data = FileManager.default.contents(atPath: full), TUIRequestFile.isRequestFile(data, path: full) {
            do throws(CLIError) {
                let file = try RequestFileLoading.read(full, flag: "tui")
                requestFile.open(file)
                return .requestFileOpened(path: path, requests: file.requests.requests, profile: file.requests.profile)
            } catch {
                return .report(title: "Not opened", lines: [error.message])
            }
        }
        let run: ImportRun
        do throws(ImportRun.Failure) {
            run = try ImportRun.prepare(URL(fileURLWithPath: expanded(path)), mode: merge ? .merge : .refuseExisting, store: profiles)
        } catch {
            switch error {
            case .wouldReplace(let message): return .importWouldReplace(path: path, message: message)
            case .problem(let message): return .report(title: "Not imported", lines: [message])
            }
        }
        do throws(ProfileProblem) {
            try run.write(to: profiles)
        } catch {
            return .report(title: "Not imported", lines: [error.description])
        }
        return .imported(profile: run.profileName, lines: run.report(file: path, store: profiles, dryRun: false))
    }

    /// `~/x` as the user's home sees it; other paths as typed (relative to where explorer started).
    private func expanded(_ path: String) -> String {
        path == "~" || path.hasPrefix("~/") ? NSHomeDirectory() + path.dropFirst() : path
    }
}
