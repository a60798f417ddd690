import VideoToyCore

extension Capabilities {
    /// The report `videotoy --check` prints, with every monitor and its modes, in the user's language (`.user`) or
    /// English (`.english`).
    public func text(screens: [Screen], in catalogue: Catalogue = .user) -> String {
        // TRANSLATORS: the title of the report "videotoy --check" prints; %s is VideoToy's version.
        var lines = [catalogue.tr("VideoToy %s capability check", CommandLineParser.version), ""]
        // TRANSLATORS: %s is the windowing session: "x11", "wayland" or another backend's name.
        lines.append(catalogue.tr("Session: %s", session))
        // TRANSLATORS: %s is the Wayland compositor, such as "GNOME (mutter)" or "sway".
        if let compositor { lines.append(catalogue.tr("Compositor: %s", compositor)) }
        switch modeSetting {
        case .success(let api):
            // TRANSLATORS: %s is the API VideoToy sets display modes through, such as "RandR".
            lines.append(catalogue.tr("Display modes: can be set (%s)", api))
        case .failure(let reason):
            // TRANSLATORS: %s says why, such as "the X server has no RandR 1.2".
            lines.append(catalogue.tr("Display modes: cannot be set (%s)", reason.text(in: catalogue)))
        }
        if let drawingPath { lines.append(Self.drawingLine(drawingPath, in: catalogue)) }
        // TRANSLATORS: %s is GStreamer's audio sink, such as "pulsesink".
        let audio = audioOutput.map { catalogue.tr("Audio output: %s", $0) }
        lines.append(audio ?? catalogue.tr("Audio output: none (videos play silently)"))
        lines += soundOutputLines(in: catalogue)
        lines.append(catalogue.tr("Decoders:"))
        for entry in decoders {
            // TRANSLATORS: %1$s is a codec, such as "H.264"; %2$s the GStreamer element that decodes it.
            let found = entry.element.map { catalogue.trp("decoder", "  %1$s: %2$s", entry.codec, $0) }
            // TRANSLATORS: %1$s is a codec, such as "AV1"; %2$s the Debian package that has a decoder for it.
            lines.append(found ?? catalogue.tr("  %1$s: missing (install %2$s)", entry.codec, entry.package))
        }
        lines += networkScreenLines(in: catalogue)
        lines += remoteLines(in: catalogue)
        lines.append(catalogue.tr("Monitors:"))
        // TRANSLATORS: under "Monitors:" when the display reports none.
        if screens.isEmpty { lines.append(catalogue.tr("  none reported")) }
        for screen in screens {
            // TRANSLATORS: after a monitor's name and place; %s is the display mode in use, such as "1920x1080@60.000".
            let current = screen.currentMode.map { catalogue.tr(" current %s", $0.description) } ?? ""
            lines.append("  \(screen.id) \(screen.geometry)\(current)")
            for mode in screen.modes.reversed() { lines.append("    \(mode)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// How windows are drawn, and why.
    private static func drawingLine(_ path: DrawingPath, in catalogue: Catalogue) -> String {
        // The driver's and GDK's words are one line whatever they hold.
        let driver = TerminalText.escaped(path.glRenderer ?? "")
        switch path.reason {
        case .user:
            // TRANSLATORS: in the "videotoy --check" report; %s is GTK's renderer as the GSK_RENDERER variable names it.
            return catalogue.tr("Drawing: %s (set by GSK_RENDERER)", TerminalText.escaped(path.renderer))
        case .option:
            // TRANSLATORS: in the "videotoy --check" report; %s is "gl" or "cairo", as --renderer gave it.
            return catalogue.tr("Drawing: %s (set by --renderer)", path.renderer)
        case .softwareGL:
            // TRANSLATORS: in the "videotoy --check" report; %s is the GL driver's name, such as "llvmpipe (LLVM 15.0.6, 256 bits)".
            return catalogue.tr("Drawing: cairo (GL is drawn in software by %s, which costs more)", driver)
        case .noGL:
            // TRANSLATORS: in the "videotoy --check" report; %s is GTK's reason, such as "GL support disabled via GDK_DEBUG".
            return catalogue.tr("Drawing: cairo (no GL: %s)", TerminalText.escaped(path.glProblem ?? ""))
        case .hardwareGL:
            // TRANSLATORS: in the "videotoy --check" report; %s is the GPU's GL driver, such as "Mesa Intel(R) UHD Graphics 620".
            return catalogue.tr("Drawing: gl (%s)", driver)
        }
    }

    /// The TVs found on the network, and what listens for them.
    private func networkScreenLines(in catalogue: Catalogue) -> [String] {
        guard let networkScreens else {
            // TRANSLATORS: in the "videotoy --check" report; network screens are TVs reached over the network.
            return [catalogue.tr("Network screens: off (nothing is looked for, nothing listens)")]
        }
        // TRANSLATORS: in the "videotoy --check" report: a TV receives a video only over a port opened while it plays there.
        var lines = [catalogue.tr("Network screens: nothing listens until a video plays on one, then one port for it alone")]
        // TRANSLATORS: under "Network screens:" when no TV answered the search.
        if networkScreens.isEmpty { lines.append(catalogue.trp("network screens", "  none found")) }
        for renderer in networkScreens {
            // A device names itself: its words are one line whatever they hold.
            let made = [renderer.manufacturer, renderer.model].filter { !$0.isEmpty }.joined(separator: " ")
            var line = "  \(TerminalText.escaped(renderer.friendlyName)) (\(TerminalText.escaped(renderer.id)))"
            if !made.isEmpty { line += " — \(TerminalText.escaped(made))" }
            lines.append(line)
        }
        return lines
    }

    /// Whether the phone remote listens, and at which addresses.
    private func remoteLines(in catalogue: Catalogue) -> [String] {
        // TRANSLATORS: in the "videotoy --check" report; the phone remote is a web page that drives VideoToy.
        guard let remoteAddresses else { return [catalogue.tr("Phone remote: off (nothing listens)")] }
        // TRANSLATORS: in the "videotoy --check" report, followed by the addresses a phone opens, one a line.
        var lines = [catalogue.tr("Phone remote: listens while the app runs, paired by its code, at")]
        // TRANSLATORS: under "Phone remote:" when the machine has no network address a phone could reach.
        if remoteAddresses.isEmpty { lines.append(catalogue.trp("phone remote", "  no network address")) }
        lines += remoteAddresses.map { "  \($0)" }
        return lines
    }

    /// The sound server's outputs, each HDMI or DisplayPort one with the monitor it reports (the name the sound
    /// follows a screen by).
    private func soundOutputLines(in catalogue: Catalogue) -> [String] {
        guard let soundOutputs else {
            return [catalogue.tr("Sound server outputs: no sound server (the sound cannot follow the screen)")]
        }
        var lines = [catalogue.tr("Sound server outputs:")]
        // TRANSLATORS: under "Sound server outputs:" when the server has none.
        if soundOutputs.isEmpty { lines.append(catalogue.trp("sound outputs", "  none")) }
        for output in soundOutputs {
            // The sound server's strings, and the monitor's name from its EDID, are one line each whatever they hold.
            var line = "  \(TerminalText.escaped(output.name)): \(TerminalText.escaped(output.description))"
            // TRANSLATORS: after a sound output; %s is the name the monitor on that HDMI output reports.
            if let monitor = output.monitorName { line += catalogue.tr(" — monitor \"%s\"", TerminalText.escaped(monitor)) }
            // TRANSLATORS: after a sound output whose plug has nothing in it.
            if output.availability == .unavailable { line += catalogue.tr(" (unplugged)") }
            // TRANSLATORS: after a sound output; %s is the sound card profile it needs, such as "output:hdmi-stereo".
            if let profile = output.profile { line += catalogue.tr(" (needs card profile %s)", profile.profile) }
            lines.append(line)
        }
        return lines
    }
}
