// Generated from the commands' declarations by scripts/generate-parsers
// (Sources/GenerateParsers); do not edit. FastParsers says why.
// swift-format-ignore-file

import ArgumentParser
import OutlineKit

extension FastParsers {
    /// Each command's generated parser, by the command's name, with the long options
    /// it takes that take a value.
    static let generated: [(name: String, valueOptions: [String], parse: Parse)] = [
        ("add", ["--db", "--under", "--at", "--before", "--after", "--state", "--tag", "--untag", "--due", "--scheduled", "--priority", "--property"], parseAdd),
        ("ls", ["--db", "--depth", "--sections"], parseLs),
        ("show", ["--db"], parseShow),
        ("find", ["--db", "--under", "--tag", "--state", "--priority", "--due-by", "--scheduled-by", "--done-since", "--property"], parseFind),
        ("rm", ["--db"], parseRm),
        ("mv", ["--db", "--under", "--at", "--before", "--after"], parseMv),
        ("cp", ["--db", "--under", "--at", "--before", "--after"], parseCp),
        ("edit", ["--db", "--apply"], parseEdit),
        ("done", ["--db"], parseDone),
        ("reopen", ["--db"], parseReopen),
        ("set", ["--db", "--state", "--tag", "--untag", "--due", "--scheduled", "--priority", "--property"], parseSet),
        ("workflow", ["--db"], parseWorkflow),
        ("tags", ["--db"], parseTags),
        ("agenda", ["--db", "--days", "--under"], parseAgenda),
        ("note", ["--db"], parseNote),
        ("sort", ["--db", "--by"], parseSort),
        ("export", ["--db", "--format"], parseExport),
        ("import", ["--db", "--under", "--at", "--before", "--after", "--format"], parseImport),
        ("undo", ["--db", "--step"], parseUndo),
        ("redo", ["--db"], parseRedo),
        ("history", ["--db", "--limit"], parseHistory),
        ("watch", ["--db", "--depth"], parseWatch),
        ("tui", ["--db"], parseTui),
        // sync: parsed by swift-argument-parser alone: it has commands of its own
        // conflicts: parsed by swift-argument-parser alone: it has commands of its own
        ("check", ["--db"], parseCheck),
        ("reindex", ["--db"], parseReindex),
    ]

    /// `GlobalOptions`, for every command that takes it.
    private static func globalOptions(_ line: FastCommandLine) throws -> GlobalOptions {
        var group = GlobalOptions()
        group.db = try line.value(of: "--db", FastValue.text)
        group.json = line.has("--json")
        return group
    }

    /// `PlacementOptions`, for every command that takes it.
    private static func placementOptions(_ line: FastCommandLine) throws -> PlacementOptions {
        var group = PlacementOptions()
        group.under = try line.value(of: "--under", ItemReference.argument)
        group.at = try line.value(of: "--at", Int.init(argument:))
        group.before = try line.value(of: "--before", ItemReference.argument)
        group.after = try line.value(of: "--after", ItemReference.argument)
        return group
    }

    /// `AttributeOptions`, for every command that takes it.
    private static func attributeOptions(_ line: FastCommandLine) throws -> AttributeOptions {
        var group = AttributeOptions()
        group.state = try line.value(of: "--state", FastValue.text)
        group.tag = try line.values(of: "--tag", FastValue.text)
        group.untag = try line.values(of: "--untag", FastValue.text)
        group.due = try line.value(of: "--due", FastValue.text)
        group.scheduled = try line.value(of: "--scheduled", FastValue.text)
        group.priority = try line.value(of: "--priority", FastValue.text)
        group.property = try line.values(of: "--property", FastValue.text)
        return group
    }

    /// `DepthOption`, for every command that takes it.
    private static func depthOption(_ line: FastCommandLine) throws -> DepthOption {
        var group = DepthOption()
        group.depth = try line.value(of: "--depth", Int.init(argument:))
        return group
    }

