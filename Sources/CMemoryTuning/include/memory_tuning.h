#ifndef FORMCONV_MEMORY_TUNING_H
#define FORMCONV_MEMORY_TUNING_H

#include <stddef.h>

/// Lets malloc's heaps grow in steps of `heap_step` bytes and puts them on transparent huge pages,
/// where the system allows it (glibc on Linux, THP in `madvise` or `always` mode); does nothing
/// elsewhere. Call on the main thread before other threads allocate. Returns 1 when it applied.
int formconv_memory_prefer_huge_pages(size_t heap_step);

/// The same for the malloc arena of the calling thread (threads other than the main one get arenas
/// of their own). Call at the start of a thread that allocates much; does nothing unless
/// `formconv_memory_prefer_huge_pages` applied.
void formconv_memory_advise_thread_heap(void);

#endif
