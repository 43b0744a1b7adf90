import SymbolRaster
import SymbolTimeline

/// Evaluate's input: which frame to make.
package struct FrameRequest: Sendable, Hashable {
    package let index: Int
}

/// Evaluate → render: a frame's pose.
package struct PosedFrame: Sendable {
    package let index: Int
    package let pose: Pose
}

/// Render → reorder → encode: a frame's pixels (a bitmap from the pipeline's pool).
package struct RenderedFrame: Sendable {
    package let index: Int
    package let bitmap: Bitmap
}

/// Why a pipeline run stopped early.
package enum PipelineError: Error, Sendable, Equatable {
    case cancelled
    case invalidSize(width: Int, height: Int)
}

/// Busy time per stage and overall speed of one run.
package struct PipelineTimings: Sendable {
    package var evaluateSeconds = 0.0
    /// Summed over the render workers.
    package var renderSeconds = 0.0
    /// One entry per output, in the order the encoders were given.
    package var encodeSeconds: [Double] = []
    package var wallSeconds = 0.0
    package var frames = 0
    package var framesPerSecond: Double { wallSeconds > 0 ? Double(frames) / wallSeconds : 0 }
}
