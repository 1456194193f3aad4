import HTTPTypes
import Hummingbird
import Models

extension RouterMethods {
    /// Registers a handler for one of the contract's endpoints, at its method and path.
    @discardableResult
    func on<Body, Answer>(
        _ endpoint: Endpoint<Body, Answer>,
        use handler: @Sendable @escaping (Request, Context) async throws -> some ResponseGenerator
    ) -> Self {
        on(RouterPath(endpoint.route.routerPath), method: HTTPRequest.Method(endpoint.method), use: handler)
    }
}

extension HTTPRequest.Method {
    /// The contract's method as HTTPTypes names it.
    init(_ method: Models.HTTPMethod) {
        guard let method = HTTPRequest.Method(method.rawValue) else {
            preconditionFailure("the contract names an HTTP method that is not a token: \(method)")
        }
        self = method
    }
}
