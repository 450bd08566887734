// This file selects the AVX2 kernels of kernel_amd64.s when the CPU and
// the operating system support them.

//go:build amd64 && !purego

package octagon

//go:noescape
func relax2AVX2(row []int64, x0, x1 int64, r0, r1 []int64)

//go:noescape
func relax1AVX2(row []int64, x int64, r []int64)

func cpuid(leaf, sub uint32) (eax, ebx, ecx, edx uint32)

func xgetbv0() (eax uint32)

// hasAVX2 reports whether AVX2 may be used: the CPU has it (CPUID leaf 7,
// EBX bit 5) and the OS saves the YMM registers (OSXSAVE and AVX in leaf
// 1 ECX, XMM and YMM state enabled in XCR0).
func hasAVX2() bool {
	maxLeaf, _, _, _ := cpuid(0, 0)
	if maxLeaf < 7 {
		return false
	}
	_, _, ecx1, _ := cpuid(1, 0)
	const osxsave, avx = 1 << 27, 1 << 28
	if ecx1&osxsave == 0 || ecx1&avx == 0 {
		return false
	}
	if xgetbv0()&6 != 6 {
		return false
	}
	_, ebx7, _, _ := cpuid(7, 0)
	return ebx7&(1<<5) != 0
}

// useAVX2 selects the AVX2 kernels; tests turn it off to compare.
var useAVX2 = hasAVX2()
