/// One figure of the report: a row of the table, the TSV and the JSON file.
///
/// Values are kept as the text printed, as the bash version did, so ratios are taken from the rounded figures
/// and old and new result files compare digit for digit.
struct BenchRow {
    /// Stable identifier, such as `open.library`: the key for comparing runs.
    var id: String
    /// What was measured, for people.
    var metric: String
    /// VideoToy's figure, empty when it could not be measured.
    var value: String
    /// The unit of `value` and `anchor`.
    var unit: String
    /// The same figure for GStreamer's own tool, or empty.
    var anchor: String = ""
    /// value / anchor, or empty.
    var ratio: String = ""
    /// The target, as text.
    var target: String
    /// pass, FAIL, n/a or info.
    var result: String
    /// How the figure came about, printed under the table.
    var note: String = ""
}
