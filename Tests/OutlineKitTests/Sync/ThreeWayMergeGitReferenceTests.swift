import Foundation
import OutlineTestSupport
import Testing

@testable import OutlineKit

/// The merge of notes against the real `git merge-file -p --diff3` on random texts: clean with
/// the same bytes where git merges cleanly, conflicting where git finds a conflict.
///
/// The texts are drawn from a few lines (some blank, one ending in `\r\n`, one not ASCII), so
/// that edits overlap, touch and repeat lines, and the diff has many equally short choices;
/// which one git's diff takes decides whether two edits touch, so the merge must take the same.
@Suite struct ThreeWayMergeGitReferenceTests {
    /// One random case: a base and two edits of it.
    struct Case: CustomStringConvertible {
        var base: String
        var ours: String
        var theirs: String
        var description: String {
            "base \(base.debugDescription) ours \(ours.debugDescription) theirs \(theirs.debugDescription)"
        }
    }

    /// A text of `count` lines drawn from `alphabet`, with its last newline now and then left off.
    static func text(_ lines: [String], droppingLastNewline: Bool) -> String {
        let text = lines.map { $0 + "\n" }.joined()
        return droppingLastNewline && !text.isEmpty ? String(text.dropLast()) : text
    }

    /// `lines` after `edits` random insertions, removals and replacements, all at places within
    /// `region` (a share of the text, so that edits on two sides can be kept apart); with
    /// `clustered`, the edits crowd round a few places with long unchanged runs between.
    static func edited(
        _ lines: [String], edits: Int, alphabet: [String], region: ClosedRange<Double>, clustered: Bool,
        using rng: inout SeededGenerator
    ) -> [String] {
        var lines = lines
        let centres = (0..<3).map { _ in Double.random(in: region, using: &rng) }
        for _ in 0..<edits {
            let low = Int(region.lowerBound * Double(lines.count))
            let high = max(low, Int(region.upperBound * Double(lines.count)))
            var place = Int.random(in: low...high, using: &rng)
            if clustered {
                let centre = Int(centres.randomElement(using: &rng)! * Double(lines.count))
                place = min(max(low, centre + Int.random(in: -40...40, using: &rng)), high)
            }
            let line = alphabet.randomElement(using: &rng)!
            switch Int.random(in: 0..<3, using: &rng) {
            case 0: lines.insert(line, at: place)
            case 1 where place < lines.count: lines.remove(at: place)
            default: if place < lines.count { lines[place] = line } else { lines.append(line) }
            }
        }
        return lines
    }

