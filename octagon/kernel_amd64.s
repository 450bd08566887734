// This file implements the inner loops of the closure (relax1, relax2 in
// closure.go) with AVX2 on amd64: four int64 entries per instruction.
// AVX2 has no 64-bit min, so min(a, b) is a signed compare and a blend.
// The Go callers guarantee len(r...) >= len(row) and operands small
// enough that no sum overflows (see closure.go).

//go:build amd64 && !purego

#include "textflag.h"

// func relax2AVX2(row []int64, x0, x1 int64, r0, r1 []int64)
// row[j] = min(row[j], x0+r0[j], x1+r1[j]) for j < len(row) &^ 3.
TEXT ·relax2AVX2(SB), NOSPLIT, $0-88
	MOVQ         row_base+0(FP), DI
	MOVQ         row_len+8(FP), CX
	MOVQ         r0_base+40(FP), SI
	MOVQ         r1_base+64(FP), DX
	VPBROADCASTQ x0+24(FP), Y0
	VPBROADCASTQ x1+32(FP), Y1
	MOVQ         CX, BX
	SHRQ         $3, BX             // pairs of 4-blocks
	JZ           tail2

loop2x:
	VPADDQ    (SI), Y0, Y2
	VPADDQ    32(SI), Y0, Y6
	VPADDQ    (DX), Y1, Y3
	VPADDQ    32(DX), Y1, Y7
	VMOVDQU   (DI), Y4
	VMOVDQU   32(DI), Y8
	VPCMPGTQ  Y3, Y2, Y5
	VPCMPGTQ  Y7, Y6, Y9
	VPBLENDVB Y5, Y3, Y2, Y2
	VPBLENDVB Y9, Y7, Y6, Y6
	VPCMPGTQ  Y2, Y4, Y5
	VPCMPGTQ  Y6, Y8, Y9
	VPBLENDVB Y5, Y2, Y4, Y4
	VPBLENDVB Y9, Y6, Y8, Y8
	VMOVDQU   Y4, (DI)
	VMOVDQU   Y8, 32(DI)
	ADDQ      $64, SI
	ADDQ      $64, DX
	ADDQ      $64, DI
	DECQ      BX
	JNZ       loop2x

tail2:
	ANDQ         $7, CX
	SHRQ         $2, CX             // at most one 4-block left
	JZ           done2

loop2:
	VPADDQ    (SI), Y0, Y2      // a = x0 + r0[j:j+4]
	VPADDQ    (DX), Y1, Y3      // b = x1 + r1[j:j+4]
	VMOVDQU   (DI), Y4          // w = row[j:j+4]
	VPCMPGTQ  Y3, Y2, Y5        // Y5 = a > b
	VPBLENDVB Y5, Y3, Y2, Y2    // Y2 = min(a, b)
	VPCMPGTQ  Y2, Y4, Y5        // Y5 = w > Y2
	VPBLENDVB Y5, Y2, Y4, Y4    // Y4 = min(w, Y2)
	VMOVDQU   Y4, (DI)
	ADDQ      $32, SI
	ADDQ      $32, DX
	ADDQ      $32, DI
	DECQ      CX
	JNZ       loop2

done2:
	VZEROUPPER
	RET

// func relax1AVX2(row []int64, x int64, r []int64)
// row[j] = min(row[j], x+r[j]) for j < len(row) &^ 3.
TEXT ·relax1AVX2(SB), NOSPLIT, $0-56
	MOVQ         row_base+0(FP), DI
	MOVQ         row_len+8(FP), CX
	MOVQ         r_base+32(FP), SI
	VPBROADCASTQ x+24(FP), Y0
	SHRQ         $2, CX
	JZ           done1

loop1:
	VPADDQ    (SI), Y0, Y2      // a = x + r[j:j+4]
	VMOVDQU   (DI), Y4          // w = row[j:j+4]
	VPCMPGTQ  Y2, Y4, Y5        // Y5 = w > a
	VPBLENDVB Y5, Y2, Y4, Y4    // Y4 = min(w, a)
	VMOVDQU   Y4, (DI)
	ADDQ      $32, SI
	ADDQ      $32, DI
	DECQ      CX
	JNZ       loop1

done1:
	VZEROUPPER
	RET

// func cpuid(leaf, sub uint32) (eax, ebx, ecx, edx uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL leaf+0(FP), AX
	MOVL sub+4(FP), CX
	CPUID
	MOVL AX, eax+8(FP)
	MOVL BX, ebx+12(FP)
	MOVL CX, ecx+16(FP)
	MOVL DX, edx+20(FP)
	RET

// func xgetbv0() (eax uint32)
TEXT ·xgetbv0(SB), NOSPLIT, $0-4
	MOVL $0, CX
	XGETBV
	MOVL AX, eax+0(FP)
	RET
