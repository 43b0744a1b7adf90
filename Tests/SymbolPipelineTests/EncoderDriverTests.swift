import Foundation
import SymbolEncode
import SymbolPipeline
import SymbolGeometry
import SymbolRaster
import SymbolTestSupport
import SymbolTimeline
import Testing

/// A staged encoder whose work takes a random time and returns its frame's first byte; commits
/// record the order. Work for `failAt` throws.
final class SlowStagedEncoder: StagedFrameEncoder, @unchecked Sendable {
    struct Work: EncodeWork {
        let index: Int
        let byte: UInt8
        let delay: Double
        let fails: Bool
        func run() throws -> (Int, UInt8) {
            Thread.sleep(forTimeInterval: delay)
            if fails { throw EncodeError.invalidUse(path: "test", reason: "work \(index) failed") }
            return (index, byte)
        }
    }

    private let lock = NSLock()
    private var _committed: [(Int, UInt8)] = []
    private(set) var cancelled = false
    let failAt: Int?
    private var generator = SeededRandom(seed: 7)

    init(failAt: Int? = nil) { self.failAt = failAt }
    var committed: [(Int, UInt8)] { lock.withLock { _committed } }

    func begin(_ stream: StreamFormat) throws {}
    func stage(_ frame: Bitmap, at index: Int) throws -> [Work] {
        [Work(index: index, byte: frame.pixels[0], delay: Double(generator.next() % 4) / 1000, fails: index == failAt)]
    }
    func stageEnd() throws -> [Work] { [] }
    func commit(_ output: (Int, UInt8)) throws { lock.withLock { _committed.append(output) } }
    func encode(_ frame: Bitmap, at index: Int) throws {
        for w in try stage(frame, at: index) { try commit(try w.run()) }
    }
    func finish() throws -> EncodeSummary { EncodeSummary(path: "memory", frameCount: committed.count, byteCount: 0) }
    func cancel() { cancelled = true }
}

@Suite struct EncoderDriverTests {
    func frame(_ i: Int) -> Bitmap {
        var b = Bitmap(width: 2, height: 2)!
        b.pixels[0] = UInt8(i % 256)
        return b
    }

    @Test(arguments: [0, 1, 2, 4]) func workRunsConcurrentlyAndCommitsInOrder(depth: Int) throws {
        let encoder = SlowStagedEncoder()
        let driver = EncoderDriver(encoder, depth: depth)
        try encoder.begin(StreamFormat(width: 2, height: 2, rate: FrameRate(30)))
        for i in 0..<40 { try driver.encode(frame(i), at: i) }
        #expect(try driver.finish().frameCount == 40)
        #expect(encoder.committed.map(\.0) == Array(0..<40))
        #expect(encoder.committed.map(\.1) == (0..<40).map { UInt8($0) })
    }

    @Test func failingWorkIsReportedAndNothingAfterItIsCommitted() throws {
        let encoder = SlowStagedEncoder(failAt: 5)
        let driver = EncoderDriver(encoder, depth: 3)
        var thrown: (any Error)?
        do {
            for i in 0..<20 { try driver.encode(frame(i), at: i) }
            _ = try driver.finish()
        } catch {
            thrown = error
            driver.cancel()
        }
        #expect("\(String(describing: thrown))".contains("work 5 failed"))
        #expect(encoder.committed.map(\.0) == Array(0..<5))
        #expect(encoder.cancelled)
    }

    /// The pipeline drives staged encoders through the driver: an error in the work fails the
    /// run and cancels the encoder.
    @Test func pipelineReportsFailingWork() {
        let encoder = SlowStagedEncoder(failAt: 7)
        let pipeline = fakePipeline(frames: 30, workers: 2)
        #expect(throws: EncodeError.self) { _ = try pipeline.run(encoders: [encoder]) }
        #expect(encoder.cancelled)
        #expect(encoder.committed.map(\.0) == Array(0..<7))
    }
}
