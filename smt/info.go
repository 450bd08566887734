// This file reports facts about the linked Z3 library: its version and
// the memory of the C heap it uses.

package smt

/*
#include "shim.h"
*/
import "C"

import "fmt"

// Version returns the version of the linked Z3 library, e.g. "4.8.12".
func Version() string {
	var major, minor, build, rev C.uint
	C.Z3_get_version(&major, &minor, &build, &rev)
	return fmt.Sprintf("%d.%d.%d", major, minor, build)
}

// cHeapInUse returns the bytes the C allocator has handed out and not
// got back (glibc's mallinfo2: all arenas and mmapped blocks), or -1
// where that is unknown. The tests measure Z3's memory with it: Z3's own
// estimate (Z3_get_estimated_alloc_size) keeps per-thread counters that
// go stale when cgo calls move between threads.
func cHeapInUse() int64 {
	return int64(C.np_heap_in_use())
}
