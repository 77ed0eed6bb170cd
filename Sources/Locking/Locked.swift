#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value shared between threads behind a pthread mutex.
///
/// Used instead of `Synchronization.Mutex`, which on Linux locks with raw futex system calls the
/// thread sanitizer cannot see: every access it guards would be reported as a race, hiding the
/// real ones. TSan intercepts `pthread_mutex_lock`, so this lock's ordering is visible to it.
///
/// `withLock` is inlinable so each caller gets it specialized for its value: a generic call
/// across modules looks up type metadata at run time on every use, on every request.
public final class Locked<Value: Sendable>: @unchecked Sendable {
    @usableFromInline var value: Value
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock; keep it short and never await in it.
    @inlinable
    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
