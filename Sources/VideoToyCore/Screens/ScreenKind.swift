/// What carries a screen: a monitor on a connector, or a media renderer reached over the network.
public enum ScreenKind: String, Hashable, Sendable {
    /// A monitor the desktop reports (HDMI, DisplayPort, a virtual output).
    case monitor
    /// A UPnP/DLNA media renderer: the video is cast to it, and it plays the sound too.
    case network
}
