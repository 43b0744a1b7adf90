import Testing
@testable import SymbolPipeline

@Suite struct BackpressurePolicyTests {
    @Test func pausesAtHighAndResumesAtLow() {
        var p = BackpressurePolicy(high: 3, low: 1)
        #expect(p.didProduce() == .none)
        #expect(p.didProduce() == .none)
        #expect(p.didProduce() == .pause)
        #expect(p.isPaused)
        #expect(p.didConsume() == .none)  // 2 left: above low
        #expect(p.didConsume() == .resume)  // 1 left: at low
        #expect(!p.isPaused)
        #expect(p.didProduce() == .none)
        #expect(p.didProduce() == .pause)
        #expect(p.inFlight == 3)
    }

    @Test func pauseIsReportedOnceWhileOverHigh() {
        var p = BackpressurePolicy(high: 2, low: 0)
        _ = p.didProduce()
        #expect(p.didProduce() == .pause)
        #expect(p.didProduce() == .none)
        #expect(p.didConsume() == .none)
        #expect(p.didConsume() == .none)
        #expect(p.didConsume() == .resume)
    }

    @Test func clampsWatermarks() {
        let p = BackpressurePolicy(high: 0, low: 5)
        #expect(p.highWatermark == 1)
        #expect(p.lowWatermark == 0)
        var q = p
        #expect(q.didProduce() == .pause)
        #expect(q.didConsume() == .resume)
    }
}
