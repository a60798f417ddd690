import CGLib

/// A GVariant as a Swift value, for D-Bus calls whose arguments and replies are nested structures: built without
/// GLib's variadic `g_variant_new`, and read back without walking C pointers outside this file.
public indirect enum VariantValue: Equatable, Sendable {
    /// `b`
    case bool(Bool)
    /// `i`
    case int32(Int32)
    /// `u`
    case uint32(UInt32)
    /// `d`
    case double(Double)
    /// `s`, and `o` when read
    case string(String)
    /// A tuple, `(…)`; a dictionary entry reads as a tuple of two.
    case tuple([VariantValue])
    /// An array whose elements have the GVariant type `elementType` (needed to build an empty one).
    case array(elementType: String, [VariantValue])
    /// `a{sv}`
    case dictionary([String: VariantValue])
    /// A value of a type this enum does not model, by its type string.
    case unsupported(String)

    /// A new floating GVariant; a call or a container sinks it.
    public func variant() -> OpaquePointer {
        switch self {
        case .bool(let value): return g_variant_new_boolean(value ? 1 : 0)
        case .int32(let value): return g_variant_new_int32(value)
        case .uint32(let value): return g_variant_new_uint32(value)
        case .double(let value): return g_variant_new_double(value)
        case .string(let value): return g_variant_new_string(value)
        case .tuple(let values):
            var children: [OpaquePointer?] = values.map { $0.variant() }
            return children.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
        case .array(let elementType, let values):
            return Self.array(elementType, values.map { $0.variant() })
        case .dictionary(let entries):
            // Sorted keys make identical values identical messages.
            let children = entries.keys.sorted().map { key in
                g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(entries[key]!.variant()))
            }
            return Self.array("{sv}", children)
        case .unsupported(let type):
            preconditionFailure("cannot build a GVariant of type \(type)")
        }
    }

    /// Reads a GVariant (not consumed); variants inside are unwrapped.
    public init(reading value: OpaquePointer) {
        let type = String(cString: g_variant_get_type_string(value))
        switch type.first {
        case "b": self = .bool(g_variant_get_boolean(value) != 0)
        case "i": self = .int32(g_variant_get_int32(value))
        case "u": self = .uint32(g_variant_get_uint32(value))
        case "d": self = .double(g_variant_get_double(value))
        case "s", "o": self = .string(String(cString: g_variant_get_string(value, nil)))
        case "v":
            let inner = g_variant_get_variant(value)!
            defer { g_variant_unref(inner) }
            self = VariantValue(reading: inner)
        case "(", "{":
            self = .tuple(Self.children(value).map { $0 })
        case "a" where type.hasPrefix("a{s"):
            var entries: [String: VariantValue] = [:]
            for entry in Self.children(value) {
                if case .tuple(let pair) = entry, pair.count == 2, case .string(let key) = pair[0] { entries[key] = pair[1] }
            }
            self = .dictionary(entries)
        case "a":
            self = .array(elementType: String(type.dropFirst()), Self.children(value))
        default:
            self = .unsupported(type)
        }
    }

    /// The value under `key` in a dictionary, if any.
    public subscript(key: String) -> VariantValue? {
        if case .dictionary(let entries) = self { return entries[key] }
        return nil
    }

    /// The elements of a tuple or an array; empty for anything else.
    public var elements: [VariantValue] {
        switch self {
        case .tuple(let values), .array(_, let values): values
        default: []
        }
    }

    private static func children(_ value: OpaquePointer) -> [VariantValue] {
        (0..<g_variant_n_children(value)).map { index in
            let child = g_variant_get_child_value(value, index)!
            defer { g_variant_unref(child) }
            return VariantValue(reading: child)
        }
    }

    private static func array(_ elementType: String, _ children: [OpaquePointer?]) -> OpaquePointer {
        let type = g_variant_type_new(elementType)
        defer { g_variant_type_free(type) }
        var children = children
        return children.withUnsafeMutableBufferPointer { g_variant_new_array(type, $0.baseAddress, gsize($0.count)) }
    }
}
