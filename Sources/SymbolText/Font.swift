import CHarfBuzz
import Foundation
import SymbolGeometry

/// One face of a font file at one weight, ready to shape and draw. Thread-safe: the HarfBuzz font
/// is made immutable before it is shared (HarfBuzz allows shaping and reading outlines from an
/// immutable font on any thread), and the outline cache is behind a lock.
///
/// `load` caches fonts process-wide by resolved file, face and weight, so every item of a scene
/// and every frame of a clip share one `Font` and its outlines: each glyph's outline is read from
/// the font once, in font units, and only scaled afterwards.
package final class Font: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// The file the face was read from ("memory" for `load(data:)`).
    package let path: String
    package let faceIndex: Int
    /// The face's family from its name table (typographic family first), else the file's name.
    package let familyName: String
    /// The weight asked for; a variable font's `wght` axis is set to it (clamped to the axis).
    package let weight: Int
    package let unitsPerEm: Int
    /// The immutable `hb_font_t`, at a scale of one unit per font unit.
    let handle: OpaquePointer
    /// Vertical metrics in font units.
    private let unitMetrics: FontMetrics
    private let outlines = Locked<[UInt32: GlyphOutline]>([:])

    /// The font `spec` names: its file, else fontconfig's best match for its family (an error when
    /// that match is another family), else Inter.
    package static func load(_ spec: FontSpec) throws(TextError) -> Font {
        let weight = min(max(spec.weight, 100), 900)  // the property may have been set after init
        let location: FontLocation
        if let file = spec.file {
            location = FontLocation(path: file, faceIndex: spec.faceIndex)
        } else {
            location = try FontLocator.match(family: spec.family ?? FontSpec.defaultFamily, weight: weight)
        }
        return try load(location, weight: weight)
    }

    /// The face at `location`, from the cache or read now.
    static func load(_ location: FontLocation, weight: Int) throws(TextError) -> Font {
        let key = CacheKey(location: location, weight: weight)
        if let font = cache.withLock({ $0[key] }) { return font }
        let font = try Font(file: location.path, faceIndex: location.faceIndex, weight: weight)
        return cache.withLock { fonts in
            if let first = fonts[key] { return first }
            fonts[key] = font
            return font
        }
    }

    /// A font from bytes in memory (not cached), for fonts that are not files and for fuzzing.
    package static func load(data: [UInt8], faceIndex: Int = 0, weight: Int = 400, name: String = "memory") throws(TextError) -> Font {
        let blob = data.withUnsafeBufferPointer { bytes in
            bytes.baseAddress.flatMap { base in
                hb_blob_create(UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), UInt32(clamping: bytes.count),
                               HB_MEMORY_MODE_DUPLICATE, nil, nil)
            }
        }
        guard let blob else { throw .unreadableFont(path: name, reason: "it is empty") }
        return try Font(blob: blob, path: name, faceIndex: faceIndex, weight: min(max(weight, 100), 900))
    }

    private convenience init(file: String, faceIndex: Int, weight: Int) throws(TextError) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isFolder) else {
            throw .unreadableFont(path: file, reason: "there is no such file")
        }
        guard !isFolder.boolValue else { throw .unreadableFont(path: file, reason: "it is a folder, not a file") }
        guard let blob = hb_blob_create_from_file_or_fail(file) else {
            throw .unreadableFont(path: file, reason: "it cannot be read (permissions, or an I/O error)")
        }
        try self.init(blob: blob, path: file, faceIndex: faceIndex, weight: weight)
    }

    /// Takes ownership of `blob`.
    private init(blob: OpaquePointer, path: String, faceIndex: Int, weight: Int) throws(TextError) {
        defer { hb_blob_destroy(blob) }
        let faces = Int(hb_face_count(blob))
        guard faces > 0 else {
            throw .unreadableFont(path: path, reason: "it is not a TrueType or OpenType font (no font face in its \(hb_blob_get_length(blob)) bytes)")
        }
        guard (0..<faces).contains(faceIndex) else {
            throw .unreadableFont(path: path, reason: "it holds \(faces) face\(faces == 1 ? "" : "s"), so face index \(faceIndex) does not exist")
        }
        guard let face = hb_face_create(blob, UInt32(faceIndex)) else { throw .unreadableFont(path: path, reason: "HarfBuzz cannot open it") }
        defer { hb_face_destroy(face) }
        guard hb_face_get_glyph_count(face) > 0 else {
            throw .unreadableFont(path: path, reason: "its face \(faceIndex) has no glyphs (a damaged or truncated font)")
        }
        guard let font = hb_font_create(face) else { throw .unreadableFont(path: path, reason: "HarfBuzz cannot open it") }
        var axis = hb_ot_var_axis_info_t()
        if hb_ot_var_find_axis_info(face, Font.weightAxis, &axis) != 0 {
            var variation = hb_variation_t(tag: Font.weightAxis, value: min(max(Float(weight), axis.min_value), axis.max_value))
            hb_font_set_variations(font, &variation, 1)
        }
        hb_font_make_immutable(font)
        self.handle = font
        self.path = path
        self.faceIndex = faceIndex
        self.weight = weight
        self.unitsPerEm = max(1, Int(hb_face_get_upem(face)))
        self.familyName = Font.name(hb_ot_name_id_t(HB_OT_NAME_ID_TYPOGRAPHIC_FAMILY), of: face)
            ?? Font.name(hb_ot_name_id_t(HB_OT_NAME_ID_FONT_FAMILY), of: face)
            ?? URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        func position(_ tag: hb_ot_metrics_tag_t) -> Double {
            var value: hb_position_t = 0
            hb_ot_metrics_get_position_with_fallback(font, tag, &value)
            return Double(value)
        }
        self.unitMetrics = FontMetrics(
            ascender: position(HB_OT_METRICS_TAG_HORIZONTAL_ASCENDER), descender: -position(HB_OT_METRICS_TAG_HORIZONTAL_DESCENDER),
            lineGap: max(0, position(HB_OT_METRICS_TAG_HORIZONTAL_LINE_GAP)), capHeight: position(HB_OT_METRICS_TAG_CAP_HEIGHT),
            xHeight: position(HB_OT_METRICS_TAG_X_HEIGHT))
    }

    deinit { hb_font_destroy(handle) }

    /// Vertical metrics at `size` pixels per em.
    package func metrics(size: Double) -> FontMetrics {
        let s = size / Double(unitsPerEm)
        return FontMetrics(ascender: unitMetrics.ascender * s, descender: unitMetrics.descender * s, lineGap: unitMetrics.lineGap * s,
                           capHeight: unitMetrics.capHeight * s, xHeight: unitMetrics.xHeight * s)
    }

    /// The outline of `glyph` at `size` px per em: y down, the origin on the baseline at the pen.
    package func glyphPath(_ glyph: UInt32, size: Double) -> Path {
        outline(glyph).path.applying(Font.flip(size / Double(unitsPerEm)))
    }

    /// The outline in font units, read once and cached.
    func outline(_ glyph: UInt32) -> GlyphOutline {
        if let known = outlines.withLock({ $0[glyph] }) { return known }
        let read = GlyphOutline.read(glyph, of: handle)
        outlines.withLock { $0[glyph] = read }
        return read
    }

    /// Font units (y up) to pixels (y down) at `scale` pixels per unit, moved to `origin`.
    static func flip(_ scale: Double, to origin: Point = .zero) -> Transform {
        Transform(a: scale, b: 0, c: 0, d: -scale, tx: origin.x, ty: origin.y)
    }

    /// The glyph the font's cmap gives `scalar`, or nil.
    func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(handle, scalar.value, &glyph) != 0 ? glyph : nil
    }

    /// Whether the font has a glyph for every scalar of `character` that needs one (default
    /// ignorables such as joiners and variation selectors, and controls, need none).
    func covers(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy { !Font.needsGlyph($0) || glyph(for: $0) != nil }
    }

    static func needsGlyph(_ scalar: Unicode.Scalar) -> Bool {
        !scalar.properties.isDefaultIgnorableCodePoint && scalar.properties.generalCategory != .control
    }

    package static func == (a: Font, b: Font) -> Bool { a === b }
    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    package var description: String { "\(familyName) \(weight) (\(path)\(faceIndex == 0 ? "" : " #\(faceIndex)"))" }

    /// The name `id` in English when the font has it, else in the first language it has.
    /// (HarfBuzz 6 matches languages exactly, so "en" alone would miss a Windows "en-US" name.)
    private static func name(_ id: hb_ot_name_id_t, of face: OpaquePointer) -> String? {
        var count: UInt32 = 0
        guard let entries = hb_ot_name_list_names(face, &count) else { return nil }
        let candidates = (0..<Int(count)).map { entries[$0] }.filter { $0.name_id == id }
        func isEnglish(_ entry: hb_ot_name_entry_t) -> Bool {
            guard let tag = hb_language_to_string(entry.language) else { return false }
            return String(cString: tag).lowercased().hasPrefix("en")
        }
        guard let entry = candidates.first(where: isEnglish) ?? candidates.first else { return nil }
        var length = hb_ot_name_get_utf8(face, id, entry.language, nil, nil) + 1
        var buffer = [CChar](repeating: 0, count: Int(length))
        hb_ot_name_get_utf8(face, id, entry.language, &length, &buffer)
        let name = String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? nil : name
    }

    /// 'wght', the OpenType weight axis.
    static let weightAxis: hb_tag_t = 0x7767_6874

    private struct CacheKey: Hashable {
        var location: FontLocation
        var weight: Int
    }

    private static let cache = Locked<[CacheKey: Font]>([:])
}

/// A face in a file: what fontconfig answers, or what a spec names.
struct FontLocation: Hashable, Sendable {
    var path: String
    var faceIndex: Int
}
