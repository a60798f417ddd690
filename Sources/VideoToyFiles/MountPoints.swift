import CGLib
import VideoToyCore

/// The mount points in the kernel's table, read from /proc: no file system is asked, so a dead share cannot block.
enum MountPoints {
    /// Every mount point, as the kernel names it.
    static func current() -> Set<String> {
        var points: Set<String> = []
        var list = g_unix_mounts_get(nil)
        let head = list
        while let node = list {
            if let entry = node.pointee.data {
                let mount = OpaquePointer(entry)
                if let path = g_unix_mount_get_mount_path(mount) { points.insert(PathBytes.decode(cString: path)) }
                g_unix_mount_free(mount)
            }
            list = node.pointee.next
        }
        g_list_free(head)
        return points
    }
}
