import Foundation

/// `Tests/Fixtures/<folder>/<name>`: the published files the importers are tested on; each
/// folder's SOURCE.md says where they come from and under which license.
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func url(_ folder: String, _ name: String) -> URL {
        root.appendingPathComponent(folder).appendingPathComponent(name)
    }

    /// Every file of `folder` whose name ends with one of `suffixes`, sorted.
    static func files(_ folder: String, endingWith suffixes: [String]) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
        return names.filter { name in suffixes.contains { name.hasSuffix($0) } }.sorted().map { url(folder, $0) }
    }
}
