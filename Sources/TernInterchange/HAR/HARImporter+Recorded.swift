import Foundation

extension HARImporter {
    /// The entry's response as a recorded answer: status, headers in order, the body (decoded from
    /// base64 when `encoding` says so) and the date. `nil` without a response (status 0: pending or
    /// blocked); `nil` with a warning when its body was not saved, is not valid base64 or is too big.
    static func recorded(
        _ response: HARResponse, date: String, item: String, warnings: inout [String]
    ) -> RecordedResponse? {
        guard (100...999).contains(response.status) else { return nil }
        let content = response.content
        guard content.text != nil || content.size <= 0 else {
            warnings.append("the response of \(item) is not replayable: the recording left its body out")
            return nil
        }
        guard let body = content.bytes() else {
            warnings.append("the response of \(item) is not replayable: its body is not valid base64")
            return nil
        }
        guard Int64(body.count) <= HARCodec.maximumBodyBytes else {
            warnings.append(
                "the response of \(item) is not replayable: its body is \(body.count) bytes, over "
                    + "\(HARCodec.maximumBodyBytes)")
            return nil
        }
        return RecordedResponse(
            status: response.status, headers: response.headers.map { HTTPFieldPair(name: $0.name, value: $0.value) },
            body: body, date: HARCodec.date(from: date))
    }
}
