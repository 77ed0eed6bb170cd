import Glibc
import Synchronization
import TUICore

/// Where the SIGWINCH handler writes its wake-up byte (-1: nowhere). A signal handler can only
/// reach state through a global; an atomic load and `write` are async-signal-safe.
private let resizeWakeDescriptor = Atomic<Int32>(-1)

/// Wakes the loop when the window is resized.
extension Terminal {
    /// Makes a resize wake `inbox.wait`, so the loop calls `readInputs()`, which reports the new
    /// size. Without it a resize is only noticed at the next key or event: ncurses's own SIGWINCH
    /// handler merely sets a flag, and the signal may land on any thread, not the one in poll().
    /// A handler that writes one byte to the inbox's pipe works whichever thread it runs on.
    /// The inbox must outlive this terminal (or `close()` must come first).
    public func wakeOnResize<Event>(_ inbox: Inbox<Event>) {
        let duplicate = dup(inbox.wakeDescriptor)
        guard duplicate >= 0 else { return }
        let old = resizeWakeDescriptor.exchange(duplicate, ordering: .sequentiallyConsistent)
        if old >= 0 { Glibc.close(old) }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            let descriptor = resizeWakeDescriptor.load(ordering: .relaxed)
            guard descriptor >= 0 else { return }
            let saved = errno
            var byte: UInt8 = 1
            _ = Glibc.write(descriptor, &byte, 1)
            errno = saved
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        var previous = sigaction()
        sigaction(SIGWINCH, &action, &previous)
        if previousResizeAction == nil { previousResizeAction = previous }
    }

    /// Gives SIGWINCH back to ncurses's handler and closes the duplicated descriptor.
    public func stopWakingOnResize() {
        guard var previous = previousResizeAction else { return }
        sigaction(SIGWINCH, &previous, nil)
        previousResizeAction = nil
        let old = resizeWakeDescriptor.exchange(-1, ordering: .sequentiallyConsistent)
        if old >= 0 { Glibc.close(old) }
    }
}
