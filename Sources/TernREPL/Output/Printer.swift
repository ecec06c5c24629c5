package import Foundation
import HTTPTypes
import Tern
package import TernExplorer
import TernExplorerStorage

/// Turns every `CommandOutput` into the text the REPL prints. Pure: the time is given, nothing is written.
package struct Printer: Sendable {
    /// Colours, or none.
    package var style: ANSIStyle
    /// "Now", for ages and validity.
    package var now: Date
    /// The terminal's columns, when known: wide tables (the retry log) are fitted to it.
    package var width: Int? = nil

    /// Makes a printer.
    package init(style: ANSIStyle = .plain, now: Date = Date()) {
        self.style = style
        self.now = now
    }

    /// The text for `output`, ending with a newline (empty for `quit`).
    package func render(_ output: CommandOutput) -> String {
        switch output {
        case .done(let message): return message + "\n"
        case .help(let commands): return help(commands)
        case .specs(let specs): return specList(specs)
        case .request(let request, let edited, let outside): return show(request, edited: edited, outsideFiles: outside)
        case .response(let response, let checks, let warnings):
            return self.response(response) + expectations(checks) + self.warnings(warnings)
        case .retryLog(let entries): return retryLog(entries)
        case .transfers(let records): return transfers(records)
        case .cacheEntries(let entries): return cacheList(entries)
        case .cacheEntry(let entry): return cacheEntry(entry)
        case .history(let entries): return history(entries)
        case .curl(let command): return command + "\n"
        case .drift(let reports): return drift(reports)
        case .diff(let diff): return drift(lines: diff.lines)
        case .run(let summary): return run(summary)
        case .load(let report): return report.lines.joined(separator: "\n")
        case .variables(let rows): return variables(rows)
        case .filtered(let values):
            return values.isEmpty ? style.dim("nothing selected") + "\n" : values.joined(separator: "\n") + "\n"
        case .timing(let lines): return lines.joined(separator: "\n") + "\n"
        case .imported(let outcome): return outcome.lines.joined(separator: "\n") + "\n"
        case .cookies(let rows, let environment): return cookies(rows, environment: environment)
        case .signIns(let rows, let environment):
            return SignInRow.lines(rows, environment: environment, now: now).joined(separator: "\n") + "\n"
        case .storedAnswer(let answer):
            return answer.stored.map(cacheEntry) ?? style.dim("the cache no longer keeps this answer") + "\n"
        case .recordedStored(let summary): return summary.lines.joined(separator: "\n") + "\n"
        case .grpcCall(let outcome): return outcome.lines.joined(separator: "\n") + "\n"
        case .grpcVocabulary(let vocabulary): return vocabulary.methods.keys.sorted().map { $0 + "\n" }.joined()
        case .grpcCatalog(let catalog):
            return catalog.services.flatMap { $0.methods.map { $0.path + "\n" } }.joined()
        case .graphQLCatalog(let catalog):
            return catalog.fields.map { "\($0.operation) \($0.name): \($0.type)\n" }.joined()
        case .quit: return ""
        }
    }

    /// `verify`: each report's lines, changes coloured by kind.
    func drift(_ reports: [DriftReport]) -> String { drift(lines: reports.flatMap(\.lines)) }

    /// Report lines (`verify`, `diff`) coloured by what each says.
    func drift(lines: [String]) -> String {
        lines.map { line in
            switch line.trimmingCharacters(in: .whitespaces).first {
            case "✓": style.green(line)
            case "✗", "-", "!": style.red(line)
            case "+": style.green(line)
            case "~": style.yellow(line)
            default: line
            }
        }.joined(separator: "\n") + "\n"
    }

    func help(_ commands: [CommandInfo]) -> String {
        if commands.count == 1, let info = commands.first {
            var text = style.bold("usage: \(info.usage)") + "\n" + info.summary + "\n"
            if let details = info.details { text += details + "\n" }
            if let key = info.key { text += style.dim("TUI key: \(key)") + "\n" }
            return text
        }
        let table = TextTable(header: ["COMMAND", "WHAT IT DOES"], rows: commands.map { [$0.usage, $0.summary] })
        return table.render(style)
            + style.dim("Tab completes commands, specs, environments, headers and variables; 'help COMMAND' shows one.")
            + "\n"
    }

    func specList(_ specs: [SpecSummary]) -> String {
        guard !specs.isEmpty else { return "the workspace has no specs\n" }
        // Ids, names, paths and errors come from files: nothing in them may drive the terminal.
        let safe = { TerminalText.safe($0) }
        let rows = specs.map {
            [
                safe($0.id), safe($0.method.uppercased()), $0.error.map { style.red(safe($0)) } ?? safe($0.path),
                safe($0.name),
            ]
        }
        return TextTable(header: ["SPEC", "METHOD", "PATH", "NAME"], rows: rows).render(style)
    }

    func show(_ request: Request, edited: Bool, outsideFiles: [URL] = []) -> String {
        let outside = { (url: URL) in outsideFiles.contains(url) ? " " + style.yellow("(outside the workspace)") : "" }
        let shown = RequestLines(request, secretValues: request.secretValues)
        var lines = [style.bold(shown.requestLine)]
        for header in shown.headers {
            lines.append(style.cyan(header.name) + ": " + header.value)
        }
        var notes: [String] = []
        if request.transaction != .data { notes.append(request.transaction == .download ? "download" : "upload") }
        if let key = request.storageKey { notes.append("storage key \(key)") }
        if edited { notes.append("unsaved edits: 'save' writes them") }
        switch request.body {
        case .none:
            break
        case .data(let data):
            lines.append("")
            lines.append(bodyText(data, contentType: request.headers[.contentType]).trimmingCharacters(in: .newlines))
        case .file(let url):
            lines.append("")
            lines.append("@\(url.path)" + outside(url))
        case .multipart(let form):
            lines.append("")
            for part in form.parts {
                switch part.content {
                case .data(let data): lines.append("\(part.name)=\(String(decoding: data, as: UTF8.self))")
                case .file(let url): lines.append("\(part.name)=@\(url.path)" + outside(url))
                }
            }
        }
        if !notes.isEmpty { lines.append(style.dim("(" + notes.joined(separator: " · ") + ")")) }
        return lines.joined(separator: "\n") + "\n"
    }

    func retryLog(_ entries: [RetryLogEntry]) -> String {
        guard !entries.isEmpty else { return "the retry log is empty: 'send' something first\n" }
        let rows = entries.map { entry in
            [
                time(entry.date), entry.label, "\(entry.attempt)", entry.outcome.text,
                entry.delayBeforeNext.map { "retry in " + HumanUnits.duration($0) } ?? "",
            ]
        }
        // Fitted to the terminal: a long request label or outcome no longer wraps the header.
        return TextTable(header: ["TIME", "REQUEST", "ATTEMPT", "OUTCOME", "NEXT"], rows: rows)
            .render(style, width: width)
    }

    func transfers(_ records: [TransferRecord]) -> String {
        guard !records.isEmpty else { return "no uploads or downloads yet\n" }
        let rows = records.map { record in
            let line = ProgressLine(record.progress)
            let percent = line.percent.map { " (\($0))" } ?? ""
            return [
                record.label, record.progress.direction.rawValue, line.amount() + percent, line.rate ?? "",
                record.outcome.text,
            ]
        }
        return TextTable(header: ["REQUEST", "DIRECTION", "BYTES", "RATE", "OUTCOME"], rows: rows).render(style)
    }

    func cacheList(_ entries: [StoredResponse]) -> String {
        guard !entries.isEmpty else { return "the cache is empty\n" }
        let rows = entries.map { entry in
            [
                TerminalText.safe(entry.key), "\(entry.status)", entry.source.rawValue,
                HumanUnits.bytes(entry.byteCount),
                HumanUnits.short(now.timeIntervalSince(entry.storedAt)) + " ago", validity(entry.validUntil),
            ]
        }
        return TextTable(header: ["KEY", "STATUS", "SOURCE", "SIZE", "STORED", "VALID"], rows: rows).render(style)
    }

    func cacheEntry(_ entry: StoredResponse) -> String {
        var lines = [
            style.bold(TerminalText.safe(entry.key)),
            TerminalText.safe("\(entry.method) \(entry.url)"),
            ([style.status(entry.status, "\(entry.status)")] + StoredEntrySummary(entry, now: now).details)
                .joined(separator: " · "),
        ]
        for field in entry.headers { lines.append(style.cyan(field.name.rawName) + ": " + field.value) }
        lines.append("")
        if let file = entry.fileURL, entry.body.isEmpty {
            lines.append("the body is in \(file.path)")
        } else {
            lines.append(
                bodyText(entry.body, contentType: entry.headers[.contentType]).trimmingCharacters(in: .newlines))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func history(_ entries: [HistoryEntry]) -> String {
        guard !entries.isEmpty else { return "no sends recorded yet\n" }
        let rows = entries.map { entry in
            [
                date(entry.date), TerminalText.safe(entry.spec ?? ""), TerminalText.safe(entry.method),
                entry.status.map(String.init) ?? "—", entry.source?.rawValue ?? "",
                HumanUnits.duration(.fromSeconds(entry.duration)), TerminalText.safe(entry.error ?? entry.url),
            ]
        }
        return TextTable(header: ["WHEN", "SPEC", "METHOD", "STATUS", "SOURCE", "TIME", "URL / ERROR"], rows: rows)
            .render(style)
    }

    /// `valid 4m` or `expired`.
    func validity(_ validUntil: Date) -> String {
        validUntil > now ? "valid \(HumanUnits.short(validUntil.timeIntervalSince(now)))" : "expired"
    }

    func time(_ date: Date) -> String {
        Self.format(date, "HH:mm:ss.SSS")
    }

    func date(_ date: Date) -> String {
        Self.format(date, "yyyy-MM-dd HH:mm:ss")
    }

    private static func format(_ date: Date, _ pattern: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = pattern
        return formatter.string(from: date)
    }
}
