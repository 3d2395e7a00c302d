package slab

import (
	"runtime"
	"sync"
	"testing"
	"unsafe"
)

// Slices never overlap, have the capacity asked for, and are zero, from
// many goroutines at once and past the plain allocations.
func TestFloats(t *testing.T) {
	var wg sync.WaitGroup
	var mu sync.Mutex
	var got [][]float64
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 200 {
				n := 1 + (i*7919+g*104729)%70000
				s := Floats(n)
				if len(s) != 0 || cap(s) != n {
					t.Errorf("Floats(%d): len %d cap %d", n, len(s), cap(s))
					return
				}
				s = s[:n]
				for j := range s {
					if s[j] != 0 {
						t.Errorf("Floats(%d)[%d] = %v", n, j, s[j])
						return
					}
					s[j] = float64(g*1000 + i)
				}
				mu.Lock()
				got = append(got, s)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	for _, s := range got {
		for j := range s {
			if s[j] != s[0] {
				t.Fatalf("a slice was overwritten by another")
			}
		}
	}
	if Floats(0) != nil {
		t.Errorf("Floats(0) is not nil")
	}
}

// Int32s and Carve[uint64], beside Floats, never overlap, have the
// capacity asked for, and are zero.
func TestCarve(t *testing.T) {
	var ints [][]int32
	var keys [][]uint64
	var floats [][]float64
	for i := range 3000 {
		n := 1 + (i*7919)%3000
		s := Int32s(n)
		k := Carve[uint64](n)
		if len(s) != 0 || cap(s) != n || len(k) != 0 || cap(k) != n {
			t.Fatalf("Int32s(%d): len %d cap %d; Carve[uint64](%d): len %d cap %d", n, len(s), cap(s), n, len(k), cap(k))
		}
		s, k = s[:n], k[:n]
		for j := range s {
			if s[j] != 0 || k[j] != 0 {
				t.Fatalf("Int32s(%d)[%d] = %v, Carve[uint64](%d)[%d] = %v", n, j, s[j], n, j, k[j])
			}
			s[j], k[j] = int32(i), uint64(i)
		}
		ints, keys = append(ints, s), append(keys, k)
		f := Floats(n)[:n]
		for j := range f {
			f[j] = float64(i)
		}
		floats = append(floats, f)
	}
	for i, s := range ints {
		for j := range s {
			if s[j] != int32(i) || keys[i][j] != uint64(i) {
				t.Fatalf("an int32 or uint64 slice was overwritten")
			}
		}
		for _, v := range floats[i] {
			if v != float64(i) {
				t.Fatalf("a float64 slice was overwritten")
			}
		}
	}
	if Int32s(0) != nil || Carve[uint64](0) != nil {
		t.Errorf("Int32s(0) or Carve(0) is not nil")
	}
}

// Make gives the length and capacity asked for, zero values, and huge
// ones start on a huge page.
func TestMake(t *testing.T) {
	for _, c := range []int{0, 1, 1000, hugeBytes/8 + 1, 3 * hugeBytes / 8} {
		s := Make[uint64](c/2, c)
		if len(s) != c/2 || cap(s) != c {
			t.Fatalf("Make(%d, %d): len %d cap %d", c/2, c, len(s), cap(s))
		}
		s = s[:c]
		for i := range s {
			if s[i] != 0 {
				t.Fatalf("Make(%d, %d)[%d] = %d", c/2, c, i, s[i])
			}
			s[i] = uint64(i)
		}
		if c*8 > hugeBytes && uintptr(unsafe.Pointer(&s[0]))%hugePage != 0 {
			t.Fatalf("Make(%d, %d) does not start on a huge page", c/2, c)
		}
	}
	i32 := Make[int32](5, hugeBytes)
	if len(i32) != 5 || cap(i32) != hugeBytes {
		t.Fatalf("Make[int32]: len %d cap %d", len(i32), cap(i32))
	}
}

// A slab no slice of which is left is let go: the next small request is
// a plain allocation again.
func TestSlabLetGo(t *testing.T) {
	for range 3 {
		_ = Floats(slabBytes / 8 / 8) // past plainBytes: from a slab
	}
	runtime.GC()
	runtime.GC()
	s := Floats(10)
	pool.Lock()
	n := pool.n
	pool.Unlock()
	if n != 0 {
		t.Fatalf("the pool holds a slab (length %d) after every slice of it was dropped", n)
	}
	_ = s
}
