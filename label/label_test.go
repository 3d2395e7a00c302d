package label

import (
	"slices"
	"testing"
)

func TestSortedOrder(t *testing.T) {
	cases := []struct{ in, want []string }{
		{[]string{"10", "2", "-1", "1.5"}, []string{"-1", "1.5", "2", "10"}}, // all numeric
		{[]string{"10", "2", "a"}, []string{"10", "2", "a"}},                 // bytewise
		{[]string{"b", "B", "a", "é"}, []string{"B", "a", "b", "é"}},         // bytes, not locale
		{[]string{"1.0", "1", "01"}, []string{"01", "1", "1.0"}},             // equal numbers: bytewise
	}
	for _, c := range cases {
		s := NewSet(nil)
		for _, l := range c.in {
			s.ID([]byte(l))
		}
		got, perm := s.Sorted()
		if !slices.Equal(got, c.want) {
			t.Errorf("Sorted(%q) = %q, want %q", c.in, got, c.want)
		}
		for k, i := range perm {
			if s.Names()[i] != got[k] {
				t.Errorf("perm wrong at %d", k)
			}
		}
	}
}

func TestFixedSet(t *testing.T) {
	s := NewSet([]string{"z", "a"})
	if id, ok := s.ID([]byte("a")); !ok || id != 1 {
		t.Errorf("ID(a) = %d, %v", id, ok)
	}
	if _, ok := s.ID([]byte("q")); ok {
		t.Error("a label outside a fixed list was accepted")
	}
	if got, _ := s.Sorted(); !slices.Equal(got, []string{"z", "a"}) {
		t.Errorf("fixed order changed: %q", got)
	}
}

// The cache in front of the map must never return another label's id,
// whatever the collisions.
func TestCacheCollisions(t *testing.T) {
	s := NewSet(nil)
	var names []string
	for i := range 2000 {
		names = append(names, string(rune('a'+i%26))+string(rune('a'+i/26%26))+string(rune('0'+i%10)))
	}
	for i, n := range names {
		id, _ := s.ID([]byte(n))
		if s.Names()[id] != n {
			t.Fatalf("%d: ID(%q) = %d, which is %q", i, n, id, s.Names()[id])
		}
	}
	for _, n := range names {
		id, _ := s.ID([]byte(n))
		if s.Names()[id] != n {
			t.Fatalf("second pass: ID(%q) is %q", n, s.Names()[id])
		}
	}
}
