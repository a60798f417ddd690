import Foundation
import Testing
import VideoToyCore

/// The events log's names and fields, spelled once in `EventName`, against the README's events table.
@Suite("Events schema")
struct EventSchemaTests {
    /// The README's events table: each row's event names (first column) and backticked words (second column).
    static func readmeRows() throws -> [(names: [String], words: Set<String>)] {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        guard let table = text.components(separatedBy: "| event | fields |").dropFirst().first else { return [] }
        var rows: [(names: [String], words: Set<String>)] = []
        for line in table.split(separator: "\n").dropFirst() {
            guard line.hasPrefix("|") else { break }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            guard cells.count >= 3 else { continue }
            rows.append((names: backticked(cells[1]), words: Set(backticked(cells[2]))))
        }
        return rows
    }

    static func backticked(_ cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    @Test("the README lists every event, and no other")
    func everyEventDocumented() throws {
        let documented = try Self.readmeRows().flatMap(\.names)
        #expect(Set(documented) == Set(EventName.allCases.map(\.rawValue)))
        #expect(documented.count == Set(documented).count, "an event is documented twice")
    }

    @Test("the README names every field each event may carry")
    func everyFieldDocumented() throws {
        let rows = try Self.readmeRows()
        for event in EventName.allCases {
            let row = try #require(rows.first { $0.names.contains(event.rawValue) }, "\(event.rawValue) is not in the README")
            let missing = event.fields.map(\.rawValue).filter { !row.words.contains($0) }
            #expect(missing.isEmpty, "the README's row for \(event.rawValue) does not name \(missing)")
        }
    }

    @Test("every field belongs to some event, and names are unique")
    func fieldsAreUsed() {
        let used = Set(EventName.allCases.flatMap(\.fields))
        #expect(used == Set(EventField.allCases))
        #expect(Set(EventName.allCases.map(\.rawValue)).count == EventName.allCases.count)
    }
}
