// glibc's malloc tuning (mallopt, malloc_usable_size), which Swift's Glibc module leaves out, for
// the formconv command's MemoryTuning. Headers only: nothing to build or link beyond the C library.
#if __has_include(<malloc.h>)
#include <malloc.h>
#endif
