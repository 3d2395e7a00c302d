package resample

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
)

// Sentinel errors for data that cannot be split as asked.
var (
	// ErrTooFewRows: fewer rows than folds, or too few for a test and a
	// training set.
	ErrTooFewRows = errors.New("too few rows")
	// ErrTooFewGroups: fewer distinct groups than folds.
	ErrTooFewGroups = errors.New("too few groups")
	// ErrClassTooSmall: every class has fewer members than there are folds
	// (scikit-learn's StratifiedKFold refuses this too), or a stratified
	// hold-out class is too small to appear on both sides.
	ErrClassTooSmall = errors.New("class too small")
)

// Split is one training/test partition of the rows 0…n−1. Both lists are in
// ascending order; a bootstrap training set repeats a row as often as it was
// drawn.
type Split struct {
	Train []int `json:"train"`
	Test  []int `json:"test"`
}

// Folds assigns every row to the one fold in which it is tested: Fold[i] is
// in [0, K). Warnings says when a fold is imbalanced in a way worth knowing
// (a class with fewer members than folds).
type Folds struct {
	K        int      `json:"k"`
	Fold     []int    `json:"fold"`
	Warnings []string `json:"warnings,omitempty"`
}

// Splits returns the K splits: split f tests the rows of fold f and trains
// on all the others.
func (f Folds) Splits() []Split {
	sizes := make([]int, f.K)
	for _, k := range f.Fold {
		sizes[k]++
	}
	out := make([]Split, f.K)
	for k := range out {
		out[k] = Split{Train: make([]int, 0, len(f.Fold)-sizes[k]), Test: make([]int, 0, sizes[k])}
	}
	for i, k := range f.Fold {
		for j := range out {
			if j == k {
				out[j].Test = append(out[j].Test, i)
			} else {
				out[j].Train = append(out[j].Train, i)
			}
		}
	}
	return out
}

// Options controls shuffling. The zero value keeps the data order, which
// gives scikit-learn's fold membership.
type Options struct {
	Shuffle bool   // permute rows (KFold) or fold labels within each class (stratified) first
	Seed    uint64 // seed of the PCG generator when Shuffle is set
}

func checkK(k int) {
	if k < 2 {
		panic(fmt.Sprintf("resample: k = %d folds, need at least 2", k))
	}
}

