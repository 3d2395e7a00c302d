package text

import (
	"errors"
	"strings"
	"testing"
)

// orderCorpus is 120 WMT17 sentences of two systems and the reference.
func orderCorpus(t *testing.T) (a, b []string, ref [][]string) {
	t.Helper()
	r := readGzLines(t, "testdata/wmt17/newstest2017.ref.en-de.txt.gz")[:120]
	a = readGzLines(t, "testdata/wmt17/newstest2017.uedin-nmt.4722.en-de.txt.gz")[:120]
	b = readGzLines(t, "testdata/wmt17/newstest2017.online-B.0.en-de.txt.gz")[:120]
	return a, b, [][]string{r}
}

// TestMaxNgramOrderStats: the statistics of order N carry N, pack into
// 2 + 2N numbers a sentence, survive MarshalBinary/UnmarshalBinary, and
// resample (paired tests, bootstrap) to the bits of the generic path;
// statistics of two orders are not mixed.
func TestMaxNgramOrderStats(t *testing.T) {
	a, b, ref := orderCorpus(t)
	for _, n := range []int{1, 2, 3, 4, 5, 9} {
		bl, err := NewBLEU(BLEUOptions{MaxNgramOrder: n})
		if err != nil {
			t.Fatal(err)
		}
		sa, _ := bl.Corpus(a, ref)
		sb, _ := bl.Corpus(b, ref)
		if sa[0].Order != n {
			t.Fatalf("order %d: statistics of order %d", n, sa[0].Order)
		}
		var p Packed[BLEUStats]
		if err := p.Append(sa...); err != nil || p.dim != 2+2*n {
			t.Fatalf("order %d: %v, %d numbers a sentence", n, err, p.dim)
		}
		enc, _ := p.MarshalBinary()
		var q Packed[BLEUStats]
		if err := q.UnmarshalBinary(enc); err != nil {
			t.Fatal(err)
		}
		samePacked(t, "order", &q, &p)
		if got, want := q.unpack(q.sum(), q.Len()), SumBLEU(sa); got != want {
			t.Errorf("order %d: unpacked sum %+v, want %+v", n, got, want)
		}
		score := func(s BLEUStats) float64 { return bl.Score(s).Score }
		checkPackedSet(t, "BLEU order "+string(rune('0'+n)), [][]BLEUStats{sa, sb}, (*BLEUStats).Add, score, 2+2*n)
	}
	var p Packed[BLEUStats]
	if err := p.Append(BLEUStats{Order: 2, HypLen: 1}, BLEUStats{Order: 3, HypLen: 1}); !errors.Is(err, ErrPack) || p.Len() != 0 {
		t.Errorf("orders 2 then 3 packed: %v, %d", err, p.Len())
	}
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "order 3 to order 2") {
			t.Errorf("adding order 3 to order 2: %v", r)
		}
	}()
	s := BLEUStats{Order: 2}
	s.Add(BLEUStats{Order: 3})
}

// TestPackedOrder4Encoding: the binary form of BLEU statistics written
// before BLEUOptions.MaxNgramOrder existed (10 numbers a sentence) decodes
// as order 4; a row that is no order's is refused.
func TestPackedOrder4Encoding(t *testing.T) {
	// version 1, 10 numbers, 1 sentence, 0 references, width 2; then
	// hyp_len 7, ref_len 7, counts 6 4 2 1, totals 7 6 5 4.
	old := []byte{1, 10, 1, 0, 2, 7, 0, 7, 0, 6, 0, 4, 0, 2, 0, 1, 0, 7, 0, 6, 0, 5, 0, 4, 0}
	var p Packed[BLEUStats]
	if err := p.UnmarshalBinary(old); err != nil {
		t.Fatal(err)
	}
	want := BLEUStats{Order: 4, HypLen: 7, RefLen: 7, Counts: [OrderLimit]int64{6, 4, 2, 1}, Totals: [OrderLimit]int64{7, 6, 5, 4}}
	if got := p.unpack(p.sum(), p.Len()); got != want {
		t.Errorf("old encoding: %+v, want %+v", got, want)
	}
	// sacreBLEU 2.6.0: BLEU of "the cat sat on the mat today" against
	// "the cat sat on a mat today" is 48.89.
	if got := (BLEUOptions{}).Score(want).Score; got < 48.885 || got >= 48.895 {
		t.Errorf("BLEU %v, sacreBLEU 48.89", got)
	}
	for _, dim := range []byte{3, 2, 22} {
		bad := append([]byte{1, dim, 1, 0, 2}, make([]byte, 2*int(dim))...)
		if err := p.UnmarshalBinary(bad); err == nil {
			t.Errorf("a BLEU row of %d numbers decoded", dim)
		}
	}
}

// TestMaxNgramOrderOptions: orders outside 1…9 are refused; the
// signature names an order other than 4, as sacreBLEU's does not.
func TestMaxNgramOrderOptions(t *testing.T) {
	for _, n := range []int{-1, 10} {
		if err := (BLEUOptions{MaxNgramOrder: n}).Check(); !errors.Is(err, ErrBadOption) || !strings.Contains(err.Error(), "text.BLEUOptions.MaxNgramOrder") {
			t.Errorf("order %d: %v", n, err)
		}
	}
	for n, want := range map[int]string{0: "nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:" + SignatureVersion,
		4: "nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:" + SignatureVersion,
		2: "nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|order:2|version:" + SignatureVersion} {
		if got := (BLEUOptions{MaxNgramOrder: n}).Signature(1); got != want {
			t.Errorf("order %d: %q, want %q", n, got, want)
		}
	}
}
