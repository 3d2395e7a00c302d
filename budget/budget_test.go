package budget

import (
	"errors"
	"strings"
	"sync"
	"testing"
)

func TestParseSize(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int64
	}{
		{"0", 0},
		{"100000", 100000},
		{"100B", 100},
		{"1K", 1024},
		{"1kib", 1024},
		{"1kB", 1000},
		{"512MiB", 512 << 20},
		{"512M", 512 << 20},
		{"2G", 2 << 30},
		{"2 GiB", 2 << 30},
		{"1.5GB", 1500000000},
		{"1.5G", 3 << 29},
		{"1T", 1 << 40},
		{"3MB", 3000000},
	} {
		got, err := ParseSize(c.in)
		if err != nil || got != c.want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", c.in, got, err, c.want)
		}
	}
	for _, in := range []string{"", "G", "-1G", "12X", "1.2.3M", "1e3", "99999999999T"} {
		if _, err := ParseSize(in); err == nil {
			t.Errorf("ParseSize(%q): no error", in)
		}
	}
}

func TestFormatSize(t *testing.T) {
	for _, c := range []struct {
		n    int64
		want string
	}{
		{100, "100 B"}, {1024, "1 KiB"}, {512 << 20, "512 MiB"}, {3 << 29, "1.5 GiB"}, {1<<30 - 1, "1023.9 MiB"},
	} {
		if got := FormatSize(c.n); got != c.want {
			t.Errorf("FormatSize(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}

func TestAccount(t *testing.T) {
	b := New(1000)
	a := b.Account("classify label set", "")
	c := b.Account("cluster feature rows", "or use fewer features")
	if err := a.Grow(600); err != nil {
		t.Fatal(err)
	}
	if err := c.Grow(300); err != nil {
		t.Fatal(err)
	}
	err := c.Grow(200)
	var e *ExceededError
	if !errors.As(err, &e) || !errors.Is(err, ErrExceeded) {
		t.Fatalf("Grow past the limit: %v", err)
	}
	if e.What != "cluster feature rows" || e.Want != 500 || e.Used != 600 || e.Limit != 1000 {
		t.Errorf("error fields %+v", e)
	}
	msg := err.Error()
	for _, s := range []string{"cluster feature rows", "500 B", "1000 B", "raise it with budget.New", "or use fewer features", "600 B already held"} {
		if !strings.Contains(msg, s) {
			t.Errorf("message %q lacks %q", msg, s)
		}
	}
	if b.Used() != 900 || c.Held() != 300 {
		t.Errorf("a failed charge changed the budget: used %d held %d", b.Used(), c.Held())
	}
	if err := a.Set(100); err != nil || b.Used() != 400 {
		t.Errorf("Set shrink: %v, used %d", err, b.Used())
	}
	if err := c.Set(900); err != nil || b.Used() != 1000 {
		t.Errorf("Set grow: %v, used %d", err, b.Used())
	}
	if b.Peak() != 1000 {
		t.Errorf("peak %d", b.Peak())
	}
	a.Close()
	c.Close()
	if b.Used() != 0 || b.Available() != 1000 {
		t.Errorf("after Close: used %d available %d", b.Used(), b.Available())
	}
}

func TestNilAndUnlimited(t *testing.T) {
	var b *Budget
	a := b.Account("x", "")
	if a != nil || a.Grow(1<<62) != nil || a.Set(5) != nil || a.Held() != 0 || b.Used() != 0 {
		t.Error("nil budget is not unlimited")
	}
	a.Close()
	u := New(0)
	if err := u.Account("x", "").Grow(1 << 62); err != nil {
		t.Error(err)
	}
}

func TestConcurrent(t *testing.T) {
	b := New(1 << 20)
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a := b.Account("x", "")
			for range 1000 {
				if err := a.Grow(100); err != nil {
					break
				}
			}
			a.Close()
		}()
	}
	wg.Wait()
	if b.Used() != 0 || b.Peak() > 1<<20 {
		t.Errorf("used %d peak %d", b.Used(), b.Peak())
	}
}
