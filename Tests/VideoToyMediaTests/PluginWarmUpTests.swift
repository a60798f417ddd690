import CGStreamer
import Testing

@testable import VideoToyMedia

/// Whether GStreamer has a plugin called `name` installed.
private func installed(_ name: String) -> Bool {
    GStreamer.initialize()
    guard let plugin = gst_registry_find_plugin(gst_registry_get(), name) else { return false }
    gst_object_unref(UnsafeMutableRawPointer(plugin))
    return true
}

/// Whether the plugin called `name` is loaded into this process.
private func loaded(_ name: String) -> Bool {
    guard let plugin = gst_registry_find_plugin(gst_registry_get(), name) else { return false }
    defer { gst_object_unref(UnsafeMutableRawPointer(plugin)) }
    return gst_plugin_is_loaded(plugin) != 0
}

@Suite("PluginWarmUp")
struct PluginWarmUpTests {
    @Test("the demuxer comes from the typefinders' extensions, whatever the case; a name without a known one has none")
    func demuxerFromExtension() {
        GStreamer.initialize()
        #expect(PluginWarmUp.demuxer(forPath: "/videos/clip.mp4") == "qtdemux")
        #expect(PluginWarmUp.demuxer(forPath: "/videos/Clip.MOV") == "qtdemux")
        #expect(PluginWarmUp.demuxer(forPath: "/videos/clip.mkv") == "matroskademux")
        #expect(PluginWarmUp.demuxer(forPath: "/videos/clip.webm") == "matroskademux")
        #expect(PluginWarmUp.demuxer(forPath: "/videos/clip") == nil)
        #expect(PluginWarmUp.demuxer(forPath: "/videos/clip.not-a-video") == nil)
    }

    @Test(
        "the plugins and the demuxer are loaded into the process; a name not installed is passed over",
        .enabled(if: installed("aiff") && installed("monoscope")))
    func loadsPluginsAndDemuxer() {
        // Plugins that nothing else in the tests loads: what is loaded afterwards, this loaded.
        #expect(!loaded("monoscope"))
        #expect(!loaded("aiff"))
        PluginWarmUp.load(plugins: ["not-a-plugin", "monoscope"], demuxer: PluginWarmUp.demuxer(forPath: "song.aiff"))
        #expect(loaded("monoscope"))
        #expect(loaded("aiff"))
    }
}
