import Foundation
import Tern

/// Renders `{{variables}}` for one request: the chosen environment, overrides and the process environment.
///
/// A `{{name}}` is an override, else a value captured from a response, else the environment's value. An environment
/// value is itself
/// rendered once (it may use `{{env:NAME}}`, overrides and the environment's other values, taken
/// as written); whatever a substitution inserts is never rendered again, so there is no recursion.
struct TemplateRenderer {
    /// The environment in use, if any.
    let environment: WorkspaceEnvironment?
    private let overrides: [String: String]
    private let captured: [String: String]
    let processEnvironment: [String: String]
    private let secrets: SecretResolver?
    private let values: [String: String]
    /// What this request's rendering has used so far (one renderer renders one request).
    private let budget = RenderBudget()

    /// A renderer for `context` in `workspace`; an unknown environment is an error listing the known ones.
    init(workspace: Workspace, context: TemplateContext) throws(WorkspaceError) {
        overrides = context.overrides
        captured = context.captured
        processEnvironment = context.processEnvironment
        secrets = context.secrets
        let chosen = context.environment ?? workspace.defaultEnvironment
        if let chosen {
            guard let environment = workspace.environments[chosen] else {
                let file = context.environment == nil ? workspace.manifestFile : nil
                throw workspace.unknownEnvironment(chosen, file: file)
            }
            self.environment = environment
            values = Dictionary(
                environment.variables.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
        } else {
            environment = nil
            values = [:]
        }
    }

    /// `text` rendered; an undefined variable is an error at `file` and `location`.
    /// Rendering is bounded: each string to `WorkspaceLimits.maximumRenderedString` bytes, the
    /// request to `maximumRenderedRequest` bytes and `maximumSubstitutions` references.
    func render(_ text: String, file: URL, at location: @autoclosure () -> SourceLocation?) throws(WorkspaceError)
        -> String
    {
        guard Template.mayContainReferences(text) else { return text }
        return try bounded(text, file: file, at: location()) { reference throws(WorkspaceError) in
            try value(of: reference, file: file, at: location())
        }
    }

    /// `Template.render` with the budget's checks; errors are at `file` and `location`.
    private func bounded(
        _ text: String, file: URL, at location: @autoclosure () -> SourceLocation?,
        resolve: (Template.Reference) throws(WorkspaceError) -> String
    ) throws(WorkspaceError) -> String {
        var length = text.utf8.count  // an upper bound of the literal parts
        let output = try Template.render(text) { reference throws(WorkspaceError) in
            budget.substitutions += 1
            guard budget.substitutions <= WorkspaceLimits.maximumSubstitutions else {
                let limit = WorkspaceLimits.maximumSubstitutions
                throw tooLarge("more than \(limit) {{…}} substitutions", file, location())
            }
            let value = try resolve(reference)
            length += value.utf8.count
            guard length <= WorkspaceLimits.maximumRenderedString else {
                throw tooLarge(
                    "'{{\(reference.name)}}' makes a rendered value longer than "
                        + "\(WorkspaceLimits.maximumRenderedString) bytes", file, location())
            }
            return value
        }
        budget.bytes += output.utf8.count
        guard budget.bytes <= WorkspaceLimits.maximumRenderedRequest else {
            let limit = WorkspaceLimits.maximumRenderedRequest
            throw tooLarge("rendered values larger than \(limit) bytes", file, location())
        }
        return output
    }

    private func tooLarge(_ what: String, _ file: URL, _ location: SourceLocation?) -> WorkspaceError {
        WorkspaceError(
            .invalidRequest,
            "templating stopped: \(what) in one request (variables that repeat each other multiply)",
            file: file, at: location
        )
    }

    /// `text` as the JSON value it renders to: when it is exactly one typed reference (`{{age:number}}`),
    /// that reference's value as its type, else the rendered string.
    func renderJSON(_ text: String, file: URL, at location: @autoclosure () -> SourceLocation?) throws(WorkspaceError)
        -> JSONValue
    {
        let rendered = try render(text, file: file, at: location())
        guard let reference = Template.whole(text), let type = reference.type else { return .string(rendered) }
        return try typed(rendered, as: type, reference: reference, file: file, at: location())
    }

    /// `text` (what `reference` rendered to) as a value of `type`; one that is not is an error at `location`.
    func typed(
        _ text: String, as type: TemplateType, reference: Template.Reference, file: URL, at location: SourceLocation?
    ) throws(WorkspaceError) -> JSONValue {
        switch type.value(of: text) {
        case .success(let value): return value
        case .failure(let mismatch):
            let shown = text.count > 40 ? String(text.prefix(37)) + "..." : text
            throw WorkspaceError(
                .invalidValue,
                "'{{\(reference.written)}}' is \"\(shown)\", not \(mismatch.expected)"
                    + " (a :\(type.rawValue) value must be one; drop the type to send the text as a string)",
                file: file, at: location)
        }
    }

    private func value(of reference: Template.Reference, file: URL, at location: SourceLocation?) throws(WorkspaceError)
        -> String
    {
        let text = try untypedValue(of: reference, file: file, at: location)
        if let type = reference.type { _ = try typed(text, as: type, reference: reference, file: file, at: location) }
        return text
    }

    private func untypedValue(of reference: Template.Reference, file: URL, at location: SourceLocation?)
        throws(WorkspaceError) -> String
    {
        switch reference.kind {
        case .processEnvironment: return try processValue(reference.name, file: file, at: location)
        case .secret: return try secretValue(reference.name, file: file, at: location)
        case .function: return try functionValue(reference.name, file: file, at: location)
        case .variable: break
        }
        if let value = overrides[reference.name] ?? captured[reference.name] { return value }
        if let raw = values[reference.name], let environment {
            if let rendered = budget.environmentValues[reference.name] { return rendered }
            let rendered = try renderEnvironmentValue(raw, of: reference.name, in: environment)
            budget.environmentValues[reference.name] = rendered
            return rendered
        }
        throw undefined(reference.name, file: file, at: location)
    }

    /// An environment value rendered once: names resolve to overrides or to other values as written.
    private func renderEnvironmentValue(
        _ raw: String, of name: String, in environment: WorkspaceEnvironment
    ) throws(WorkspaceError) -> String {
        let location = environment.locations[name]
        return try bounded(raw, file: environment.file, at: location) { reference throws(WorkspaceError) in
            switch reference.kind {
            case .processEnvironment: return try processValue(reference.name, file: environment.file, at: location)
            case .secret: return try secretValue(reference.name, file: environment.file, at: location)
            case .function: return try functionValue(reference.name, file: environment.file, at: location)
            case .variable: break
            }
            if let value = overrides[reference.name] ?? captured[reference.name] ?? values[reference.name] {
                return value
            }
            throw undefined(reference.name, file: environment.file, at: location)
        }
    }

    private func processValue(_ name: String, file: URL, at location: SourceLocation?) throws(WorkspaceError) -> String
    {
        guard let value = processEnvironment[name] else {
            throw WorkspaceError(
                .undefinedVariable,
                "undefined variable 'env:\(name)': the process environment variable \(name) is not set",
                file: file, at: location
            )
        }
        return value
    }

    /// `{{secret:NAME}}`: the process environment's NAME when set, else the secret store's; an error
    /// without a position of its own is placed at the reference.
    private func secretValue(_ name: String, file: URL, at location: SourceLocation?) throws(WorkspaceError) -> String {
        if let value = processEnvironment[name], !value.isEmpty { return value }
        do throws(WorkspaceError) {
            guard let secrets else {
                throw WorkspaceError(
                    .undefinedVariable,
                    "undefined secret '\(name)': set it with 'tern secrets set \(name)' (kept in .tern/secrets.yaml, "
                        + "never committed) or export \(name)")
            }
            return try secrets.value(of: name)
        } catch {
            guard error.file == nil else { throw error }
            throw WorkspaceError(error.kind, error.message, file: file, at: location, suggestions: error.suggestions)
        }
    }

    /// `{{$name args}}`: `TemplateFunctions` makes the value; `$processEnv NAME` reads the environment.
    private func functionValue(_ call: String, file: URL, at location: SourceLocation?) throws(WorkspaceError) -> String
    {
        let words = call.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        if let name = words.first, ["processEnv", "env"].contains(name), words.count == 2 {
            return try processValue(words[1], file: file, at: location)
        }
        do throws(TemplateFunctions.Failure) {
            return try TemplateFunctions.evaluate(call)
        } catch {
            throw WorkspaceError(.undefinedVariable, error.description, file: file, at: location)
        }
    }

    private func undefined(_ name: String, file: URL, at location: SourceLocation?) -> WorkspaceError {
        let known = Array(Set(values.keys).union(overrides.keys).union(captured.keys)).sorted()
        let suggestions = Suggestions.closeMatches(to: name, in: known)
        var message = "undefined variable '\(name)'"
        if let colon = name.lastIndex(of: ":"), known.contains(String(name[..<colon])) {
            let type = name[name.index(after: colon)...]
            message += " ('\(type)' is not a type: a reference's type is \(TemplateType.listed))"
        } else if let suggestion = suggestions.first {
            message += " (did you mean '\(suggestion)'?)"
        }
        if let environment {
            message += ": environment '\(environment.name)' does not define it"
        } else {
            message += ": no environment is selected (no defaultEnvironment in workspace.yaml)"
        }
        message += " and no override sets it"
        return WorkspaceError(.undefinedVariable, message, file: file, at: location, suggestions: suggestions)
    }
}

/// What one request's rendering has used: substitutions, bytes, and environment values already rendered.
private final class RenderBudget {
    var substitutions = 0
    var bytes = 0
    var environmentValues: [String: String] = [:]
}
