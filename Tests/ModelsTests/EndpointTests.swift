import Foundation
import Models
import Testing

@Suite struct EndpointTests {
    /// Method, template and whether it is protected, for every operation of `Docs/openapi.yaml`.
    static func contractOperations() throws -> Set<String> {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let yaml = try String(contentsOf: root.appendingPathComponent("Docs/openapi.yaml"), encoding: .utf8)
        var operations: Set<String> = []
        var path: String?
        var method: String?
        var open = false
        func close() {
            if let path, let method { operations.insert("\(method) \(path) \(open ? "open" : "protected")") }
        }
        for line in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("  /"), line.hasSuffix(":") {
                close()
                (path, method, open) = (String(line.dropFirst(2).dropLast()), nil, false)
            } else if path != nil, line.hasPrefix("    "), !line.hasPrefix("     "), line.hasSuffix(":") {
                close()
                (method, open) = (line.trimmingCharacters(in: .whitespaces).dropLast().uppercased(), false)
            } else if line.trimmingCharacters(in: .whitespaces) == "security: []" {
                open = true
            } else if !line.hasPrefix(" "), !line.isEmpty {
                close()
                (path, method) = (nil, nil)
            }
        }
        close()
        return operations
    }

    @Test func theEndpointsAreExactlyTheContractsOperations() throws {
        let ours = Set(API.routes.map { "\($0.method) \($0.template) \($0.protected ? "protected" : "open")" })
        let contract = try Self.contractOperations()
        #expect(contract.count == 15)
        #expect(ours == contract)
    }

    @Test func pathsAreBuiltFromTheTemplate() {
        #expect(API.homeSummary.path(park: "banpo") == "/v2/parks/banpo/home-summary")
        #expect(API.homeSummary.route.template == "/v2/parks/{parkId}/home-summary")
        #expect(API.homeSummary.route.routerPath == "/v2/parks/:parkId/home-summary")
        #expect(API.subscribe.path() == "/v2/push/subscriptions")
        #expect(API.bootstrap.method == .post && !API.bootstrap.protected)
    }

    @Test func aPathNamesTheMethodsItTakes() {
        #expect(API.methods(forPath: "/v2/parks/anything/outing") == [.get])
        #expect(API.methods(forPath: "/v2/telemetry") == [.post])
        #expect(API.methods(forPath: "/v2/health/ready/") == [.get])
        #expect(API.methods(forPath: "/v2/parks/banpo/weather").isEmpty)
        #expect(API.methods(forPath: "/v2/parks//outing").isEmpty)
        #expect(API.methods(forPath: "/admin/policy").isEmpty)
    }

    @Test func methodsAreTokensInCapitals() {
        #expect(HTTPMethod(rawValue: "post") == .post)
        #expect(HTTPMethod.post.isWrite && !HTTPMethod.get.isWrite && !HTTPMethod.head.isWrite)
    }
}
