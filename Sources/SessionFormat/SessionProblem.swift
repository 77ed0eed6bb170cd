import ProfileFormat

/// Why a session file was refused: the same `file:line: key: message` as a profile's problems.
public typealias SessionProblem = FileProblem
