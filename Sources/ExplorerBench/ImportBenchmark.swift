import ClientCore
import Foundation
import ImportExport

/// `explorer import`'s reading and planning on one file (by default the largest OpenAPI fixture,
/// or a generated description of `generated` operations): the median of `runs` imports, with the
/// file's size and the operations it gave.
struct ImportBenchmark {
    let file: String?
    let generated: Int?
    let runs: Int

    func run() {
        if let generated {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("explorer-bench-generated-\(generated).yaml")
            try? Data(GeneratedOpenAPI.text(operations: generated).utf8).write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            return measure(url.path)
        }
        guard let path = file ?? Self.largestFixture() else {
            FileHandle.standardError.write(Data("explorer-bench import: give a file (no Tests/Fixtures/openapi here)\n".utf8))
            exit(2)
        }
        measure(path)
    }

    private func measure(_ path: String) {
        let url = URL(fileURLWithPath: path)
        var millis: [Double] = []
        var requests = 0
        for _ in 0..<runs {
            let start = ContinuousClock.now
            do {
                let api = try APIImport.read(url)
                _ = try ImportPlan.make(api, name: "bench", mode: .force) { _ in nil }
                requests = api.requests.count
            } catch {
                FileHandle.standardError.write(Data("explorer-bench import: \(error)\n".utf8))
                exit(1)
            }
            let elapsed = ContinuousClock.now - start
            millis.append(elapsed.milliseconds)
        }
        let size = Self.size(of: path)
        let sample = Sample(millis)
        print("import_file=\(url.lastPathComponent) bytes=\(size) requests=\(requests) runs=\(runs)")
        print("import_ms_p50=\(format(sample.median)) max=\(format(sample.percentile(100)))")
    }

    static func largestFixture() -> String? {
        let directory = FileManager.default.currentDirectoryPath + "/Tests/Fixtures/openapi"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }.map { "\(directory)/\($0)" }.max { size(of: $0) < size(of: $1) }
    }

    static func size(of path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }
}
