/// Which entries of the spool root belong to processes that no longer run: `spool-<pid>` with
/// a pid that is not ours and not running. Anything else (another name, a live pid, a pid that
/// cannot be one) is never touched. Pure, so the rule is tested without processes.
enum StaleSpools {
    static let prefix = "spool-"

    /// The name of the directory of process `pid`.
    static func name(pid: Int32) -> String { prefix + String(pid) }

    /// The pid a spool directory name holds, if it is one (`spool-` and plain digits only).
    static func pid(in name: String) -> Int32? {
        guard name.hasPrefix(prefix) else { return nil }
        let digits = name.dropFirst(prefix.count)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), digits.first != "0",
              let pid = Int32(digits), pid > 0 else { return nil }
        return pid
    }

    /// The names among `names` to remove: spool directories of other processes not running.
    static func stale(_ names: [String], ownPID: Int32, isRunning: (Int32) -> Bool) -> [String] {
        names.filter { name in
            guard let pid = pid(in: name), pid != ownPID else { return false }
            return !isRunning(pid)
        }
    }
}
