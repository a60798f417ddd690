import CGLib
import Foundation
import Glibc
import Synchronization
import Testing
import VideoToyGObject
import VideoToyMedia
import VideoToyMediaTesting

/// The main-loop watchdog on a private GLib context, iterated by the test thread itself.
@Suite("Main-loop watchdog", .serialized)
struct MainLoopWatchdogTests {
    @Test("a loop that keeps turning reports nothing; a blocked one reports its lateness and what it was doing")
    func reportsStalls() {
        let loop = PrivateMainLoop()
        let reports = Mutex<[MainLoopWatchdog.Stall]>([])
        let dog = MainLoopWatchdog(thresholdMs: 100, heartbeatMs: 20, context: loop.context) { stall in
            reports.withLock { $0.append(stall) }
        }
        dog.start()
        defer { dog.stop() }
        loop.run(forMilliseconds: 400)
        #expect(reports.withLock { $0 }.isEmpty, "an idle loop stalled: \(reports.withLock { $0 })")

        // Short blocks under the threshold are not stalls.
        for _ in 0..<3 {
            usleep(60_000)
            loop.run(forMilliseconds: 50)
        }
        #expect(reports.withLock { $0 }.isEmpty, "\(reports.withLock { $0 })")

        // The label is cleared before the loop recovers, as real code does; the watchdog thread kept it.
        dog.during("scan") { _ = usleep(350_000) }
        loop.run(forMilliseconds: 100)
        let stalls = reports.withLock { $0 }
        #expect(stalls.count == 1, "\(stalls)")
        if let stall = stalls.first {
            // The upper bound leaves room for a loaded machine waking the thread late.
            #expect(stall.milliseconds >= 300 && stall.milliseconds < 2000, "\(stall)")
            #expect(stall.activity == "scan")
            // Asleep in the kernel, not computing: blocked, and the wait channel says where.
            #expect(stall.cause == .blocked, "\(stall)")
            #expect(stall.cpuMilliseconds < 50, "\(stall)")
            #expect(stall.wait?.contains("sleep") == true, "\(stall)")
        }
        #expect(dog.stalls == 1)
    }

    @Test("work on the loop's thread is a busy stall, with its CPU time")
    func busy() {
        let loop = PrivateMainLoop()
        let reports = Mutex<[MainLoopWatchdog.Stall]>([])
        let dog = MainLoopWatchdog(thresholdMs: 100, heartbeatMs: 20, context: loop.context) { stall in
            reports.withLock { $0.append(stall) }
        }
        dog.start()
        defer { dog.stop() }
        loop.run(forMilliseconds: 60)
        // 300 ms of this thread's CPU time, not of the wall clock: on a loaded machine the thread gets only part of a core.
        let start = Self.threadCPUMilliseconds()
        var spins = 0
        while Self.threadCPUMilliseconds() - start < 300 { spins &+= 1 }
        loop.run(forMilliseconds: 60)
        let stalls = reports.withLock { $0 }
        #expect(stalls.count == 1, "\(stalls)")
        #expect(stalls.first?.cause == .busy, "\(stalls)")
        #expect((stalls.first?.cpuMilliseconds ?? 0) >= 250, "\(stalls)")
    }

    /// Late by `late` ms with `cpu` ms of work on the loop's thread, which was last seen in `state`.
    static let causes: [(late: Int, cpu: Int, state: Character?, cause: MainLoopWatchdog.Stall.Cause)] = [
        (300, 290, "R", .busy),  // computing all along
        (900, 300, "R", .busy),  // 300 ms of work on a loaded machine: the work is still the cause
        (400, 90, "R", .starved),  // little work, waiting for a CPU
        (400, 10, "S", .blocked),  // asleep in the kernel
        (400, 10, "D", .blocked),
        (400, 10, nil, .unknown),  // nobody looked (the process was stopped)
        (150, 80, "S", .busy),  // half of a short stall was work
    ]

    @Test("a stall's cause follows from the CPU time and the thread's state", arguments: causes)
    func causeOfAStall(_ row: (late: Int, cpu: Int, state: Character?, cause: MainLoopWatchdog.Stall.Cause)) {
        #expect(MainLoopWatchdog.cause(late: row.late, cpuMs: row.cpu, state: row.state, thresholdMs: 100) == row.cause)
    }

