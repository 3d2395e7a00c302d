package editdist

import "testing"

func TestDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b        string
		lev, withTr int
	}{
		{"", "", 0, 0}, {"rank", "rank", 0, 0}, {"rnak", "rank", 2, 1}, {"prde", "pred", 2, 1},
		{"kitten", "sitting", 3, 3}, {"", "abc", 3, 3}, {"é", "e", 1, 1}, {"ab", "ba", 2, 1},
	} {
		if d := Distance(tc.a, tc.b, false); d != tc.lev || Distance(tc.b, tc.a, false) != tc.lev {
			t.Errorf("Distance(%q, %q, false) = %d, want %d", tc.a, tc.b, d, tc.lev)
		}
		if d := Distance(tc.a, tc.b, true); d != tc.withTr || Distance(tc.b, tc.a, true) != tc.withTr {
			t.Errorf("Distance(%q, %q, true) = %d, want %d", tc.a, tc.b, d, tc.withTr)
		}
	}
}
