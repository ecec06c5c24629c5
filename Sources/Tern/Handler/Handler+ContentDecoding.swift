extension Handler {
    /// Decodes a live in-memory body once, before interceptors, retries and storage see it: what the transport
    /// already decoded is recorded as it is, and downloads stay as received.
    static func decodeContent(
        of response: inout Response, reply: TransportResponse, limits: TransferLimits, enabled: Bool
    ) throws(TernError) {
        if let done = reply.contentDecoding {
            response.contentDecoding = done
            return
        }
        guard enabled, reply.fileURL == nil else { return }
        guard
            let decoded = try ContentDecoder.decode(
                reply.body, headers: reply.headers, limit: limits.decodedBodyLimit, label: response.request.label)
        else { return }
        response.body = decoded.body
        response.contentDecoding = decoded.decoding
    }
}
