import Localization

extension ContractError: ExplainableError {
    /// What the user reads; field paths are kept because they say where the answer went wrong.
    public func explanation(_ l: Localizer) -> String {
        switch self {
        case .tooLarge(let bytes, _): l(.reasonBodyTooLarge, bytes)
        case .empty: l(.reasonBodyEmpty)
        case .malformedJSON: l(.reasonMalformedJson)
        case .missingField(let field): l(.reasonMissingField, field)
        case .wrongType(let field, _): l(.reasonWrongType, field)
        case .invalidValue(let field, _): l(.reasonInvalidValue, field)
        case .wrongPark(_, let received):
            l(
                .reasonWrongPark,
                Catalog.bundled.park(received).map { l.language == .ko ? $0.nameKo : $0.nameEn } ?? received.rawValue)
        }
    }
}
