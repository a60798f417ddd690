import Testing
import VideoToyCore

/// Which library folders a mount or unmount concerns.
struct MountChangesTests {
    /// roots, mount points before, after, expected folders to rescan.
    static let cases: [([String], Set<String>, Set<String>, [String])] = [
        // Nothing changed.
        (["/home/u/Videos"], ["/", "/home"], ["/", "/home"], []),
        // A test's FUSE share elsewhere.
        (["/home/u/Videos"], ["/", "/home"], ["/", "/home", "/tmp/share-1"], []),
        (["/home/u/Videos"], ["/", "/home", "/tmp/share-1"], ["/", "/home"], []),
        // A drive mounted on the library folder itself, and unmounted.
        (["/media/usb"], ["/"], ["/", "/media/usb"], ["/media/usb"]),
        (["/media/usb"], ["/", "/media/usb"], ["/"], ["/media/usb"]),
        // A share mounted above the library folder.
        (["/mnt/share/videos"], ["/"], ["/", "/mnt/share"], ["/mnt/share/videos"]),
        // A drive mounted inside the library.
        (["/home/u/Videos"], ["/", "/home"], ["/", "/home", "/home/u/Videos/usb"], ["/home/u/Videos"]),
        // A name that only starts like the folder is not inside it.
        (["/media/usb"], ["/"], ["/", "/media/usb2"], []),
        // Several folders: only the concerned one.
        (["/a", "/b/c"], ["/"], ["/", "/b"], ["/b/c"]),
        // The root file system itself.
        (["/a"], [], ["/"], ["/a"]),
    ]

    @Test("only folders at, below or above a changed mount point are rescanned", arguments: cases.indices)
    func touched(index: Int) {
        let (roots, before, after, expected) = Self.cases[index]
        #expect(MountChanges.touched(roots: roots, before: before, after: after) == expected, "case \(index)")
    }
}
