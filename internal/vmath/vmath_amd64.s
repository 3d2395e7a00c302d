//go:build !purego

#include "textflag.h"

// The constants of archLog (math/log_amd64.s), four lanes each.
#define HALF logc<>+0(SB)
#define ONE logc<>+32(SB)
#define TWO logc<>+64(SB)
#define HSQRT2 logc<>+96(SB)
#define MANT logc<>+128(SB)
#define POSINF logc<>+160(SB)
#define MAGIC logc<>+192(SB)
#define MAGIC2 logc<>+224(SB)
#define L1 logc<>+256(SB)
#define L2 logc<>+288(SB)
#define L3 logc<>+320(SB)
#define L4 logc<>+352(SB)
#define L5 logc<>+384(SB)
#define L6 logc<>+416(SB)
#define L7 logc<>+448(SB)
#define LN2HI logc<>+480(SB)
#define LN2LO logc<>+512(SB)
#define MAXFIN logc<>+544(SB)

// ½ (f1's exponent; hfsq's factor)
DATA logc<>+0(SB)/8, $0x3fe0000000000000
DATA logc<>+8(SB)/8, $0x3fe0000000000000
DATA logc<>+16(SB)/8, $0x3fe0000000000000
DATA logc<>+24(SB)/8, $0x3fe0000000000000
// 1
DATA logc<>+32(SB)/8, $0x3ff0000000000000
DATA logc<>+40(SB)/8, $0x3ff0000000000000
DATA logc<>+48(SB)/8, $0x3ff0000000000000
DATA logc<>+56(SB)/8, $0x3ff0000000000000
// 2
DATA logc<>+64(SB)/8, $0x4000000000000000
DATA logc<>+72(SB)/8, $0x4000000000000000
DATA logc<>+80(SB)/8, $0x4000000000000000
DATA logc<>+88(SB)/8, $0x4000000000000000
// √2/2 as archLog's HSqrt2
DATA logc<>+96(SB)/8, $0x3fe6a09e667f3bcd
DATA logc<>+104(SB)/8, $0x3fe6a09e667f3bcd
DATA logc<>+112(SB)/8, $0x3fe6a09e667f3bcd
DATA logc<>+120(SB)/8, $0x3fe6a09e667f3bcd
// the mantissa's bits
DATA logc<>+128(SB)/8, $0x000fffffffffffff
DATA logc<>+136(SB)/8, $0x000fffffffffffff
DATA logc<>+144(SB)/8, $0x000fffffffffffff
DATA logc<>+152(SB)/8, $0x000fffffffffffff
// +Inf's bits
DATA logc<>+160(SB)/8, $0x7ff0000000000000
DATA logc<>+168(SB)/8, $0x7ff0000000000000
DATA logc<>+176(SB)/8, $0x7ff0000000000000
DATA logc<>+184(SB)/8, $0x7ff0000000000000
// 2⁵² (an exponent field e below it: 2⁵² + e)
DATA logc<>+192(SB)/8, $0x4330000000000000
DATA logc<>+200(SB)/8, $0x4330000000000000
DATA logc<>+208(SB)/8, $0x4330000000000000
DATA logc<>+216(SB)/8, $0x4330000000000000
// 2⁵² + 1022 (2⁵² + e − it: k = e − 1022)
DATA logc<>+224(SB)/8, $0x43300000000003fe
DATA logc<>+232(SB)/8, $0x43300000000003fe
DATA logc<>+240(SB)/8, $0x43300000000003fe
DATA logc<>+248(SB)/8, $0x43300000000003fe
// L1
DATA logc<>+256(SB)/8, $0x3fe5555555555593
DATA logc<>+264(SB)/8, $0x3fe5555555555593
DATA logc<>+272(SB)/8, $0x3fe5555555555593
DATA logc<>+280(SB)/8, $0x3fe5555555555593
// L2
DATA logc<>+288(SB)/8, $0x3fd999999997fa04
DATA logc<>+296(SB)/8, $0x3fd999999997fa04
DATA logc<>+304(SB)/8, $0x3fd999999997fa04
DATA logc<>+312(SB)/8, $0x3fd999999997fa04
// L3
DATA logc<>+320(SB)/8, $0x3fd2492494229359
DATA logc<>+328(SB)/8, $0x3fd2492494229359
DATA logc<>+336(SB)/8, $0x3fd2492494229359
DATA logc<>+344(SB)/8, $0x3fd2492494229359
// L4
DATA logc<>+352(SB)/8, $0x3fcc71c51d8e78af
DATA logc<>+360(SB)/8, $0x3fcc71c51d8e78af
DATA logc<>+368(SB)/8, $0x3fcc71c51d8e78af
DATA logc<>+376(SB)/8, $0x3fcc71c51d8e78af
// L5
DATA logc<>+384(SB)/8, $0x3fc7466496cb03de
DATA logc<>+392(SB)/8, $0x3fc7466496cb03de
DATA logc<>+400(SB)/8, $0x3fc7466496cb03de
DATA logc<>+408(SB)/8, $0x3fc7466496cb03de
// L6
DATA logc<>+416(SB)/8, $0x3fc39a09d078c69f
DATA logc<>+424(SB)/8, $0x3fc39a09d078c69f
DATA logc<>+432(SB)/8, $0x3fc39a09d078c69f
DATA logc<>+440(SB)/8, $0x3fc39a09d078c69f
// L7
DATA logc<>+448(SB)/8, $0x3fc2f112df3e5244
DATA logc<>+456(SB)/8, $0x3fc2f112df3e5244
DATA logc<>+464(SB)/8, $0x3fc2f112df3e5244
DATA logc<>+472(SB)/8, $0x3fc2f112df3e5244
// Ln2Hi
DATA logc<>+480(SB)/8, $0x3fe62e42fee00000
DATA logc<>+488(SB)/8, $0x3fe62e42fee00000
DATA logc<>+496(SB)/8, $0x3fe62e42fee00000
DATA logc<>+504(SB)/8, $0x3fe62e42fee00000
// Ln2Lo
DATA logc<>+512(SB)/8, $0x3dea39ef35793c76
DATA logc<>+520(SB)/8, $0x3dea39ef35793c76
DATA logc<>+528(SB)/8, $0x3dea39ef35793c76
DATA logc<>+536(SB)/8, $0x3dea39ef35793c76
// the largest finite value's bits
DATA logc<>+544(SB)/8, $0x7fefffffffffffff
DATA logc<>+552(SB)/8, $0x7fefffffffffffff
DATA logc<>+560(SB)/8, $0x7fefffffffffffff
DATA logc<>+568(SB)/8, $0x7fefffffffffffff
GLOBL logc<>(SB), RODATA|NOPTR, $576

