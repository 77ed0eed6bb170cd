import NIOCore

/// Runs a task's jobs on a channel's event loop: a conversation's reader and writers then wake on
/// the thread its frames arrive and leave on, with no hop to the cooperative pool and back for
/// each message (the echo round trip of `send --echo` is half thread switches otherwise).
final class EventLoopExecutor: TaskExecutor {
    private let loop: any EventLoop

    init(_ loop: any EventLoop) {
        self.loop = loop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
