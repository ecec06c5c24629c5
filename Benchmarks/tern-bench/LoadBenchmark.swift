import Foundation

/// `tern load`'s most throughput beside wrk's, in the same run, on the same nginx serving a small JSON
/// file on 127.0.0.1 with the same connections (`Benchmarks/load-vs-wrk.sh` does the same by hand).
enum LoadBenchmark {
    /// The connections both tools keep.
    static let connections = 50
    /// Seconds each tool runs.
    static let seconds = 5

    /// Both tools' figures.
    struct Result: Sendable {
        var wrkRate: Double
        var wrkP99: Double
        var ternRate: Double
        var ternP99: Double
        var ratio: Double { wrkRate > 0 ? ternRate / wrkRate : 0 }
    }

    /// `nil`, saying why, when wrk or nginx is not installed.
    static func measure(_ fixture: BinaryFixture) throws -> Result? {
        guard let wrk = Executables.find("wrk"), let nginx = Executables.find("nginx") else {
            note("tern load beside wrk: skipped, wrk and nginx are not both installed (apt-get install wrk nginx)")
            return nil
        }
        note("tern load beside wrk: \(connections) connections, \(seconds) s each, on nginx")
        let root = fixture.scratch.directory.appendingPathComponent("load")
        try? FileManager.default.removeItem(at: root)
        for folder in ["html", "logs", "ws/specs", "ws/environments"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let port = try freePort()
        try write(#"{"id": 1, "name": "Ada Lovelace", "email": "ada@example.com"}"#, to: root, "html/user.json")
        try write(
            """
            worker_processes 1;
            error_log \(root.path)/logs/error.log;
            pid \(root.path)/nginx.pid;
            events { worker_connections 4096; }
            http {
              access_log off;
              default_type application/json;
              keepalive_requests 10000000;
              server { listen 127.0.0.1:\(port); root \(root.path)/html; }
            }
            """, to: root, "nginx.conf")
        try write(
            "name: load\ntargets:\n  api:\n    baseURL: http://127.0.0.1:\(port)\n", to: root, "ws/workspace.yaml")
        try write("target: api\nmethod: GET\npath: /user.json\n", to: root, "ws/specs/user.yaml")
        let configuration = root.appendingPathComponent("nginx.conf").path
        _ = try TimedCommand(
            label: "nginx", program: nginx, arguments: ["-c", configuration, "-p", root.path]
        ).run(in: fixture.scratch, timeout: .seconds(20), samplingMemory: false)
        defer {
            _ = try? TimedCommand(
                label: "nginx -s stop", program: nginx, arguments: ["-c", configuration, "-p", root.path, "-s", "stop"]
            ).run(in: fixture.scratch, timeout: .seconds(20), samplingMemory: false)
        }
        let url = "http://127.0.0.1:\(port)/user.json"
        let wrkRun = try TimedCommand(
            label: "wrk", program: wrk,
            arguments: ["-t", "2", "-c", String(connections), "-d", "\(seconds)s", "--latency", url], keepsOutput: true
        ).run(in: fixture.scratch, timeout: .seconds(Int64(seconds) + 60), samplingMemory: false)
        let report = root.appendingPathComponent("tern.json")
        _ = try fixture.ternCommand(
            "tern load",
            [
                "load", "user", "--workspace", root.appendingPathComponent("ws").path, "--concurrency",
                String(connections), "--duration", String(seconds), "--report", "json:\(report.path)",
            ]
        ).run(in: fixture.scratch, timeout: .seconds(Int64(seconds) * 3 + 60), samplingMemory: false)
        let wrkText = String(decoding: wrkRun.output, as: UTF8.self)
        guard let (wrkRate, wrkP99) = parseWrk(wrkText) else {
            throw BenchError.scenario("wrk's output has no Requests/sec and 99% lines: \(wrkText.prefix(400))")
        }
        guard let data = FileManager.default.contents(atPath: report.path),
            let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let rate = json["rate"] as? Double, let latency = json["latencyMs"] as? [String: Double],
            let p99 = latency["p99"]
        else { throw BenchError.scenario("tern load wrote no report with a rate and a p99 at \(report.path)") }
        return Result(wrkRate: wrkRate, wrkP99: wrkP99, ternRate: rate, ternP99: p99)
    }

    /// wrk's requests a second and p99 in milliseconds, from its `--latency` output.
    static func parseWrk(_ text: String) -> (Double, Double)? {
        var rate: Double?
        var p99: Double?
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ")
            if words.first == "Requests/sec:", words.count >= 2 { rate = Double(words[1]) }
            if words.first == "99%", words.count >= 2 { p99 = milliseconds(String(words[1])) }
        }
        guard let rate, let p99 else { return nil }
        return (rate, p99)
    }

    /// `219.00us`, `2.44ms`, `1.02s` in milliseconds.
    static func milliseconds(_ text: String) -> Double? {
        for (suffix, scale) in [("us", 0.001), ("ms", 1.0), ("s", 1000.0)] where text.hasSuffix(suffix) {
            return Double(text.dropLast(suffix.count)).map { $0 * scale }
        }
        return nil
    }

    private static func write(_ text: String, to root: URL, _ path: String) throws {
        try Data(text.utf8).write(to: root.appendingPathComponent(path))
    }

    /// A port on 127.0.0.1 nobody listens on now (the kernel's pick for a socket bound to port 0).
    private static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw BenchError.spawn("no socket for a free port") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socket in
                bind(descriptor, socket, length) == 0 && getsockname(descriptor, socket, &length) == 0
            }
        }
        guard bound else { throw BenchError.spawn("cannot bind a socket on 127.0.0.1") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
