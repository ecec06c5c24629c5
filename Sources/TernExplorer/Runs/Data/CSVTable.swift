/// A CSV text (RFC 4180) read into rows of fields: fields separated by commas, rows by CRLF or LF,
/// a field in double quotes may hold commas, line breaks and `""` for a quote. A byte-order mark
/// at the start is skipped. A malformed text is an error at its line and column (both from 1).
struct CSVTable {
    /// The fields of each row, with the line each row starts on.
    var rows: [(line: Int, fields: [String])] = []

    /// Where a text stops being CSV: a sentence, at a line and column.
    struct Problem: Error, Equatable {
        var message: String
        var line: Int
        var column: Int
    }

    /// Reads `text`; `maximumRows` (rows after the header) and `maximumFieldLength` bound what a
    /// file can make Tern hold.
    init(_ text: String, maximumRows: Int, maximumFieldLength: Int, maximumFields: Int) throws(Problem) {
        var scalars = text.unicodeScalars[...]
        if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
        var line = 1
        var column = 1
        var fields: [String] = []
        var field = String.UnicodeScalarView()
        var fieldLength = 0
        var quoted = false  // inside a quoted field
        var wasQuoted = false  // the field began with a quote and its closing quote was read
        var rowLine = 1
        var quoteLine = 1
        var quoteColumn = 1
        var index = scalars.startIndex

        func endRow() throws(Problem) {
            fields.append(String(field))
            field = String.UnicodeScalarView()
            fieldLength = 0
            wasQuoted = false
            // A blank line is no row (a trailing newline, or an empty line between rows).
            if !(fields.count == 1 && fields[0].isEmpty) {
                guard rows.count <= maximumRows else {  // the header and `maximumRows` rows
                    throw Problem(message: "more than \(maximumRows) rows", line: rowLine, column: 1)
                }
                rows.append((rowLine, fields))
            }
            fields = []
        }

        while index < scalars.endIndex {
            let scalar = scalars[index]
            index = scalars.index(after: index)
            if quoted {
                if scalar == "\"" {
                    if index < scalars.endIndex, scalars[index] == "\"" {
                        field.append("\"")
                        index = scalars.index(after: index)
                        column += 1
                    } else {
                        quoted = false
                        wasQuoted = true
                    }
                } else {
                    field.append(scalar)
                }
                if scalar == "\n" {
                    line += 1
                    column = 0  // the count below makes it 1
                }
            } else {
                switch scalar {
                case ",":
                    guard fields.count < maximumFields else {
                        throw Problem(message: "more than \(maximumFields) fields in a row", line: line, column: column)
                    }
                    fields.append(String(field))
                    field = String.UnicodeScalarView()
                    fieldLength = 0
                    wasQuoted = false
                case "\r" where index < scalars.endIndex && scalars[index] == "\n":
                    break  // the \n that follows ends the row
                case "\n":
                    try endRow()
                    line += 1
                    column = 1
                    rowLine = line
                    continue
                case "\"" where field.isEmpty && !wasQuoted:
                    quoted = true
                    quoteLine = line
                    quoteColumn = column
                default:
                    if wasQuoted {
                        throw Problem(
                            message:
                                "text after a quoted field's closing quote (a quote inside a field is written \"\")",
                            line: line, column: column)
                    }
                    if scalar == "\"" {
                        throw Problem(
                            message: "a quote inside an unquoted field (quote the whole field and write \"\" for it)",
                            line: line, column: column)
                    }
                    field.append(scalar)
                }
            }
            fieldLength += 1
            guard fieldLength <= maximumFieldLength else {
                throw Problem(
                    message: "a field longer than \(maximumFieldLength) characters", line: line, column: column)
            }
            column += 1
        }
        if quoted {
            throw Problem(message: "a quoted field is never closed", line: quoteLine, column: quoteColumn)
        }
        if !field.isEmpty || !fields.isEmpty { try endRow() }
    }
}
