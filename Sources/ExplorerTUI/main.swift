import Foundation

// The whole entry point: parsing, running and the exit-code contract live in `CommandLineEntry`.
exit(await CommandLineEntry.run(Array(CommandLine.arguments.dropFirst())))
