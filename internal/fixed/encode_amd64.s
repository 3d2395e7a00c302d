//go:build !purego

#include "textflag.h"

// func encodeAVX2(m []int32, v []float64, div float64) bool
//
// Four values at a time, Mantissa's operations in the same order: t =
// v·div; m = trunc(t + copysign(½, t)) as an int32 (the conversion gives
// MinInt32 for a value out of range, which fails the test); the quotient
// m/div compared with v bit for bit. len(v) is a multiple of 4.
TEXT ·encodeAVX2(SB), NOSPLIT, $0-57
	MOVQ m_base+0(FP), DI
	MOVQ v_base+24(FP), SI
	MOVQ v_len+32(FP), CX
	VBROADCASTSD div+48(FP), Y0
	MOVQ $0x3fe0000000000000, AX  // ½
	MOVQ AX, X1
	VPBROADCASTQ X1, Y1
	MOVQ $0x8000000000000000, AX  // the sign bit
	MOVQ AX, X2
	VPBROADCASTQ X2, Y2
	MOVQ $0x80000000, AX          // MinInt32
	MOVQ AX, X9
	VPBROADCASTD X9, X9
	VPCMPEQQ Y6, Y6, Y6           // lanes whose quotient matched: all
	VPXOR X11, X11, X11           // lanes that gave MinInt32: none
	SHRQ $2, CX
	JZ done

loop:
	VMOVUPD (SI), Y3              // v
	VMULPD Y0, Y3, Y4             // t = v·div
	VANDPD Y2, Y4, Y5             // copysign(½, t)
	VORPD Y1, Y5, Y5
	VADDPD Y5, Y4, Y4             // t + copysign(½, t)
	VCVTTPD2DQY Y4, X5            // truncated to int32
	VMOVDQU X5, (DI)
	VPCMPEQD X9, X5, X10          // MinInt32: out of range, or decided by the loop
	VPOR X10, X11, X11
	VCVTDQ2PD X5, Y4              // m/div
	VDIVPD Y0, Y4, Y4
	VPCMPEQQ Y3, Y4, Y4           // the same bits as v
	VPAND Y4, Y6, Y6
	ADDQ $32, SI
	ADDQ $16, DI
	DECQ CX
	JNZ loop

done:
	VMOVMSKPD Y6, AX
	VMOVMSKPS X11, BX
	VZEROUPPER
	CMPQ AX, $15
	JNE fail
	TESTQ BX, BX
	JNZ fail
	MOVB $1, ret+56(FP)
	RET

fail:
	MOVB $0, ret+56(FP)
	RET
