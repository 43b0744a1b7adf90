/// JSONValue through Swift's Codable, so `Preset` can use any encoder or decoder.
extension JSONValue: Codable {
    package init(from decoder: Decoder) throws {
        if var a = try? decoder.unkeyedContainer() {
            var items: [JSONValue] = []
            while !a.isAtEnd { items.append(try a.decode(JSONValue.self)) }
            self.init(kind: .array(items), line: 0, column: 0)
            return
        }
        if let o = try? decoder.container(keyedBy: AnyKey.self) {
            var members: [(key: String, value: JSONValue)] = []
            for k in o.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                members.append((k.stringValue, try o.decode(JSONValue.self, forKey: k)))
            }
            self.init(kind: .object(members), line: 0, column: 0)
            return
        }
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self.init(kind: .null, line: 0, column: 0) }
        else if let b = try? c.decode(Bool.self) { self.init(kind: .bool(b), line: 0, column: 0) }
        else if let n = try? c.decode(Double.self) { self.init(kind: .number(n), line: 0, column: 0) }
        else { self.init(kind: .string(try c.decode(String.self)), line: 0, column: 0) }
    }

    package func encode(to encoder: Encoder) throws {
        switch kind {
        case .null: var c = encoder.singleValueContainer(); try c.encodeNil()
        case .bool(let b): var c = encoder.singleValueContainer(); try c.encode(b)
        case .number(let n):
            var c = encoder.singleValueContainer()
            if n == n.rounded(), abs(n) < 1e15 { try c.encode(Int(n)) } else { try c.encode(n) }
        case .string(let s): var c = encoder.singleValueContainer(); try c.encode(s)
        case .array(let items):
            var c = encoder.unkeyedContainer()
            for i in items { try c.encode(i) }
        case .object(let members):
            var c = encoder.container(keyedBy: AnyKey.self)
            for m in members { try c.encode(m.value, forKey: AnyKey(m.key)) }
        }
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ s: String) { stringValue = s }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
