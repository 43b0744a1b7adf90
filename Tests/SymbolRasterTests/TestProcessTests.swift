import Foundation
import SymbolTestSupport
import Testing

/// The one way the tests launch programs cannot stall the suite: a run past its limit is
/// killed with its whole process group, and a grandchild left holding the output pipes delays
/// the return by seconds, not forever.
@Suite struct TestProcessTests {
    static let sh = URL(fileURLWithPath: "/bin/sh")

    @Test func outputAndStatusAreKept() throws {
        let r = try TestProcess.run(Self.sh, ["-c", "printf out; printf err >&2; exit 3"], timeout: 30)
        #expect(r.status == 3 && r.stdout == "out" && r.stderr == "err")
        let echo = try TestProcess.run(Self.sh, ["-c", "cat"], input: Data("fed".utf8), timeout: 30)
        #expect(echo.stdout == "fed")
    }

    @Test func aRunPastItsLimitIsKilledWithItsGroup() throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("tp-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: marker) }
        let start = Date()
        // The grandchild (in the child's group) would write the marker after 8 s if it survived.
        let r = try TestProcess.run(Self.sh, ["-c", "(sleep 8; touch \(marker.path)) & sleep 60"], timeout: 1)
        let took = Date().timeIntervalSince(start)
        #expect(r.status == 9 && r.stderr.contains("killed after its 1 s time limit"), "\(r)")
        #expect(took < 10, "took \(took) s")
        Thread.sleep(forTimeInterval: 8.5 - took)
        #expect(!FileManager.default.fileExists(atPath: marker.path), "the grandchild outlived the kill")
    }

    @Test func aGrandchildHoldingThePipesDoesNotHoldTheRun() throws {
        let start = Date()
        // setsid puts the sleeper in its own session, out of reach of the group kill, holding
        // stdout and stderr: the child exits at once, and reading stops 2 s later.
        let r = try TestProcess.run(Self.sh, ["-c", "setsid sleep 30 & echo done"], timeout: 60)
        let took = Date().timeIntervalSince(start)
        #expect(r.status == 0 && r.stdout == "done\n")
        #expect(took < 8, "took \(took) s")
    }
}
