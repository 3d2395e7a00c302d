package table_test

import (
	"errors"
	"math"
	"testing"

	"github.com/evalkit-go/evalkit/table"
)

// TestNumberSyntax: the numbers CSV writers write are read, and nothing
// else: Go's literal syntax ("1_0", "0x1p-3") is not a number to pandas
// (read_csv keeps them as strings), numpy (float() raises) or R
// (as.numeric gives NA), and not to evalkit.
func TestNumberSyntax(t *testing.T) {
	for _, c := range []struct {
		in   string
		want float64
	}{
		{"10", 10}, {"-12", -12}, {"+3", 3}, {"3.25", 3.25}, {".5", 0.5}, {"5.", 5},
		{"1.5e-7", 1.5e-7}, {"2E+3", 2000}, {"1e5", 1e5}, {" 0.25 ", 0.25}, {"\t7\t", 7},
		{"12345678901234567890123", 12345678901234567890123}, // past the fast path's 19 digits
		{"0.000000000000000000000000001", 1e-27},
		{"1e-320", 1e-320}, // subnormal: finite
		{"007", 7}, {"-0", 0},
	} {
		got, err := table.ParseFloat([]byte(c.in))
		if err != nil || got != c.want {
			t.Errorf("ParseFloat(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
	for _, in := range []string{"1_0", "1_000.5", "0x1p-3", "0X10", "0x10", "0b101", "0o17", "1e", "e5", ".", "-", "+",
		"1.2.3", "1e5.5", "1 0", "--1", "1e+-3", "Inf1", "infinit", "nana", "NA", "", " ", "1,5", "１"} {
		if v, err := table.ParseFloat([]byte(in)); !errors.Is(err, table.ErrNotNumber) {
			t.Errorf("ParseFloat(%q) = %v, %v; want ErrNotNumber", in, v, err)
		}
	}
	for _, in := range []string{"inf", "-inf", "+inf", "Inf", "-Inf", "INF", "infinity", "Infinity", "-Infinity",
		"nan", "NaN", "NAN", "-nan", "1e999", "-1e400"} {
		if v, err := table.ParseFloat([]byte(in)); !errors.Is(err, table.ErrNotFinite) {
			t.Errorf("ParseFloat(%q) = %v, %v; want ErrNotFinite", in, v, err)
		}
	}
	if v, _ := table.ParseFloat([]byte("1e-400")); v != 0 || math.Signbit(v) {
		t.Errorf("1e-400 = %v, want 0 (underflow to zero is a finite value)", v)
	}
}
