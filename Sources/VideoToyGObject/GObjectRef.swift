import CGLib

/// Owns one reference to a GObject and drops it when released, so Swift lifetimes manage C objects.
public final class GObjectRef: @unchecked Sendable {
    /// The object pointer; valid for the lifetime of this reference.
    public let pointer: UnsafeMutableRawPointer

    /// Takes a new reference, sinking a floating one (widgets are born floating).
    public init(retaining pointer: UnsafeMutableRawPointer) {
        self.pointer = pointer
        g_object_ref_sink(pointer)
    }

    /// Adopts a reference the caller already owns (a `*_new` that returns a full reference).
    public init(adopting pointer: UnsafeMutableRawPointer) {
        self.pointer = pointer
    }

    /// The pointer typed for a C API.
    public func typed<T>(_: T.Type = T.self) -> UnsafeMutablePointer<T> {
        pointer.assumingMemoryBound(to: T.self)
    }

    deinit { g_object_unref(pointer) }
}

/// Reinterprets a GObject pointer as another C type of the same instance (GTK's cast macros).
@inlinable
public func gcast<T>(_ pointer: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<T> {
    pointer!.assumingMemoryBound(to: T.self)
}

/// Reinterprets a typed GObject pointer as another C type of the same instance.
@inlinable
public func gcast<T, U>(_ pointer: UnsafeMutablePointer<U>?) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(pointer!).assumingMemoryBound(to: T.self)
}

/// Reinterprets a GObject pointer as an opaque C type (final and interface types import opaquely).
@inlinable
public func gcast(_ pointer: UnsafeMutableRawPointer?) -> OpaquePointer {
    OpaquePointer(pointer!)
}

/// Reinterprets a typed GObject pointer as an opaque C type.
@inlinable
public func gcast<U>(_ pointer: UnsafeMutablePointer<U>?) -> OpaquePointer {
    OpaquePointer(pointer!)
}

/// The untyped pointer of an opaque GObject, for the signal and property helpers.
@inlinable
public func graw(_ pointer: OpaquePointer) -> UnsafeMutableRawPointer {
    UnsafeMutableRawPointer(pointer)
}
