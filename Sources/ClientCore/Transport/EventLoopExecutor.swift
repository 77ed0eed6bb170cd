import NIOCore

/// Runs a task's jobs on an event loop: what waits for the network then wakes on the thread the
/// bytes arrive on, with no hop to the cooperative pool and back for each head, chunk or message
/// (a keep-alive exchange or the echo round trip of `send --echo` is largely thread switches otherwise).
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
