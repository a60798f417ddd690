import Foundation
import Glibc
import Testing
import VideoToyAppTesting
import VideoToyMedia

extension EndToEnd {
    /// Listing and playing a library never opens a network connection, whatever its files hold.
    @Suite("No network from local files")
    struct LocalOnlyEndToEndTests {
        /// The app in a network namespace of its own, where only loopback exists and a TCP listener on
        /// 127.0.0.1:`port` records every connection it accepts.
        struct Namespace {
            let folder: URL
            let port = 18080
            /// A script that AppProcess runs as the app: `unshare --net` and the listener, then the real binary.
            var wrapper: URL { folder.appendingPathComponent("videotoy-in-namespace") }
            /// One line per connection accepted.
            var connections: URL { folder.appendingPathComponent("connections.log") }
            /// Written once the listener has accepted its own test connection.
            var ready: URL { folder.appendingPathComponent("listening") }

            init() throws {
                folder = FileManager.default.temporaryDirectory.appendingPathComponent("videotoy-netns-\(UUID().uuidString)")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                let listener = folder.appendingPathComponent("listen.py")
                try Self.listener.write(to: listener, atomically: true, encoding: .utf8)
                let script = """
                    #!/bin/sh
                    exec unshare --net -- python3 \(listener.path) \(port) \(connections.path) \(ready.path) \
                    \(AppProcess.defaultBinary.path) "$@"

                    """
                try script.write(to: wrapper, atomically: true, encoding: .utf8)
                guard chmod(wrapper.path, 0o755) == 0 else { throw HarnessError("cannot make \(wrapper.path) executable") }
            }

            /// The connections accepted so far.
            var accepted: [String] {
                ((try? String(contentsOf: connections, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
            }

            /// Brings loopback up (a new namespace has it down), listens, proves the listener answers, then forks:
            /// the child accepts and logs, the parent becomes the app (so the app keeps the pid AppProcess knows).
            static let listener = #"""
                import fcntl, os, socket, struct, sys
                port, log, ready, app = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
                probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
                flags = struct.unpack("16sH14x", fcntl.ioctl(probe, 0x8913, struct.pack("16sH14x", b"lo", 0)))[1]
                fcntl.ioctl(probe, 0x8914, struct.pack("16sH14x", b"lo", flags | 1))
                server = socket.socket()
                server.bind(("127.0.0.1", port))
                server.listen(64)
                check = socket.create_connection(("127.0.0.1", port), timeout=5)
                server.accept()[0].close()
                check.close()
                open(log, "w").close()
                with open(ready, "w") as f:
                    f.write("listening on 127.0.0.1:%d\n" % port)
                parent = os.getpid()
                if os.fork() == 0:
                    server.settimeout(0.5)
                    while os.getppid() == parent:
                        try:
                            conn, _ = server.accept()
                        except socket.timeout:
                            continue
                        conn.settimeout(1)
                        try:
                            first = conn.recv(200)
                        except OSError:
                            first = b""
                        with open(log, "a") as f:
                            f.write(repr(first[:80]) + "\n")
                        conn.close()
                    os._exit(0)
                server.close()
                os.execv(app, [app] + sys.argv[5:])
                """#
        }

        @Test(
            "a folder of playlists and manifests named as videos, listed and played: the listener they point at hears nothing"
        )
        func noConnection() async throws {
            let namespace = try Namespace()
            defer { try? FileManager.default.removeItem(at: namespace.folder) }
            let library = namespace.folder.appendingPathComponent("library")
            try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
            let address = "http://127.0.0.1:\(namespace.port)"
            let files: [String: String] = [
                "hls.mp4": "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:4\n"
                    + (0..<8).map { "#EXTINF:4.0,\n\(address)/segment\($0).ts\n" }.joined() + "#EXT-X-ENDLIST\n",
                "dash.mkv": """
                <?xml version="1.0"?>
                <MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT8S" minBufferTime="PT2S" \
                profiles="urn:mpeg:dash:profile:isoff-on-demand:2011"><BaseURL>\(address)/</BaseURL><Period><AdaptationSet \
                mimeType="video/mp4"><Representation id="1" bandwidth="100000" width="320" height="180"><BaseURL>v.mp4</BaseURL>\
                <SegmentBase indexRange="0-100"/></Representation></AdaptationSet></Period></MPD>

                """,
                "list.mp4": "#EXTM3U\n#EXTINF:8,Clip\n\(address)/clip.mp4\n",
            ]
            for (name, text) in files { try Data(text.utf8).write(to: library.appendingPathComponent(name)) }
            // A real video beside them: the app lists, probes, shows a poster for and plays it in the namespace.
            let video = library.appendingPathComponent("real.webm").path
            try FileManager.default.copyItem(atPath: Fixture.clips.short, toPath: video)
            let playlists = Set(files.keys.map { library.appendingPathComponent($0).path })

            let display = try VirtualDisplay()
            defer { display.stop() }
            let app = try AppProcess(arguments: [library.path], display: display, binary: namespace.wrapper)
            defer { app.terminate() }
            let probes = try await Reliability.probes(app, for: playlists.union([video]))
            // Played too: each handed over by a second launch, as a file manager's "Open" would (`--play` refuses a
            // file whose probe failed before any player exists). The real video last: once it shows a picture, the
            // namespace has left the app working, so silence from the network means something.
            for path in playlists.sorted() + [video] {
                let second = try AppProcess(arguments: [path], display: display)
                #expect(try await second.waitForExit(timeout: .seconds(15)) == 0, "the second launch hands \(path) over and exits")
            }
            _ = try await app.waitFor("first-frame", timeout: .seconds(20)) { $0.path == video }
            #expect(
                (try? String(contentsOf: namespace.ready, encoding: .utf8))?.hasPrefix("listening") == true,
                "the listener never answered in the namespace")
            #expect(namespace.accepted.isEmpty, "connections from a library of local files: \(namespace.accepted)")
            for path in playlists {
                #expect(probes[path]?.fields["error"]?.string == "playlist", "\(probes[path]?.line ?? path)")
            }
            #expect(probes[video]?.fields["error"] == nil, "\(probes[video]?.line ?? video)")
        }
    }
}
