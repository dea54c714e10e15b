extension MapReduce {
    /// Where map tasks keep their output until the reduce tasks have fetched it.
    public enum ShuffleMode: Sendable, Equatable {
        /// On the map worker's local disk: reducers fetch from the worker; a crash, a restart or
        /// a wiped disk of the worker loses it and the map task runs again.
        case localDisk
        /// In the ``ShuffleStore`` (seed 001's Redis) with a time to live: worker crashes lose
        /// nothing, but an entry past its TTL, or a crash of the store, does.
        case shuffleStore(ttl: Duration)
    }
}
