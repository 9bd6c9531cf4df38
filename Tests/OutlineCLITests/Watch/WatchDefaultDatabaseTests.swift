import Foundation
import Testing

extension WatchTests {
    /// Watching the default database before it exists creates nothing: it waits for the first
    /// change to make the file, and reports that change too.
    @Test func watchWaitsForTheDefaultDatabaseWithoutCreatingIt() throws {
        let home = outline.directory + "/home"
        let environment = ["HOME": home, "XDG_DATA_HOME": "", "OUTLINE_DB": ""]
        let watch = try BackgroundWatch(
            [], database: nil, environment: environment, waitingFor: "waiting for the first change")
        usleep(300_000)
        #expect(!FileManager.default.fileExists(atPath: home))
        #expect(try outline.run(["add", "Milk"], environment: environment, useDatabaseOption: false).status == 0)
        #expect(try outline.run(["add", "Eggs"], environment: environment, useDatabaseOption: false).status == 0)
        let lines = watch.lines(count: 2)
        #expect(watch.stop() == 0)
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix(#"{"step":1,"action":"add \"Milk\""#) == true, "\(lines)")
        #expect(lines.last?.hasPrefix(#"{"step":2,"action":"add \"Eggs\""#) == true, "\(lines)")
    }
}
