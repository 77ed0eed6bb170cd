/// How a body's parts look. Eight-colour styles readable on dark and light terminals
/// (no white, no blue text on black); `NO_COLOR` drops the colours, bold and dim remain.
public enum BodyStyles {
    public static let plain = Style()
    public static let key = Style(foreground: .cyan, bold: true)
    public static let string = Style(foreground: .green)
    public static let number = Style(foreground: .yellow)
    public static let boolean = Style(foreground: .magenta)
    public static let null = Style(foreground: .magenta, dim: true)
    public static let punctuation = Style(dim: true)
    /// The hex dump's offset column and its ASCII column.
    public static let hexOffset = Style(dim: true)
    public static let hexText = Style(foreground: .cyan)
}
