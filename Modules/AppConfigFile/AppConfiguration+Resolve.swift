import Foundation
import Storage

extension AppConfiguration {
    /// Resolves the configuration from flags, environment and the config file. A config file that cannot be read is
    /// named in ``AppConfiguration/fileProblem``; the flags and the environment still apply.
    public static func resolve(apiFlag: String?, environment: [String: String]) -> AppConfiguration {
        var configuration = AppConfiguration()
        if let url = try? ConfigFile.url(environment), let data = AtomicFile.read(url, limit: 64 * 1024) {
            do {
                configuration = try ConfigFile.read(String(decoding: data, as: UTF8.self), path: url.path)
            } catch {
                configuration.fileProblem = error.description
            }
        }
        if let key = environment["SEOUL_OPEN_DATA_KEY"], !key.isEmpty { configuration.seoulKey = key }
        if let url = environment["SEOUL_OPEN_DATA_URL"], !url.isEmpty { configuration.seoulURL = url }
        if let api = environment["HANGANGJARI_API"], !api.isEmpty { configuration.apiURL = api }
        if let apiFlag, !apiFlag.isEmpty { configuration.apiURL = apiFlag }
        if let page = environment["HANGANGJARI_PUBLIC_URL"], !page.isEmpty { configuration.publicURL = page }
        return configuration
    }
}
