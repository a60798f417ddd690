import CGLib

/// Typed access to GObject properties, since `g_object_set`/`g_object_get` are variadic.
public enum GProperty {
    /// Sets a string property.
    public static func set(_ object: UnsafeMutableRawPointer, _ name: String, _ value: String) { vt_set_string(object, name, value) }
    /// Sets an object property (or clears it with nil).
    public static func set(_ object: UnsafeMutableRawPointer, _ name: String, object value: UnsafeMutableRawPointer?) {
        vt_set_object(object, name, value)
    }
    /// Sets an int or enum property.
    public static func set(_ object: UnsafeMutableRawPointer, _ name: String, _ value: Int32) { vt_set_int(object, name, value) }
    /// Sets an unsigned int or flags property.
    public static func set(_ object: UnsafeMutableRawPointer, _ name: String, _ value: UInt32) { vt_set_uint(object, name, value) }
    /// Sets a 64-bit int property.
    public static func set(_ object: UnsafeMutableRawPointer, _ name: String, _ value: Int64) { vt_set_int64(object, name, gint64(value)) }
    /// Sets an unsigned 64-bit property.
    public static func set(_ object: UnsafeMutableRawPointer, _ name: String, _ value: UInt64) {
        vt_set_uint64(object, name, guint64(value))
    }
    /// Sets a double property.
    public static func set(_ object: UnsafeMutableRawPointer, _ name: String, _ value: Double) { vt_set_double(object, name, value) }
    /// Sets a boolean property.
    public static func set(_ object: UnsafeMutableRawPointer, _ name: String, _ value: Bool) { vt_set_bool(object, name, value ? 1 : 0) }
    /// Reads a double property.
    public static func double(_ object: UnsafeMutableRawPointer, _ name: String) -> Double { vt_get_double(object, name) }
    /// Reads an int or enum property.
    public static func int32(_ object: UnsafeMutableRawPointer, _ name: String) -> Int32 { vt_get_int(object, name) }
    /// Reads a boolean property.
    public static func bool(_ object: UnsafeMutableRawPointer, _ name: String) -> Bool { vt_get_bool(object, name) != 0 }
}