    private static func threadCPUMilliseconds() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return time.tv_sec * 1000 + time.tv_nsec / 1_000_000
    }

    @Test("labels nest, and a stall with no label says so")
    func labels() {
        let loop = PrivateMainLoop()
        let reports = Mutex<[MainLoopWatchdog.Stall]>([])
        let dog = MainLoopWatchdog(thresholdMs: 100, heartbeatMs: 20, context: loop.context) { stall in
            reports.withLock { $0.append(stall) }
        }
        dog.start()
        defer { dog.stop() }
        dog.during("outer") {
            dog.during("inner") { #expect(dog.activity == "inner") }
            #expect(dog.activity == "outer")
        }
        #expect(dog.activity == nil)
        loop.run(forMilliseconds: 60)
        usleep(250_000)
        loop.run(forMilliseconds: 60)
        #expect(reports.withLock { $0 }.map(\.activity) == [nil])
    }

    @Test("a loop that does not recover is reported from the watchdog thread while it is still stuck")
    func hang() {
        let loop = PrivateMainLoop()
        let hangs = Mutex<[MainLoopWatchdog.Stall]>([])
        let dog = MainLoopWatchdog(
            thresholdMs: 100, heartbeatMs: 20, hangMs: 300, context: loop.context,
            onHang: { stall in hangs.withLock { $0.append(stall) } }, onStall: { _ in })
        dog.start()
        defer { dog.stop() }
        loop.run(forMilliseconds: 60)
        dog.activity = "open"
        let start = Date()
        while Date().timeIntervalSince(start) < 5, hangs.withLock({ $0.isEmpty }) { usleep(10_000) }
        let noticed = Date().timeIntervalSince(start)
        dog.activity = nil
        loop.run(forMilliseconds: 60)
        let reported = hangs.withLock { $0 }
        #expect(reported.count == 1, "\(reported)")
        #expect(reported.first?.activity == "open")
        // Noticed while the loop was still stuck, soon after hangMs; a loaded machine may run the watchdog thread late.
        #expect(noticed >= 0.2 && noticed < 3, "the hang was noticed after \(noticed) s")
    }

    @Test("an idle loop lets the watchdog rest; arm() and labels wake it, and the rest itself is no stall")
    func rests() {
        let loop = PrivateMainLoop()
        let reports = Mutex<[MainLoopWatchdog.Stall]>([])
        let busy = Mutex(false)
        let dog = MainLoopWatchdog(thresholdMs: 100, heartbeatMs: 20, idleAfterMs: 100, context: loop.context) { stall in
            reports.withLock { $0.append(stall) }
        }
        dog.isBusy = { busy.withLock { $0 } }
        let rests = Mutex(0)
        dog.onRest = { rests.withLock { $0 += 1 } }
        dog.start()
        defer { dog.stop() }
        // Beats until quiet for idleAfterMs; a loaded machine may run the loop late, so allow it time.
        let start = Date()
        while dog.isArmed, Date().timeIntervalSince(start) < 10 { loop.run(forMilliseconds: 50) }
        #expect(!dog.isArmed, "the heartbeat never rested")
        #expect(rests.withLock { $0 } == 1, "resting is announced once")
        // A rest much longer than the threshold is not a stall.
        loop.run(forMilliseconds: 400)
        #expect(reports.withLock { $0 }.isEmpty, "\(reports.withLock { $0 })")
        #expect(g_main_context_pending(loop.context) == 0, "a resting watchdog left a source due")

        // Work in flight keeps it beating past idleAfterMs.
        busy.withLock { $0 = true }
        dog.arm()
        #expect(dog.isArmed)
        loop.run(forMilliseconds: 400)
        #expect(dog.isArmed, "it rested while busy")

        // Armed again, a blocked loop is reported as before.
        dog.during("scan") { _ = usleep(350_000) }
        loop.run(forMilliseconds: 100)
        let stalls = reports.withLock { $0 }
        #expect(stalls.count == 1 && stalls.first?.activity == "scan", "\(stalls)")
        if let stall = stalls.first { #expect(stall.milliseconds >= 300 && stall.milliseconds < 2000, "\(stall)") }

        busy.withLock { $0 = false }
        let idleSince = Date()
        while dog.isArmed, Date().timeIntervalSince(idleSince) < 10 { loop.run(forMilliseconds: 50) }
        #expect(!dog.isArmed, "the heartbeat never rested once the work was done")
        #expect(rests.withLock { $0 } == 2)
    }

    @Test("stop ends the heartbeat and the thread, and start again works")
    func restart() {
        let loop = PrivateMainLoop()
        let count = Mutex(0)
        let dog = MainLoopWatchdog(thresholdMs: 50, heartbeatMs: 10, context: loop.context) { _ in count.withLock { $0 += 1 } }
        dog.start()
        dog.start()
        loop.run(forMilliseconds: 50)
        dog.stop()
        dog.stop()
        // A loaded machine may have kept the loop waiting past the threshold already; only what follows counts.
        let whileRunning = count.withLock { $0 }
        // Stopped: a long pause is no stall.
        usleep(150_000)
        loop.run(forMilliseconds: 50)
        #expect(count.withLock { $0 } == whileRunning)
        dog.start()
        loop.run(forMilliseconds: 30)
        let beforeBlock = count.withLock { $0 }
        usleep(150_000)
        loop.run(forMilliseconds: 30)
        dog.stop()
        #expect(count.withLock { $0 } >= beforeBlock + 1, "started again, a 150 ms block is a stall")
    }
}