// KFold assigns n rows to k folds of consecutive rows (after a seeded
// permutation when o.Shuffle): the first n mod k folds have ⌊n/k⌋+1 rows,
// the others ⌊n/k⌋, as scikit-learn's KFold. It returns ErrTooFewRows when
// n < k, and panics if k < 2.
func KFold(n, k int, o Options) (Folds, error) {
	checkK(k)
	if n < k {
		return Folds{}, fmt.Errorf("%w: %d folds need at least %d rows, have %d", ErrTooFewRows, k, k, n)
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	if o.Shuffle {
		newRNG(o.Seed).shuffle(order)
	}
	return kfoldOrder(order, k), nil
}

// kfoldOrder cuts order into k consecutive blocks.
func kfoldOrder(order []int, k int) Folds {
	n := len(order)
	fold := make([]int, n)
	pos := 0
	for f := range k {
		size := n / k
		if f < n%k {
			size++
		}
		for _, i := range order[pos : pos+size] {
			fold[i] = f
		}
		pos += size
	}
	return Folds{K: k, Fold: fold}
}

// LeaveOneOut is K-fold with one row per fold: row i is fold i. It returns
// ErrTooFewRows when n < 2.
func LeaveOneOut(n int) (Folds, error) {
	if n < 2 {
		return Folds{}, fmt.Errorf("%w: leave-one-out needs at least 2 rows, have %d", ErrTooFewRows, n)
	}
	return KFold(n, n, Options{})
}

// encodeByAppearance maps class codes to 0…c−1 in order of first
// appearance and returns the codes and per-class counts.
func encodeByAppearance(y []int) (enc []int, counts []int) {
	ids := map[int]int{}
	enc = make([]int, len(y))
	for i, v := range y {
		id, ok := ids[v]
		if !ok {
			id = len(ids)
			ids[v] = id
			counts = append(counts, 0)
		}
		enc[i] = id
		counts[id]++
	}
	return enc, counts
}

// StratifiedKFold assigns rows to k folds so that each class is spread as
// evenly as possible, exactly as scikit-learn 1.2's StratifiedKFold: classes
// are numbered in order of first appearance; the class codes, sorted, are
// dealt round-robin to the folds, which fixes how many members of each class
// each fold gets; then each class's members, in data order, fill fold 0's
// share first, then fold 1's, and so on. With o.Shuffle the fold labels of
// each class are permuted instead (as scikit-learn does, with its own
// generator). Every fold thus holds ⌊n_c/k⌋ or ⌈n_c/k⌉ members of class c,
// and fold sizes differ by at most one.
//
// y holds one class code per row (any integers). It returns ErrTooFewRows
// when len(y) < k and ErrClassTooSmall when every class has fewer than k
// members; when only some do, Folds.Warnings says so. It panics if k < 2.
func StratifiedKFold(y []int, k int, o Options) (Folds, error) {
	checkK(k)
	n := len(y)
	if n < k {
		return Folds{}, fmt.Errorf("%w: %d folds need at least %d rows, have %d", ErrTooFewRows, k, k, n)
	}
	enc, counts := encodeByAppearance(y)
	c := len(counts)
	minCount := slices.Min(counts)
	if slices.Max(counts) < k {
		return Folds{}, fmt.Errorf("%w: %d folds but no class has %d members (largest: %d)", ErrClassTooSmall, k, k, slices.Max(counts))
	}
	var warnings []string
	if minCount < k {
		warnings = append(warnings, fmt.Sprintf("the least populated class has only %d members, fewer than the %d folds", minCount, k))
	}
	// alloc[f][cl]: members of class cl in fold f, by dealing the sorted
	// class codes round-robin: positions start…end−1 of the sorted codes
	// belong to class cl, and position p goes to fold p mod k.
	alloc := make([][]int, k)
	for f := range alloc {
		alloc[f] = make([]int, c)
	}
	start := 0
	for cl, cnt := range counts {
		end := start + cnt
		for f := range k {
			alloc[f][cl] = countCongruent(start, end, f, k)
		}
		start = end
	}
	var r *rng
	if o.Shuffle {
		r = newRNG(o.Seed)
	}
	labels := make([][]int, c)
	for cl := range c {
		ls := make([]int, 0, counts[cl])
		for f := range k {
			for range alloc[f][cl] {
				ls = append(ls, f)
			}
		}
		if r != nil {
			r.shuffle(ls)
		}
		labels[cl] = ls
	}
	fold := make([]int, n)
	next := make([]int, c)
	for i, cl := range enc {
		fold[i] = labels[cl][next[cl]]
		next[cl]++
	}
	return Folds{K: k, Fold: fold, Warnings: warnings}, nil
}

// countCongruent counts p in [start, end) with p ≡ f (mod k).
func countCongruent(start, end, f, k int) int {
	// first p ≥ start with p mod k == f
	first := start + ((f-start%k)%k+k)%k
	if first >= end {
		return 0
	}
	return (end-1-first)/k + 1
}

// RepeatedKFold returns repeats shuffled K-fold assignments, drawn one after
// another from one generator seeded with seed (scikit-learn's
// RepeatedKFold, with this package's generator). It returns ErrTooFewRows
// when n < k and panics if k < 2 or repeats < 1.
func RepeatedKFold(n, k, repeats int, seed uint64) ([]Folds, error) {
	return repeated(k, repeats, seed, func(r *rng) (Folds, error) {
		if n < k {
			return Folds{}, fmt.Errorf("%w: %d folds need at least %d rows, have %d", ErrTooFewRows, k, k, n)
		}
		return kfoldOrder(r.perm(n), k), nil
	})
}

// RepeatedStratifiedKFold returns repeats shuffled stratified K-fold
// assignments (see [StratifiedKFold]) from one generator seeded with seed.
// Errors and panics are those of StratifiedKFold; it also panics if
// repeats < 1.
func RepeatedStratifiedKFold(y []int, k, repeats int, seed uint64) ([]Folds, error) {
	return repeated(k, repeats, seed, func(r *rng) (Folds, error) {
		// each repetition seeds StratifiedKFold from the shared stream
		return StratifiedKFold(y, k, Options{Shuffle: true, Seed: r.src.Uint64()})
	})
}

func repeated(k, repeats int, seed uint64, one func(*rng) (Folds, error)) ([]Folds, error) {
	checkK(k)
	if repeats < 1 {
		panic(fmt.Sprintf("resample: %d repeats, need at least 1", repeats))
	}
	r := newRNG(seed)
	out := make([]Folds, repeats)
	for i := range out {
		f, err := one(r)
		if err != nil {
			return nil, err
		}
		out[i] = f
	}
	return out, nil
}

// GroupKFold assigns whole groups to k folds so that fold sizes are as even
// as possible, exactly as scikit-learn 1.2's GroupKFold: groups are numbered
// by sorted value; taken from the largest to the smallest (groups of equal
// size in the order NumPy 1.24's default argsort, reversed, puts them), each
// goes to the fold with the fewest rows so far (the first such fold on a
// tie). groups holds one group code per row. It is deterministic; there is
// no shuffling. It returns ErrTooFewGroups when there are fewer than k
// distinct groups and panics if k < 2.
func GroupKFold(groups []int, k int) (Folds, error) {
	checkK(k)
	// number the groups by sorted value, as numpy.unique does
	seen := map[int]int{} // value → first-seen id
	var uniq []int
	first := make([]int, len(groups))
	for i, g := range groups {
		id, ok := seen[g]
		if !ok {
			id = len(uniq)
			seen[g] = id
			uniq = append(uniq, g)
		}
		first[i] = id
	}
	if len(uniq) < k {
		return Folds{}, fmt.Errorf("%w: %d folds need at least %d groups, have %d", ErrTooFewGroups, k, k, len(uniq))
	}
	byValue := make([]int, len(uniq)) // ids in value order
	for i := range byValue {
		byValue[i] = i
	}
	slices.SortFunc(byValue, func(a, b int) int { return cmp.Compare(uniq[a], uniq[b]) })
	rank := make([]int, len(uniq))
	for r, id := range byValue {
		rank[id] = r
	}
	code := make([]int, len(groups))
	size := make([]int64, len(uniq))
	for i, id := range first {
		c := rank[id]
		code[i] = c
		size[c]++
	}
	order := numpyArgsort(size)
	foldRows := make([]int64, k)
	groupFold := make([]int, len(uniq))
	for j := len(order) - 1; j >= 0; j-- {
		g := order[j]
		lightest := 0
		for f := 1; f < k; f++ {
			if foldRows[f] < foldRows[lightest] {
				lightest = f
			}
		}
		foldRows[lightest] += size[g]
		groupFold[g] = lightest
	}
	fold := make([]int, len(groups))
	for i, c := range code {
		fold[i] = groupFold[c]
	}
	return Folds{K: k, Fold: fold}, nil
}

// ShuffleSplit returns splits independent random splits of n rows: each
// draws a permutation and takes its first ⌈testFrac·n⌉ rows as the test set
// and the rest as the training set (scikit-learn's ShuffleSplit with
// test_size=testFrac and train_size=None, with this package's generator).
// It returns ErrTooFewRows when either side would be empty and panics if
// testFrac is not in (0, 1) or splits < 1.
func ShuffleSplit(n, splits int, testFrac float64, seed uint64) ([]Split, error) {
	if splits < 1 {
		panic(fmt.Sprintf("resample: %d splits, need at least 1", splits))
	}
	nTest, err := testSize(n, testFrac)
	if err != nil {
		return nil, err
	}
	r := newRNG(seed)
	out := make([]Split, splits)
	for s := range out {
		p := r.perm(n)
		test, train := slices.Clone(p[:nTest]), slices.Clone(p[nTest:])
		slices.Sort(test)
		slices.Sort(train)
		out[s] = Split{Train: train, Test: test}
	}
	return out, nil
}

func testSize(n int, testFrac float64) (int, error) {
	if !(testFrac > 0 && testFrac < 1) {
		panic(fmt.Sprintf("resample: test fraction %v is not in (0, 1)", testFrac))
	}
	nTest := int(math.Ceil(testFrac * float64(n)))
	if nTest < 1 || n-nTest < 1 {
		return 0, fmt.Errorf("%w: a test fraction of %v leaves %d of %d rows for training", ErrTooFewRows, testFrac, n-nTest, n)
	}
	return nTest, nil
}

// HoldOut splits n rows once into a training set and a test set of
// ⌈testFrac·n⌉ rows. Without shuffling the test set is the last rows (as
// scikit-learn's train_test_split(shuffle=False)); with o.Shuffle it is the
// first ⌈testFrac·n⌉ rows of a seeded permutation. It returns ErrTooFewRows
// when either side would be empty and panics if testFrac is not in (0, 1).
func HoldOut(n int, testFrac float64, o Options) (Split, error) {
	nTest, err := testSize(n, testFrac)
	if err != nil {
		return Split{}, err
	}
	if o.Shuffle {
		s, _ := ShuffleSplit(n, 1, testFrac, o.Seed)
		return s[0], nil
	}
	s := Split{Train: make([]int, n-nTest), Test: make([]int, nTest)}
	for i := range s.Train {
		s.Train[i] = i
	}
	for i := range s.Test {
		s.Test[i] = n - nTest + i
	}
	return s, nil
}

// StratifiedHoldOut splits the rows once so that every class keeps its
// share in both sets. The test set has ⌈testFrac·n⌉ rows; they are shared
// among the classes by largest remainder of testFrac·n_c (ties to the class
// seen first, each class keeping at least one row on each side when it has
// two), and each class's test rows are a seeded random choice of its
// members. Class c thus gets ⌊q_c⌋ or ⌈q_c⌉ test rows, q_c = n_test·n_c/n.
// y holds one class code per row. It returns ErrClassTooSmall when a class
// has a single member, ErrTooFewRows when there are fewer test rows than
// classes or fewer training rows than classes, and panics if testFrac is
// not in (0, 1).
func StratifiedHoldOut(y []int, testFrac float64, seed uint64) (Split, error) {
	n := len(y)
	nTest, err := testSize(n, testFrac)
	if err != nil {
		return Split{}, err
	}
	enc, counts := encodeByAppearance(y)
	c := len(counts)
	for cl, cnt := range counts {
		if cnt < 2 {
			first := slices.Index(enc, cl)
			return Split{}, fmt.Errorf("%w: the class of row %d has a single member; it cannot be on both sides", ErrClassTooSmall, first)
		}
	}
	if nTest < c || n-nTest < c {
		return Split{}, fmt.Errorf("%w: %d test and %d training rows cannot hold all %d classes", ErrTooFewRows, nTest, n-nTest, c)
	}
	take := largestRemainder(counts, nTest)
	members := make([][]int, c)
	for i, cl := range enc {
		members[cl] = append(members[cl], i)
	}
	r := newRNG(seed)
	var s Split
	for cl, m := range members {
		r.shuffle(m)
		s.Test = append(s.Test, m[:take[cl]]...)
		s.Train = append(s.Train, m[take[cl]:]...)
	}
	slices.Sort(s.Test)
	slices.Sort(s.Train)
	return s, nil
}

// largestRemainder shares total among classes in proportion to counts,
// giving each class between 1 and count−1.
func largestRemainder(counts []int, total int) []int {
	n := 0
	for _, c := range counts {
		n += c
	}
	// exact integer arithmetic: quota q_i = total·c_i/n = take_i + rem_i/n
	take := make([]int, len(counts))
	rem := make([]int, len(counts))
	given := 0
	for i, c := range counts {
		take[i] = total * c / n
		rem[i] = total * c % n
		given += take[i]
	}
	order := make([]int, len(counts))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case rem[a] > rem[b]:
			return -1
		case rem[a] < rem[b]:
			return 1
		}
		return 0
	})
	for _, i := range order[:total-given] {
		take[i]++
	}
	// keep every class on both sides, moving rows from the largest shares
	for i := range take {
		for take[i] < 1 {
			take[i]++
			take[argmaxAbove(take, counts, 1)]--
		}
		for take[i] > counts[i]-1 {
			take[i]--
			take[argminBelow(take, counts)]++
		}
	}
	return take
}

func argmaxAbove(take, counts []int, floor int) int {
	best := -1
	for i, t := range take {
		if t > floor && (best < 0 || t > take[best]) {
			best = i
		}
	}
	return best
}

func argminBelow(take, counts []int) int {
	best := -1
	for i, t := range take {
		if t < counts[i]-1 && (best < 0 || t < take[best]) {
			best = i
		}
	}
	return best
}
