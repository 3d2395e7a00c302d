package budget

import (
	"bufio"
	"bytes"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"sync"
)

// ParseSize parses a size in bytes: a non-negative number (a decimal
// fraction is allowed with a unit) and an optional unit, case-insensitive:
//
//	B                      1
//	K, KiB                 1024
//	M, MiB                 1024²
//	G, GiB                 1024³
//	T, TiB                 1024⁴
//	kB, MB, GB, TB         1000, 1000², 1000³, 1000⁴
//
// The result is rounded down to a whole byte. 0 means no limit where a
// limit is asked for.
func ParseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	i := 0
	for i < len(t) && (t[i] >= '0' && t[i] <= '9' || t[i] == '.') {
		i++
	}
	num, unit := t[:i], strings.ToLower(strings.TrimSpace(t[i:]))
	if num == "" {
		return 0, fmt.Errorf("size %q: want a number of bytes with an optional unit, as 512MiB or 2G", s)
	}
	var mult float64
	switch unit {
	case "", "b":
		mult = 1
	case "k", "kib", "ki":
		mult = 1 << 10
	case "m", "mib", "mi":
		mult = 1 << 20
	case "g", "gib", "gi":
		mult = 1 << 30
	case "t", "tib", "ti":
		mult = 1 << 40
	case "kb":
		mult = 1e3
	case "mb":
		mult = 1e6
	case "gb":
		mult = 1e9
	case "tb":
		mult = 1e12
	default:
		return 0, fmt.Errorf("size %q: unknown unit %q (want B, KiB, MiB, GiB, TiB, K, M, G, T, kB, MB, GB or TB)", s, t[i:])
	}
	v, err := strconv.ParseFloat(num, 64)
	if err != nil {
		return 0, fmt.Errorf("size %q: %q is not a number", s, num)
	}
	v *= mult
	if !(v < math.MaxInt64) {
		return 0, fmt.Errorf("size %q is too large", s)
	}
	return int64(v), nil
}

// FormatSize writes n bytes in the largest binary unit that keeps it ≥ 1,
// with up to one decimal: "512 MiB", "1.5 GiB", "100 B".
func FormatSize(n int64) string {
	units := []string{"B", "KiB", "MiB", "GiB", "TiB", "PiB"}
	v, u := float64(n), 0
	for v >= 1024 && u < len(units)-1 {
		v /= 1024
		u++
	}
	if u == 0 {
		return strconv.FormatInt(n, 10) + " B"
	}
	s := strconv.FormatFloat(math.Floor(v*10)/10, 'f', -1, 64)
	return s + " " + units[u]
}

// Default returns the default limit: a quarter of physical memory, or of
// the cgroup's memory limit when that is lower, or 1 GiB when neither can
// be read.
func Default() int64 { return defaultLimit() }

// defaultLimit is Default, read once a process: a library called many
// times (cmd/libevalkit) reads /proc once, not at every call.
var defaultLimit = sync.OnceValue(func() int64 {
	total := memTotal()
	if c := cgroupLimit(); c > 0 && (total <= 0 || c < total) {
		total = c
	}
	if total <= 0 {
		return 1 << 30
	}
	return total / 4
})

// memTotal reads MemTotal from /proc/meminfo (0 if unreadable).
func memTotal() int64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Bytes()
		if rest, ok := bytes.CutPrefix(line, []byte("MemTotal:")); ok {
			fields := strings.Fields(string(rest))
			if len(fields) == 0 {
				return 0
			}
			kb, err := strconv.ParseInt(fields[0], 10, 64)
			if err != nil || kb <= 0 {
				return 0
			}
			return kb << 10
		}
	}
	return 0
}

// cgroupLimit reads the cgroup v2 (memory.max) or v1
// (memory.limit_in_bytes) limit of this process's root cgroup view (0 if
// none or unreadable).
func cgroupLimit() int64 {
	for _, p := range []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"} {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		s := strings.TrimSpace(string(b))
		if s == "max" {
			return 0
		}
		v, err := strconv.ParseInt(s, 10, 64)
		if err != nil || v <= 0 || v >= 1<<60 {
			return 0
		}
		return v
	}
	return 0
}

// Size is a flag.Value holding a size in bytes, written as [ParseSize]
// reads it. A Size that was never set holds the default.
type Size struct {
	n   int64
	set bool
}

// String returns the size as given, or "a quarter of physical memory".
func (s *Size) String() string {
	if s == nil || !s.set {
		return ""
	}
	return FormatSize(s.n)
}

// Set parses v.
func (s *Size) Set(v string) error {
	n, err := ParseSize(v)
	if err != nil {
		return err
	}
	s.n, s.set = n, true
	return nil
}

// Bytes returns the size in bytes: the value set, or [Default] if none.
func (s *Size) Bytes() int64 {
	if !s.set {
		return Default()
	}
	return s.n
}

// Budget returns a new budget of this size (0: unlimited).
func (s *Size) Budget() *Budget { return New(s.Bytes()) }

// Items returns the bytes of n elements of size bytes each (n from an
// option: a number of bins or of resamples), at most math.MaxInt64, so
// that a charge for a huge option value fails rather than wraps around.
func Items(n, size int64) int64 {
	if n <= 0 || size <= 0 {
		return 0
	}
	if n > math.MaxInt64/size {
		return math.MaxInt64
	}
	return n * size
}
