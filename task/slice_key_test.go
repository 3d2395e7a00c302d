package task

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// shortKeys gives the ids a map gives, for keys of every short length,
// zero bytes and the empty key included, as the table grows.
func TestShortKeys(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 50 {
		var s shortKeys
		want := map[string]int{}
		for range 2000 {
			key := make([]byte, rng.IntN(shortKeyMax+1))
			for i := range key {
				key[i] = byte(rng.IntN(3)) // 0, 1, 2: many collisions of prefixes
			}
			got := s.get(packKey(key))
			id, ok := want[string(key)]
			if !ok {
				id = len(want)
				want[string(key)] = id
				if got != -1 {
					t.Fatalf("trial %d: key %q not yet added, got id %d", trial, key, got)
				}
				s.put(packKey(key), id)
				continue
			}
			if got != id {
				t.Fatalf("trial %d: key %q: id %d, want %d", trial, key, got, id)
			}
		}
		if s.n != len(want) {
			t.Fatalf("trial %d: %d keys held, want %d", trial, s.n, len(want))
		}
		s.reset()
		if got := s.get(packKey(nil)); got != -1 {
			t.Fatalf("trial %d: after reset, the empty key has id %d", trial, got)
		}
	}
}

// The lookup of a row's slice: 100 values of a column, in random order.
func BenchmarkSliceKey(b *testing.B) {
	keys := make([][]byte, 1<<16)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range keys {
		keys[i] = []byte(fmt.Sprintf("g%d", rng.IntN(100)))
	}
	b.Run("map", func(b *testing.B) {
		m := map[string]int{}
		for i := 0; i < b.N; i++ {
			k := keys[i&(len(keys)-1)]
			if _, ok := m[string(k)]; !ok {
				m[string(k)] = len(m)
			}
		}
	})
	b.Run("short", func(b *testing.B) {
		var s shortKeys
		n := 0
		for i := 0; i < b.N; i++ {
			w := packKey(keys[i&(len(keys)-1)])
			if s.get(w) < 0 {
				s.put(w, n)
				n++
			}
		}
	})
}
