package cli

import (
	"strings"
	"testing"
)

func TestExpandColumns(t *testing.T) {
	header := []string{"y", "lr_p2", "rf_p0", "lr_p0", "lr_p1", "w"}
	for _, c := range []struct{ in, want string }{
		{"lr_p0,lr_p1", "lr_p0,lr_p1"},
		{"lr_p*", "lr_p2,lr_p0,lr_p1"}, // file order
		{"rf_p0,lr_p[01]", "rf_p0,lr_p0,lr_p1"},
		{"lr_p?,w", "lr_p2,lr_p0,lr_p1,w"},
	} {
		got, err := ExpandColumns("--score", c.in, header)
		if err != nil || got != c.want {
			t.Errorf("ExpandColumns(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	_, err := ExpandColumns("--score", "gb_p*", header)
	if err == nil || !strings.Contains(err.Error(), `"gb_p*"`) || !strings.Contains(err.Error(), "y, lr_p2, rf_p0, lr_p0, lr_p1, w") {
		t.Errorf("no match: %v", err)
	}
	if _, err := ExpandColumns("--score", "lr_[", header); err == nil || !strings.Contains(err.Error(), "malformed") {
		t.Errorf("malformed: %v", err)
	}
}
