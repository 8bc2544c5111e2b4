// How the formconv command sets up glibc's malloc for a large conversion (MemoryTuning.swift in the
// formconv target says when). A page fault costs about 1.7 µs here (memory-cgroup accounting, a
// virtual machine): the 20,000 faults of a 7.5 MB form's conversion took a fifth of its CPU time.
// On 2 MB transparent huge pages, one fault maps 512 pages.
#include "memory_tuning.h"
#include <stdlib.h>   /* defines __GLIBC__ on glibc systems */

#if defined(__linux__) && defined(__GLIBC__)
#include <malloc.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

#ifndef MADV_HUGEPAGE
#define MADV_HUGEPAGE 14
#endif

/// glibc's arenas other than the main one live in heaps of this size, aligned to it (HEAP_MAX_SIZE
/// on 64-bit systems).
static const uintptr_t arena_heap_size = (uintptr_t)64 << 20;

/// The end of the main arena's heap (the program break) once grown, 0 until then.
static uintptr_t main_heap_end;

static void advise(uintptr_t start, uintptr_t end) {
    const uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    start = (start + page - 1) & ~(page - 1);
    end &= ~(page - 1);
    if (end > start) (void)madvise((void *)start, end - start, MADV_HUGEPAGE);
}

int formconv_memory_prefer_huge_pages(size_t heap_step) {
    if (main_heap_end != 0 || heap_step < ((size_t)2 << 20) || heap_step > ((size_t)1 << 30)) return 0;
    // Each heap grows by `heap_step` more than it needs: address space only, a page is committed
    // when first written. Heaps that grow in few large steps can be advised once.
    if (!mallopt(M_TOP_PAD, (int)heap_step)) return 0;
    // Setting a parameter stops glibc's moving mmap threshold: fix it at that threshold's upper
    // bound, so that blocks up to 32 MiB come from the advised heaps.
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    // Grow the main heap now (a block larger than its free top; `volatile`, as a compiler may drop
    // a malloc whose block is only freed), then advise the new part.
    uintptr_t before = (uintptr_t)sbrk(0);
    void *volatile block = malloc(256 << 10);
    free(block);
    uintptr_t after = (uintptr_t)sbrk(0);
    if (after <= before) return 0;
    main_heap_end = after;
    advise(before, after);
    return 1;
}

void formconv_memory_advise_thread_heap(void) {
    if (main_heap_end == 0) return;
    void *volatile block = malloc(16);
    uintptr_t a = (uintptr_t)block;
    free(block);
    // A block below the program break (and near it) is the main arena's: that thread shares it.
    if (a < main_heap_end && main_heap_end - a < ((uintptr_t)1 << 30)) return;
    uintptr_t heap = a & ~(arena_heap_size - 1);
    advise(heap, heap + arena_heap_size);
}

#else
int formconv_memory_prefer_huge_pages(size_t heap_step) { (void)heap_step; return 0; }
void formconv_memory_advise_thread_heap(void) {}
#endif
