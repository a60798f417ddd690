import CGLib

/// A D-Bus value as MPRIS uses it, so properties can be compared before they are sent and built without
/// GLib's variadic `g_variant_new`.
public enum DBusValue: Equatable, Sendable {
    /// `s`
    case string(String)
    /// `o`; must be a valid object path.
    case objectPath(String)
    /// `b`
    case bool(Bool)
    /// `i`
    case int32(Int32)
    /// `x`
    case int64(Int64)
    /// `d`
    case double(Double)
    /// `as`
    case strings([String])
    /// `a{sv}`, the shape of MPRIS metadata and of changed-property lists.
    case dictionary([String: DBusValue])

    /// A new floating GVariant; GDBus sinks it when it is returned or put into a container.
    public func variant() -> OpaquePointer {
        switch self {
        case .string(let value):
            return g_variant_new_string(value)
        case .objectPath(let value):
            return g_variant_new_object_path(value)
        case .bool(let value):
            return g_variant_new_boolean(value ? 1 : 0)
        case .int32(let value):
            return g_variant_new_int32(gint32(value))
        case .int64(let value):
            return g_variant_new_int64(gint64(value))
        case .double(let value):
            return g_variant_new_double(value)
        case .strings(let values):
            var pointers = values.map { UnsafePointer(strdup($0)) }
            defer { pointers.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
            return pointers.withUnsafeMutableBufferPointer { buffer in
                g_variant_new_strv(buffer.baseAddress, gssize(buffer.count))
            }
        case .dictionary(let entries):
            // Sorted keys keep messages identical for identical values, which makes bus logs easy to compare.
            var children: [OpaquePointer?] = entries.keys.sorted().map { key in
                g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(entries[key]!.variant()))
            }
            let entryType = g_variant_type_new("{sv}")
            defer { g_variant_type_free(entryType) }
            return children.withUnsafeMutableBufferPointer { buffer in
                g_variant_new_array(entryType, buffer.baseAddress, gsize(buffer.count))
            }
        }
    }

    /// A tuple of `values`, for signal and method-reply bodies; floating.
    public static func tuple(_ values: [OpaquePointer?]) -> OpaquePointer {
        var children = values
        return children.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
    }
}

extension DBusValue {
    /// The basic values in a method's argument tuple, in order; containers are skipped (MPRIS methods take none).
    static func children(of tuple: OpaquePointer?) -> [DBusValue] {
        guard let tuple else { return [] }
        return (0..<g_variant_n_children(tuple)).compactMap { index in
            guard let child = g_variant_get_child_value(tuple, index) else { return nil }
            defer { g_variant_unref(child) }
            return basic(child)
        }
    }

    /// The value of a basic GVariant (a string, object path, number or boolean); nil for any other type.
    static func basic(_ variant: OpaquePointer) -> DBusValue? {
        switch String(cString: g_variant_get_type_string(variant)) {
        case "s": .string(String(cString: g_variant_get_string(variant, nil)))
        case "o": .objectPath(String(cString: g_variant_get_string(variant, nil)))
        case "i": .int32(Int32(g_variant_get_int32(variant)))
        case "x": .int64(Int64(g_variant_get_int64(variant)))
        case "d": .double(g_variant_get_double(variant))
        case "b": .bool(g_variant_get_boolean(variant) != 0)
        default: nil
        }
    }

    /// The number of a `d`.
    var double: Double? { if case .double(let value) = self { value } else { nil } }

    /// The truth of a `b`.
    var bool: Bool? { if case .bool(let value) = self { value } else { nil } }

    /// The text of a string or object path.
    var string: String? {
        switch self {
        case .string(let value), .objectPath(let value): value
        default: nil
        }
    }

    /// The number of an `x`.
    var int64: Int64? { if case .int64(let value) = self { value } else { nil } }
}
