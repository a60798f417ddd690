import Foundation
import FoundationXML

/// The parts of an AppStream metainfo file the identity tests compare: each element's text by its path from the root
/// (`component/url[type=homepage]`), the first one of each, the media types, and the first release's version, date and
/// description markup.
final class MetainfoDocument: NSObject, XMLParserDelegate {
    private(set) var values: [String: String] = [:]
    private(set) var mediaTypes: [String] = []
    private(set) var releaseNotes = ""
    private var path: [String] = []
    private var text = ""
    private var inNotes = false
    private var releases = 0

    /// Reads `url`; nil when the file is missing or is not well-formed XML.
    static func read(_ url: URL) -> MetainfoDocument? {
        guard let parser = XMLParser(contentsOf: url) else { return nil }
        let document = MetainfoDocument()
        parser.delegate = document
        return parser.parse() ? document : nil
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if inNotes {
            releaseNotes += "<\(name)>"
            return
        }
        // A `type` tells apart the urls, launchables and screenshots (the root's is checked by appstreamcli).
        var step = name
        if let type = attributes["type"], !path.isEmpty { step += "[type=\(type)]" }
        path.append(step)
        text = ""
        if name == "release" {
            releases += 1
            if releases == 1 { values["release.version"] = attributes["version"] ?? "" }
            if releases == 1 { values["release.date"] = attributes["date"] ?? "" }
        }
        if name == "description" && releases == 1 && path.contains("release") { inNotes = true }
        if name == "developer", let id = attributes["id"] { values["developer.id"] = id }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inNotes { releaseNotes += string } else { text += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if inNotes && name != "description" {
            releaseNotes += "</\(name)>"
            return
        }
        inNotes = false
        let key = path.joined(separator: "/")
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if name == "mediatype" { mediaTypes.append(value) }
        if values[key] == nil { values[key] = value }
        path.removeLast()
        text = ""
    }
}
