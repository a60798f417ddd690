import VideoToyCore

extension RouterHarness {
    /// Checks the routing invariants that must hold after every event.
    mutating func checkInvariants() {
        for (item, position) in positions where position < lastPositions[item, default: 0] {
            fail("position of \(item) went back from \(lastPositions[item, default: 0]) to \(position) ms")
        }
        lastPositions = positions
        let networkIDs = Set(renderers.map(\.id))
        for id in scenes.keys where monitors.screen(id) == nil && !networkIDs.contains(id) {
            fail("a scene stays on vanished \(id)")
        }
        for (item, route) in views {
            if case .screen(let id) = route, monitors.screen(id) == nil, !networkIDs.contains(id) {
                fail("\(item) is on vanished \(id)")
            }
        }
        if scenes.count > 1 { fail("\(scenes.count) external scenes are open") }
        if playing.count > 1 { fail("\(playing.count) items play at once: \(playing.sorted())") }
        if let selected, !playing.contains(selected) { fail("selected \(selected) stopped playing") }
        guard isSettled, !router.isShutDown else { return }
        for (id, scene) in scenes {
            if case .video(let item) = scene.role, scene.hosted != item {
                fail("scene on \(id) should show \(item) but holds \(scene.hosted.map(\.description) ?? "nothing")")
            }
            if let hosted = scene.hosted, scene.role != .video(hosted) {
                fail("scene on \(id) holds \(hosted) while its role is \(scene.role)")
            }
        }
        for (item, route) in views where item != selected && route != .row(item) {
            fail("unselected \(item) is on \(route)")
        }
        // Outside the grace period, routing must match what is connected.
        guard clock.timers.isEmpty else { return }
        // A network screen takes the scene only when chosen or followed, and not after it gave up.
        let followed = renderers.filter { screen in
            !router.declined.contains(screen.id)
                && (router.chosenNetworkScreen == screen.id || router.networkScreens[screen.id.connector] == true
                    || screen.answers(to: router.pinnedConnector ?? ""))
        }
        let externals = Set(externalScreens.map(\.id) + followed.map(\.id))
        if externals.isEmpty == !scenes.isEmpty {
            fail("external screens \(externals.map(\.description).sorted()) but scenes on \(scenes.keys.map(\.description).sorted())")
        }
        if let selected {
            let onExternal = if case .screen(let id) = location(of: selected) { externals.contains(id) } else { false }
            if onExternal == externals.isEmpty { fail("selected \(selected) is on \(location(of: selected))") }
        }
    }

    /// Checks that shutdown left nothing behind: no scene, no timer, every view home, every mode as it was.
    mutating func checkFinalState() {
        if !scenes.isEmpty { fail("scenes left open on \(scenes.keys.map(\.description).sorted())") }
        if !clock.timers.isEmpty { fail("timers left running for \(clock.timers.keys.map(\.description).sorted())") }
        for (item, route) in views where route != .row(item) { fail("\(item) left on \(route)") }
        for screen in monitors.readyScreens where screen.currentMode != originalModes[screen.id] ?? nil {
            let original = (originalModes[screen.id] ?? nil).map(\.description) ?? "unknown"
            fail("\(screen.id) left at \(screen.currentMode.map(\.description) ?? "unknown"), was \(original)")
        }
    }
}
