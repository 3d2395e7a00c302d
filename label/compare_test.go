package label

import (
	"slices"
	"testing"
)

func TestNumber(t *testing.T) {
	cases := []struct {
		in   string
		want float64
		ok   bool
	}{
		{"1", 1, true}, {"1.0", 1, true}, {" 1", 1, true}, {"1 ", 1, true}, {"\t1e0", 1, true},
		{"+1", 1, true}, {"-0", 0, true}, {".5", 0.5, true}, {"5.", 5, true}, {"1E+2", 100, true},
		{"", 0, false}, {" ", 0, false}, {"x", 0, false}, {"1x", 0, false}, {"1_0", 0, false},
		{"0x1p-3", 0, false}, {"inf", 0, false}, {"NaN", 0, false}, {"1e999", 0, false}, {"1e", 0, false},
		{"--1", 0, false}, {"1 0", 0, false},
		// Decimals their float64 holds: its shortest spelling has their value.
		{"0.1", 0.1, true}, {"1152921504606846976", 1 << 60, true}, {"1.1529215046068469760e18", 1 << 60, true},
		{"000.500", 0.5, true}, {"-0.0e5", 0, true}, {"0e999999999999999999999", 0, false},
		// Decimals it does not hold: two different labels would be one.
		{"1152921504606846977", 0, false}, {"0.10000000000000000001", 0, false},
		{"9007199254740993", 0, false}, {"1.00000000000000000001", 0, false},
		{"1152921504606847000", 0, false},                                        // the shortest spelling of 2⁶⁰, but another integer
		{"0.1000000000000000055511151231257827021181583404541015625", 0.1, true}, // 0.1's exact value
	}
	for _, c := range cases {
		v, ok := Number(c.in)
		if ok != c.ok || (ok && v != c.want) {
			t.Errorf("Number(%q) = %v, %v; want %v, %v", c.in, v, ok, c.want, c.ok)
		}
	}
}

// TestEqualBeyondFloat64: labels that one float64 stands for but that
// differ as decimals (2⁶⁰ and 2⁶⁰ + 1) compare as different labels, as
// strings; those of one value spelled otherwise still compare as one.
func TestEqualBeyondFloat64(t *testing.T) {
	a, b := "1152921504606846976", "1152921504606846977"
	if c := ComparisonOfNames([]string{a, b}); c != Strings {
		t.Errorf("comparison of %s and %s: %v", a, b, c)
	}
	if Equal(a, b, Numbers) {
		t.Errorf("%s and %s are one label", a, b)
	}
	if !Equal("1", "1.0", Numbers) || !Equal("0.1", "1e-1", Numbers) {
		t.Errorf("1 and 1.0, or 0.1 and 1e-1, are two labels")
	}
}

func TestCanonical(t *testing.T) {
	cases := []struct {
		in   float64
		want string
	}{
		{1, "1"}, {0, "0"}, {-0.0, "0"}, {0.5, "0.5"}, {-2.25, "-2.25"}, {1e6, "1000000"},
		{1e20, "100000000000000000000"}, {1e21, "1e+21"}, {0.0001, "0.0001"}, {0.00001, "1e-05"},
		{0.30000000000000004, "0.30000000000000004"},
	}
	for _, c := range cases {
		if got := Canonical(c.in); got != c.want {
			t.Errorf("Canonical(%v) = %q, want %q", c.in, got, c.want)
		}
		if v, ok := Number(c.want); !ok || v != c.in {
			t.Errorf("Canonical(%v) = %q does not read back", c.in, c.want)
		}
	}
}

func TestClasses(t *testing.T) {
	s := NewSet(nil)
	for _, l := range []string{"1.0", "0", " 1", "10", "1e0", "-0", "2.50"} {
		s.ID([]byte(l))
	}
	if c := ComparisonOf(s); c != Numbers || c.String() != "numeric" {
		t.Fatalf("ComparisonOf = %v", c)
	}
	names, class := s.Classes(Numbers)
	if want := []string{"0", "1", "2.5", "10"}; !slices.Equal(names, want) {
		t.Errorf("Classes(Numbers) names = %q, want %q", names, want)
	}
	if want := []int{1, 0, 1, 3, 1, 0, 2}; !slices.Equal(class, want) {
		t.Errorf("Classes(Numbers) class = %v, want %v", class, want)
	}
	// As strings each spelling is a class; numbers still sort by value.
	names, class = s.Classes(Strings)
	if want := []string{"-0", "0", " 1", "1.0", "1e0", "2.50", "10"}; !slices.Equal(names, want) {
		t.Errorf("Classes(Strings) names = %q, want %q", names, want)
	}
	for i, k := range class {
		if names[k] != s.Names()[i] {
			t.Errorf("Classes(Strings): label %q in class %q", s.Names()[i], names[k])
		}
	}
	s.ID([]byte("x"))
	if c := ComparisonOf(s); c != Strings || c.String() != "string" {
		t.Errorf("with a label x: ComparisonOf = %v", c)
	}
	if c := ComparisonOf(NewSet(nil), s); c != Strings {
		t.Errorf("over two sets: %v", c)
	}
}

