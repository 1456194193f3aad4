import Foundation

/// Debian's nginx on a free loopback port, in a directory of its own: the shipped site in front of instances, or a
/// file's bytes served as static content (the reference of the server benchmarks).
public final class Nginx: @unchecked Sendable {
    static let binary = "/usr/sbin/nginx"
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hj-nginx-\(UUID().uuidString)")
    let process = Process()
    /// The loopback port nginx listens on.
    public let port: Int

    /// `http://127.0.0.1:<port>`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// The shipped site file (`Deploy/nginx/hangangjari.conf` under `repository`) and the snippet it includes, its
    /// upstream pointed at the given instance ports. Only the addresses are changed; everything else is the files a
    /// deployment installs (`Tools/deploy/check-nginx-site` checks them in Debian's own /etc/nginx).
    public static func shippedSite(repository: URL, upstreamPorts: [Int]) throws -> Nginx {
        let deploy = repository.appendingPathComponent("Deploy/nginx")
        let shipped = try String(contentsOf: deploy.appendingPathComponent("hangangjari.conf"), encoding: .utf8)
        let snippet = try Data(contentsOf: deploy.appendingPathComponent("snippets/hangangjari-proxy.conf"))
        return try Nginx(workers: "1") { port, directory in
            let snippets = directory.appendingPathComponent("snippets")
            try FileManager.default.createDirectory(at: snippets, withIntermediateDirectories: true)
            try snippet.write(to: snippets.appendingPathComponent("hangangjari-proxy.conf"))
            var site = shipped
            for (from, to) in zip(["127.0.0.1:8081", "127.0.0.1:8082"], upstreamPorts.map { "127.0.0.1:\($0)" }) {
                site = site.replacingOccurrences(of: from, with: to)
            }
            return site.replacingOccurrences(of: "listen 80;", with: "listen 127.0.0.1:\(port);")
                .replacingOccurrences(of: "listen [::]:80;", with: "")
        }
    }

    /// `body` at `/<name>`, with a worker per core as a tuned static server has.
    public static func serving(_ body: Data, as name: String) throws -> Nginx {
        try Nginx(workers: "auto") { port, directory in
            try body.write(to: directory.appendingPathComponent(name))
            return """
                server {
                    listen 127.0.0.1:\(port);
                    location / { root \(directory.path); default_type application/json; }
                }
                """
        }
    }

    /// A stand-in push service that only answers: every `POST /<path>/...` gets 201, logged with its time
    /// (`$msec`) in ``acceptedLog`` (`/push/` and `/ref/` apart, so two senders can be told apart).
    public static func pushSink() throws -> Nginx {
        try Nginx(workers: "auto") { port, directory in
            """
            log_format accepted '$msec $request_uri $status';
            server {
                listen 127.0.0.1:\(port);
                access_log \(directory.path)/accepted.log accepted;
                client_body_buffer_size 16k;
                location / { return 201; }
            }
            """
        }
    }

    /// How many lines the sink has logged so far (a count of newlines, cheap enough to poll).
    public var acceptedLines: Int {
        guard let data = FileManager.default.contents(atPath: directory.path + "/accepted.log") else { return 0 }
        return data.reduce(0) { $1 == 10 ? $0 + 1 : $0 }
    }

    /// The sink's log: one `<seconds since 1970> <path> <status>` line per push.
    public var acceptedLog: String {
        (try? String(contentsOfFile: directory.path + "/accepted.log", encoding: .utf8)) ?? ""
    }

    /// Writes the main configuration around the site `site` returns, starts nginx and returns once it accepts
    /// connections.
    private init(workers: String, site: (_ port: Int, _ directory: URL) throws -> String) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary) else {
            throw CocoaError(
                .fileNoSuchFile,
                userInfo: [NSLocalizedDescriptionKey: "no \(Self.binary): run Tools/setup (it installs nginx)"])
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        port = try LoopbackPort.free()
        let path = directory.path
        let main = """
            \(getuid() == 0 ? "user root;" : "")
            worker_processes \(workers);
            pid \(path)/nginx.pid;
            error_log \(path)/error.log warn;
            events { worker_connections 4096; }
            http {
                access_log off;
                client_body_temp_path \(path)/body;
                proxy_temp_path \(path)/proxy;
                fastcgi_temp_path \(path)/fastcgi;
                uwsgi_temp_path \(path)/uwsgi;
                scgi_temp_path \(path)/scgi;
                include \(path)/site.conf;
            }
            """
        try site(port, directory).write(toFile: path + "/site.conf", atomically: true, encoding: .utf8)
        try main.write(toFile: path + "/nginx.conf", atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = ["-p", path, "-e", path + "/error.log", "-c", path + "/nginx.conf", "-g", "daemon off;"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while !LoopbackPort.accepts(port) {
            guard process.isRunning, Date() < deadline else {
                throw CocoaError(
                    .featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "nginx did not start: \(errorLog)"])
            }
            usleep(20_000)
        }
    }

    /// What nginx logged at warning and above.
    public var errorLog: String { (try? String(contentsOfFile: directory.path + "/error.log", encoding: .utf8)) ?? "" }

    /// Stops nginx and removes its directory.
    public func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }
}
