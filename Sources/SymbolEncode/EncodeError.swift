/// Why an output could not be written, as a sentence naming the file, what happened and what
/// to do about it.
package enum EncodeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The output (or its temporary file) could not be created: missing or read-only folder,
    /// no permission.
    case cannotCreate(path: String, reason: String)
    /// Reading or writing failed after the file was created, for example a full disk.
    case ioFailure(path: String, reason: String)
    /// The format cannot hold a picture of this size.
    case unsupportedSize(path: String, width: Int, height: Int, reason: String)
    /// The caller broke the encoder's contract (frame size or order, bad option).
    case invalidUse(path: String, reason: String)
    /// The codec library refused or failed.
    case codecFailure(path: String, reason: String)

    package var path: String {
        switch self {
        case .cannotCreate(let p, _), .ioFailure(let p, _), .unsupportedSize(let p, _, _, _),
            .invalidUse(let p, _), .codecFailure(let p, _):
            return p
        }
    }

    package var description: String {
        switch self {
        case .cannotCreate(let path, let reason):
            return "Cannot create \(path): \(reason). Check that the folder exists and is writable."
        case .ioFailure(let path, let reason):
            return "Writing \(path) failed: \(reason). Free some disk space or choose another location; no partial file was left."
        case .unsupportedSize(let path, let w, let h, let reason):
            return "Cannot write \(path) at \(w)×\(h): \(reason). Choose a smaller size."
        case .invalidUse(let path, let reason):
            return "Cannot encode \(path): \(reason)."
        case .codecFailure(let path, let reason):
            return "Encoding \(path) failed: \(reason)."
        }
    }
}