    /// `FilterOptions`, for every command that takes it.
    private static func filterOptions(_ line: FastCommandLine) throws -> FilterOptions {
        var group = FilterOptions()
        group.tag = try line.values(of: "--tag", FastValue.text)
        group.state = try line.values(of: "--state", FastValue.text)
        group.priority = try line.value(of: "--priority", FastValue.text)
        group.dueBy = try line.value(of: "--due-by", FastValue.text)
        group.scheduledBy = try line.value(of: "--scheduled-by", FastValue.text)
        group.doneSince = try line.value(of: "--done-since", FastValue.text)
        group.property = try line.values(of: "--property", FastValue.text)
        return group
    }

    /// `HistoryTravelOptions`, for every command that takes it.
    private static func historyTravelOptions(_ line: FastCommandLine, _ operands: inout ArraySlice<String>) throws -> HistoryTravelOptions {
        var group = HistoryTravelOptions()
        group.count = try FastValue.next(&operands, Int.init(argument:))
        group.dryRun = line.has("--dry-run")
        return group
    }

    /// `add`.
    private static func parseAdd(_ arguments: ArraySlice<String>) throws -> (any ParsableCommand)? {
        try parse(arguments, into: Outline.Add(), options: ["--db", "--under", "--at", "--before", "--after", "--state", "--tag", "--untag", "--due", "--scheduled", "--priority", "--property"], repeating: ["--tag", "--untag", "--property"], flags: ["--json"]) { command, line, operands in
            command.global = try globalOptions(line)
            command.placement = try placementOptions(line)
            command.attributes = try attributeOptions(line)
            command.titles = try FastValue.rest(&operands, required: true, FastValue.text)
        }
    }

    /// `ls`.
    private static func parseLs(_ arguments: ArraySlice<String>) throws -> (any ParsableCommand)? {
        try parse(arguments, into: Outline.List(), options: ["--db", "--depth", "--sections"], flags: ["--json", "--tsv", "--open", "--notes"]) { command, line, operands in
            command.global = try globalOptions(line)
            command.item = try FastValue.next(&operands, ItemReference.argument)
            command.levels = try depthOption(line)
            command.tsv = line.has("--tsv")
            command.open = line.has("--open")
            command.notes = line.has("--notes")
            command.sections = try line.value(of: "--sections", Outline.List.SectionOption.init(argument:))
        }
    }

    /// `show`.
    private static func parseShow(_ arguments: ArraySlice<String>) throws -> (any ParsableCommand)? {
        try parse(arguments, into: Outline.Show(), options: ["--db"], flags: ["--json"]) { command, line, operands in
            command.global = try globalOptions(line)
            command.item = try FastValue.required(FastValue.next(&operands, ItemReference.argument))
        }
    }

    /// `find`.
    private static func parseFind(_ arguments: ArraySlice<String>) throws -> (any ParsableCommand)? {
        try parse(arguments, into: Outline.Find(), options: ["--db", "--under", "--tag", "--state", "--priority", "--due-by", "--scheduled-by", "--done-since", "--property"], repeating: ["--tag", "--state", "--property"], flags: ["--json", "--open", "--tsv"]) { command, line, operands in
            command.global = try globalOptions(line)
            command.text = try FastValue.rest(&operands, required: false, FastValue.text)
            command.under = try line.value(of: "--under", ItemReference.argument)
            command.open = line.has("--open")
            command.tsv = line.has("--tsv")
            command.filters = try filterOptions(line)
        }
    }

    /// `rm`.
    private static func parseRm(_ arguments: ArraySlice<String>) throws -> (any ParsableCommand)? {
        try parse(arguments, into: Outline.Remove(), options: ["--db"], flags: ["--json"]) { command, line, operands in
            command.global = try globalOptions(line)
            command.items = try FastValue.rest(&operands, required: true, ItemReference.argument)
        }
    }

    /// `mv`.
    private static func parseMv(_ arguments: ArraySlice<String>) throws -> (any ParsableCommand)? {
        try parse(arguments, into: Outline.Move(), options: ["--db", "--under", "--at", "--before", "--after"], flags: ["--json"]) { command, line, operands in
            command.global = try globalOptions(line)
            command.placement = try placementOptions(line)
            command.items = try FastValue.rest(&operands, required: true, ItemReference.argument)
        }
    }

