import CFontconfig

/// Fonts found through fontconfig: a family's face nearest a weight, and fallback faces for the
/// characters a font lacks. Every call goes through one lock (fontconfig's own locking has varied
/// between releases), and answers are cached, so a clip asks fontconfig once per family and per
/// missing character set.
enum FontLocator {
    /// The face fontconfig matches for `family` at `weight` (roman, scalable). fontconfig always
    /// answers with something, so a match of another family is `TextError.fontNotFound`.
    static func match(family: String, weight: Int) throws(TextError) -> FontLocation {
        let key = MatchKey(family: family, weight: weight)
        let found: FontLocation? = state.withLock { state in
            if let known = state.matches[key] { return known }
            let answer = findFamily(family, weight: weight, config: state.config)
            state.matches[key] = answer
            return answer
        }
        guard let found else { throw .fontNotFound(family: family, weight: weight) }
        return found
    }

    /// A face that has every one of `scalars`, the nearest to `weight` among those, or nil when
    /// no installed font has them all.
    static func fallback(covering scalars: [Unicode.Scalar], weight: Int) -> FontLocation? {
        let key = FallbackKey(scalars: scalars.map(\.value), weight: weight)
        return state.withLock { state in
            if let known = state.fallbacks[key] { return known }
            let answer = findCovering(key.scalars, weight: weight, config: state.config)
            state.fallbacks[key] = answer
            return answer
        }
    }

    private struct MatchKey: Hashable { var family: String; var weight: Int }
    private struct FallbackKey: Hashable { var scalars: [UInt32]; var weight: Int }

    private struct State: @unchecked Sendable {
        /// The configuration loaded once (nil when fontconfig has none: nothing is then found).
        var config: OpaquePointer? = FcInitLoadConfigAndFonts()
        var matches: [MatchKey: FontLocation?] = [:]
        var fallbacks: [FallbackKey: FontLocation?] = [:]
    }

    private static let state = Locked(State())

    /// A pattern for a roman, scalable face at the fontconfig weight of OpenType `weight`.
    private static func pattern(weight: Int) -> OpaquePointer? {
        guard let pattern = FcPatternCreate() else { return nil }
        FcPatternAddInteger(pattern, FC_WEIGHT, FcWeightFromOpenType(Int32(weight)))
        FcPatternAddInteger(pattern, FC_SLANT, FC_SLANT_ROMAN)
        FcPatternAddBool(pattern, FC_SCALABLE, FcTrue)
        return pattern
    }

    private static func substitute(_ pattern: OpaquePointer, config: OpaquePointer) {
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
    }

    private static func findFamily(_ family: String, weight: Int, config: OpaquePointer?) -> FontLocation? {
        guard let config, let pattern = pattern(weight: weight) else { return nil }
        defer { FcPatternDestroy(pattern) }
        family.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) { _ = FcPatternAddString(pattern, FC_FAMILY, $0) }
        }
        substitute(pattern, config: config)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        let wanted = family.lowercased()
        guard strings(FC_FAMILY, of: match).contains(where: { $0.lowercased() == wanted }) else { return nil }
        return location(of: match)
    }

    private static func findCovering(_ scalars: [UInt32], weight: Int, config: OpaquePointer?) -> FontLocation? {
        guard let config, let pattern = pattern(weight: weight), let wanted = FcCharSetCreate() else { return nil }
        defer { FcPatternDestroy(pattern); FcCharSetDestroy(wanted) }
        for scalar in scalars { FcCharSetAddChar(wanted, scalar) }
        FcPatternAddCharSet(pattern, FC_CHARSET, wanted)
        substitute(pattern, config: config)
        // The sorted list, not the one match: charset coverage ranks first, but the best match
        // may still lack one of the characters; the first face that has them all is taken.
        var result = FcResultNoMatch
        guard let sorted = FcFontSort(config, pattern, FcTrue, nil, &result) else { return nil }
        defer { FcFontSetDestroy(sorted) }
        for i in 0..<Int(sorted.pointee.nfont) {
            guard let font = sorted.pointee.fonts[i] else { continue }
            var charset: OpaquePointer?
            guard FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset else { continue }
            if scalars.allSatisfy({ FcCharSetHasChar(charset, $0) != 0 }), let found = location(of: font) { return found }
        }
        return nil
    }

    private static func location(of pattern: OpaquePointer) -> FontLocation? {
        guard let file = strings(FC_FILE, of: pattern).first else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(pattern, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        // The high 16 bits name a variable font's named instance; we set its axes ourselves.
        return FontLocation(path: file, faceIndex: Int(index & 0xFFFF))
    }

    private static func strings(_ object: String, of pattern: OpaquePointer) -> [String] {
        var values: [String] = []
        var value: UnsafeMutablePointer<FcChar8>?
        while values.count < 16, FcPatternGetString(pattern, object, Int32(values.count), &value) == FcResultMatch, let value {
            values.append(String(cString: value))
        }
        return values
    }
}
