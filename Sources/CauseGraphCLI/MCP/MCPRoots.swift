import CauseGraph
import Dispatch
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
    private var listed: ListedRoots?

    /// What the client listed: how many roots, and the usable folders among them.
    private struct ListedRoots {
        var declared: Int
        var folders: [String]
    }

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

    /// The confinement of the next call, a call of `tool` that must be
    /// answered by `deadline`, its time limit of `timeLimit` seconds.
    func confinement(asking server: Server, for tool: String, by deadline: DispatchTime, timeLimit: Double)
        async throws(Diagnostic) -> Confinement
    {
        var roots = allowed
        if clientListsRoots {
            let clientRoots: ListedRoots
            if let listed {
                clientRoots = listed
            } else {
                clientRoots = try await Self.list(from: server, for: tool, by: deadline, timeLimit: timeLimit)
                listed = clientRoots
            }
            // No roots at all means none were chosen; roots that name no usable folder grant nothing.
            roots += clientRoots.declared == 0 ? workingDirectory.map { [$0] } ?? [] : clientRoots.folders
        } else if let workingDirectory {
            roots.append(workingDirectory)
        }
        return Confinement(roots: roots)
    }

    /// The client's roots: the folders of its local `file:` URIs that
    /// exist, resolved, and how many it listed.
    ///
    /// The answer is awaited no longer than ``listingTime``, nor past the
    /// call's `deadline`, whichever comes first: a client that never answers
    /// gets an error then, not a call waiting as long as it stays connected,
    /// or longer than `--timeout` allows any call. The request itself cannot
    /// be withdrawn, so it is left behind rather than awaited.
    private static func list(from server: Server, for tool: String, by deadline: DispatchTime, timeLimit: Double)
        async throws(Diagnostic) -> ListedRoots
    {
        let now = DispatchTime.now().uptimeNanoseconds
        let untilDeadline = Duration.nanoseconds(
            deadline.uptimeNanoseconds > now ? deadline.uptimeNanoseconds - now : 0)
        let waited = min(listingTime, untilDeadline)
        let outcome = FirstOutcome<Result<[Root], any Error>?>()
        let answer: Result<[Root], any Error>? = await withCheckedContinuation { continuation in
            outcome.onSettle { continuation.resume(returning: $0) }
            Task {
                do {
                    outcome.settle(.success(try await server.listRoots()))
                } catch {
                    outcome.settle(.failure(error))
                }
            }
            Task {
                try? await Task.sleep(for: waited)
                outcome.settle(nil)
            }
        }
        switch answer {
        case nil where waited < listingTime:
            throw .error(
                "the client declares roots but did not list them before the \(tool) tool's time limit of "
                    + "\(ToolProcess.seconds(timeLimit)) s; causegraph mcp --timeout SECONDS sets the limit")
        case nil:
            throw .error("the client declares roots but did not list them within \(listingTime)")
        case .failure(let error):
            // The SDK's decoding errors name its own types; the client needs only what went wrong.
            let reason = (error as? MCPError).map { VisibleText.singleLine($0.localizedDescription) }
            throw .error(
                "the client declares roots but could not list them: "
                    + (reason ?? "its roots/list answer is no list of roots with a file: URI each"))
        case .success(let roots):
            let folders = roots.compactMap { root -> String? in
                guard let url = URL(string: root.uri), url.isFileURL,
                    url.host == nil || url.host == "" || url.host == "localhost"
                else { return nil }
                return Confinement.resolvedFolder(url.path)
            }
            return ListedRoots(declared: roots.count, folders: folders)
        }
    }
}

/// The first of several racing outcomes, handed once to whoever waits for it.
///
/// `@unchecked Sendable`: its state is read and written only under `lock`.
private final class FirstOutcome<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var isSettled = false
    private var outcome: Value?
    private var waiter: (@Sendable (Value) -> Void)?

    /// Calls `waiter` with the first outcome, now if it is already known.
    func onSettle(_ waiter: @escaping @Sendable (Value) -> Void) {
        lock.lock()
        guard isSettled, let outcome else {
            self.waiter = waiter
            lock.unlock()
            return
        }
        lock.unlock()
        waiter(outcome)
    }

    /// Keeps `value` if no outcome came first.
    func settle(_ value: Value) {
        lock.lock()
        guard !isSettled else {
            lock.unlock()
            return
        }
        isSettled = true
        outcome = value
        let waiter = self.waiter
        self.waiter = nil
        lock.unlock()
        waiter?(value)
    }
}
