import Foundation

/// A fresh folder under the system's temporary folder, removed when the value goes away.
final class TemporaryDirectory {
    let path: String

    init() {
        let template = NSTemporaryDirectory() + "/outline-test-XXXXXX"
        var bytes = Array(template.utf8CString)
        path = bytes.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func file(_ name: String) -> String { path + "/" + name }
}
