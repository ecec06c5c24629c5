import TernJSONPath

/// Decodes JSON text written in a test (a malformed literal is a test bug and fails the test).
func json(_ text: String) throws -> JSONPathValue {
    try JSONPathValue(decoding: text)
}
