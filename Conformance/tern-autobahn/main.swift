import Foundation
import Tern
import TernWebSocket

/// Drives the Autobahn TestSuite's fuzzing server (`wstest -m fuzzingserver`) with Tern's WebSocket
/// client: every case echoes each message back, as the suite expects of a client, then the
/// reports are written. `make autobahn` starts the server and runs this; see docs/websocket.md.
///
///     tern-autobahn [ws://127.0.0.1:9001] [--cases 1.1.1,2.*]
struct NoHTTP: Transport {
    func perform(_ request: Request, context: TransportContext) async throws -> TransportResponse {
        throw TernError(.unsupported, "the Autobahn driver sends no HTTP")
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
let base = arguments.first { $0.hasPrefix("ws://") } ?? "ws://127.0.0.1:9001"
let agent = "Tern"
let handler = Handler(transport: NoHTTP(), storage: nil, webSockets: WebSocketClientConnector.shared)
var options = WebSocketOptions()
options.maximumMessageSize = 64 << 20
options.maximumFrameSize = 64 << 20
options.keepAlive = nil
options.connectTimeout = .seconds(10)
options.closeTimeout = .seconds(2)

func open(_ path: String) async throws -> WebSocket {
    try await handler.connect(Request(url: URL(string: base + path)!), options: options)
}

let counter = try await open("/getCaseCount")
var count = 0
for try await event in counter {
    if case .message(.text(let text), _) = event { count = Int(text) ?? 0 }
}
print("Autobahn: \(count) cases at \(base)")
let started = ContinuousClock.now
for number in 1...max(count, 1) where count > 0 {
    do {
        let socket = try await open("/runCase?case=\(number)&agent=\(agent)")
        for try await event in socket {
            if case .message(let message, _) = event {
                do { try await socket.send(message) } catch { break }
            }
        }
    } catch {
        // A case may refuse the connection or break it on purpose: the report grades it.
    }
    if number % 50 == 0 { print("  \(number)/\(count) (\(ContinuousClock.now - started))") }
}
let report = try await open("/updateReports?agent=\(agent)")
for try await _ in report {}
print("Autobahn: reports updated after \(ContinuousClock.now - started)")
