//go:build !purego

#include "textflag.h"

// func extremesAVX2(xs []float64, top, low *[4]uint64)
//
// Four lanes each of the largest magnitude's bits and of the smallest
// non-zero magnitude's bits less one (0x7fff_ffff_ffff_ffff: none), over
// xs, whose length is a multiple of 8. Magnitude bits are below 2⁶³, so
// signed 64-bit comparisons order them.
TEXT ·extremesAVX2(SB), NOSPLIT, $0-40
	MOVQ xs_base+0(FP), SI
	MOVQ xs_len+8(FP), CX
	MOVQ top+24(FP), DI
	MOVQ low+32(FP), DX
	MOVQ $0x7fffffffffffffff, AX
	MOVQ AX, X0
	VPBROADCASTQ X0, Y0       // the magnitude mask
	VPCMPEQQ Y7, Y7, Y7       // −1 in every lane
	VPXOR Y1, Y1, Y1          // the largest, two sets of lanes
	VPXOR Y5, Y5, Y5
	VMOVDQU Y0, Y6            // the smallest less one, two sets
	VMOVDQU Y0, Y8
	SHRQ $3, CX
	JZ done

loop:
	VPAND (SI), Y0, Y2        // m = |x|'s bits
	VPAND 32(SI), Y0, Y3
	VPCMPGTQ Y1, Y2, Y4       // m > top
	VBLENDVPD Y4, Y2, Y1, Y1
	VPCMPGTQ Y5, Y3, Y4
	VBLENDVPD Y4, Y3, Y5, Y5
	VPADDQ Y7, Y2, Y2         // (m − 1) ∧ mask: a zero's is the mask
	VPAND Y0, Y2, Y2
	VPADDQ Y7, Y3, Y3
	VPAND Y0, Y3, Y3
	VPCMPGTQ Y2, Y6, Y4       // low > m − 1
	VBLENDVPD Y4, Y2, Y6, Y6
	VPCMPGTQ Y3, Y8, Y4
	VBLENDVPD Y4, Y3, Y8, Y8
	ADDQ $64, SI
	DECQ CX
	JNZ loop

done:
	VPCMPGTQ Y1, Y5, Y4
	VBLENDVPD Y4, Y5, Y1, Y1
	VPCMPGTQ Y8, Y6, Y4
	VBLENDVPD Y4, Y8, Y6, Y6
	VMOVDQU Y1, (DI)
	VMOVDQU Y6, (DX)
	VZEROUPPER
	RET

// func twoPartsAVX2(xs []float64, c1, c2 float64, s1, s2 *[4]uint64)
//
// Four lanes each of the sums (with wraparound) of the bits of x + c1
// and of r + c2, r = x − ((x + c1) − c1), over xs, whose length is a
// multiple of 8 (see addWide).
TEXT ·twoPartsAVX2(SB), NOSPLIT, $0-56
	MOVQ xs_base+0(FP), SI
	MOVQ xs_len+8(FP), CX
	VBROADCASTSD c1+24(FP), Y8
	VBROADCASTSD c2+32(FP), Y9
	MOVQ s1+40(FP), DI
	MOVQ s2+48(FP), DX
	VPXOR Y10, Y10, Y10
	VPXOR Y11, Y11, Y11
	VPXOR Y12, Y12, Y12
	VPXOR Y13, Y13, Y13
	SHRQ $3, CX
	JZ done

loop:
	VMOVUPD (SI), Y0
	VMOVUPD 32(SI), Y1
	VADDPD Y8, Y0, Y2         // t = x + c1
	VADDPD Y8, Y1, Y3
	VSUBPD Y8, Y2, Y4         // t − c1
	VSUBPD Y8, Y3, Y5
	VSUBPD Y4, Y0, Y4         // r = x − (t − c1)
	VSUBPD Y5, Y1, Y5
	VADDPD Y9, Y4, Y4         // r + c2
	VADDPD Y9, Y5, Y5
	VPADDQ Y2, Y10, Y10
	VPADDQ Y3, Y12, Y12
	VPADDQ Y4, Y11, Y11
	VPADDQ Y5, Y13, Y13
	ADDQ $64, SI
	DECQ CX
	JNZ loop

done:
	VPADDQ Y12, Y10, Y10
	VPADDQ Y13, Y11, Y11
	VMOVDQU Y10, (DI)
	VMOVDQU Y11, (DX)
	VZEROUPPER
	RET
