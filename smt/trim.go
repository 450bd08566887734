// This file implements ReleaseMemory: giving the memory Z3 freed back to
// the operating system.

package smt

/*
#include <malloc.h>
*/
import "C"

// ReleaseMemory returns the memory that Z3 (and every other C library of
// the process) has freed but the C allocator still holds to the
// operating system (glibc's malloc_trim). Z3's memory is outside Go's
// heap: after a k-induction stage closed its contexts, 1.4 GB of freed
// memory stayed resident and counted against the next stage's limit.
func ReleaseMemory() {
	C.malloc_trim(0)
}
