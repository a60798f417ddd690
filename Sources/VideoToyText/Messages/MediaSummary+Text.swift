import VideoToyCore

extension MediaSummary {
    /// The line under a row's name: duration, resolution ("i" when interlaced), codec, bit depth beyond 8, HDR, a
    /// container worth naming, the soundtracks and subtitles to choose from, and what is wrong with the file; in the
    /// user's language (`.user`) or English (`.english`).
    public func text(in catalogue: Catalogue = .user) -> String {
        var parts: [String] = []
        if let durationMs = info.durationMs { parts.append(TimeFormat.clock(milliseconds: durationMs)) }
        if let size = info.displaySize { parts.append("\(size.width)×\(size.height)" + (info.interlaced ? "i" : "")) }
        if let videoCodec = info.videoCodec { parts.append(videoCodec) }
        if info.hasVideo {
            // 8 bits is what everyone has; more is what makes a file heavy to decode and worth telling apart.
            // TRANSLATORS: a video's bits per colour sample, such as "10-bit".
            if let bitDepth = info.bitDepth, bitDepth > 8 { parts.append(catalogue.tr("%d-bit", bitDepth)) }
            if let transfer = info.transfer { parts.append(transfer.label) }
        } else if let audioCodec = info.audioCodec {
            // TRANSLATORS: a file with sound and no picture; %s is its audio codec, such as "Opus".
            parts.append(catalogue.tr("audio only (%s)", audioCodec))
        } else {
            // TRANSLATORS: a file with sound and no picture.
            parts.append(catalogue.tr("audio only"))
        }
        if let label = info.container?.label(videoCodec: info.videoCodec) { parts.append(label) }
        parts += tracks(in: catalogue)
        if !info.missingDecoders.isEmpty {
            // TRANSLATORS: %s is one or more codecs no installed decoder handles, separated by commas.
            parts.append(catalogue.tr("no decoder for %s", info.missingDecoders.joined(separator: ", ")))
        }
        // No decoder is missing for these: no package would make the app draw pictures, so the row says so plainly.
        if !info.unshownSubtitles.isEmpty {
            // TRANSLATORS: %s is picture subtitle formats, such as "DVD subtitles, PGS subtitles", which the app does not draw.
            parts.append(catalogue.tr("%s not shown", info.unshownSubtitles.joined(separator: ", ")))
        }
        // TRANSLATORS: %s says how a file that still plays in part is damaged, such as "cut short at 62 % of its media data".
        if let damage = info.damage { parts.append(catalogue.tr("damaged: %s", damage)) }
        return parts.joined(separator: " · ")
    }

    /// The soundtracks and subtitles to choose from ("2 audio (en, fr)", "subtitles en, fr"): none when there is one
    /// soundtrack or none and no subtitles. A language both embedded and beside the file is named once, where it
    /// comes first; unknown languages are counted but not named.
    private func tracks(in catalogue: Catalogue) -> [String] {
        let audio = info.audioLanguages
        let subtitles = info.subtitleLanguages + sidecars
        var parts: [String] = []
        if audio.count > 1 {
            let known = MediaSummary.codes(audio)
            if known.isEmpty {
                // TRANSLATORS: %d is how many soundtracks a file has (always 2 or more).
                parts.append(catalogue.trn("%d audio", "%d audio", audio.count, audio.count))
            } else {
                // TRANSLATORS: %d is how many soundtracks a file has (2 or more), %s their languages' codes ("en, fr").
                parts.append(catalogue.trn("%d audio (%s)", "%d audio (%s)", audio.count, audio.count, known))
            }
        }
        if !subtitles.isEmpty {
            let known = MediaSummary.codes(subtitles)
            if known.isEmpty {
                // TRANSLATORS: the file has subtitles, in no language it names.
                parts.append(catalogue.trp("row summary", "subtitles"))
            } else {
                // TRANSLATORS: %s is the subtitles' languages' codes, such as "en, fr".
                parts.append(catalogue.trp("row summary", "subtitles %s", known))
            }
        }
        return parts
    }

    /// The known languages, each once, in stream order, by their short codes.
    private static func codes(_ languages: [Language?]) -> String {
        var seen: [Language] = []
        for case let language? in languages where !seen.contains(language) { seen.append(language) }
        return seen.map(\.shortCode).joined(separator: ", ")
    }
}
