#!/usr/bin/env python3
"""How long a new process takes to write MB megabytes of memory it has just mapped, on 4 KB pages or on
2 MB (transparent huge) pages: what the kernel and, on a virtual machine, the host charge for fresh
memory at the moment. Prints milliseconds.

    bench/fresh_memory.py MB 4k|2m

formconv's large conversions write some 90 MB they never had before; on the virtual machines measured,
the same 90 MB took 27-36 ms on 4 KB pages and 5-165 ms on huge pages, depending on whether the host
had memory ready to back them. bench/run.py prints this beside formconv's own figures, so that a slow
run can be told from a slow host.
"""
import ctypes
import sys
import time

if not sys.platform.startswith("linux"):
    sys.exit("fresh_memory.py: Linux only (the mmap and madvise constants are Linux's)")
MB, KIND = int(sys.argv[1]), sys.argv[2]
HUGE = 2 << 20
PROT_READ, PROT_WRITE, MAP_PRIVATE, MAP_ANONYMOUS = 1, 2, 2, 0x20
MADV_HUGEPAGE, MADV_NOHUGEPAGE = 14, 15

libc = ctypes.CDLL(None, use_errno=True)
libc.mmap.restype = ctypes.c_void_p
libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long]
libc.madvise.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
libc.memset.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_size_t]

size = MB << 20
base = libc.mmap(None, size + HUGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
if base in (None, ctypes.c_void_p(-1).value):
    sys.exit("mmap failed")
start = (base + HUGE - 1) & ~(HUGE - 1)  # huge pages need 2 MB alignment
libc.madvise(start, size, MADV_HUGEPAGE if KIND == "2m" else MADV_NOHUGEPAGE)
t = time.perf_counter()
libc.memset(start, 1, size)
print(f"{(time.perf_counter() - t) * 1000:.2f}")
