/// How GTK draws the windows on this machine, and why: chosen once at start-up, before any window is realized.
///
/// GTK's GL renderer is the cheap path where a GPU driver draws; where GL is Mesa's software rasterizer (llvmpipe on
/// a virtual machine or a box without a GPU driver) cairo costs far less CPU for the same picture.
public struct DrawingPath: Sendable, Equatable {
    /// What `--renderer` asks for.
    public enum Request: String, Sendable, CaseIterable {
        /// Cairo where GL is drawn in software or cannot be made, GL elsewhere (the default).
        case auto
        /// GTK's GL renderer whatever draws it.
        case gl
        /// Cairo, drawn by the CPU.
        case cairo
    }

    /// Why the path was chosen; the `reason` field of the `renderer` event.
    public enum Reason: String, Sendable, CaseIterable {
        /// The user's own `GSK_RENDERER`.
        case user
        /// `--renderer=gl` or `--renderer=cairo`.
        case option
        /// GL is a software rasterizer.
        case softwareGL = "software-gl"
        /// No GL context could be made.
        case noGL = "no-gl"
        /// GL is drawn by a GPU.
        case hardwareGL = "hardware-gl"
    }

    /// What a GL context on the display said: its `GL_RENDERER` string, or why none could be made.
    public enum Probe: Sendable, Equatable {
        /// The context's `GL_RENDERER`, such as "llvmpipe (LLVM 15.0.6, 256 bits)".
        case renderer(String)
        /// No context: GDK's words for why.
        case unavailable(String)
    }

    /// The renderer GTK is to use: "gl", "cairo", or the user's own `GSK_RENDERER` value as they spelled it.
    public let renderer: String
    /// Why.
    public let reason: Reason
    /// The GL renderer string when GL was probed, or nil.
    public let glRenderer: String?
    /// Why no GL context could be made, when none could.
    public let glProblem: String?

    /// The value to put in `GSK_RENDERER`, or nil to leave the environment as it is (the user's value, or GTK's
    /// default GL renderer where a GPU draws).
    public var environmentValue: String? {
        switch reason {
        case .user, .hardwareGL: nil
        case .option, .softwareGL, .noGL: renderer
        }
    }

    /// Creates a decision; `choose` is the usual way.
    public init(renderer: String, reason: Reason, glRenderer: String? = nil, glProblem: String? = nil) {
        self.renderer = renderer
        self.reason = reason
        self.glRenderer = glRenderer
        self.glProblem = glProblem
    }

    /// Words in a `GL_RENDERER` string that name a rasterizer running on the CPU (compared ignoring case).
    public static let softwareRendererNames = ["llvmpipe", "softpipe", "swrast", "software rasterizer", "swiftshader", "lavapipe"]

    /// Whether `glRenderer` names a software rasterizer.
    public static func isSoftware(_ glRenderer: String) -> Bool {
        let lowered = glRenderer.lowercased()
        return softwareRendererNames.contains { lowered.contains($0) }
    }

    /// Whether `choose` will call its probe: only `auto` with no `GSK_RENDERER` of the user's looks at GL.
    public static func needsProbe(userVariable: String?, request: Request) -> Bool {
        (userVariable ?? "").isEmpty && request == .auto
    }

    /// The path for this run: the user's `GSK_RENDERER` wins, then `--renderer`, then what `probe` says about GL.
    /// `probe` is called only when the choice depends on it (it makes a GL context, which takes time).
    public static func choose(userVariable: String?, request: Request, probe: () -> Probe) -> DrawingPath {
        if let user = userVariable, !user.isEmpty { return DrawingPath(renderer: user, reason: .user) }
        switch request {
        case .gl: return DrawingPath(renderer: "gl", reason: .option)
        case .cairo: return DrawingPath(renderer: "cairo", reason: .option)
        case .auto: break
        }
        switch probe() {
        case .unavailable(let why): return DrawingPath(renderer: "cairo", reason: .noGL, glProblem: why)
        case .renderer(let name):
            return isSoftware(name)
                ? DrawingPath(renderer: "cairo", reason: .softwareGL, glRenderer: name)
                : DrawingPath(renderer: "gl", reason: .hardwareGL, glRenderer: name)
        }
    }
}
