import Foundation
import Testing

@testable import VideoToyGtk

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The main window's GtkBuilder description, read without a display: GTK aborts on a malformed one at start-up, and
/// the end-to-end tests find a missing name only minutes later.
@Suite("Main window layout")
@MainActor
struct MainLayoutTests {
    /// The ids `MainLayout.build` fetches, and the names screen readers say for the controls it declares.
    @Test("the description is well-formed XML with every id the window fetches, and every accessible name is among its texts")
    func describesTheWindow() throws {
        let reader = LayoutReader()
        let parser = XMLParser(data: Data(MainLayout.xml.utf8))
        parser.delegate = reader
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
        let fetched = [
            "content", "header-bar", "title", "main-menu-button", "screens-button", "sort-button", "search-toggle",
            "search-bar", "search-entry", "toasts", "stack", "scroller", "empty-page",
        ]
        #expect(Set(fetched).subtracting(reader.ids).isEmpty, "missing: \(Set(fetched).subtracting(reader.ids))")
        #expect(reader.ids.count == Set(reader.ids).count, "an id is used twice: \(reader.ids)")
        let names = ["Open Folder", "Main Menu", "External screen", "Search", "Sort", "Search videos", "Open Folder"]
        let texts = MainLayout.texts()
        #expect(texts.filter { $0.kind == .accessibleName }.map(\.text).sorted() == names.sorted())
        let unknown = Set(texts.map(\.id)).subtracting(reader.ids)
        #expect(unknown.isEmpty, "texts for widgets the description lacks: \(unknown)")
        #expect(reader.accessibleNames.isEmpty, "words belong in MainLayout.texts, where they are marked for translation")
        #expect(reader.pages == ["list", "empty", "no-results"])
    }
}

/// Collects the ids, the accessible labels and the stack's page names of a GtkBuilder description.
private final class LayoutReader: NSObject, XMLParserDelegate {
    var ids: [String] = []
    var accessibleNames: [String] = []
    var pages: [String] = []
    private var inAccessibility = false
    private var property: String?
    private var text = ""

    func parser(
        _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if element == "object", let id = attributes["id"] { ids.append(id) }
        if element == "accessibility" { inAccessibility = true }
        if element == "property" {
            property = attributes["name"]
            text = ""
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        if element == "accessibility" { inAccessibility = false }
        guard element == "property", let name = property else { return }
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if inAccessibility && name == "label" { accessibleNames.append(value) }
        // A stack page's name is its only text-only "name" property in this description.
        if !inAccessibility && name == "name" && !value.isEmpty { pages.append(value) }
        property = nil
    }
}
