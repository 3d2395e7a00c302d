package cluster

import (
	"errors"
	"math"
	"testing"
)

func TestFrequency(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		want int64
		ok   bool
	}{{0, 0, true}, {3, 3, true}, {1 << 53, 1 << 53, true}, {2.5, 0, false}, {1<<53 + 2, 0, false}, {math.NaN(), 0, false}} {
		got, err := Frequency(tc.v)
		if tc.ok != (err == nil) || got != tc.want || (err != nil && !errors.Is(err, ErrNotWhole)) {
			t.Errorf("Frequency(%v) = %d, %v; want %d, ok %v", tc.v, got, err, tc.want, tc.ok)
		}
	}
}