    /// `cp`.
    private static func parseCp(_ arguments: ArraySlice<String>) throws -> (any ParsableCommand)? {
        try parse(arguments, into: Outline.Copy(), options: ["--db", "--under", "--at", "--before", "--after"], flags: ["--json"]) { command, line, operands in
            command.global = try globalOptions(line)
            command.placement = try placementOptions(line)
            command.items = try FastValue.rest(&operands, required: true, ItemReference.argument)
        }
    }

    /// `edit`.
    private static func parseEdit(_ arguments: ArraySlice<String>) throws -> (any ParsableCommand)? {
        try parse(arguments, into: Outline.Edit(), options: ["--db", "--apply"], flags: ["--json", "--print"]) { command, line, operands in
            command.global = try globalOptions(line)
            command.item = try FastValue.next(&operands, ItemReference.argument)
            command.title = try FastValue.next(&operands, FastValue.text)
            command.printsText = line.has("--print")
            command.appliedFile = try line.value(of: "--apply", FastValue.text)
        }
    }

    /// `done`.
    private static func parseDone(_ arguments: ArraySlice<String>) throws -> (any ParsableCommand)? {
        try parse(arguments, into: Outline.Done(), options: ["--db"], flags: ["--json"]) { command, line, operands in
            command.global = try globalOptions(line)
            command.items = try FastValue.rest(&operands, required: true, ItemReference.argument)
        }
    }

    /// `reopen`.
    private static func parseReopen(_ arguments: ArraySlice<String>) throws -> (any ParsableCommand)? {
        try parse(arguments, into: Outline.Reopen(), options: ["--db"], flags: ["--json"]) { command, line, operands in
            command.global = try globalOptions(line)
            command.items = try FastValue.rest(&operands, required: true, ItemReference.argument)
        }
    }

    /// `set`.
    private static func parseSet(_ arguments: ArraySlice<String>) throws -> (any ParsableCommand)? {
        try parse(arguments, into: Outline.SetCommand(), options: ["--db", "--state", "--tag", "--untag", "--due", "--scheduled", "--priority", "--property"], repeating: ["--tag", "--untag", "--property"], flags: ["--json"]) { command, line, operands in
            command.global = try globalOptions(line)
            command.attributes = try attributeOptions(line)
            command.items = try FastValue.rest(&operands, required: true, ItemReference.argument)
        }
    }

    /// `workflow`.
    private static func parseWorkflow(_ arguments: ArraySlice<String>) throws -> (any ParsableCommand)? {
        try parse(arguments, into: Outline.WorkflowCommand(), options: ["--db"], flags: ["--json"]) { command, line, operands in
            command.global = try globalOptions(line)
            command.workflow = try FastValue.next(&operands, FastValue.text)
        }
    }

    /// `tags`.
    private static func parseTags(_ arguments: ArraySlice<String>) throws -> (any ParsableCommand)? {
        try parse(arguments, into: Outline.TagsCommand(), options: ["--db"], flags: ["--json"]) { command, line, _ in
            command.global = try globalOptions(line)
        }
    }

    /// `agenda`.
    private static func parseAgenda(_ arguments: ArraySlice<String>) throws -> (any ParsableCommand)? {
        try parse(arguments, into: Outline.AgendaCommand(), options: ["--db", "--days", "--under"], flags: ["--json"]) { command, line, _ in
            command.global = try globalOptions(line)
            command.days = try line.value(of: "--days", Int.init(argument:)) ?? FastValue.converted("7", Int.init(argument:))
            command.under = try line.value(of: "--under", ItemReference.argument)
        }
    }

    /// `note`.
    private static func parseNote(_ arguments: ArraySlice<String>) throws -> (any ParsableCommand)? {
        try parse(arguments, into: Outline.NoteCommand(), options: ["--db"], flags: ["--json"]) { command, line, operands in
            command.global = try globalOptions(line)
            command.item = try FastValue.required(FastValue.next(&operands, ItemReference.argument))
            command.text = try FastValue.next(&operands, FastValue.text)
        }
    }

    /// `sort`.
    private static func parseSort(_ arguments: ArraySlice<String>) throws -> (any ParsableCommand)? {
        try parse(arguments, into: Outline.Sort(), options: ["--db", "--by"], flags: ["--json", "--reverse"]) { command, line, operands in
            command.global = try globalOptions(line)
            command.parent = try FastValue.required(FastValue.next(&operands, ItemReference.argument))
            command.by = try line.value(of: "--by", OutlineKit.SortKey.init(argument:)) ?? FastValue.converted("title", OutlineKit.SortKey.init(argument:))
            command.reverse = line.has("--reverse")
        }
    }

