import Glibc

/// The machine's addresses a phone can reach: every non-loopback IPv4 address and every global IPv6 one.
enum RemoteAddresses {
    /// The addresses now, IPv4 first, as text (`192.168.1.5`, `2001:db8::5`).
    static func current() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var v4: [String] = []
        var v6: [String] = []
        var cursor: UnsafeMutablePointer<ifaddrs>? = first
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            let flags = Int32(entry.pointee.ifa_flags)
            guard let address = entry.pointee.ifa_addr, flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0 else { continue }
            var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
            switch Int32(address.pointee.sa_family) {
            case AF_INET:
                var v4address = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
                guard inet_ntop(AF_INET, &v4address, &buffer, socklen_t(buffer.count)) != nil else { continue }
                let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if !text.hasPrefix("127.") && !v4.contains(text) { v4.append(text) }
            case AF_INET6:
                var v6address = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
                let firstByte = withUnsafeBytes(of: &v6address) { $0[0] }
                // Global unicast only (2000::/3): link-local addresses need a zone a browser's URL cannot carry.
                guard firstByte & 0xE0 == 0x20 else { continue }
                guard inet_ntop(AF_INET6, &v6address, &buffer, socklen_t(buffer.count)) != nil else { continue }
                let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if !v6.contains(text) { v6.append(text) }
            default:
                continue
            }
        }
        return v4 + v6
    }

    /// `address:port` as a `Host` header and a URL spell it (`[2001:db8::5]:8765` for IPv6).
    static func host(_ address: String, port: Int) -> String {
        address.contains(":") ? "[\(address)]:\(port)" : "\(address):\(port)"
    }

    /// 128 random bits as 32 hex digits, for tokens and sessions.
    static func randomHex() -> String {
        var generator = SystemRandomNumberGenerator()
        let words = [generator.next() as UInt64, generator.next() as UInt64]
        return words.map { word in
            let digits = String(word, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }
}
