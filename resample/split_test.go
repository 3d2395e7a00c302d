package resample

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"slices"
	"testing"
)

type foldCase struct {
	Name     string `json:"name"`
	Splitter string `json:"splitter"`
	K        int    `json:"k"`
	N        int    `json:"n"`
	Y        []int  `json:"y"`
	Groups   []int  `json:"groups"`
	Fold     []int  `json:"fold"`
}

// TestFoldsOracle compares fold membership with scikit-learn 1.2.1's KFold,
// StratifiedKFold and GroupKFold (numpy 1.24.2), from
// tools/oracle/resample_folds.py.
func TestFoldsOracle(t *testing.T) {
	b, err := os.ReadFile("testdata/folds.json")
	if err != nil {
		t.Fatal(err)
	}
	var golden struct {
		Cases []foldCase `json:"cases"`
	}
	if err := json.Unmarshal(b, &golden); err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	for _, c := range golden.Cases {
		t.Run(c.Name, func(t *testing.T) {
			var f Folds
			var err error
			switch c.Splitter {
			case "kfold":
				f, err = KFold(c.N, c.K, Options{})
			case "stratified":
				f, err = StratifiedKFold(c.Y, c.K, Options{})
			case "group":
				f, err = GroupKFold(c.Groups, c.K)
			default:
				t.Fatalf("unknown splitter %q", c.Splitter)
			}
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(f.Fold, c.Fold) {
				t.Errorf("folds\n got %v\nwant %v", f.Fold, c.Fold)
			}
		})
		counts[c.Splitter]++
	}
	if counts["kfold"] < 30 || counts["stratified"] < 100 || counts["group"] < 100 {
		t.Errorf("too few oracle cases: %v", counts)
	}
}

func TestNumpyArgsortSorts(t *testing.T) {
	r := newRNG(1)
	for _, n := range []int{0, 1, 2, 17, 18, 100, 1000, 5000} {
		for _, span := range []int{1, 3, 1000} {
			v := make([]int64, n)
			for i := range v {
				v[i] = int64(r.intn(span))
			}
			idx := numpyArgsort(v)
			seen := make([]bool, n)
			for j, i := range idx {
				if seen[i] {
					t.Fatalf("n=%d: index %d twice", n, i)
				}
				seen[i] = true
				if j > 0 && v[idx[j-1]] > v[i] {
					t.Fatalf("n=%d span=%d: not sorted at %d", n, span, j)
				}
			}
		}
	}
	// heapsort fallback on its own
	a := []int{0, 1, 2, 3, 4, 5, 6}
	v := []int64{5, 3, 9, 1, 1, 0, 7}
	heapsortRange(a, func(x, y int) bool { return v[x] < v[y] })
	for j := 1; j < len(a); j++ {
		if v[a[j-1]] > v[a[j]] {
			t.Fatalf("heapsort: %v", a)
		}
	}
}

func TestErrors(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want error
	}{
		{"kfold n<k", second(KFold(3, 5, Options{})), ErrTooFewRows},
		{"stratified n<k", second(StratifiedKFold([]int{0, 1}, 3, Options{})), ErrTooFewRows},
		{"stratified all classes small", second(StratifiedKFold([]int{0, 1, 0, 1, 2, 2}, 3, Options{})), ErrClassTooSmall},
		{"group few groups", second(GroupKFold([]int{1, 1, 2, 2}, 3)), ErrTooFewGroups},
		{"loo", second(LeaveOneOut(1)), ErrTooFewRows},
		{"holdout", second(HoldOut(1, 0.5, Options{})), ErrTooFewRows},
		{"holdout all test", second(HoldOut(3, 0.99, Options{})), ErrTooFewRows},
		{"stratified holdout singleton", second(StratifiedHoldOut([]int{0, 0, 1, 0}, 0.5, 1)), ErrClassTooSmall},
		{"stratified holdout few test", second(StratifiedHoldOut([]int{0, 0, 1, 1, 2, 2, 0, 0}, 0.1, 1)), ErrTooFewRows},
		{"bootstrap", second(Bootstrap(1, 3, 1)), ErrTooFewRows},
		{"shuffle split", second(ShuffleSplit(1, 3, 0.5, 1)), ErrTooFewRows},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !errors.Is(tt.err, tt.want) {
				t.Errorf("got %v, want %v", tt.err, tt.want)
			}
		})
	}
}

func second[T any](_ T, err error) error { return err }

func TestPanics(t *testing.T) {
	for name, f := range map[string]func(){
		"kfold k=1":        func() { KFold(10, 1, Options{}) },
		"holdout frac 0":   func() { HoldOut(10, 0, Options{}) },
		"holdout frac NaN": func() { HoldOut(10, math.NaN(), Options{}) },
		"bootstrap b=0":    func() { Bootstrap(10, 0, 1) },
		"repeats 0":        func() { RepeatedKFold(10, 2, 0, 1) },
	} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Error("no panic")
				}
			}()
			f()
		})
	}
}

