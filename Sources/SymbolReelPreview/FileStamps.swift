import Foundation

/// The modification times and sizes of the watched files, compared between polls: a save shows
/// as a different stamp (or a file that appeared or went away). Polling every ~150 ms is
/// portable and cheap for the handful of files a clip reads, and it sees an editor's
/// write-to-temporary-then-rename saves, which a watch on the old inode would miss.
/// A `.symbolset` folder is stamped with what it holds one level down.
struct FileStamps: Equatable, Sendable {
    private var stamps: [String: [String]] = [:]

    init(_ files: [String]) {
        for file in Set(files) { stamps[file] = FileStamps.stamp(file) }
    }

    private static func stamp(_ path: String) -> [String] {
        let fm = FileManager.default
        func one(_ p: String) -> String {
            guard let a = try? fm.attributesOfItem(atPath: p) else { return "\(p): missing" }
            let date = (a[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            let size = (a[.size] as? NSNumber)?.intValue ?? -1
            return "\(p): \(date) \(size)"
        }
        var isFolder: ObjCBool = false
        guard fm.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return [one(path)] }
        let children = ((try? fm.contentsOfDirectory(atPath: path)) ?? []).sorted()
        return [one(path)] + children.map { one(path + "/" + $0) }
    }
}
