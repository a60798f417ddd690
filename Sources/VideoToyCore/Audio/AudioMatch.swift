/// The rules that find a screen's own audio output: the monitor name an HDMI or DisplayPort output reports from the
/// ELD, against the screen's make and model from the EDID.
///
/// Names match when they are equal after folding case, dropping everything but letters and digits, and dropping a
/// leading vendor name (the screen's make, or the company a three-letter PNP code stands for). An output without an
/// ELD name, or whose port is known to be empty, never matches. When several outputs match (two identical monitors),
/// the one wired to the screen's connector wins; if none or several are, there is no match rather than a guess.
public enum AudioMatch {
    /// Companies behind the PNP codes an EDID carries, for names that spell the company instead.
    static let vendors: [String: [String]] = [
        "ACR": ["acer"], "AOC": ["aoc"], "AUS": ["asus"], "BNQ": ["benq"], "DEL": ["dell"], "ENC": ["eizo"],
        "GSM": ["lg", "lge", "lgelectronics"], "HWP": ["hp", "hewlettpackard"], "IVM": ["iiyama"], "LEN": ["lenovo"],
        "MEI": ["panasonic"], "NEC": ["nec"], "PHL": ["philips"], "SAM": ["samsung"], "SNY": ["sony"],
        "SHP": ["sharp"], "TSB": ["toshiba"], "VSC": ["viewsonic"], "EPS": ["epson"], "OPT": ["optoma"],
        "HIS": ["hisense"], "TCL": ["tcl"], "MSI": ["msi"], "GBT": ["gigabyte"], "VIZ": ["vizio"],
    ]

    /// The output that carries this screen's sound, if exactly one does.
    public static func output(for screen: ScreenID, among outputs: [AudioOutput]) -> AudioOutput? {
        let matching = outputs.filter { output in
            guard output.availability != .unavailable, let name = output.monitorName else { return false }
            return names(name, match: screen)
        }
        if matching.count <= 1 { return matching.first }
        let wired = matching.filter { $0.connector == screen.connector }
        return wired.count == 1 ? wired[0] : nil
    }

    /// True when an ELD monitor name names this screen.
    public static func names(_ monitorName: String, match screen: ScreenID) -> Bool {
        let make = fold(screen.manufacturer)
        let prefixes = vendorNames(make: screen.manufacturer)
        let eld = fold(monitorName)
        let model = fold(screen.model)
        guard !eld.isEmpty, !model.isEmpty else { return false }
        if eld == model || eld == make + model { return true }
        let bareModel = stripping(prefixes, from: model)
        return !bareModel.isEmpty && stripping(prefixes, from: eld) == bareModel
    }

    /// The names the screen's maker may go by: its make as given, the company of its PNP code, a company whose name
    /// starts its make ("Dell Inc."); every known company when the make is unknown.
    static func vendorNames(make: String) -> [String] {
        let folded = fold(make)
        let all = vendors.values.flatMap { $0 }
        guard !folded.isEmpty else { return all }
        return [folded] + (vendors[make.uppercased()] ?? []) + all.filter { folded.hasPrefix($0) }
    }

    /// Lower case, letters and digits only: "LG  Ultra-Fine" becomes "lgultrafine".
    static func fold(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil }))
    }

    /// The name without the longest vendor name it starts with, when something is left.
    static func stripping(_ prefixes: [String], from name: String) -> String {
        let prefix = prefixes.filter { name.hasPrefix($0) && name.count > $0.count }.max { $0.count < $1.count }
        return prefix.map { String(name.dropFirst($0.count)) } ?? name
    }
}