func TestStratifiedWarning(t *testing.T) {
	f, err := StratifiedKFold([]int{0, 0, 0, 0, 1}, 3, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Warnings) != 1 {
		t.Errorf("warnings %q", f.Warnings)
	}
}

// checkPartition checks that the splits of f test every row exactly once
// and that train ∪ test is all rows in each split.
func checkPartition(t *testing.T, f Folds) {
	t.Helper()
	n := len(f.Fold)
	tested := make([]int, n)
	for _, s := range f.Splits() {
		if len(s.Train)+len(s.Test) != n {
			t.Fatalf("split sizes %d + %d != %d", len(s.Train), len(s.Test), n)
		}
		if !slices.IsSorted(s.Train) || !slices.IsSorted(s.Test) {
			t.Fatal("split not sorted")
		}
		for _, i := range s.Test {
			tested[i]++
		}
		all := append(slices.Clone(s.Train), s.Test...)
		slices.Sort(all)
		for i, v := range all {
			if v != i {
				t.Fatalf("train ∪ test is not 0…n−1")
			}
		}
	}
	for i, c := range tested {
		if c != 1 {
			t.Fatalf("row %d tested %d times", i, c)
		}
	}
}

// TestStratifiedProportions: every fold holds ⌊n_c/k⌋ or ⌈n_c/k⌉ rows of
// each class c, with and without shuffling (property from issue 6).
func TestStratifiedProportions(t *testing.T) {
	r := newRNG(7)
	for trial := range 200 {
		n := 10 + r.intn(300)
		c := 2 + r.intn(5)
		k := 2 + r.intn(9)
		y := make([]int, n)
		for i := range y {
			// skewed classes: class 0 most common
			y[i] = min(r.intn(c*c), c*c-1) % c
			if r.intn(3) == 0 {
				y[i] = 0
			}
		}
		for _, o := range []Options{{}, {Shuffle: true, Seed: uint64(trial)}} {
			f, err := StratifiedKFold(y, k, o)
			if err != nil {
				continue
			}
			checkPartition(t, f)
			_, counts := encodeByAppearance(y)
			enc, _ := encodeByAppearance(y)
			per := make([][]int, k)
			for i := range per {
				per[i] = make([]int, len(counts))
			}
			for i, fo := range f.Fold {
				per[fo][enc[i]]++
			}
			for fo := range k {
				for cl, cnt := range counts {
					if got := per[fo][cl]; got != cnt/k && got != (cnt+k-1)/k {
						t.Fatalf("trial %d fold %d class %d: %d rows of %d, k=%d", trial, fo, cl, got, cnt, k)
					}
				}
			}
		}
	}
}

func TestShuffledFoldsDeterministic(t *testing.T) {
	y := make([]int, 103)
	for i := range y {
		y[i] = i % 3
	}
	tests := []struct {
		name string
		f    func(seed uint64) []int
	}{
		{"kfold", func(s uint64) []int { f, _ := KFold(103, 5, Options{Shuffle: true, Seed: s}); return f.Fold }},
		{"stratified", func(s uint64) []int {
			f, _ := StratifiedKFold(y, 5, Options{Shuffle: true, Seed: s})
			return f.Fold
		}},
		{"repeated", func(s uint64) []int { f, _ := RepeatedKFold(103, 5, 3, s); return f[2].Fold }},
		{"repeated stratified", func(s uint64) []int { f, _ := RepeatedStratifiedKFold(y, 5, 3, s); return f[1].Fold }},
		{"bootstrap", func(s uint64) []int { b, _ := Bootstrap(103, 3, s); return b[2].Train }},
		{"shuffle split", func(s uint64) []int { b, _ := ShuffleSplit(103, 3, 0.25, s); return b[1].Test }},
		{"stratified holdout", func(s uint64) []int { b, _ := StratifiedHoldOut(y, 0.25, s); return b.Test }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, b, c := tt.f(42), tt.f(42), tt.f(43)
			if !slices.Equal(a, b) {
				t.Error("same seed, different result")
			}
			if slices.Equal(a, c) {
				t.Error("different seeds, same result")
			}
		})
	}
}

