import CauseGraph
import Foundation
import MCP

/// Where the server's calls may read and write: the folders of the roots the
/// client declares (MCP `roots/list`), else the server's working directory,
/// and in any case the folders `causegraph mcp --allow` names.
///
/// The client's roots are asked for at the first call and again after the
/// client says they changed.
actor MCPRoots {
    /// How long the client has to list its roots.
    private static let listingTime: Duration = .seconds(10)

    private let allowed: [String]
    private let workingDirectory: String?
    private var clientListsRoots = false
    private var listed: [String]?

    /// - Parameter allowed: resolved folders, whatever the client's roots.
    init(allowed: [String]) {
        self.allowed = allowed
        workingDirectory = Confinement.resolvedFolder(FileManager.default.currentDirectoryPath)
    }

    /// Called when the client initializes the session.
    func clientDeclares(roots: Bool) {
        clientListsRoots = roots
        listed = nil
    }

    /// Called when the client says its roots changed.
    func rootsChanged() {
        listed = nil
    }

    /// The confinement of the next call.
    func confinement(asking server: Server) async throws(Diagnostic) -> Confinement {
        var roots = allowed
        if clientListsRoots {
            let clientRoots: [String]
            if let listed {
                clientRoots = listed
            } else {
                clientRoots = try await Self.list(from: server)
                listed = clientRoots
            }
            roots += clientRoots.isEmpty ? workingDirectory.map { [$0] } ?? [] : clientRoots
        } else if let workingDirectory {
            roots.append(workingDirectory)
        }
        return Confinement(roots: roots)
    }

    /// The client's roots: the folders of its `file:` URIs that exist, resolved.
    private static func list(from server: Server) async throws(Diagnostic) -> [String] {
        let answer: [Root]?
        do {
            answer = try await withThrowingTaskGroup(of: [Root]?.self) { group in
                group.addTask { try await server.listRoots() }
                group.addTask {
                    try await Task.sleep(for: listingTime)
                    return nil
                }
                defer { group.cancelAll() }
                return try await group.next() ?? nil
            }
        } catch {
            throw .error("the client declares roots but could not list them: \(error)")
        }
        guard let answer else {
            throw .error("the client declares roots but did not list them within \(listingTime)")
        }
        return answer.compactMap { root in
            guard let url = URL(string: root.uri), url.isFileURL else { return nil }
            return Confinement.resolvedFolder(url.path)
        }
    }
}
