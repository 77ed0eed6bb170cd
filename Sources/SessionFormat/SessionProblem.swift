import LocatedYAML

/// Why a session file was refused: the same `file:line:column: key: message` as a profile's problems.
public typealias SessionProblem = FileProblem
