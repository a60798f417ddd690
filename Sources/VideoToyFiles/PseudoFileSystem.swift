import CGLib

/// The kernel's own file systems (`/proc`, `/sys`, `/dev` and their kin), which hold no videos.
///
/// Walking one costs minutes and reaches far beyond the library: `/proc/<pid>/cwd` and `/proc/<pid>/root` lead into
/// every process's folders, other users' too, and reading some of their files blocks. The scanner never goes in.
enum PseudoFileSystem {
    /// `statfs` types of the kernel's virtual file systems, with the names messages give them.
    private static let types: [Int: String] = [
        0x9fa0: "proc", 0x6265_6572: "sysfs", 0x1cd1: "devpts", 0x6462_6720: "debugfs", 0x7472_6163: "tracefs",
        0x7365_6373: "securityfs", 0x27e0eb: "cgroup", 0x6367_7270: "cgroup2", 0x6165_676C: "pstore", 0xcafe_4a11: "bpf",
        0x6265_6570: "configfs", 0xde5e_81e4: "efivarfs", 0x1980_0202: "mqueue", 0x4249_4e4d: "binfmt_misc",
        0x6573_5543: "fusectl", 0x9584_58f6: "hugetlbfs", 0xf97c_ff8c: "selinuxfs", 0x6e73_6673: "nsfs",
        0x4341_5d53: "smackfs", 0x0765_5821: "resctrl",
    ]

    /// Where those are mounted on every Linux system; `/dev` is a devtmpfs, whose `statfs` type is tmpfs's.
    private static let folders = ["/proc": "proc", "/sys": "sysfs", "/dev": "devtmpfs"]

    /// The name of the pseudo file system `path` is on (`resolved` is its canonical path, if known), or nil for an
    /// ordinary one. May wait on a share that stopped answering: call it under a deadline.
    static func name(of path: UnsafePointer<CChar>, resolved: String?) -> String? {
        if let resolved, let folder = folders.first(where: { resolved == $0.key || resolved.hasPrefix($0.key + "/") }) {
            return folder.value
        }
        let type = vt_file_system_type(path)
        return type == -1 ? nil : types[Int(type)]
    }

    /// Whether the canonical path `resolved` lies in `/proc`, `/sys` or `/dev`.
    static func contains(resolved: String) -> Bool {
        folders.keys.contains { resolved == $0 || resolved.hasPrefix($0 + "/") }
    }
}
