import TUICore

/// The look shared by every pane: a box with its title, brighter when it has the focus.
public enum PaneFrame {
    public static let border = Style(dim: true)
    public static let focusedBorder = Style(foreground: .cyan, bold: true)
    public static let title = Style(bold: true)
    public static let focusedTitle = Style(foreground: .cyan, bold: true, reverse: false)
    /// Hints, counters and other secondary text.
    public static let muted = Style(dim: true)
    public static let error = Style(foreground: .red, bold: true)
    public static let ok = Style(foreground: .green)

    /// Draws the frame and returns the inside, where the pane draws its content.
    @discardableResult
    public static func draw(_ title: String, in rect: Rect, focused: Bool, on screen: inout Screen) -> Rect {
        screen.fill(rect)
        screen.box(rect, title: title, style: focused ? focusedBorder : border, titleStyle: focused ? focusedTitle : Self.title)
        return rect.inner
    }
}
