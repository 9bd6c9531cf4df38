import ArgumentParser
import OutlineKit

extension Outline {
    struct WorkflowCommand: TakesGlobalOptions {
        static let configuration = CommandConfiguration.outlineCommand(
            "workflow", abstract: "Print or set the outline's task keywords.",
            discussion: """
                A workflow is open keywords, |, then done keywords, as org-mode's #+TODO: line \
                writes them; the default is TODO | DONE. `outline done` gives an item the first \
                done keyword, `outline reopen` the first open one, `outline set --state` any. \
                A keyword is upper-case letters, digits, _ and -; one that items still carry \
                cannot be dropped. Setting it is one step, undone by `outline undo`.

                Examples:
                  outline workflow
                  outline workflow "TODO NEXT WAITING | DONE CANCELLED"
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp("The new workflow, such as \"TODO NEXT | DONE\".", valueName: "workflow"))
        var workflow: String?

        func validate() throws { try validateGlobalOptions() }

        mutating func run() throws {
            guard let text = workflow else {
                let store = try global.openStore(recordsSteps: false)
                let current = try store.workflow()
                if global.json {
                    JSONWriter.printObject { json in
                        json.key("open")
                        json.openArray()
                        for keyword in current.open { json.value(keyword) }
                        json.closeArray()
                        json.key("done")
                        json.openArray()
                        for keyword in current.done { json.value(keyword) }
                        json.closeArray()
                    }
                } else {
                    StandardOutput.shared.writeLine(current.description)
                }
                return
            }
            let workflow = try Workflow(parsing: text)
            // A change, as `add` is: it makes the outline where there is none yet.
            let store = try global.openStore(createsFile: true)
            let result = try store.setWorkflow(workflow, reportingChanges: global.json)
            // As SPEC has it, the workflow itself, set or already so; --json gives the change report.
            if global.json {
                ChangeOutput.print(result, json: true)
            } else {
                StandardOutput.shared.reportsASavedChange = result.step != nil
                StandardOutput.shared.writeLine(workflow.description)
            }
        }
    }
}
