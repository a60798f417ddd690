import CGLib
import Foundation
import VideoToyGObject

// A developer and test tool: finds UPnP renderers and casts a file to one, printing JSON lines (see ProbeOptions).

guard let options = ProbeOptions.parse(Array(CommandLine.arguments.dropFirst())) else {
    FileHandle.standardError.write(Data((ProbeOptions.usage + "\n").utf8))
    exit(2)
}

// Top-level code runs on the main thread, where the GLib main loop below runs too.
let status: Int32 = MainActor.assumeIsolated {
    guard let loop = g_main_loop_new(nil, 0) else { return 1 }
    defer { g_main_loop_unref(loop) }
    MainLoopBridge.install()
    var status: Int32 = 1
    let probe = Probe(options: options) { code in
        status = code
        g_main_loop_quit(loop)
    }
    probe.start()
    g_main_loop_run(loop)
    return status
}
exit(status)
