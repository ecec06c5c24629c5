import Foundation

/// What an importer collects while it walks a source: warnings, skipped items, files to copy,
/// the group environment's variables and the names given to secrets.
final class ImportContext {
    /// The source being read.
    let source: ImportSource
    /// The group the specs go into (also the target's and the environment's name).
    let group: String
    /// Details not carried over, in order, without repeats.
    private(set) var warnings: [String] = []
    /// Items not imported.
    var skipped: [SkippedItem] = []
    /// The local files the source names, and those to copy into the workspace.
    private(set) var localFiles: LocalFiles
    /// Files to copy into the workspace.
    var files: [ImportedFile] { localFiles.files }
    /// The group environment's variables, first value of a name wins.
    private(set) var variables: [HTTPFieldPair] = []
    private var variableIndex: [String: Int] = [:]
    private var seenWarnings: Set<String> = []
    private var secretNames: [String: String] = [:]
    private var usedNames = UniqueNames()
    /// The names in `secrets`.
    private var declaredSecrets: Set<String> = []
    /// The secrets named so far, in order.
    private(set) var secrets: [ImportedSecret] = []

    /// A context for `source` importing into `group`.
    init(source: ImportSource, group: String) {
        self.source = source
        self.group = group
        localFiles = LocalFiles(source: source, folder: "files/\(group)")
    }

    /// Adds a warning once.
    func warn(_ warning: String) {
        if seenWarnings.insert(warning).inserted { warnings.append(warning) }
    }

    /// Sets a group environment variable; a second, different value for the name is a warning.
    func setVariable(_ name: String, _ value: String, item: String) {
        if let index = variableIndex[name] {
            let existing = variables[index]
            if existing.value != value {
                warn("\(item): variable '\(name)' is also '\(value)' here; the environment keeps '\(existing.value)'")
            }
            return
        }
        variableIndex[name] = variables.count
        variables.append(HTTPFieldPair(name: name, value: value))
    }

    /// The value of a group environment variable.
    func variable(_ name: String) -> String? { variableIndex[name].map { variables[$0].value } }

    /// A credential as it may be written: a lone `{{reference}}` is kept; a literal becomes
    /// `{{secret:NAME}}` (NAME after the group and `label`), its value kept for the secret store.
    func secret(_ value: String, label: String, item: String) -> String {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if Templates.isReferenceOnly(trimmed) { return trimmed }
        return "{{secret:\(secretName(label: label, value: value, item: item))}}"
    }

    /// Notes the secret `name` the specs read, with the value the source gives it (`nil`: none).
    func declareSecret(_ name: String, value: String?, item: String) {
        guard declaredSecrets.insert(name).inserted else { return }
        _ = usedNames.claim(name) { "\(name)_\($0)" }
        secrets.append(ImportedSecret(name: name, value: value, item: item))
    }

    /// The secret that holds `value` (one name per distinct label and value).
    func secretName(label: String, value: String?, item: String) -> String {
        let key = label + "\u{0}" + (value ?? "\u{1}")
        if let known = secretNames[key] { return known }
        let base = Slug.environmentName(group + "_" + label)
        let name = usedNames.claim(base) { "\(base)_\($0)" }
        secretNames[key] = name
        declaredSecrets.insert(name)
        secrets.append(ImportedSecret(name: name, value: value, item: item))
        return name
    }

    /// A file a request uploads, as the spec should name it (`LocalFiles.reference`): inside the
    /// workspace, relative to it; elsewhere, its absolute path with a warning (copied to
    /// `files/<group>/` with `--copy-files`); missing, its absolute path with a warning.
    func fileReference(_ path: String, item: String) -> String {
        let (reference, warning) = localFiles.reference(path, item: item)
        if let warning { warn(warning) }
        return reference
    }
}