// func logAVX2(dst, src []float64) int
//
// dst[i] = math.Log(src[i]) four lanes at a time, for the groups of four
// of src (len(src) rounded down to a multiple of 4) up to the first group
// with a lane outside (0, +Inf) — ±0, a negative, +Inf or a NaN — which
// is left unwritten; it returns the count of values written. Each lane
// takes archLog's steps (math/log_amd64.s): f1 and k from the bits (a
// subnormal as archLog takes it: exponent field 0, so k = −1022 and f1 the
// mantissa's bits over ½, not renormalised), the same comparison with
// √2/2 (≤), and the same operations in the same order, none fused, so
// every rounding is archLog's. Two groups go at a time, their
// instructions interleaved, while both are ordinary. len(dst) ≥ len(src).
TEXT ·logAVX2(SB), NOSPLIT, $0-56
	MOVQ dst_base+0(FP), DI
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), CX
	SHRQ $2, CX               // groups left
	XORQ AX, AX               // values written

two:
	CMPQ CX, $2
	JLT one
	VMOVDQU (SI)(AX*8), Y0    // x, a group
	VMOVDQU 32(SI)(AX*8), Y8  // x, the next
	VPXOR Y7, Y7, Y7
	VPCMPGTQ Y7, Y0, Y6       // bits > 0: not ±0, not negative
	VPCMPGTQ Y7, Y8, Y14
	VPCMPGTQ MAXFIN, Y0, Y7   // bits above the largest finite: +Inf, a NaN
	VPCMPGTQ MAXFIN, Y8, Y15
	VPANDN Y6, Y7, Y6
	VPANDN Y14, Y15, Y14
	VPAND Y14, Y6, Y6
	VMOVMSKPD Y6, DX
	CMPQ DX, $15
	JNE one                   // a special lane in one of them
	VPAND MANT, Y0, Y2
	VPAND MANT, Y8, Y10
	VPOR HALF, Y2, Y2         // f1 = x's mantissa over ½
	VPOR HALF, Y10, Y10
	VPSRLQ $52, Y0, Y1
	VPSRLQ $52, Y8, Y9
	VPOR MAGIC, Y1, Y1
	VPOR MAGIC, Y9, Y9
	VSUBPD MAGIC2, Y1, Y1     // k = the exponent field − 1022, exactly
	VSUBPD MAGIC2, Y9, Y9
	VCMPPD $2, HSQRT2, Y2, Y6 // f1 ≤ √2/2: all ones, else 0
	VCMPPD $2, HSQRT2, Y10, Y14
	VANDPD ONE, Y6, Y6        // 1 or 0
	VANDPD ONE, Y14, Y14
	VSUBPD Y6, Y1, Y1         // k
	VSUBPD Y14, Y9, Y9
	VADDPD ONE, Y6, Y6        // 2 or 1
	VADDPD ONE, Y14, Y14
	VMULPD Y6, Y2, Y2         // f1
	VMULPD Y14, Y10, Y10
	VSUBPD ONE, Y2, Y2        // f = f1 − 1
	VSUBPD ONE, Y10, Y10
	VADDPD TWO, Y2, Y3
	VADDPD TWO, Y10, Y11
	VDIVPD Y3, Y2, Y3         // s = f/(2 + f)
	VDIVPD Y11, Y10, Y11
	VMULPD Y3, Y3, Y4         // s2
	VMULPD Y11, Y11, Y12
	VMULPD Y4, Y4, Y5         // s4
	VMULPD Y12, Y12, Y13
	VMULPD L7, Y5, Y6
	VMULPD L7, Y13, Y14
	VADDPD L5, Y6, Y6
	VADDPD L5, Y14, Y14
	VMULPD Y5, Y6, Y6
	VMULPD Y13, Y14, Y14
	VADDPD L3, Y6, Y6
	VADDPD L3, Y14, Y14
	VMULPD Y5, Y6, Y6
	VMULPD Y13, Y14, Y14
	VADDPD L1, Y6, Y6
	VADDPD L1, Y14, Y14
	VMULPD Y6, Y4, Y4         // t1 = s2·(L1 + s4·(L3 + s4·(L5 + s4·L7)))
	VMULPD Y14, Y12, Y12
	VMULPD L6, Y5, Y6
	VMULPD L6, Y13, Y14
	VADDPD L4, Y6, Y6
	VADDPD L4, Y14, Y14
	VMULPD Y5, Y6, Y6
	VMULPD Y13, Y14, Y14
	VADDPD L2, Y6, Y6
	VADDPD L2, Y14, Y14
	VMULPD Y6, Y5, Y5         // t2 = s4·(L2 + s4·(L4 + s4·L6))
	VMULPD Y14, Y13, Y13
	VADDPD Y5, Y4, Y4         // R = t1 + t2
	VADDPD Y13, Y12, Y12
	VMULPD HALF, Y2, Y7
	VMULPD HALF, Y10, Y15
	VMULPD Y2, Y7, Y7         // hfsq = ½·f·f
	VMULPD Y10, Y15, Y15
	VADDPD Y7, Y4, Y4         // hfsq + R
	VADDPD Y15, Y12, Y12
	VMULPD Y4, Y3, Y3         // s·(hfsq + R)
	VMULPD Y12, Y11, Y11
	VMULPD LN2LO, Y1, Y4      // k·Ln2Lo
	VMULPD LN2LO, Y9, Y12
	VADDPD Y4, Y3, Y3
	VADDPD Y12, Y11, Y11
	VSUBPD Y3, Y7, Y7         // hfsq − (…)
	VSUBPD Y11, Y15, Y15
	VSUBPD Y2, Y7, Y7         // (…) − f
	VSUBPD Y10, Y15, Y15
	VMULPD LN2HI, Y1, Y1      // k·Ln2Hi
	VMULPD LN2HI, Y9, Y9
	VSUBPD Y7, Y1, Y1         // k·Ln2Hi − ((hfsq − (s·(hfsq + R) + k·Ln2Lo)) − f)
	VSUBPD Y15, Y9, Y9
	VMOVUPD Y1, (DI)(AX*8)
	VMOVUPD Y9, 32(DI)(AX*8)
	ADDQ $8, AX
	SUBQ $2, CX
	JMP two