func TestFixedNumbers(t *testing.T) {
	s := NewSet([]string{"0", "1", "2"})
	for _, c := range []struct {
		in string
		id int
		ok bool
	}{{"1", 1, true}, {"1.0", 1, true}, {" 2", 2, true}, {"0e0", 0, true}, {"-0", 0, true}, {"3", -1, false}, {"x", -1, false}} {
		id, ok := s.ID([]byte(c.in))
		if id != c.id || ok != c.ok {
			t.Errorf("ID(%q) = %d, %v; want %d, %v", c.in, id, ok, c.id, c.ok)
		}
	}
	if s.Len() != 3 {
		t.Errorf("a fixed set grew to %q", s.Names())
	}
	// A list with a non-number compares as strings.
	w := NewSet([]string{"1", "a"})
	if _, ok := w.ID([]byte("1.0")); ok {
		t.Error(`"1.0" matched "1" in a list of strings`)
	}
}

func TestRepeated(t *testing.T) {
	for _, c := range []struct {
		in   []string
		a, b string
		dup  bool
	}{
		{[]string{"0", "1", "1.0"}, "1", "1.0", true},
		{[]string{"1", "1.0", "a"}, "", "", false},
		{[]string{"a", "b", "a"}, "a", "a", true},
		{[]string{"0", "1", "2"}, "", "", false},
	} {
		a, b, dup := Repeated(c.in)
		if a != c.a || b != c.b || dup != c.dup {
			t.Errorf("Repeated(%q) = %q, %q, %v", c.in, a, b, dup)
		}
	}
}

func TestEqualSpelling(t *testing.T) {
	if !Equal("1", " 1.0", Numbers) || Equal("1", " 1.0", Strings) || !Equal("a", "a", Numbers) || Equal("a", "1", Numbers) {
		t.Error("Equal")
	}
	if Spelling("1.0", Numbers) != "1" || Spelling("1.0", Strings) != "1.0" || Spelling("x", Numbers) != "x" {
		t.Error("Spelling")
	}
}

func TestListedSet(t *testing.T) {
	s := NewListedSet([]string{"2", "0.50"})
	for _, c := range []struct {
		in string
		id int
	}{{"2", 0}, {"2.0", 0}, {"0.5", 1}, {"7", 2}, {"1", 3}, {"7.0", 4}, {"2", 0}} {
		if id, ok := s.ID([]byte(c.in)); !ok || id != c.id {
			t.Errorf("ID(%q) = %d, %v; want %d", c.in, id, ok, c.id)
		}
	}
	if s.Fixed() || s.Listed() != 2 || s.Len() != 5 {
		t.Fatalf("Fixed %v, Listed %d, Len %d", s.Fixed(), s.Listed(), s.Len())
	}
	names, class := s.Classes(Numbers)
	if want := []string{"2", "0.50", "1", "7"}; !slices.Equal(names, want) {
		t.Errorf("Classes(Numbers) names = %q, want %q", names, want)
	}
	if want := []int{0, 1, 3, 2, 3}; !slices.Equal(class, want) {
		t.Errorf("Classes(Numbers) class = %v, want %v", class, want)
	}
	w := NewListedSet([]string{"b"})
	for _, l := range []string{"c", "a", "b"} {
		w.ID([]byte(l))
	}
	names, class = w.Classes(Strings)
	if want := []string{"b", "a", "c"}; !slices.Equal(names, want) {
		t.Errorf("Classes(Strings) names = %q, want %q", names, want)
	}
	if want := []int{0, 2, 1}; !slices.Equal(class, want) {
		t.Errorf("Classes(Strings) class = %v, want %v", class, want)
	}
	if NewSet([]string{"a"}).Listed() != 1 || NewSet(nil).Listed() != 0 {
		t.Error("Listed of NewSet")
	}
}
