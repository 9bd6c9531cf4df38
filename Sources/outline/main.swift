import OutlineCommands

// The executable's entry point: parse, run, and turn every failure into one line and an exit code.
CommandLineRunner.run(arguments: Array(CommandLine.arguments.dropFirst()))
