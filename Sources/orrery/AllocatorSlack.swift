#if canImport(Glibc)
import Glibc
#endif

/// How much free memory glibc's malloc keeps at the top of its heaps instead of returning it to
/// the system.
///
/// By default it returns whatever exceeds 128 KiB as soon as it is free. An experiment builds and
/// frees dozens of worlds one after another (A-4: forty of 10,000 concurrent requests), so each
/// world's memory went back to the system at its end and was faulted in again, page by zeroed
/// page, by the next: ~3 % of `experiment a4` in the kernel. With 64 MiB of slack the next world
/// reuses the last one's pages. Resident memory stays at its high-water mark between worlds
/// rather than rising above it.
enum AllocatorSlack {
    static let bytes: Int32 = 64 << 20

    /// Sets the slack; a no-op where the C library is not glibc. `mallopt` is declared in
    /// `malloc.h`, which the Glibc module does not import, so it is looked up by name.
    static func apply() {
        #if canImport(Glibc)
        typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
        let topPad: Int32 = -2  // M_TOP_PAD in glibc's malloc.h
        guard let symbol = dlsym(nil, "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: MallOpt.self)(topPad, bytes)
        #endif
    }
}
