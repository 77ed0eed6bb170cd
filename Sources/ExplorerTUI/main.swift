import Foundation

// The whole entry point: parsing, running and the exit-code contract live in `CommandLineEntry`.
SignalWatcher.unblockTerminationSignals()
exit(await CommandLineEntry.run(Array(CommandLine.arguments.dropFirst())))
