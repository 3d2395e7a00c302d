//go:build !purego && !amd64.v3

#include "textflag.h"

// Constants of four lanes.
#define C4(name, v) DATA name<>+0(SB)/8, $v; DATA name<>+8(SB)/8, $v; DATA name<>+16(SB)/8, $v; DATA name<>+24(SB)/8, $v; GLOBL name<>(SB), RODATA|NOPTR, $32

C4(l1pAbs, 0x7fffffffffffffff)
C4(l1pNegOne, 0xbff0000000000000)   // −1
C4(l1pOne, 0x3ff0000000000000)      // 1
C4(l1pTwo, 0x4000000000000000)      // 2
C4(l1pHalf, 0x3fe0000000000000)     // ½
C4(l1pSmall, 0x3e20000000000000)    // 2⁻²⁹
C4(l1pTwo53, 0x4340000000000000)    // 2⁵³
C4(l1pSqrt2M1, 0x3fda827999fcef32)  // √2 − 1 as Go rounds log1p.go's constant
C4(l1pSqrt2HalfM1, 0xbfd2bec333018867) // √2/2 − 1, likewise
C4(l1pBias, 0x00000000000003ff)     // 1023
C4(l1pMant, 0x000fffffffffffff)
C4(l1pSqrtMant, 0x0006a09e667f3bcd) // the mantissa of √2
C4(l1pExp3ff, 0x3ff0000000000000)
C4(l1pExp3fe, 0x3fe0000000000000)
C4(l1pImplicit, 0x0010000000000000)
C4(l1pMagic, 0x4338000000000000)    // 1.5·2⁵²: k + its bits is k + 1.5·2⁵²
C4(l1pLn2Hi, 0x3fe62e42fee00000)
C4(l1pLn2Lo, 0x3dea39ef35793c76)
C4(l1pLp1, 0x3FE5555555555593)
C4(l1pLp2, 0x3FD999999997FA04)
C4(l1pLp3, 0x3FD2492494229359)
C4(l1pLp4, 0x3FCC71C51D8E78AF)
C4(l1pLp5, 0x3FC7466496CB03DE)
C4(l1pLp6, 0x3FC39A09D078C69F)
C4(l1pLp7, 0x3FC2F112DF3E5244)

// func log1pAVX2(dst, src []float64) int
//
// math.Log1p's Go code (src/math/log1p.go) in four lanes, operation for
// operation, for √2/2 − 1 < x < √2 − 1 (k = 0, f = x) and for the rest of
// 2⁻²⁹ ≤ |x| < 2⁵³, x > −1 (u = 1 + x reduced, with its correction c);
// a group with a lane of any other case ends the call.
TEXT ·log1pAVX2(SB), NOSPLIT, $0-56
	MOVQ dst_base+0(FP), DI
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), CX
	XORQ AX, AX
	SHRQ $2, CX
	JZ done

