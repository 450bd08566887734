// This file stands in for the AVX2 kernels where they do not exist.

//go:build !amd64 || purego

package octagon

var useAVX2 = false

func relax2AVX2(row []int64, x0, x1 int64, r0, r1 []int64) { panic("octagon: no AVX2") }

func relax1AVX2(row []int64, x int64, r []int64) { panic("octagon: no AVX2") }
