import Foundation
import PackagePlugin

/// Writes `BuildCommit.swift` into the target it is applied to: `enum BuildCommit { static let
/// id = "abc1234" }`, the short commit the tree is at, `-dirty` appended when a tracked file
/// differs from it, `unknown` when the package is not the top of a git checkout (a tarball, or
/// git missing). `symbolreel --version` prints it after the version.
///
/// Why a build command and not the other ways: Package.swift's `Context.gitInformation` is
/// read when the manifest is evaluated, and SwiftPM caches that evaluation until Package.swift
/// changes, so a later commit would be reported as the old one; a prebuild command does not
/// run on every build either (the build plan is cached too); a value passed only by the
/// Makefile would leave a plain `swift build` without one. A build command re-runs whenever
/// one of its inputs changes: git's HEAD, its reflog (moved by every commit, checkout and
/// reset), its index (staging), Package.swift and every source file of the package (so an
/// edit makes the next build look for `-dirty` again). The command rewrites the file only
/// when its text changes, so an edit elsewhere does not recompile the command target.
@main struct BuildCommit: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let output = context.pluginWorkDirectoryURL.appending(path: "BuildCommit.swift")
        var inputs = [root.appending(path: "Package.swift")]
        if let git = gitDirectory(of: root) {
            inputs += ["HEAD", "index", "logs/HEAD"].map { git.appending(path: $0) }
                .filter { FileManager.default.fileExists(atPath: $0.path) }
        }
        for module in context.package.targets.compactMap({ $0 as? SourceModuleTarget }) {
            inputs += module.sourceFiles.map(\.url)
        }
        return [
            .buildCommand(
                displayName: "Recording the git commit of \(target.name)",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", Self.script, "build-commit", root.path, output.path],
                inputFiles: inputs, outputFiles: [output]),
        ]
    }

    /// `.git` is a folder in a clone and a file naming the real one in a worktree or submodule.
    private func gitDirectory(of root: URL) -> URL? {
        let dotGit = root.appending(path: ".git")
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dotGit.path, isDirectory: &isFolder) else { return nil }
        if isFolder.boolValue { return dotGit }
        guard let text = try? String(contentsOf: dotGit, encoding: .utf8), text.hasPrefix("gitdir:") else { return nil }
        let path = text.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespacesAndNewlines)
        return path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appending(path: path)
    }

    /// $1 the package root, $2 the file to write. The commit counts only when the package root
    /// is the top of the checkout (a tarball unpacked inside another repository is `unknown`);
    /// `--no-optional-locks` keeps git from taking the index lock a concurrent `git add` needs.
    static let script = #"""
        root="$1"; file="$2"; commit=unknown
        top=$(git -C "$root" rev-parse --show-toplevel 2>/dev/null) || top=""
        if [ -n "$top" ] && [ "$(cd "$top" && pwd -P)" = "$(cd "$root" && pwd -P)" ]; then
            commit=$(git -C "$root" rev-parse --short=7 HEAD 2>/dev/null) || commit=unknown
            if [ "$commit" != unknown ] && [ -n "$(git -C "$root" --no-optional-locks status --porcelain --untracked-files=no 2>/dev/null)" ]; then
                commit="$commit-dirty"
            fi
        fi
        text="/// The git commit this binary was built from (Plugins/BuildCommit).
        enum BuildCommit { static let id = \"$commit\" }"
        if [ ! -f "$file" ] || [ "$(cat "$file")" != "$text" ]; then printf '%s\n' "$text" > "$file"; fi
        """#
}