// TestPCGStream pins the generator's output, so that a change of the
// algorithm (or of math/rand/v2's PCG) cannot pass unnoticed: the same seed
// must give the same folds on every platform and release.
func TestPCGStream(t *testing.T) {
	f, _ := KFold(10, 5, Options{Shuffle: true, Seed: 1})
	b, _ := Bootstrap(8, 1, 1)
	got := fmt.Sprint(f.Fold, b[0].Train)
	const want = "[0 2 1 1 2 0 4 3 3 4] [2 5 5 5 7 7 7 7]"
	if got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

func TestShuffledKFoldPartition(t *testing.T) {
	for _, n := range []int{5, 10, 101} {
		f, err := KFold(n, 5, Options{Shuffle: true, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		checkPartition(t, f)
		l, _ := LeaveOneOut(n)
		checkPartition(t, l)
	}
}

// TestOOBShare: the out-of-bag share tends to (1 − 1/n)ⁿ → e⁻¹ ≈ 0.368
// (property from issue 6; Efron & Tibshirani 1997, the .632 bootstrap).
func TestOOBShare(t *testing.T) {
	for _, n := range []int{10, 100, 1000, 10000} {
		const b = 200
		bs, err := Bootstrap(n, b, uint64(n))
		if err != nil {
			t.Fatal(err)
		}
		oob := 0
		for _, s := range bs {
			if len(s.Train) != n {
				t.Fatalf("bootstrap sample of %d rows, want %d", len(s.Train), n)
			}
			oob += len(s.Test)
			c := s.Counts(n)
			for _, i := range s.Test {
				if c[i] != 0 {
					t.Fatal("out-of-bag row was drawn")
				}
			}
		}
		share := float64(oob) / float64(b*n)
		expect := math.Pow(1-1/float64(n), float64(n))
		// standard error of the share is below √(p(1−p)/(b·n)) ≈ 0.48/√(bn)
		// (draws within a sample are negatively correlated); allow 5 of them
		if tol := 5 * 0.49 / math.Sqrt(float64(b*n)); math.Abs(share-expect) > tol {
			t.Errorf("n=%d: out-of-bag share %.4f, expected %.4f ± %.4f", n, share, expect, tol)
		}
		t.Logf("n=%d: out-of-bag share %.4f (expected %.4f, e⁻¹ = %.4f)", n, share, expect, math.Exp(-1))
	}
	// at n = 10000 the share is within 0.005 of e⁻¹
	bs, _ := Bootstrap(10000, 50, 9)
	oob := 0
	for _, s := range bs {
		oob += len(s.Test)
	}
	if share := float64(oob) / 500000; math.Abs(share-math.Exp(-1)) > 0.005 {
		t.Errorf("share %.4f not near e⁻¹", share)
	}
}

func TestHoldOut(t *testing.T) {
	s, err := HoldOut(10, 0.25, Options{})
	if err != nil {
		t.Fatal(err)
	}
	// scikit-learn 1.2.1 train_test_split(range(10), test_size=0.25, shuffle=False):
	// train [0..6], test [7, 8, 9]
	if !slices.Equal(s.Test, []int{7, 8, 9}) || !slices.Equal(s.Train, []int{0, 1, 2, 3, 4, 5, 6}) {
		t.Errorf("got %v", s)
	}
	s, _ = HoldOut(10, 0.25, Options{Shuffle: true, Seed: 5})
	if len(s.Test) != 3 || len(s.Train) != 7 {
		t.Errorf("shuffled sizes %d/%d", len(s.Train), len(s.Test))
	}
}

// TestStratifiedHoldOutProportions: each class's test count is within one
// row of its proportional share.
func TestStratifiedHoldOutProportions(t *testing.T) {
	r := newRNG(11)
	for trial := range 300 {
		n := 20 + r.intn(500)
		c := 2 + r.intn(4)
		y := make([]int, n)
		for i := range y {
			y[i] = r.intn(c)
			if r.intn(2) == 0 {
				y[i] = 0
			}
		}
		frac := 0.05 + 0.9*float64(r.intn(1000))/1000
		s, err := StratifiedHoldOut(y, frac, uint64(trial))
		if err != nil {
			continue
		}
		nTest := int(math.Ceil(frac * float64(n)))
		if len(s.Test) != nTest || len(s.Train) != n-nTest {
			t.Fatalf("trial %d: sizes %d/%d", trial, len(s.Train), len(s.Test))
		}
		_, counts := encodeByAppearance(y)
		enc, _ := encodeByAppearance(y)
		got := make([]int, len(counts))
		for _, i := range s.Test {
			got[enc[i]]++
		}
		// when a class's share is below 1 or above n_c−1 it is moved to
		// that bound and others give way; then only the bounds are checked
		adjusted := false
		for _, cnt := range counts {
			q := float64(nTest) * float64(cnt) / float64(n)
			adjusted = adjusted || q < 1 || q > float64(cnt-1)
		}
		for cl, cnt := range counts {
			q := float64(nTest) * float64(cnt) / float64(n)
			if got[cl] < 1 || got[cl] > cnt-1 || !adjusted && math.Abs(float64(got[cl])-q) >= 1 {
				t.Fatalf("trial %d class %d: %d test rows, share %.3f", trial, cl, got[cl], q)
			}
		}
	}
}

func TestGroupKFoldKeepsGroups(t *testing.T) {
	groups := []int{5, 5, 1, 1, 1, 9, 2, 2, 7, 7, 7, 7}
	f, err := GroupKFold(groups, 3)
	if err != nil {
		t.Fatal(err)
	}
	checkPartition(t, f)
	where := map[int]int{}
	for i, g := range groups {
		if fo, ok := where[g]; ok && fo != f.Fold[i] {
			t.Fatalf("group %d split across folds", g)
		}
		where[g] = f.Fold[i]
	}
}
