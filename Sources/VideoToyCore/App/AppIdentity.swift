/// Who VideoToy is to the desktop: one application ID and the facts the About window, the command line, MPRIS and
/// the sound server tell. `data/org.videotoy.VideoToy.metainfo.xml` states the same facts for app centres, and a test
/// keeps the two equal.
public enum AppIdentity {
    /// The reverse-DNS application ID: GApplication, the desktop entry's and the icons' file names, the metainfo id.
    public static let id = "org.videotoy.VideoToy"
    /// The name people see.
    public static let name = "VideoToy"
    /// The command, which stays short for typing.
    public static let command = "videotoy"
    /// The icon's name in the icon theme; its `-symbolic` variant is installed beside it.
    public static let iconName = id
    /// The release this build is.
    public static let version = "0.1.0"
    /// The project's web site.
    public static let homepage = "https://videotoy.org/"
    /// Where problems are reported.
    public static let issues = "https://videotoy.org/issues"
    /// Who makes it, as AppStream and the About window name them.
    public static let developer = "The VideoToy developers"
    /// The SPDX expression of the program's license (`LICENSE`).
    public static let license = "GPL-3.0-or-later"
    /// A one-line description, as app centres show it.
    public static let summary = "Browse videos and play them on any screen"
    /// The latest release's notes, AppStream's description markup (what the About window shows for `version`).
    public static let releaseNotes = """
        <p>The first release.</p>
        <ul>
          <li>Probes and posters run in sandboxed helpers: a file that crashes or hangs is named in its row</li>
          <li>The app never goes on the network for a local file</li>
          <li>More files from the wild play: fragmented MP4, DTS in MPEG-TS, SSA and ASS subtitles</li>
          <li>When a projector’s removal is not reported, the video comes home within a second</li>
        </ul>
        """
}
