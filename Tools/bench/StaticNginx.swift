import BenchmarkSupport
import Foundation

/// nginx serving one file's bytes as static content: the reference every server figure is compared with.
final class StaticNginx {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("hj-nginx-\(getpid())")
    let process = Process()
    let url: String
    /// The served body's path.
    var bodyPath: String { root.appendingPathComponent("home-summary.json").path }

    init(body: Data) throws {
        guard let nginx = External.which("nginx") else { throw BenchError("nginx is missing: apt-get install nginx") }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try body.write(to: root.appendingPathComponent("home-summary.json"))
        let port = try LoopbackPort.free()
        url = "http://127.0.0.1:\(port)/home-summary.json"
        try """
        worker_processes auto;
        error_log \(root.path)/error.log;
        pid \(root.path)/nginx.pid;
        events { worker_connections 1024; }
        http {
            access_log off;
            client_body_temp_path \(root.path);
            proxy_temp_path \(root.path);
            fastcgi_temp_path \(root.path);
            uwsgi_temp_path \(root.path);
            scgi_temp_path \(root.path);
            server {
                listen 127.0.0.1:\(port);
                location / { root \(root.path); default_type application/json; }
            }
        }
        """.write(to: root.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: nginx)
        process.arguments = [
            "-c", root.appendingPathComponent("nginx.conf").path, "-p", root.path, "-g", "daemon off;",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(5)
        while !LoopbackPort.accepts(port), Date() < deadline { usleep(20_000) }
    }

    func stop() {
        process.terminate()
        try? FileManager.default.removeItem(at: root)
    }
}
