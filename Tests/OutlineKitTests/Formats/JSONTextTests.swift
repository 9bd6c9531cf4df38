import Foundation
import Testing

@testable import OutlineKit

/// `JSONText.appendQuoted` writes titles for every `--json` output: what it writes must read back
/// as the same text with Foundation's JSON reader, and hold no raw control, bidi or line
/// separator character.
@Suite("JSON strings")
struct JSONTextTests {
    @Test func quotedTextReadsBackAsItWas() throws {
        let samples = [
            "plain", "", "say \"hi\"", "back\\slash", "tab\there", "line\nbreak", "cr\rhere", "议话划预告", "café",
            "e\u{301}", "🧑‍🚀 crew", "esc\u{1B}[2J", "nel\u{85}", "bidi\u{202E}txt", "sep\u{2028}x", "del\u{7F}",
            "mixed 张 \"q\" \\ \u{1}",
            // Each lead byte of an escaped character past ASCII (0xC2, 0xD8, 0xE2), beside others.
            "中文\u{9F}", "عربي\u{61C}", "לטין\u{200E}x", "iso\u{2066}late\u{2069}", "para\u{2029}", "€ — ¢",
        ]
        for sample in samples {
            var bytes: [UInt8] = []
            JSONText.appendQuoted(sample, to: &bytes)
            let decoded = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) as? String
            #expect(decoded == sample, "\(sample.debugDescription)")
            let written = String(decoding: bytes, as: UTF8.self)
            #expect(
                !written.unicodeScalars.contains {
                    Title.isControl($0) || TitleSanitizer.isBidiControl($0) || Title.isLineSeparator($0)
                }, "\(written.debugDescription)")
        }
    }
}