    /// `export`.
    private static func parseExport(_ arguments: ArraySlice<String>) throws -> (any ParsableCommand)? {
        try parse(arguments, into: Outline.Export(), options: ["--db", "--format"], flags: ["--json", "--include-self", "--open", "--tasks"]) { command, line, operands in
            command.global = try globalOptions(line)
            command.item = try FastValue.next(&operands, ItemReference.argument)
            command.includeSelf = line.has("--include-self")
            command.format = try line.value(of: "--format", OutlineKit.DocumentFormat.init(argument:))
            command.open = line.has("--open")
            command.tasks = line.has("--tasks")
        }
    }

    /// `import`.
    private static func parseImport(_ arguments: ArraySlice<String>) throws -> (any ParsableCommand)? {
        try parse(arguments, into: Outline.Import(), options: ["--db", "--under", "--at", "--before", "--after", "--format"], flags: ["--json", "--strict", "--dry-run"]) { command, line, operands in
            command.global = try globalOptions(line)
            command.placement = try placementOptions(line)
            command.files = try FastValue.rest(&operands, required: false, FastValue.text)
            command.format = try line.value(of: "--format", OutlineKit.DocumentFormat.init(argument:))
            command.strict = line.has("--strict")
            command.dryRun = line.has("--dry-run")
        }
    }

    /// `undo`.
    private static func parseUndo(_ arguments: ArraySlice<String>) throws -> (any ParsableCommand)? {
        try parse(arguments, into: Outline.Undo(), options: ["--db", "--step"], flags: ["--json", "--dry-run"]) { command, line, operands in
            command.global = try globalOptions(line)
            command.steps = try historyTravelOptions(line, &operands)
            command.step = try line.value(of: "--step", Int64.init(argument:))
        }
    }

    /// `redo`.
    private static func parseRedo(_ arguments: ArraySlice<String>) throws -> (any ParsableCommand)? {
        try parse(arguments, into: Outline.Redo(), options: ["--db"], flags: ["--json", "--dry-run"]) { command, line, operands in
            command.global = try globalOptions(line)
            command.steps = try historyTravelOptions(line, &operands)
        }
    }

    /// `history`.
    private static func parseHistory(_ arguments: ArraySlice<String>) throws -> (any ParsableCommand)? {
        try parse(arguments, into: Outline.History(), options: ["--db", "--limit"], flags: ["--json"]) { command, line, _ in
            command.global = try globalOptions(line)
            command.limit = try line.value(of: "--limit", Int.init(argument:)) ?? FastValue.converted("20", Int.init(argument:))
        }
    }

    /// `watch`.
    private static func parseWatch(_ arguments: ArraySlice<String>) throws -> (any ParsableCommand)? {
        try parse(arguments, into: Outline.Watch(), options: ["--db", "--depth"], flags: ["--json"]) { command, line, operands in
            command.global = try globalOptions(line)
            command.item = try FastValue.next(&operands, ItemReference.argument)
            command.levels = try depthOption(line)
        }
    }

    /// `tui`.
    private static func parseTui(_ arguments: ArraySlice<String>) throws -> (any ParsableCommand)? {
        try parse(arguments, into: Outline.Tui(), options: ["--db"], flags: ["--json"]) { command, line, operands in
            command.global = try globalOptions(line)
            command.item = try FastValue.next(&operands, ItemReference.argument)
        }
    }

    /// `check`.
    private static func parseCheck(_ arguments: ArraySlice<String>) throws -> (any ParsableCommand)? {
        try parse(arguments, into: Outline.Check(), options: ["--db"], flags: ["--json"]) { command, line, _ in
            command.global = try globalOptions(line)
        }
    }

    /// `reindex`.
    private static func parseReindex(_ arguments: ArraySlice<String>) throws -> (any ParsableCommand)? {
        try parse(arguments, into: Outline.Reindex(), options: ["--db"], flags: ["--json"]) { command, line, _ in
            command.global = try globalOptions(line)
        }
    }
}
