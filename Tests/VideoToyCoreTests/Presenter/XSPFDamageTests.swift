import Testing
import VideoToyCore
import VideoToyTesting

/// Damaged and hostile playlists: reading always ends, in a show or a typed problem, never a trap.
struct XSPFDamageTests {
    typealias F = XSPFFixtures

    @Test("Every prefix of a playlist is damaged on a line it has, until the root is closed")
    func truncatedAtEveryByte() throws {
        let bytes = Array(XSPFWriter.document(F.awkwardShow, title: "Cut").utf8)
        let whole = try XSPFReader.read(bytes, file: F.file)
        let rootClosed = try #require(bytes.indices.last { bytes[$0...].starts(with: "</playlist>".utf8) }) + "</playlist>".utf8.count
        for cut in 0..<bytes.count {
            let prefix = Array(bytes[..<cut])
            let lines = prefix.filter { $0 == 0x0A }.count + 1
            do {
                let read = try XSPFReader.read(prefix, file: F.file)
                #expect(cut >= rootClosed, "read at \(cut)")
                #expect(read == whole, "cut at \(cut)")
            } catch .damaged(let line) {
                #expect(cut < rootClosed, "damaged at \(cut)")
                #expect((1...lines).contains(line), "line \(line) of \(lines) at \(cut)")
            } catch {
                Issue.record("\(error) at \(cut)")
            }
        }
    }

    @Test("The line of the problem: the innermost element left open, or the markup the input ends inside")
    func damagedLines() {
        let open = "<playlist>\n<trackList>\n<track>\n<location>/v/a.mp4</location>\n"
        #expect(throws: XSPFProblem.damaged(line: 3)) { try F.read(open) }
        #expect(throws: XSPFProblem.damaged(line: 4)) { try F.read("<playlist>\n<trackList>\n\n<track><location>/v/a.mp4</loca") }
        #expect(throws: XSPFProblem.damaged(line: 2)) { try F.read("<playlist>\n<!-- never ends\n\n</playlist>") }
        #expect(throws: XSPFProblem.damaged(line: 1)) { try F.read("<playlist><title><![CDATA[ never ends </title></playlist>") }
        #expect(throws: XSPFProblem.damaged(line: 2)) { try F.read("<playlist>\n<track location=\"never ends>\n</playlist>") }
        #expect(throws: XSPFProblem.damaged(line: 1)) { try XSPFReader.read([], file: F.file) }
        #expect(throws: XSPFProblem.damaged(line: 3)) { try F.read("<?xml version=\"1.0\"?>\n\n") }
    }

    @Test("Nesting up to 64 elements reads; one deeper is damaged on its line, however deep the file goes")
    func deepNesting() throws {
        func nested(_ depth: Int) -> String {
            "<playlist>\n" + String(repeating: "<a>\n", count: depth - 1) + String(repeating: "</a>", count: depth - 1) + "</playlist>"
        }
        #expect(try F.read(nested(XSPFReader.maximumDepth)).show.entries.isEmpty)
        #expect(throws: XSPFProblem.damaged(line: 65)) { try F.read(nested(XSPFReader.maximumDepth + 1)) }
        #expect(throws: XSPFProblem.damaged(line: 1)) { try F.read("<playlist>" + String(repeating: "<a>", count: 200_000)) }
    }

    @Test("Over 4 MiB is too large, whatever it holds; up to it reads")
    func sizeLimit() throws {
        let document = Array(F.playlist(F.track("/v/a.mp4")).utf8)
        let padding = XSPFReader.maximumBytes - document.count
        let largest = try XSPFReader.read(document + [UInt8](repeating: 0x20, count: padding), file: F.file)
        #expect(largest.show.entries.map(\.path) == ["/v/a.mp4"])
        #expect(throws: XSPFProblem.tooLarge) {
            try XSPFReader.read(document + [UInt8](repeating: 0x20, count: padding + 1), file: F.file)
        }
    }

    @Test("Hundreds of randomly mutated playlists never trap, and never give more than the show holds")
    func mutations() throws {
        let base = Array(XSPFWriter.document(F.awkwardShow, title: "Mutated").utf8)
        let alphabet = Array("<>/&;#x\"'=![]-?:".utf8) + [0x00, 0x0A, 0x0D, 0xC3, 0xE9, 0xFF]
        var generator = SeededGenerator(seed: 0x5851_F42D)
        var outcomes: [String: Int] = [:]
        for round in 0..<400 {
            var bytes = base
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                let at = Int.random(in: 0..<max(1, bytes.count), using: &generator)
                switch Int.random(in: 0..<5, using: &generator) {
                case 0: if !bytes.isEmpty { bytes[at] = UInt8.random(in: 0...255, using: &generator) }
                case 1: bytes.insert(alphabet.randomElement(using: &generator)!, at: at)
                case 2: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...40, using: &generator)))
                case 3: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + Int.random(in: 1...200, using: &generator))], at: at)
                default: if !bytes.isEmpty { bytes[at] = alphabet.randomElement(using: &generator)! }
                }
            }
            do {
                let read = try XSPFReader.read(bytes, file: F.file)
                #expect(read.show.entries.count <= Show.capacity, "round \(round)")
                #expect(read.show.entries.allSatisfy { $0.path.hasPrefix("/") }, "round \(round)")
                outcomes["read", default: 0] += 1
            } catch {
                outcomes["\(error)".prefix { $0 != "(" }.description, default: 0] += 1
            }
        }
        // Both outcomes must occur, or the mutations are too weak (or too strong) to test anything.
        #expect(outcomes["read", default: 0] > 20)
        #expect(outcomes["damaged", default: 0] > 20)
    }

    @Test("Many tracks past capacity in a file of duplicated tracks: entries stop at the capacity")
    func duplicatedTracks() throws {
        let track = F.track("/v/a.mp4", "<duration>1</duration>")
        let read = try F.read(F.playlist(String(repeating: track, count: 3 * Show.capacity)))
        #expect(read.show.entries.count == Show.capacity)
        #expect(read.skipped == 2 * Show.capacity)
    }
}
