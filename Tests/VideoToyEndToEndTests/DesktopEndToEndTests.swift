import Foundation
import Testing
import VideoToyAppTesting

extension EndToEnd {
    /// What a desktop does with VideoToy: launch it with file URIs, install and uninstall it.
    @Suite("Desktop integration")
    struct DesktopTests {
        @Test("file URIs as PATH arguments (a launcher's %U) open those files")
        func fileURIArguments() async throws {
            let display = try VirtualDisplay()
            defer { display.stop() }
            let clips = Fixture.clips
            let uris = [clips.snow, clips.short].map { URL(fileURLWithPath: $0).absoluteString }
            #expect(uris.allSatisfy { $0.hasPrefix("file:///") && $0.contains("%20") })
            let app = try AppProcess(arguments: uris, display: display)
            defer { app.terminate() }
            let library = try await app.waitFor("library")
            #expect(library["count"]?.int == 2)
            let probes = try await app.waitFor("probe") { $0.path == clips.short }
            #expect(probes["error"] == nil)
            #expect(!app.stderr.contains("file://"), "\(app.stderr)")
        }

        @Test(
            "scripts/install puts the binary, the desktop entry, the D-Bus service file, the icons and the metainfo under a prefix, valid; uninstall removes exactly them"
        )
        func installAndUninstall() throws {
            // The checks run everywhere: scripts/setup test installs the validators, and a machine without them fails.
            let validateEntry = try #require(which("desktop-file-validate"), "install desktop-file-utils (scripts/setup test)")
            let validateMetainfo = try #require(which("appstreamcli"), "install appstream (scripts/setup test)")
            let base = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-install-\(UUID())")
            defer { try? FileManager.default.removeItem(at: base) }
            let prefix = base.appendingPathComponent("pre fix")
            // Someone else's files under the prefix must survive.
            let otherApp = prefix.appendingPathComponent("share/applications/other.desktop")
            try FileManager.default.createDirectory(at: otherApp.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "[Desktop Entry]\nType=Application\nName=Other\nExec=other\n".write(to: otherApp, atomically: true, encoding: .utf8)
            let before = try tree(base)

            let scripts = PackagePaths.root.appendingPathComponent("scripts")
            try Command.check([
                scripts.appendingPathComponent("install").path, "--prefix", prefix.path,
                "--binary", AppProcess.defaultBinary.path,
            ])
            let id = "org.videotoy.VideoToy"
            let binary = prefix.appendingPathComponent("bin/videotoy").path
            #expect(FileManager.default.isExecutableFile(atPath: binary))
            let entryFile = prefix.appendingPathComponent("share/applications/\(id).desktop")
            let desktop = try String(contentsOf: entryFile, encoding: .utf8)
            let lines = Set(desktop.split(separator: "\n").map(String.init))
            // The installed binary by its path, quoted for the space: the entry works without the prefix on PATH.
            #expect(lines.contains("Exec=\"\(binary)\" %U"), "\(desktop)")
            #expect(lines.contains("TryExec=\(binary)"), "\(desktop)")
            #expect(lines.contains("DBusActivatable=true"), "\(desktop)")
            // D-Bus starts the installed binary by its path, in single quotes for the space, as a waiting service.
            let service = try String(
                contentsOf: prefix.appendingPathComponent("share/dbus-1/services/\(id).service"), encoding: .utf8)
            let serviceLines = service.split(separator: "\n").map(String.init)
            #expect(serviceLines == ["[D-BUS Service]", "Name=\(id)", "Exec='\(binary)' --gapplication-service"], "\(service)")
            #expect(lines.contains("Icon=\(id)"))
            #expect(lines.contains("Categories=AudioVideo;Video;Player;"))
            #expect(lines.contains { $0.hasPrefix("MimeType=") && $0.contains("video/mp4;") && $0.contains("video/webm;") })
            for icon in ["scalable/apps/\(id).svg", "symbolic/apps/\(id)-symbolic.svg"] {
                let svg = try String(
                    contentsOf: prefix.appendingPathComponent("share/icons/hicolor/\(icon)"), encoding: .utf8)
                #expect(svg.contains("<svg"), "\(icon)")
            }
            let entryCheck = try Command.run([validateEntry, entryFile.path])
            #expect(entryCheck.status == 0 && entryCheck.output.isEmpty, "\(entryCheck.output)\(entryCheck.stderr)")
            let metainfo = prefix.appendingPathComponent("share/metainfo/\(id).metainfo.xml")
            let metainfoCheck = try Command.run([validateMetainfo, "validate", "--no-net", "--no-color", metainfo.path])
            #expect(metainfoCheck.status == 0, "\(metainfoCheck.output)\(metainfoCheck.stderr)")
            // appstreamcli passes a file with warnings; none is wanted.
            let report = metainfoCheck.output + metainfoCheck.stderr
            #expect(!report.split(separator: "\n").contains { $0.hasPrefix("W:") || $0.hasPrefix("E:") }, "\(report)")
            // The installed binary runs.
            #expect(try Command.check([binary, "--version"]).output.hasPrefix("videotoy "))

            // Installing twice is harmless, and uninstall still restores the tree.
            try Command.check([
                scripts.appendingPathComponent("install").path, "--prefix", prefix.path,
                "--binary", AppProcess.defaultBinary.path,
            ])
            try Command.check([scripts.appendingPathComponent("uninstall").path, "--prefix", prefix.path])
            #expect(try tree(base) == before)
        }

        private func tree(_ root: URL) throws -> [String] {
            let enumerator = FileManager.default.enumerator(atPath: root.path)
            var paths: [String] = []
            while let path = enumerator?.nextObject() as? String { paths.append(path) }
            return paths.sorted()
        }

        private func which(_ tool: String) -> String? {
            (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
                .map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        }
    }
}
