import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory causegraph …`: renders
/// traces into a folder of the package, e.g. a DocC catalog's `Resources`,
/// so a documentation build embeds the graphs.
///
/// The traces are rendered by one run of the package's own `causegraph render
/// --each`, one trace to one file, in path order; the files are moved into
/// place only when all of them rendered, and unchanged files are left alone.
@main
struct CauseGraphPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        guard let options = try PluginOptions.parse(arguments) else {
            print(PluginOptions.usage)
            return
        }
        let packageDirectory = context.package.directoryURL.standardizedFileURL
        let destination = try outputFolder(options.destination, in: context.package)
        let plan = try RenderPlan(
            traces: options.traces, format: options.format, suffix: options.suffix,
            packageDirectory: packageDirectory, outputDirectory: destination)

        // SwiftPM 6.3 names a tool built from this package after its target
        // (swiftlang/swift-package-manager#8831), hence not "causegraph".
        let tool = ToolProcess(
            executable: try context.tool(named: "CauseGraphCLI").url, workingDirectory: packageDirectory)
        let outputs = try StagedOutputs(destination: destination)
        try tool.run(options.renderArguments(traces: plan.jobs.map(\.trace), folder: outputs.rendered.path))
        for job in plan.jobs {
            try outputs.stageRendered(job.renderedName, as: job.outputName)
        }
        let changed = Set(try outputs.install(plan.jobs.map(\.outputName)))

        let shownFolder = RenderPlan.packageRelativePath(destination, in: packageDirectory)
        for job in plan.jobs {
            let state = changed.contains(job.outputName) ? "wrote" : "unchanged"
            print("\(state) \(shownFolder)/\(job.outputName) from \(job.trace)")
        }
    }

    /// The folder named by `--output`, which must lie in the package, or the
    /// `Resources` folder of the one DocC catalog in the target named by `--target`.
    private func outputFolder(_ destination: PluginOptions.Destination, in package: Package) throws -> URL {
        let packageDirectory = package.directoryURL.standardizedFileURL
        switch destination {
        case .folder(let path):
            let folder = RenderPlan.absolute(path, in: packageDirectory)
            guard folder.path == packageDirectory.path || folder.path.hasPrefix(packageDirectory.path + "/") else {
                throw PluginError.setup(
                    "--output \(path): the folder must be inside the package directory, which is all the plugin may write"
                )
            }
            return folder
        case .catalog(let name):
            let targets = package.targets.compactMap { $0 as? SwiftSourceModuleTarget }
            guard let target = targets.first(where: { $0.name == name }) else {
                let names = targets.map(\.name).sorted(by: RenderPlan.byteOrder).joined(separator: ", ")
                throw PluginError.setup("--target \(name): no such Swift target in this package (targets: \(names))")
            }
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: target.directoryURL.path)) ?? []
            let catalogs = entries.filter { $0.hasSuffix(".docc") }.sorted(by: RenderPlan.byteOrder)
            guard catalogs.count == 1 else {
                let found = catalogs.isEmpty ? "none" : catalogs.joined(separator: ", ")
                throw PluginError.setup(
                    "--target \(name): expected one DocC catalog (*.docc) in \(target.directoryURL.path), found \(found); name a folder with --output"
                )
            }
            return target.directoryURL.appendingPathComponent(catalogs[0]).appendingPathComponent("Resources")
                .standardizedFileURL
        }
    }
}
