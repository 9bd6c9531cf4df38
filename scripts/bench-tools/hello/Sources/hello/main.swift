import Foundation

// A Foundation type, so that the program links Foundation as outline does.
print("hello, \(Date().timeIntervalSince1970 > 0 ? "world" : "past")")
