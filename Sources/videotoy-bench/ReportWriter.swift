import Foundation
import VideoToyCore

/// Writes the figures three ways: the table on stdout, a TSV and a JSON file, with the bash version's field names.
enum ReportWriter {
    /// The table and the rows' notes, as printed on stdout.
    static func table(_ rows: [BenchRow], info: RunInfo) -> String {
        var cells = [["metric", "VideoToy", "anchor", "ratio", "target", "result"]]
        for row in rows {
            let unit = { (value: String) in value.isEmpty ? "-" : "\(value) \(row.unit)" }
            cells.append([row.metric, unit(row.value), unit(row.anchor), row.ratio.isEmpty ? "-" : row.ratio, row.target, row.result])
        }
        let widths = (0..<6).map { column in cells.map { $0[column].count }.max() ?? 0 }
        let lines = cells.map { line in
            line.enumerated().map { column, text in
                column < 5 ? text.padding(toLength: widths[column] + 2, withPad: " ", startingAt: 0) : text
            }.joined()
        }
        let notes = rows.filter { !$0.note.isEmpty }.map { "  \($0.id): \($0.note)" }
        return (["", info.headline] + lines + [""] + notes).joined(separator: "\n") + "\n"
    }

    /// One line per row, tab-separated, with a header.
    static func tsv(_ rows: [BenchRow]) -> String {
        let header = "id\tmetric\tvalue\tunit\tanchor\tratio\ttarget\tresult\tnote"
        let lines = rows.map {
            [$0.id, $0.metric, $0.value, $0.unit, $0.anchor, $0.ratio, $0.target, $0.result, $0.note].joined(separator: "\t")
        }
        return ([header] + lines).joined(separator: "\n") + "\n"
    }

    /// The run and its rows as JSON, laid out as the bash version wrote it so old files diff cleanly.
    static func json(_ rows: [BenchRow], info: RunInfo) -> String {
        let date = ISO8601DateFormatter().string(from: info.date)
        let results = rows.map { row in
            "    {\"id\": \(quote(row.id)), \"metric\": \(quote(row.metric)), \"value\": \(number(row.value)), "
                + "\"unit\": \(quote(row.unit)), \"anchor\": \(number(row.anchor)), \"ratio\": \(number(row.ratio)), "
                + "\"target\": \(quote(row.target)), \"result\": \(quote(row.result)), \"note\": \(quote(row.note))}"
        }
        return """
            {
              "commit": \(quote(info.commit)),
              "date": \(quote(date)),
              "machine": \(quote(info.machine)),
              "gstreamer": \(quote(info.gstreamer)),
              "app": \(quote(info.app)),
              "n": \(info.n),
              "quick": \(info.quick),
              "seconds": \(info.seconds),
              "results": [
            \(results.joined(separator: ",\n"))
              ]
            }

            """
    }

    /// Writes the JSON to `out` and the TSV beside it (`.json` replaced by `.tsv`); returns the TSV's path.
    @discardableResult
    static func write(_ rows: [BenchRow], info: RunInfo, to out: String) throws -> String {
        let tsvPath = (out.hasSuffix(".json") ? String(out.dropLast(5)) : out) + ".tsv"
        let folder = (out as NSString).deletingLastPathComponent
        if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        try tsv(rows).write(toFile: tsvPath, atomically: true, encoding: .utf8)
        try json(rows, info: info).write(toFile: out, atomically: true, encoding: .utf8)
        return tsvPath
    }

    private static func quote(_ text: String) -> String { JSONValue.string(text).encoded }

    /// A figure as a JSON number, or null when it is not one (empty, "?").
    private static func number(_ text: String) -> String {
        text.wholeMatch(of: /-?[0-9]+(\.[0-9]+)?/) != nil ? text : "null"
    }
}
