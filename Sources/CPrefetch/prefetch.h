#ifndef ORRERY_PREFETCH_H
#define ORRERY_PREFETCH_H

/// Asks the processor to start loading the cache line at `address` for reading, so that a load
/// soon after finds it there. A hint only: it changes no value, faults on no address, and the
/// processor may ignore it. Swift has no spelling of its own for it.
static inline __attribute__((always_inline)) void orrery_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

/// `orrery_prefetch` for the `lines` cache lines (of 64 bytes) from `address` on.
static inline __attribute__((always_inline)) void orrery_prefetch_lines(const void *address, int lines) {
    const char *line = (const char *)address;
    for (int index = 0; index < lines; index++) __builtin_prefetch(line + 64 * index, 0, 3);
}

#endif
