import FoundationEssentials

/// The one JSON decoder and encoder of the /v2 contract, used by the apps, the widget, the cache and the server.
///
/// Decoders take `Data` and throw ``ContractError`` so that fuzz targets and loaders can call them directly.
public enum ContractCoding {
    /// Default cap on a body handed to a decoder (2 MiB); a home-summary is a few kilobytes.
    public static let defaultSizeLimit = 2 * 1024 * 1024

    /// Decodes a contract value from JSON bytes, mapping every failure to a ``ContractError`` that names the field.
    public static func decode<T: Decodable>(
        _ type: T.Type, from data: Data, sizeLimit: Int = defaultSizeLimit
    ) throws(ContractError) -> T {
        guard data.count <= sizeLimit else { throw .tooLarge(bytes: data.count, limit: sizeLimit) }
        guard !data.isEmpty else { throw .empty }
        do {
            return try makeDecoder().decode(T.self, from: data)
        } catch let error as DecodingError {
            throw map(error)
        } catch let error as ContractError {
            throw error
        } catch {
            throw .malformedJSON(detail: String(describing: error))
        }
    }

    /// Encodes a contract value as JSON with dates in Seoul time and sorted keys (stable bytes give stable ETags).
    public static func encode<T: Encodable>(_ value: T) throws -> Data {
        try makeEncoder().encode(value)
    }

    /// `value` as one line of JSON text for printing; `{}` if it cannot be encoded.
    public static func text<T: Encodable>(_ value: T) -> String {
        guard let data = try? encode(value) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// A decoder configured for the contract's date format.
    public static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = ISO8601.parse(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "not an ISO 8601 timestamp with offset: \(text.prefix(40))")
            }
            return date
        }
        return decoder
    }

    /// An encoder configured for the contract's date format.
    public static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ISO8601.format(date))
        }
        return encoder
    }

    static func map(_ error: DecodingError) -> ContractError {
        switch error {
        case .keyNotFound(let key, let context):
            return .missingField(field: path(context.codingPath + [key]))
        case .valueNotFound(let type, let context):
            return .missingField(field: path(context.codingPath) + " (\(type) was null)")
        case .typeMismatch(let type, let context):
            return .wrongType(field: path(context.codingPath), expected: typeName(type))
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                let underlying = context.underlyingError.map { String(describing: $0) } ?? context.debugDescription
                return .malformedJSON(detail: String(underlying.prefix(200)))
            }
            return .invalidValue(field: path(context.codingPath), detail: String(context.debugDescription.prefix(200)))
        @unknown default:
            return .malformedJSON(detail: String(describing: error))
        }
    }

    /// Renders a coding path as `a.b[2].c`.
    static func path(_ keys: [any CodingKey]) -> String {
        var out = ""
        for key in keys {
            if let index = key.intValue {
                out += "[\(index)]"
            } else {
                out += out.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return out.isEmpty ? "(root)" : out
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "string"
        case is Int.Type, is Double.Type, is Int64.Type: "number"
        case is Bool.Type: "boolean"
        default: String(describing: type)
        }
    }
}
