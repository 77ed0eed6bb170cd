/// The version of the session file format (SPEC §5) this build writes and reads.
public enum SessionFormat {
    public static let version = 1
}
