import Foundation
import PackagePlugin

/// Compiles the fingerprint of the engine sources into the target it is applied to (the harness, the demo), with every
/// engine source file as an input of the build step: any edit of the engine rewrites a source file of that target, so
/// SwiftPM recompiles it, and it never keeps code inlined from an older engine. The folders and the file filter are
/// those of `SourceFingerprint` (which computes the digest).
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
