// Problems with a profile's files are those of the located YAML reader; users of ProfileFormat
// name them and quote values in them without importing it.
@_exported import struct LocatedYAML.FileProblem
@_exported import enum LocatedYAML.QuotedValue

public typealias ProfileProblem = FileProblem
