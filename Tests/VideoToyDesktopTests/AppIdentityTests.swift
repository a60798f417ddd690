import Foundation
import Testing
import VideoToyAppTesting
import VideoToyCore
import VideoToyDesktop

/// One application ID everywhere, and the facts the About window and `--version` tell equal to the metainfo's.
@Suite("App identity")
struct AppIdentityTests {
    private let data = PackagePaths.root.appendingPathComponent("data")

    /// The `Key=value` lines of the desktop entry named after the application ID (its template, whose translations
    /// scripts/install adds).
    private func desktopEntry() throws -> [String: String] {
        let text = try String(contentsOf: data.appendingPathComponent("\(AppIdentity.id).desktop.in"), encoding: .utf8)
        return text.split(separator: "\n").reduce(into: [:]) { table, line in
            guard let equals = line.firstIndex(of: "="), !line.hasPrefix("#") else { return }
            table[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
    }

    private func metainfo() throws -> MetainfoDocument {
        try #require(MetainfoDocument.read(data.appendingPathComponent("\(AppIdentity.id).metainfo.xml")))
    }

    @Test("the desktop entry, the icons, the metainfo and MPRIS all use the application ID")
    func oneID() throws {
        #expect(AppIdentity.id == "org.videotoy.VideoToy")
        let entry = try desktopEntry()
        #expect(entry["Icon"] == AppIdentity.iconName)
        #expect(AppIdentity.iconName == AppIdentity.id)
        #expect(entry["Exec"] == "\(AppIdentity.command) %U")
        #expect(entry["TryExec"] == AppIdentity.command)
        #expect(entry["Name"] == AppIdentity.name)
        for icon in ["\(AppIdentity.iconName).svg", "\(AppIdentity.iconName)-symbolic.svg"] {
            let svg = try String(contentsOf: data.appendingPathComponent(icon), encoding: .utf8)
            #expect(svg.contains("<svg"), "\(icon)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: data.path).sorted()
        #expect(names.allSatisfy { $0.hasPrefix(AppIdentity.id) }, "\(names)")

        let info = try metainfo()
        #expect(info.values["component/id"] == AppIdentity.id)
        #expect(info.values["component/launchable[type=desktop-id]"] == "\(AppIdentity.id).desktop")
        #expect(info.values["component/provides/binary"] == AppIdentity.command)
        #expect(MPRISInterface.desktopEntry == AppIdentity.id)
    }

    @Test("the version, web pages, license, developer and release notes are the metainfo's")
    func sharedFacts() throws {
        let info = try metainfo()
        #expect(info.values["component/name"] == AppIdentity.name)
        #expect(info.values["component/summary"] == AppIdentity.summary)
        #expect(info.values["release.version"] == AppIdentity.version)
        #expect(info.values["component/url[type=homepage]"] == AppIdentity.homepage)
        #expect(info.values["component/url[type=bugtracker]"] == AppIdentity.issues)
        #expect(info.values["component/project_license"] == AppIdentity.license)
        #expect(info.values["component/developer/name"] == AppIdentity.developer)
        #expect(info.values["component/developer_name"] == AppIdentity.developer)
        #expect(info.values["developer.id"] == "org.videotoy")
        let squeezed: (String) -> String = { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        #expect(!info.releaseNotes.isEmpty)
        #expect(squeezed(info.releaseNotes) == squeezed(AppIdentity.releaseNotes))
        #expect(CommandLineParser.version == AppIdentity.version)
        let license = try String(contentsOf: PackagePaths.root.appendingPathComponent("LICENSE"), encoding: .utf8)
        #expect(license.contains("GNU GENERAL PUBLIC LICENSE") && license.contains("Version 3"))
    }

    @Test("the desktop entry, the metainfo and MPRIS offer the same video types")
    func sameTypes() throws {
        let types = try #require(try desktopEntry()["MimeType"]).split(separator: ";").map(String.init)
        #expect(!types.isEmpty)
        #expect(types == MPRISInterface.supportedMimeTypes)
        #expect(try metainfo().mediaTypes == types)
    }

    @Test("the desktop entry is D-Bus activatable, and the service file names the application ID and service mode")
    func dbusActivation() throws {
        #expect(try desktopEntry()["DBusActivatable"] == "true")
        let text = try String(contentsOf: data.appendingPathComponent("\(AppIdentity.id).service"), encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "[D-BUS Service]")
        #expect(lines.contains("Name=\(AppIdentity.id)"))
        #expect(lines.contains("Exec=\(AppIdentity.command) --gapplication-service"), "scripts/install rewrites this line")
    }
}