loop:
	VMOVUPD (SI)(AX*8), Y0              // x
	VANDPD l1pAbs<>(SB), Y0, Y1         // |x|
	// Lanes of other cases: not x > −1 (NaN too), |x| < 2⁻²⁹, |x| ≥ 2⁵³ (+Inf too).
	VCMPPD $0x1A, l1pNegOne<>(SB), Y0, Y2
	VCMPPD $0x11, l1pSmall<>(SB), Y1, Y3
	VORPD Y3, Y2, Y2
	VCMPPD $0x1D, l1pTwo53<>(SB), Y1, Y3
	VORPD Y3, Y2, Y2
	// A: |x| < √2 − 1 and x > √2/2 − 1: k = 0, f = x.
	VCMPPD $0x11, l1pSqrt2M1<>(SB), Y1, Y3
	VCMPPD $0x1E, l1pSqrt2HalfM1<>(SB), Y0, Y4
	VANDPD Y4, Y3, Y3
	// B: u = 1 + x, k its exponent, c = (k > 0 ? 1 − (u − x) : x − (u − 1)) / u.
	VADDPD l1pOne<>(SB), Y0, Y4         // u
	VPSRLQ $52, Y4, Y5
	VPSUBQ l1pBias<>(SB), Y5, Y5        // k
	VSUBPD Y0, Y4, Y6                   // u − x
	VMOVUPD l1pOne<>(SB), Y7
	VSUBPD Y6, Y7, Y6                   // 1 − (u − x)
	VSUBPD Y7, Y4, Y7                   // u − 1
	VSUBPD Y7, Y0, Y7                   // x − (u − 1)
	VPXOR Y8, Y8, Y8
	VPCMPGTQ Y8, Y5, Y8                 // k > 0
	VBLENDVPD Y8, Y6, Y7, Y6
	VDIVPD Y4, Y6, Y6                   // c
	// iu = u's mantissa bits; below √2's: u = 1.iu, else u = 0.5·1.iu, k + 1,
	// iu = (2⁵² − iu) >> 2.
	VPAND l1pMant<>(SB), Y4, Y7         // iu
	VMOVDQU l1pSqrtMant<>(SB), Y8
	VPCMPGTQ Y7, Y8, Y8                 // iu < √2's
	VPOR l1pExp3ff<>(SB), Y7, Y9
	VPOR l1pExp3fe<>(SB), Y7, Y10
	VBLENDVPD Y8, Y9, Y10, Y9           // u reduced
	VPCMPEQQ Y10, Y10, Y10
	VPSUBQ Y10, Y5, Y11                 // k + 1
	VBLENDVPD Y8, Y5, Y11, Y5           // k
	VMOVDQU l1pImplicit<>(SB), Y10
	VPSUBQ Y7, Y10, Y10
	VPSRLQ $2, Y10, Y10
	VBLENDVPD Y8, Y7, Y10, Y7           // iu
	VSUBPD l1pOne<>(SB), Y9, Y9         // f = u − 1
	// B with iu = 0 is another case.
	VPXOR Y10, Y10, Y10
	VPCMPEQQ Y10, Y7, Y10
	VANDNPD Y10, Y3, Y10                // iu = 0 and not A
	VORPD Y10, Y2, Y2
	VMOVMSKPD Y2, BX
	TESTQ BX, BX
	JNZ done
	// A's lanes: f = x, k = 0.
	VBLENDVPD Y3, Y0, Y9, Y9            // f
	VPXOR Y10, Y10, Y10
	VBLENDVPD Y3, Y10, Y5, Y5           // k
	// hfsq = ½·f·f, s = f/(2 + f), z = s², R = z(Lp1 + z(Lp2 + … z·Lp7)).
	VMULPD l1pHalf<>(SB), Y9, Y10
	VMULPD Y9, Y10, Y10                 // hfsq
	VADDPD l1pTwo<>(SB), Y9, Y11
	VDIVPD Y11, Y9, Y11                 // s
	VMULPD Y11, Y11, Y12                // z
	VMULPD l1pLp7<>(SB), Y12, Y13
	VADDPD l1pLp6<>(SB), Y13, Y13
	VMULPD Y13, Y12, Y13
	VADDPD l1pLp5<>(SB), Y13, Y13
	VMULPD Y13, Y12, Y13
	VADDPD l1pLp4<>(SB), Y13, Y13
	VMULPD Y13, Y12, Y13
	VADDPD l1pLp3<>(SB), Y13, Y13
	VMULPD Y13, Y12, Y13
	VADDPD l1pLp2<>(SB), Y13, Y13
	VMULPD Y13, Y12, Y13
	VADDPD l1pLp1<>(SB), Y13, Y13
	VMULPD Y13, Y12, Y13                // R
	VADDPD Y13, Y10, Y14                // hfsq + R
	VMULPD Y14, Y11, Y14                // t = s(hfsq + R)
	// k = 0: f − (hfsq − t).
	VSUBPD Y14, Y10, Y15
	VSUBPD Y15, Y9, Y15
	// else: k·Ln2Hi − ((hfsq − (t + (k·Ln2Lo + c))) − f).
	VPADDQ l1pMagic<>(SB), Y5, Y12
	VSUBPD l1pMagic<>(SB), Y12, Y12     // float64(k)
	VMULPD l1pLn2Lo<>(SB), Y12, Y13
	VADDPD Y6, Y13, Y13
	VADDPD Y13, Y14, Y13
	VSUBPD Y13, Y10, Y13
	VSUBPD Y9, Y13, Y13
	VMULPD l1pLn2Hi<>(SB), Y12, Y12
	VSUBPD Y13, Y12, Y12
	VPXOR Y13, Y13, Y13
	VPCMPEQQ Y13, Y5, Y13               // k = 0
	VBLENDVPD Y13, Y15, Y12, Y12
	VMOVUPD Y12, (DI)(AX*8)
	ADDQ $4, AX
	DECQ CX
	JNZ loop

done:
	VZEROUPPER
	MOVQ AX, ret+48(FP)
	RET
