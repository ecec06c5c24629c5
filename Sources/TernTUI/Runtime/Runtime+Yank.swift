import Tern
import TernExplorer

extension Runtime {
    /// The text `y` copies that only the session has: the curl command, or the selected spec's URL
    /// as `show` resolves it (secrets masked).
    static func yankText(_ target: YankTarget, session: ExplorerSession) async -> Result<String, ExplorerError> {
        do throws(ExplorerError) {
            switch target {
            case .curl:
                guard case .curl(let command) = try await session.run(.curl) else { return .success("") }
                return .success(command)
            case .url, .body, .header:
                guard case .request(let request, _, _) = try await session.run(.show) else { return .success("") }
                let line = RequestLines(request, secretValues: request.secretValues).requestLine
                return .success(line.firstIndex(of: " ").map { String(line[line.index(after: $0)...]) } ?? line)
            }
        } catch {
            return .failure(error)
        }
    }
}
