import Foundation

/// Clips that `gallery` takes as they are instead of rendering: MP4, WebM, GIF, APNG and WebP files named on
/// the command line or found in a named folder (such as a `batch --output-dir` folder). Files that share
/// a name (`a.mp4`, `a.gif`, `a.png`) make one card.
enum ExistingClips {
    struct Group: Sendable {
        /// The shared file name without its extension.
        var base: String
        /// One file per kind, in the page's order (MP4, WebM, GIF, APNG, WebP).
        var files: [(kind: GalleryPage.Kind, path: String)]
        /// Why a file named on the command line cannot be shown (a still PNG), and that file.
        var problem: String?
        var source: String?
    }

    /// The kind of a clip file by its extension; `.png` only when it is an APNG (has acTL), so
    /// stills and contact sheets in a folder are left out.
    static func kind(of path: String) -> GalleryPage.Kind? {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "mp4", "m4v": return .mp4
        case "webm": return .webm
        case "webp": return .webp
        case "gif": return .gif
        case "apng": return .apng
        case "png": return isAnimatedPNG(path) ? .apng : nil
        default: return nil
        }
    }

    static func isClipFileName(_ path: String) -> Bool {
        ["mp4", "m4v", "webm", "gif", "apng", "webp", "png"].contains(URL(fileURLWithPath: path).pathExtension.lowercased())
    }

    /// Splits PATHs into what `BatchSelection.expand` reads (presets, folders of presets, paths
    /// that do not exist) and the groups of existing clip files: those named directly and those
    /// in the named folders (not in their subfolders).
    static func split(_ paths: [String]) -> (presetPaths: [String], groups: [Group]) {
        var presetPaths: [String] = []
        var files: [String] = []
        var stills: [String] = []
        let fm = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            let exists = fm.fileExists(atPath: path, isDirectory: &isDirectory)
            if exists && isDirectory.boolValue {
                presetPaths.append(path)
                for name in (try? fm.contentsOfDirectory(atPath: path)) ?? [] {
                    let file = URL(fileURLWithPath: path).appendingPathComponent(name).relativePath
                    if isClipFileName(name), kind(of: file) != nil { files.append(file) }
                }
            } else if exists && isClipFileName(path) {
                if kind(of: path) != nil { files.append(path) } else { stills.append(path) }
            } else {
                presetPaths.append(path)
            }
        }
        var groups: [String: Group] = [:]
        for file in Set(files).sorted() {
            let base = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
            let key = URL(fileURLWithPath: file).deletingLastPathComponent().path + "/" + base
            var group = groups[key] ?? Group(base: base, files: [])
            if let k = kind(of: file), !group.files.contains(where: { $0.kind == k }) { group.files.append((k, file)) }
            groups[key] = group
        }
        for still in stills {
            groups[still] = Group(base: URL(fileURLWithPath: still).deletingPathExtension().lastPathComponent, files: [],
                                  problem: "error: \(still) is a still PNG, not an animated one; the gallery shows clips (MP4, GIF, APNG)",
                                  source: still)
        }
        let order = GalleryLayout.formats
        return (presetPaths, groups.keys.sorted().map { key in
            var g = groups[key]!
            g.files.sort { order.firstIndex(of: $0.kind)! < order.firstIndex(of: $1.kind)! }
            return g
        })
    }

    /// Whether a PNG file carries an acTL chunk before its first IDAT (an APNG).
    static func isAnimatedPNG(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 1 << 16)) ?? Data())
        guard head.count >= 8, head[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return false }
        var i = 8
        while i + 8 <= head.count {
            let length = Int(head[i]) << 24 | Int(head[i + 1]) << 16 | Int(head[i + 2]) << 8 | Int(head[i + 3])
            let type = String(decoding: head[(i + 4)..<(i + 8)], as: UTF8.self)
            if type == "acTL" { return true }
            if type == "IDAT" || type == "IEND" { return false }
            i += 12 + length
        }
        return false
    }
}

extension GalleryLayout {
    /// Copies a group's files to DIR/clips/NAME.mp4, .gif, .apng (a file already there is left
    /// as it is) and describes them; a copy that fails makes a failed card (exit 73).
    func card(for group: ExistingClips.Group, index: Int) -> GalleryPage.Card {
        var card = GalleryPage.Card(name: names[index], source: group.source ?? group.files.map(\.path).joined(separator: ", "), presetJSON: nil)
        card.note = "existing files, not rendered here: no contact sheet or preset"
        if let problem = group.problem {
            card.failure = problem
            card.status = ExitStatus.dataError
            return card
        }
        let fm = FileManager.default
        for (kind, path) in group.files {
            let relative = relativePath(kind, index: index)
            let destination = absolutePath(relative)
            if URL(fileURLWithPath: path).standardizedFileURL.path != URL(fileURLWithPath: destination).standardizedFileURL.path {
                do {
                    if fm.fileExists(atPath: destination) { try fm.removeItem(atPath: destination) }
                    try fm.copyItem(atPath: path, toPath: destination)
                } catch {
                    card.failure = "error: cannot copy \(path) to \(destination): \(error.localizedDescription)"
                    card.status = ExitStatus.cannotCreate
                    return card
                }
            }
            let bytes = ((try? fm.attributesOfItem(atPath: destination))?[.size] as? NSNumber)?.intValue ?? 0
            card.files.append(GalleryPage.File(kind: kind, path: relative, bytes: bytes))
        }
        // Size, frames and length from the GIF or APNG headers (an MP4 alone gives none).
        if let facts = group.files.lazy.filter({ !$0.kind.isVideo }).compactMap({ ClipFileFacts.read($0.path) }).first {
            card.width = facts.width
            card.height = facts.height
            card.frames = facts.frames
            card.seconds = facts.seconds
        }
        return card
    }
}
