import VideoToyCore

extension SubtitleNote {
    /// The line under a subtitle track in the menu, also printed on the terminal, in the user's language (`.user`) or
    /// English (`.english`).
    public func text(in catalogue: Catalogue = .user) -> String {
        switch self {
        case .file(let name, let problem): return problem.text(file: name, in: catalogue)
        case .track(let end, let cueCount): return end.text(cueCount: cueCount, in: catalogue)
        }
    }
}

extension SubtitleProblem {
    /// The sentence saying what is wrong with the subtitle file named `file`.
    public func text(file: String, in catalogue: Catalogue = .user) -> String {
        switch self {
        // TRANSLATORS: %s is a subtitle file's name, such as "film.en.srt"; so in all the notes on subtitle files.
        case .empty: return catalogue.tr("%s is empty", file)
        // TRANSLATORS: the file holds binary data, such as a picture or a video renamed.
        case .notText: return catalogue.tr("%s is not a text file", file)
        case .noSubtitles: return catalogue.tr("%s has no subtitles in it", file)
        case .notA(.subRip): return catalogue.tr("%s is not a SubRip file", file)
        case .notA(.webVTT): return catalogue.tr("%s is not a WebVTT file", file)
        case .notA(.ass): return catalogue.tr("%s is not an ASS file", file)
        case .notA(.ssa): return catalogue.tr("%s is not an SSA file", file)
        case .damaged(let line, let before, let after): return Self.damaged(file, line, before, after, in: catalogue)
        case .tooLarge: return catalogue.tr("%s is too large for a subtitle file", file)
        case .unreadable: return catalogue.tr("%s could not be read", file)
        case .tooSlow(let seconds):
            return catalogue.trn(
                // TRANSLATORS: "s" is seconds; reading the file was given up after them.
                "%1$s is too slow to read (more than %2$d s)", "%1$s is too slow to read (more than %2$d s)", seconds, file, seconds)
        case .notReached:
            return catalogue.tr("%s was not read: reading the subtitle files before it took too long", file)
        }
    }

    /// The note on a file damaged from `line` on, saying which of its cues are shown: those before the damage,
    /// those after it, or both.
    private static func damaged(_ file: String, _ line: Int, _ before: Int, _ after: Int, in catalogue: Catalogue) -> String {
        switch (before, after) {
        case (0, 0):
            // TRANSLATORS: %1$s is a subtitle file's name, %2$d the line where the damage begins.
            return catalogue.tr("%1$s is damaged at line %2$d: no cue could be read", file, line)
        case (_, 0):
            return catalogue.trn(
                // TRANSLATORS: %1$s is a subtitle file's name, %2$d the line where the damage begins, %3$d how many cues
                // ahead of it are shown (a cue is one subtitle shown for a while).
                "%1$s is damaged at line %2$d: the cue before it is shown",
                "%1$s is damaged at line %2$d: the %3$d cues before it are shown", before, file, line, before)
        case (0, _):
            return catalogue.trn(
                // TRANSLATORS: %1$s is a subtitle file's name, %2$d the line where the damage begins, %3$d how many cues
                // behind it are shown.
                "%1$s is damaged at line %2$d: the cue after it is shown",
                "%1$s is damaged at line %2$d: the %3$d cues after it are shown", after, file, line, after)
        default:
            return catalogue.tr(
                // TRANSLATORS: %1$s is a subtitle file's name, %2$d the line where the damage begins; %3$s and %4$s are
                // "the cue" or "the 12 cues", ahead of the damage and behind it.
                "%1$s is damaged at line %2$d: %3$s before it and %4$s after it are shown", file, line, cues(before, in: catalogue),
                cues(after, in: catalogue))
        }
    }

    /// "the cue" or "the 12 cues", for the note on a file damaged in the middle.
    private static func cues(_ count: Int, in catalogue: Catalogue) -> String {
        // TRANSLATORS: fills "%3$s before it and %4$s after it are shown" in the note on a damaged subtitle file.
        catalogue.trn("the cue", "the %d cues", count, count)
    }
}

extension CueReadEnd {
    /// The note on a track of the video's own of which `cueCount` cues were read.
    public func text(cueCount: Int, in catalogue: Catalogue = .user) -> String {
        switch self {
        case .complete:
            return catalogue.tr("This track has no subtitles in it")
        case .damaged(let ms):
            guard cueCount > 0 else { return catalogue.tr("The file is damaged: no cue of this track could be read") }
            return catalogue.trn(
                // TRANSLATORS: %s is the time in the video where the last cue read starts, such as "1:05"; %d how many
                // cues are shown.
                "The file is damaged after %s: the cue before it is shown", "The file is damaged after %s: the %d cues before it are shown",
                cueCount, Self.clock(ms), cueCount)
        case .tooLarge(let ms):
            let limit = EmbeddedWebVTT.largestText >> 20
            return catalogue.trn(
                // TRANSLATORS: %d is a size in mebibytes (MiB); %s the time in the video up to which cues are shown.
                "This track holds more than %d MiB of text: the cues up to %s are shown",
                "This track holds more than %d MiB of text: the cues up to %s are shown", limit, limit, Self.clock(ms))
        case .tookTooLong(let ms):
            guard cueCount > 0 else { return catalogue.tr("Reading this track took too long: no cue could be read") }
            // TRANSLATORS: %s is the time in the video up to which cues are shown, such as "1:05".
            return catalogue.tr("Reading this track took too long: the cues up to %s are shown", Self.clock(ms))
        }
    }

    private static func clock(_ ms: Int?) -> String { TimeFormat.clock(milliseconds: ms ?? 0) }
}
