import Foundation
import Testing
import VideoToyCore
import VideoToyFiles

@Suite("SettingsStore")
struct SettingsStoreTests {
    private func freshPath() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-settings-\(UUID())").path
        return folder + "/nested/settings.ini"
    }

    @Test("a chosen screen survives a round trip, creating the folder")
    func roundTrip() throws {
        let store = SettingsStore(path: try freshPath())
        #expect(store.preferredScreen().screen == nil)
        let screen = ScreenID(connector: "HDMI-1", manufacturer: "Dell", model: "U2412M")
        #expect(store.savePreferredScreen(screen) == nil)
        let loaded = SettingsStore(path: store.path).preferredScreen()
        #expect(loaded.screen == screen)
        #expect(loaded.problem == nil)
    }

    @Test("a corrupt file is reported, kept as .bak, and replaced with defaults")
    func corruptFileIsKept() throws {
        let path = try freshPath()
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "[screen\nconnector=HDMI-1\n\u{0}garbage".write(toFile: path, atomically: true, encoding: .utf8)
        let result = SettingsStore(path: path).preferredScreen()
        #expect(result.screen == nil)
        #expect(result.problem?.contains(".bak") == true)
        #expect(FileManager.default.fileExists(atPath: path + ".bak"))
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("saving keeps other groups in the file")
    func keepsOtherKeys() throws {
        let path = try freshPath()
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "# mine\n[window]\nwidth=900\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(SettingsStore(path: path).savePreferredScreen(ScreenID(connector: "DP-2")) == nil)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("width=900"))
        #expect(text.contains("connector=DP-2"))
    }
}