one:
	TESTQ CX, CX
	JZ done
	VMOVDQU (SI)(AX*8), Y0    // x
	VPXOR Y7, Y7, Y7
	VPCMPGTQ Y7, Y0, Y6
	VPCMPGTQ MAXFIN, Y0, Y7
	VPANDN Y6, Y7, Y6
	VMOVMSKPD Y6, DX
	CMPQ DX, $15
	JNE done                  // a special lane: math.Log's (the caller)
	VPAND MANT, Y0, Y2
	VPOR HALF, Y2, Y2         // f1 = x's mantissa over ½
	VPSRLQ $52, Y0, Y1
	VPOR MAGIC, Y1, Y1
	VSUBPD MAGIC2, Y1, Y1     // k = the exponent field − 1022, exactly
	VCMPPD $2, HSQRT2, Y2, Y6 // f1 ≤ √2/2: all ones, else 0
	VANDPD ONE, Y6, Y6        // 1 or 0
	VSUBPD Y6, Y1, Y1         // k
	VADDPD ONE, Y6, Y6        // 2 or 1
	VMULPD Y6, Y2, Y2         // f1
	VSUBPD ONE, Y2, Y2        // f = f1 − 1
	VADDPD TWO, Y2, Y3
	VDIVPD Y3, Y2, Y3         // s = f/(2 + f)
	VMULPD Y3, Y3, Y4         // s2
	VMULPD Y4, Y4, Y5         // s4
	VMULPD L7, Y5, Y6
	VADDPD L5, Y6, Y6
	VMULPD Y5, Y6, Y6
	VADDPD L3, Y6, Y6
	VMULPD Y5, Y6, Y6
	VADDPD L1, Y6, Y6
	VMULPD Y6, Y4, Y4         // t1 = s2·(L1 + s4·(L3 + s4·(L5 + s4·L7)))
	VMULPD L6, Y5, Y6
	VADDPD L4, Y6, Y6
	VMULPD Y5, Y6, Y6
	VADDPD L2, Y6, Y6
	VMULPD Y6, Y5, Y5         // t2 = s4·(L2 + s4·(L4 + s4·L6))
	VADDPD Y5, Y4, Y4         // R = t1 + t2
	VMULPD HALF, Y2, Y7
	VMULPD Y2, Y7, Y7         // hfsq = ½·f·f
	VADDPD Y7, Y4, Y4         // hfsq + R
	VMULPD Y4, Y3, Y3         // s·(hfsq + R)
	VMULPD LN2LO, Y1, Y4      // k·Ln2Lo
	VADDPD Y4, Y3, Y3
	VSUBPD Y3, Y7, Y7         // hfsq − (…)
	VSUBPD Y2, Y7, Y7         // (…) − f
	VMULPD LN2HI, Y1, Y1      // k·Ln2Hi
	VSUBPD Y7, Y1, Y1         // k·Ln2Hi − ((hfsq − (s·(hfsq + R) + k·Ln2Lo)) − f)
	VMOVUPD Y1, (DI)(AX*8)
	ADDQ $4, AX
	DECQ CX
	JMP two

