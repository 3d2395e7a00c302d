package budget

import (
	"math"
	"testing"
)

// TestItems: n × size, saturating instead of wrapping (a flag of 1e18
// bins must not become a small or negative charge).
func TestItems(t *testing.T) {
	for _, c := range []struct{ n, size, want int64 }{
		{0, 8, 0}, {-1, 8, 0}, {5, 0, 0}, {1000, 64, 64000},
		{math.MaxInt64 / 8, 8, math.MaxInt64 / 8 * 8},
		{math.MaxInt64/8 + 1, 8, math.MaxInt64},
		{math.MaxInt64, 320, math.MaxInt64},
	} {
		if got := Items(c.n, c.size); got != c.want {
			t.Errorf("Items(%d, %d) = %d, want %d", c.n, c.size, got, c.want)
		}
	}
}
