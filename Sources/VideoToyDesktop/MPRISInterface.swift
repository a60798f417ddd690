import VideoToyCore

/// The names and introspection data of the two MPRIS interfaces VideoToy implements.
public enum MPRISInterface {
    /// The well-known bus name; a second instance adds `.instance<pid>`, as the spec asks.
    public static let busName = "org.mpris.MediaPlayer2.VideoToy"
    /// The one object path MPRIS uses.
    public static let objectPath = "/org/mpris/MediaPlayer2"
    /// The root interface.
    public static let root = "org.mpris.MediaPlayer2"
    /// The player interface.
    public static let player = "org.mpris.MediaPlayer2.Player"
    /// The name of the desktop file, without `.desktop`.
    public static let desktopEntry = AppIdentity.id
    /// The name clients show.
    public static let identity = "VideoToy"

    /// The MIME types VideoToy opens; the same list as `MimeType=` in `data/org.videotoy.VideoToy.desktop.in`.
    public static let supportedMimeTypes = [
        "video/mp4", "video/x-m4v", "video/quicktime", "video/x-matroska", "video/webm", "video/ogg",
        "video/x-ogm+ogg", "video/x-theora+ogg", "video/mpeg", "video/mp2t", "video/x-msvideo", "video/vnd.avi",
        "video/x-flv", "video/x-ms-wmv", "video/x-ms-asf", "video/3gpp", "video/3gpp2", "video/dv",
    ]

    /// Introspection XML for both interfaces; GDBus checks calls and property types against it.
    static let xml = """
        <node>
          <interface name="org.mpris.MediaPlayer2">
            <method name="Raise"/>
            <method name="Quit"/>
            <property name="CanQuit" type="b" access="read"/>
            <property name="CanRaise" type="b" access="read"/>
            <property name="HasTrackList" type="b" access="read"/>
            <property name="Identity" type="s" access="read"/>
            <property name="DesktopEntry" type="s" access="read"/>
            <property name="SupportedUriSchemes" type="as" access="read"/>
            <property name="SupportedMimeTypes" type="as" access="read"/>
            <property name="Fullscreen" type="b" access="readwrite"/>
            <property name="CanSetFullscreen" type="b" access="read"/>
          </interface>
          <interface name="org.mpris.MediaPlayer2.Player">
            <method name="Next"/>
            <method name="Previous"/>
            <method name="Pause"/>
            <method name="PlayPause"/>
            <method name="Stop"/>
            <method name="Play"/>
            <method name="Seek"><arg name="Offset" type="x" direction="in"/></method>
            <method name="SetPosition">
              <arg name="TrackId" type="o" direction="in"/>
              <arg name="Position" type="x" direction="in"/>
            </method>
            <method name="OpenUri"><arg name="Uri" type="s" direction="in"/></method>
            <signal name="Seeked"><arg name="Position" type="x"/></signal>
            <property name="PlaybackStatus" type="s" access="read"/>
            <property name="Rate" type="d" access="readwrite"/>
            <property name="LoopStatus" type="s" access="readwrite"/>
            <property name="Shuffle" type="b" access="readwrite"/>
            <property name="Metadata" type="a{sv}" access="read"/>
            <property name="Volume" type="d" access="readwrite"/>
            <property name="Position" type="x" access="read">
              <annotation name="org.freedesktop.DBus.Property.EmitsChangedSignal" value="false"/>
            </property>
            <property name="MinimumRate" type="d" access="read"/>
            <property name="MaximumRate" type="d" access="read"/>
            <property name="CanGoNext" type="b" access="read"/>
            <property name="CanGoPrevious" type="b" access="read"/>
            <property name="CanPlay" type="b" access="read"/>
            <property name="CanPause" type="b" access="read"/>
            <property name="CanSeek" type="b" access="read"/>
            <property name="CanControl" type="b" access="read">
              <annotation name="org.freedesktop.DBus.Property.EmitsChangedSignal" value="const"/>
            </property>
          </interface>
        </node>
        """
}
