/// CSV text (RFC 4180) read one row at a time from a data file's bytes: fields separated by commas,
/// rows by CRLF or LF, a field in double quotes may hold commas, line breaks and `""` for a quote. A
/// byte-order mark at the start is skipped; blank lines are no rows. A malformed text is an error at its
/// line and column (both from 1, the column in Unicode scalars). Only the row being read is held.
struct CSVRows {
    private var bytes: DataBytes
    private let maximumFieldLength: Int
    private let maximumFields: Int
    private var line = 1

    /// Reads `bytes`; `maximumFieldLength` (scalars) and `maximumFields` bound what one row can make Tern hold.
    init(_ bytes: DataBytes, maximumFieldLength: Int, maximumFields: Int) throws(DataFileProblem) {
        self.bytes = bytes
        self.maximumFieldLength = maximumFieldLength
        self.maximumFields = maximumFields
        try self.bytes.skipByteOrderMark()
    }

    /// How many bytes were read so far.
    var bytesRead: Int { bytes.bytesRead }

    /// Closes the file.
    func close() { bytes.close() }

    /// The next row's fields and the line it starts on, `nil` at the end.
    mutating func next() throws(DataFileProblem) -> (line: Int, fields: [String])? {
        var column = 1
        var fields: [String] = []
        var field: [UInt8] = []
        var fieldLength = 0
        var quoted = false  // inside a quoted field
        var wasQuoted = false  // the field began with a quote and its closing quote was read
        var rowLine = line
        var quoteLine = line
        var quoteColumn = 1
        while let byte = try bytes.next() {
            if quoted {
                if byte == UInt8(ascii: "\"") {
                    if try bytes.peek() == UInt8(ascii: "\"") {
                        field.append(byte)
                        _ = try bytes.next()
                        column += 1
                    } else {
                        quoted = false
                        wasQuoted = true
                    }
                } else {
                    field.append(byte)
                }
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    column = 0  // the count below makes it 1
                }
            } else {
                var endsWithLineFeed = false
                if byte == UInt8(ascii: "\r") { endsWithLineFeed = try bytes.peek() == UInt8(ascii: "\n") }
                switch byte {
                case UInt8(ascii: ","):
                    guard fields.count < maximumFields else {
                        throw DataFileProblem(
                            "more than \(maximumFields) fields in a row", line: line, column: column)
                    }
                    fields.append(try utf8Text(field, line: line))
                    field.removeAll(keepingCapacity: true)
                    fieldLength = 0
                    wasQuoted = false
                case UInt8(ascii: "\r") where endsWithLineFeed:
                    break  // the \n that follows ends the row
                case UInt8(ascii: "\n"):
                    fields.append(try utf8Text(field, line: line))
                    line += 1
                    // A blank line is no row (a trailing newline, or an empty line between rows).
                    if fields.count == 1 && fields[0].isEmpty {
                        fields = []
                        field.removeAll(keepingCapacity: true)
                        fieldLength = 0
                        wasQuoted = false
                        column = 1
                        rowLine = line
                        quoteLine = line
                        continue
                    }
                    return (rowLine, fields)
                case UInt8(ascii: "\"") where field.isEmpty && !wasQuoted:
                    quoted = true
                    quoteLine = line
                    quoteColumn = column
                default:
                    if wasQuoted {
                        throw DataFileProblem(
                            "text after a quoted field's closing quote (a quote inside a field is written \"\")",
                            line: line, column: column)
                    }
                    if byte == UInt8(ascii: "\"") {
                        throw DataFileProblem(
                            "a quote inside an unquoted field (quote the whole field and write \"\" for it)",
                            line: line, column: column)
                    }
                    field.append(byte)
                }
            }
            // Columns and lengths count scalars: a UTF-8 continuation byte adds none.
            if byte & 0xC0 != 0x80 {
                fieldLength += 1
                guard fieldLength <= maximumFieldLength else {
                    throw DataFileProblem(
                        "a field longer than \(maximumFieldLength) characters", line: line, column: column)
                }
                column += 1
            }
        }
        if quoted {
            throw DataFileProblem("a quoted field is never closed", line: quoteLine, column: quoteColumn)
        }
        guard !field.isEmpty || !fields.isEmpty else { return nil }
        fields.append(try utf8Text(field, line: line))
        return (rowLine, fields)
    }
}
