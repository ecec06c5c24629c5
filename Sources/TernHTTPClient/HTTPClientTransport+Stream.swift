import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import Synchronization
import Tern

extension HTTPClientTransport {
    /// Reads a stream's body chunk by chunk, handing each to the consumer, until the server ends it
    /// or the consumer stops it (`TransportContext.streamStop`): then what arrived is the body.
    func readStream(
        _ body: HTTPClientResponse.Body, status: HTTPResponse.Status, headers: HTTPFields, context: TransportContext,
        limit: Limit, meter: TransferMeter?
    ) async throws -> TransportResponse {
        let received = Mutex(Data())
        let onStream = context.onStream
        let waitForRoom = context.waitForStreamRoom
        let read: @Sendable () async throws -> Bool = {
            for try await chunk in body {
                let bytes = Array(chunk.readableBytesView)
                let total = received.withLock { data -> Int64 in
                    data.append(contentsOf: bytes)
                    return Int64(data.count)
                }
                try limit.received(total)
                onStream?(.chunk(bytes))
                meter?.add(bytes.count)
                // Back-pressure: the server's next bytes wait until the items were taken (the server
                // is not silent meanwhile: Tern is not reading).
                if let waitForRoom {
                    limit.watchdog.holdReadTimeout(true)
                    await waitForRoom()
                    limit.watchdog.holdReadTimeout(false)
                }
            }
            return false
        }
        var stopped = false
        if let stop = context.streamStop {
            stopped = try await withThrowingTaskGroup(of: Bool.self) { group in
                group.addTask(operation: read)
                group.addTask {
                    await stop.wait()
                    return true
                }
                let first = try await group.next() ?? false
                group.cancelAll()
                return first
            }
        } else {
            _ = try await read()
        }
        meter?.finish()
        var response = TransportResponse(status: status, headers: headers, body: received.withLock { $0 })
        response.stoppedEarly = stopped
        return response
    }
}
