import Foundation

/// The parsed result of a plain `xrandr --query`.
public struct XrandrState: Sendable, Equatable {
    /// Root window width.
    public let screenWidth: Int
    /// Root window height.
    public let screenHeight: Int
    /// Every output, in xrandr's order.
    public let monitors: [Monitor]

    /// Parses xrandr's text; unknown lines are ignored so other drivers' extra columns do no harm.
    public static func parse(_ text: String) -> XrandrState {
        var width = 0, height = 0
        var monitors: [Monitor] = []
        var header: (connector: String, connected: Bool, primary: Bool, geometry: Rect?)?
        var modes: [DisplayMode] = []

        func flush() {
            if let h = header {
                monitors.append(
                    Monitor(
                        connector: h.connector, isConnected: h.connected, isPrimary: h.primary,
                        geometry: h.geometry, modes: modes))
            }
            header = nil
            modes = []
        }

        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let tokens = line.split(separator: " ").map(String.init)
            guard let first = tokens.first else { continue }
            if !line.hasPrefix(" ") {
                flush()
                if first == "Screen", let i = tokens.firstIndex(of: "current"), i + 3 < tokens.count {
                    width = Int(tokens[i + 1]) ?? 0
                    height = Int(tokens[i + 3].trimmingCharacters(in: CharacterSet(charactersIn: ","))) ?? 0
                } else if tokens.count >= 2 {
                    header = (
                        first, tokens[1] == "connected", tokens.contains("primary"),
                        tokens.dropFirst(2).lazy.compactMap(parseGeometry).first
                    )
                }
            } else if line.hasPrefix("   "), header != nil, first != "h:", first != "v:",
                !(tokens.dropFirst().first?.hasPrefix("(0x") ?? false)
            {
                modes += parseModeLine(tokens)
            } else if !line.hasPrefix("   ") {
                // Two-space lines are modes defined but attached to no output: they end the last output's list.
                flush()
            }
        }
        flush()
        return XrandrState(screenWidth: width, screenHeight: height, monitors: monitors)
    }

    /// Parses `WIDTHxHEIGHT+X+Y`.
    public static func parseGeometry(_ token: String) -> Rect? {
        let parts = token.split(whereSeparator: { $0 == "x" || $0 == "+" }).compactMap { Int($0) }
        guard parts.count == 4, token.contains("x"), token.filter({ $0 == "+" }).count == 2 else { return nil }
        return Rect(x: parts[2], y: parts[3], width: parts[0], height: parts[1])
    }

    /// One mode line lists several rates; `*` marks the current one, `+` (attached or not) the preferred one.
    private static func parseModeLine(_ tokens: [String]) -> [DisplayMode] {
        let name = tokens[0]
        let size = name.prefix { $0.isNumber || $0 == "x" }.split(separator: "x").compactMap { Int($0) }
        guard size.count == 2 else { return [] }
        var result: [DisplayMode] = []
        for token in tokens.dropFirst() {
            if token == "+", let last = result.popLast() {
                result.append(
                    DisplayMode(
                        name: name, width: size[0], height: size[1], refresh: last.refresh,
                        isCurrent: last.isCurrent, isPreferred: true))
                continue
            }
            guard let rate = Double(token.trimmingCharacters(in: CharacterSet(charactersIn: "*+"))) else { continue }
            result.append(
                DisplayMode(
                    name: name, width: size[0], height: size[1], refresh: rate,
                    isCurrent: token.contains("*"), isPreferred: token.contains("+")))
        }
        return result
    }
}
