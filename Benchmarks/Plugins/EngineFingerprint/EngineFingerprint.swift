import Foundation
import PackagePlugin

/// Compiles the fingerprint of the engine sources into the target it is applied to, with every engine source file as
/// an input of the build step (why: see `SourceFingerprint`, whose folders and file filter these are).
@main
struct EngineFingerprint: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        var inputs: [URL] = []
        for folder in ["Sources", "Tests/TabStripTestSupport"] {
            let base = root.appending(path: folder)
            guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else {
                continue
            }
            for case let file as URL in walker where file.pathExtension == "swift" { inputs.append(file) }
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "EngineFingerprint.swift")
        return [
            .buildCommand(
                displayName: "Fingerprinting the engine sources for \(target.name)",
                executable: try context.tool(named: "source-fingerprint").url, arguments: [output.path, root.path],
                inputFiles: inputs, outputFiles: [output])
        ]
    }
}
