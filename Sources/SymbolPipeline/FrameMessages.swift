import SymbolRaster
import SymbolTimeline

/// Evaluate's input: which frame to make.
public struct FrameRequest: Sendable, Hashable {
    public let index: Int
}

/// Evaluate → render: a frame's pose.
public struct PosedFrame: Sendable {
    public let index: Int
    public let pose: Pose
}

/// Render → reorder → encode: a frame's pixels (a bitmap from the pipeline's pool).
public struct RenderedFrame: Sendable {
    public let index: Int
    public let bitmap: Bitmap
}

/// Why a pipeline run stopped early.
public enum PipelineError: Error, Sendable, Equatable {
    case cancelled
    case invalidSize(width: Int, height: Int)
}

/// Busy time per stage and overall speed of one run.
public struct PipelineTimings: Sendable {
    public var evaluateSeconds = 0.0
    /// Summed over the render workers.
    public var renderSeconds = 0.0
    /// One entry per output, in the order the encoders were given.
    public var encodeSeconds: [Double] = []
    public var wallSeconds = 0.0
    public var frames = 0
    public var framesPerSecond: Double { wallSeconds > 0 ? Double(frames) / wallSeconds : 0 }
}