    /// A random case: `size` lines from `alphabet`, each side making up to `edits` edits, within
    /// its region.
    static func randomCase(
        size: ClosedRange<Int>, edits: ClosedRange<Int>, alphabet: [String], regions: [ClosedRange<Double>],
        clustered: Bool = false, using rng: inout SeededGenerator
    ) -> Case {
        let base = (0..<Int.random(in: size, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }
        let baseDrops = Int.random(in: 0..<6, using: &rng) == 0
        var sides: [String] = []
        for region in regions {
            let lines = edited(
                base, edits: Int.random(in: edits, using: &rng), alphabet: alphabet, region: region,
                clustered: clustered, using: &rng)
            // Now and then a side adds or removes the last newline.
            let drops = Int.random(in: 0..<6, using: &rng) == 0 ? !baseDrops : baseDrops
            sides.append(text(lines, droppingLastNewline: drops))
        }
        return Case(base: text(base, droppingLastNewline: baseDrops), ours: sides[0], theirs: sides[1])
    }

    /// How the cases went: how many agreed with git, merged or not, and the ones that did not;
    /// and the same of the diffs from the base to our side, hunk for hunk.
    struct Tally {
        var cleanAgreed = 0
        var conflictAgreed = 0
        var disagreed: [String] = []
        var diffsAgreed = 0
        var diffsDisagreed: [String] = []
    }

    /// Merges each case both ways, diffs the base and our side both ways, and tallies the
    /// agreements.
    static func compare(_ cases: [Case]) throws -> Tally {
        let git = GitReference()
        var tally = Tally()
        for item in cases {
            let (base, ours, theirs) = (Array(item.base.utf8), Array(item.ours.utf8), Array(item.theirs.utf8))
            let merge = try git.mergeFile(base: base, ours: ours, theirs: theirs)
            switch ThreeWayMerge.merge(base: item.base, ours: item.ours, theirs: item.theirs) {
            case .merged(let text) where merge.conflicts == 0 && Array(text.utf8) == merge.printed:
                tally.cleanAgreed += 1
            case .conflicting where merge.conflicts > 0:
                tally.conflictAgreed += 1
            case let outcome:
                let gitSaid = String(decoding: merge.printed, as: UTF8.self).debugDescription
                tally.disagreed.append("\(item): we \(outcome), git \(merge.conflicts) conflicts: \(gitSaid)")
            }

            var numbering = LineNumbering()
            let hunks = LineDiff.hunks(
                from: numbering.lines(of: item.base).numbers, to: numbering.lines(of: item.ours).numbers
            )
            .map {
                GitReference.Hunk(
                    oldStart: $0.baseStart, oldCount: $0.baseCount, newStart: $0.newStart, newCount: $0.newCount)
            }
            let gitHunks = try git.diff(old: base, new: ours)
            if hunks == gitHunks {
                tally.diffsAgreed += 1
            } else {
                tally.diffsDisagreed.append("\(item): we \(hunks), git \(gitHunks)")
            }
        }
        return tally
    }

    /// Expects every case to agree with git, and both outcomes to be well represented (or the
    /// comparison would say little).
    static func expectAgreement(_ tally: Tally, cases: Int, clean: Int, conflicting: Int) {
        #expect(
            tally.disagreed.isEmpty,
            "\(tally.disagreed.count) merges disagreed:\n\(tally.disagreed.prefix(3).joined(separator: "\n"))")
        #expect(
            tally.diffsDisagreed.isEmpty,
            "\(tally.diffsDisagreed.count) diffs disagreed:\n\(tally.diffsDisagreed.prefix(3).joined(separator: "\n"))")
        #expect(tally.cleanAgreed + tally.conflictAgreed == cases && tally.diffsAgreed == cases)
        #expect(tally.cleanAgreed >= clean && tally.conflictAgreed >= conflicting, "\(tally)")
    }

    /// Blocks of lines from a small alphabet between long runs of distinct lines, every other
    /// block redrawn on one side and the blocks between on the other: each block costs the search
    /// much, and the runs give it long snakes, the case where xdiff ends a costly search at a
    /// long snake (which it only tries on texts of over 32,000 lines).
    static func redrawnBlocksCase(blocks: Int, blockSize: Int, runSize: Int, using rng: inout SeededGenerator) -> Case {
        let alphabet = (0..<30).map { "block line \($0)" }
        func block() -> [String] { (0..<blockSize).map { _ in alphabet.randomElement(using: &rng)! } }
        let run = { (index: Int) in (0..<runSize).map { "run \(index) line \($0)" } }
        let original = (0..<blocks).map { _ in block() }
        let redrawn = (0..<blocks).map { _ in block() }
        func text(redrawing redraws: (Int) -> Bool) -> String {
            (0..<blocks).flatMap { run($0) + (redraws($0) ? redrawn[$0] : original[$0]) }.map { $0 + "\n" }.joined()
        }
        return Case(
            base: text { _ in false }, ours: text { $0 % 2 == 0 }, theirs: text { $0 % 2 == 1 })
    }

    /// Paragraphs of distinct lines between blank lines, some runs of paragraphs rewritten on
    /// each side (in the first half on one, the second on the other): a blank line has many
    /// matches, and among the new lines xdiff counts it as changed before its search.
    static func rewrittenParagraphsCase(using rng: inout SeededGenerator) -> Case {
        func paragraph(_ name: String) -> [String] { (0..<Int.random(in: 2...6, using: &rng)).map { "\(name) \($0)" } }
        let base = (0..<Int.random(in: 40...80, using: &rng)).map { paragraph("p\($0)") }
        func rewritten(_ side: String, half: Range<Double>) -> String {
            var paragraphs = base
            for round in 0..<Int.random(in: 1...3, using: &rng) {
                let start = Int(Double.random(in: half, using: &rng) * Double(paragraphs.count))
                for index in start..<min(start + Int.random(in: 2...5, using: &rng), paragraphs.count) {
                    paragraphs[index] = paragraph("\(side) \(round) \(index)")
                }
            }
            return paragraphs.map { $0.joined(separator: "\n") + "\n" }.joined(separator: "\n")
        }
        return Case(
            base: base.map { $0.joined(separator: "\n") + "\n" }.joined(separator: "\n"),
            ours: rewritten("ours", half: 0..<0.45), theirs: rewritten("theirs", half: 0.55..<0.9))
    }

    static let smallAlphabet = ["a", "b", "c", "d", "", "é", "x\r"]

    /// Short texts with a few edits each side anywhere: many overlap, many touch.
    @Test func shortRandomTextsMergeAsGitMergesThem() throws {
        var rng = SeededGenerator(seed: 35)
        let cases = (0..<400).map { _ in
            Self.randomCase(
                size: 0...12, edits: 1...3, alphabet: Self.smallAlphabet, regions: [0...1, 0...1], using: &rng)
        }
        let tally = try Self.compare(cases)
        Self.expectAgreement(tally, cases: cases.count, clean: 100, conflicting: 100)
    }

    /// Long texts with many edits, one side's in the first part and the other's in the last:
    /// texts of few distinct lines, where many lines match many others and xdiff sets some aside
    /// before its search, and texts of distinct lines with hundreds of edits, where the search
    /// grows costly and xdiff cuts it short. The diff must do both as git does for these texts
    /// to merge alike.
    @Test func longRandomTextsWithManyEditsMergeAsGitMergesThem() throws {
        var rng = SeededGenerator(seed: 3535)
        let cases =
            (0..<24).map { index in
                let (alphabet, size, edits) =
                    switch index % 6 {
                    case 0, 1: (Self.smallAlphabet, 200...1500, 20...400)
                    case 2, 3: ((0..<40).map { "line \($0)" }, 200...1500, 20...400)
                    case 4: ((0..<100).map { "line \($0)" }, 3000...5000, 600...1200)
                    default: ((0..<100).map { "line \($0)" }, 5000...6000, 600...900)
                    }
                return Self.randomCase(
                    size: size, edits: edits, alphabet: alphabet, regions: [0...0.45, 0.55...1],
                    clustered: index % 6 == 5,
                    using: &rng)
            } + [Self.redrawnBlocksCase(blocks: 24, blockSize: 100, runSize: 1500, using: &rng)]
            + (0..<12).map { _ in Self.rewrittenParagraphsCase(using: &rng) }
        let tally = try Self.compare(cases)
        Self.expectAgreement(tally, cases: cases.count, clean: 10, conflicting: 2)
    }
}
