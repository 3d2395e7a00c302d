// Package slab hands out float64 (and int32) slices for values a program keeps in
// bulk. Past a threshold they are carved from large slabs that the
// kernel may back with huge pages (Linux transparent huge pages in
// "madvise" mode): the first touch of hundreds of megabytes then costs a
// fault per 2 MiB rather than one per 4 KiB, which on some machines is a
// large share of the time of reading a big file.
//
// The slices are ordinary Go memory: the garbage collector frees a slab
// once no slice of it is reachable.
package slab

import (
	"sync"
	"unsafe"
	"weak"
)

const (
	// hugePage is the size and alignment of a huge page.
	hugePage = 2 << 20
	// slabBytes is the size of a slab: eight huge pages.
	slabBytes = 8 * hugePage
	// plainBytes is how much is handed out as plain allocations before
	// slabs are used: small inputs never pay for a slab (a huge page
	// touched is resident whole).
	plainBytes = 2 * hugePage
)

// pool is the current slab, held weakly: a slab lives while a slice of it
// does, so that a long-running program (the Python package) keeps no
// slab after the states that used it are gone.
var pool struct {
	sync.Mutex
	given  int64                 // bytes handed out since a slab was last found gone
	slab   weak.Pointer[float64] // the current slab's first value
	off, n int                   // its next free index and its length (0: none)
}

// Floats returns a slice of length 0 and capacity n. Its memory is zero
// until written, and appending past n reallocates as usual.
func Floats(n int) []float64 {
	if n <= 0 {
		return nil
	}
	bytes := int64(n) * 8
	pool.Lock()
	defer pool.Unlock()
	var p *float64
	if pool.n > 0 {
		if p = pool.slab.Value(); p == nil {
			// Every slice of the last slab is gone: a small input
			// starts again with plain allocations.
			pool.given, pool.n = 0, 0
		}
	}
	pool.given += bytes
	if pool.given <= plainBytes {
		return make([]float64, 0, n)
	}
	if bytes > slabBytes/4 {
		return hugeFloats(n)[:0]
	}
	if p == nil || pool.n-pool.off < n {
		s := newSlab()
		p = unsafe.SliceData(s)
		pool.slab, pool.off, pool.n = weak.Make(p), 0, cap(s)
	}
	s := unsafe.Slice(p, pool.n)[pool.off : pool.off : pool.off+n]
	pool.off += n
	return s
}

// Int32s returns a slice of int32 of length 0 and capacity n, from the
// same slabs as Floats (half as many bytes a value).
func Int32s(n int) []int32 { return Carve[int32](n) }

// Carve is Floats for any type of value without pointers: a slice of
// length 0 and capacity n, from the same slabs (or a plain allocation
// while little has been handed out).
func Carve[T Number](n int) []T {
	if n <= 0 {
		return nil
	}
	var z T
	f := Floats((n*int(unsafe.Sizeof(z)) + 7) / 8)
	return unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(f))), n)[:0]
}

// newSlab returns a slab of slabBytes, advised as huge pages, as a slice
// of length 0.
func newSlab() []float64 {
	return hugeFloats(slabBytes / 8)[:0]
}

// hugeFloats returns n float64s starting on a huge page, the whole huge
// pages among them advised as such. They are carved from an allocation
// one huge page longer; the part before the aligned start is never
// written, so it costs address space, not memory.
func hugeFloats(n int) []float64 {
	s := make([]float64, n+hugePage/8)
	start := uintptr(unsafe.Pointer(&s[0]))
	skip := ((start+hugePage-1)&^(hugePage-1) - start) / 8
	s = s[skip : skip+uintptr(n) : skip+uintptr(n)]
	if whole := uintptr(n) * 8 &^ (hugePage - 1); whole > 0 {
		advise(unsafe.Pointer(&s[0]), whole)
	}
	return s
}

// Number is a type of value without pointers that Make hands out.
type Number interface {
	~float64 | ~float32 | ~int64 | ~uint64 | ~int32 | ~uint32 | ~int | ~uint
}

// hugeBytes is the size past which Make gives memory of huge pages.
const hugeBytes = 2 * hugePage

// Make is make([]T, n, c) for memory that a program fills at once and
// may drop soon (a sort's buffer, a table's columns): past 4 MiB it
// starts on a huge page and its whole huge pages are advised as such, so
// that its first touch faults once per 2 MiB rather than once per 4 KiB.
// Unlike Floats, it takes no slab: the garbage collector frees it as any
// allocation. It panics if c < n.
func Make[T Number](n, c int) []T {
	if c < n {
		panic("slab: capacity below length")
	}
	var z T
	size := int(unsafe.Sizeof(z))
	if c*size <= hugeBytes {
		return make([]T, n, c)
	}
	f := hugeFloats((c*size + 7) / 8)
	return unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(f))), c)[:n]
}
