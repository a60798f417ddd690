/// Reading JSON text back into `JSONValue`, so tools that read the `--events` log share the writer's types.
extension JSONValue {
    /// Parses one JSON text; nil if it is not exactly one valid value.
    public init?(parsing text: String) {
        var reader = JSONReader(Array(text.utf8))
        guard let value = reader.value(), reader.atEnd else { return nil }
        self = value
    }

    /// The string, if this is one.
    public var string: String? { if case .string(let s) = self { s } else { nil } }

    /// The number as an integer, if it is one without a fractional part.
    public var int: Int? {
        switch self {
        case .int(let i): i
        case .double(let d): Int(exactly: d)
        default: nil
        }
    }

    /// The number as a double, whichever way it was written.
    public var double: Double? {
        switch self {
        case .int(let i): Double(i)
        case .double(let d): d
        default: nil
        }
    }

    /// The boolean, if this is one.
    public var bool: Bool? { if case .bool(let b) = self { b } else { nil } }

    /// The elements, if this is an array.
    public var array: [JSONValue]? { if case .array(let a) = self { a } else { nil } }

    /// The first member called `key`, if this is an object that has one.
    public subscript(key: String) -> JSONValue? {
        if case .object(let pairs) = self { return pairs.first { $0.0 == key }?.1 }
        return nil
    }
}