done:
	MOVQ AX, ret+48(FP)
	VZEROUPPER
	RET

// func sqrtAVX2(dst, src []float64)
//
// dst[i] = √src[i] for the groups of four of src (len(src) rounded down
// to a multiple of 4): VSQRTPD rounds each lane once, as SQRTSD (math.Sqrt
// on amd64) does, with the same NaNs. len(dst) ≥ len(src).
TEXT ·sqrtAVX2(SB), NOSPLIT, $0-48
	MOVQ dst_base+0(FP), DI
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), CX
	SHRQ $2, CX
	JZ sqrtdone
	XORQ AX, AX

sqrtloop:
	VSQRTPD (SI)(AX*8), Y0
	VMOVUPD Y0, (DI)(AX*8)
	ADDQ $4, AX
	DECQ CX
	JNZ sqrtloop
	VZEROUPPER

sqrtdone:
	RET

// func divAVX2(dst, x, y []float64)
//
// dst[i] = x[i]/y[i] for the groups of four of x (len(x) rounded down to
// a multiple of 4): VDIVPD rounds each lane once, as DIVSD (Go's x/y on
// amd64) does, with the same NaNs (x's payload first). len(dst), len(y)
// ≥ len(x).
TEXT ·divAVX2(SB), NOSPLIT, $0-72
	MOVQ dst_base+0(FP), DI
	MOVQ x_base+24(FP), SI
	MOVQ x_len+32(FP), CX
	MOVQ y_base+48(FP), DX
	SHRQ $2, CX
	JZ divdone
	XORQ AX, AX

divloop:
	VMOVUPD (SI)(AX*8), Y0
	VDIVPD (DX)(AX*8), Y0, Y0
	VMOVUPD Y0, (DI)(AX*8)
	ADDQ $4, AX
	DECQ CX
	JNZ divloop
	VZEROUPPER

divdone:
	RET
