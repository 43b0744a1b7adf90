import SymbolGeometry

/// Frame counts and frame times for a clip at one rate: now `FrameRate`'s own methods.
@available(*, deprecated, message: "use FrameRate's frameCount(duration:), time(ofFrame:) and frame(atSeconds:)")
public struct FrameClock: Hashable, Sendable {
    public let rate: FrameRate

    public init(rate: FrameRate) { self.rate = rate }

    public func frameCount(duration: Double) -> Int { rate.frameCount(duration: duration) }
    public func time(ofFrame index: Int) -> FrameTime { rate.time(ofFrame: index) }
    public func frame(atSeconds seconds: Double) -> FrameTime { rate.frame(atSeconds: seconds) }
}
