/// Which font to use: a file (wins), else a family found through fontconfig, else Inter.
package struct FontSpec: Hashable, Sendable {
    /// A family name, found through fontconfig.
    package var family: String?
    /// A TrueType, OpenType or collection (TTC) file; wins over `family`.
    package var file: String?
    /// The face in a collection; 0 for a single-face file.
    package var faceIndex: Int
    /// CSS / OS/2 usWeightClass, 100…900 (clamped). A variable font's `wght` axis is set to it;
    /// for a static family fontconfig picks the face of the nearest weight.
    package var weight: Int

    package init(family: String? = nil, file: String? = nil, faceIndex: Int = 0, weight: Int = 400) {
        self.family = family
        self.file = file
        self.faceIndex = faceIndex
        self.weight = min(max(weight, 100), 900)
    }

    /// The default family: Inter (Debian's fonts-inter, which the package depends on).
    package static let defaultFamily = "Inter"
}

/// A font's vertical metrics at a size, in pixels (OS/2 and hhea through `hb_ot_metrics`).
package struct FontMetrics: Hashable, Sendable {
    /// Distance from the baseline up to the ascender line (positive).
    package var ascender: Double
    /// Distance from the baseline down to the descender line (positive).
    package var descender: Double
    package var lineGap: Double
    package var capHeight: Double
    package var xHeight: Double

    package init(ascender: Double, descender: Double, lineGap: Double, capHeight: Double, xHeight: Double) {
        self.ascender = ascender
        self.descender = descender
        self.lineGap = lineGap
        self.capHeight = capHeight
        self.xHeight = xHeight
    }

    /// ascender + descender + line gap: the distance between baselines of unspaced lines.
    package var naturalLineHeight: Double { ascender + descender + lineGap }
}
