package rank

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"testing"
)

// feedSpill feeds the samples to a Spill holding at most maxRows in
// memory, in chunks of random sizes merged in order.
func feedSpill(t *testing.T, r *rand.Rand, score []float64, pos []bool, w []float64, maxRows, parts int) (*Spill, string) {
	t.Helper()
	dir := t.TempDir()
	s := NewSpill(maxRows, parts, func() (string, error) { return dir, nil })
	var chunk Builder
	for lo := 0; lo < len(score); {
		hi := min(len(score), lo+1+r.IntN(50))
		chunk.Reset()
		for i := lo; i < hi; i++ {
			wi := 1.0
			if w != nil {
				wi = w[i]
			}
			if err := chunk.Add(score[i], pos[i], wi); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.Merge(&chunk); err != nil {
			t.Fatal(err)
		}
		lo = hi
	}
	return s, dir
}

// reportBytes is the JSON of a report and the curves CSV, or the error.
func reportBytes(rep *Report, err error, csv []byte) string {
	if err != nil {
		return "error: " + err.Error()
	}
	j, _ := json.Marshal(rep)
	return string(j) + "\n" + string(csv)
}

// checkStream compares the streamed report of the samples (spilled past
// maxRows) with the in-memory report of their table: the same JSON and the
// same curves CSV, to the byte.
func checkStream(t *testing.T, r *rand.Rand, name string, score []float64, pos []bool, w []float64, maxRows, parts int, opt Options) bool {
	t.Helper()
	tb, err := NewTable(score, pos, w)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := NewReport(tb, opt)
	var csv bytes.Buffer
	if err == nil {
		if err := tb.WriteCurvesCSV(&csv); err != nil {
			t.Fatal(err)
		}
	}
	want := reportBytes(rep, err, csv.Bytes())
	s, dir := feedSpill(t, r, score, pos, w, maxRows, parts)
	var csv2 bytes.Buffer
	rep2, err2 := s.Report(opt, &csv2)
	if err2 != nil {
		csv2.Reset()
	}
	got := reportBytes(rep2, err2, csv2.Bytes())
	if got != want {
		t.Fatalf("%s (max %d rows, %d parts, spilled %v, options %+v): streamed report differs\n got %.600s\nwant %.600s", name, maxRows, parts, s.Spilled(), opt, got, want)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Fatalf("%s: %d files left in the spill folder", name, len(ents))
	}
	return s.Spilled()
}

// randomOptions varies the options a streamed report computes
// differently: the printed curves' thinning, the partial AUC and the
// calibration bins.
func randomOptions(r *rand.Rand) Options {
	opt := DefaultOptions()
	opt.CurvePoints = []int{0, 2, 3, 5, 8, 20, 100, 10000}[r.IntN(8)]
	opt.MaxFPR = []float64{0, 0.1, 0.5, 1}[r.IntN(4)]
	if r.IntN(2) == 0 {
		opt.CalStrategy = "quantile"
	}
	opt.CalBins = 1 + r.IntN(12)
	opt.CostFP, opt.CostFN = 1, float64(1+r.IntN(3))
	return opt
}

// TestSpillReportGolden forces tiny memory limits on every golden case:
// the report streamed from the spilled parts is the in-memory one, to the
// byte, with its curves CSV.
func TestSpillReportGolden(t *testing.T) {
	defer func(m int) { spillMinBuf = m }(spillMinBuf)
	spillMinBuf = 3
	g := loadBinary(t)
	r := rand.New(rand.NewPCG(21, 22))
	spilled := 0
	for _, c := range g.Cases {
		maxRows := 1 + len(c.Score)/(2+r.IntN(8))
		if checkStream(t, r, c.Name, c.Score, c.Y, c.Weight, maxRows, 2+r.IntN(20), randomOptions(r)) {
			spilled++
		}
	}
	if spilled < len(g.Cases)/2 {
		t.Errorf("only %d of %d cases spilled", spilled, len(g.Cases))
	}
}

// TestSpillReportGenerated: generated data, weighted (fractional weights,
// whose sums depend on their order) or not, with ties or not, long enough
// that the curves are thinned in many blocks.
func TestSpillReportGenerated(t *testing.T) {
	defer func(m int) { spillMinBuf = m }(spillMinBuf)
	spillMinBuf = 7
	r := rand.New(rand.NewPCG(5, 6))
	for trial := range 30 {
		n := 200 + r.IntN(20000)
		score, pos, w := randomData(r, n, trial%3 == 0, trial%2 == 0)
		if w != nil && trial%4 == 0 {
			for i := range w {
				w[i] = r.Float64() * 3
			}
		}
		if trial%5 == 1 {
			for i := range score { // probabilities, for the calibration
				score[i] = 1 / (1 + math.Exp(-score[i]))
			}
		}
		opt := randomOptions(r)
		if trial%3 == 1 {
			opt.CurvePoints = 50 + r.IntN(400)
		}
		checkStream(t, r, "generated", score, pos, w, 1+n/(2+r.IntN(30)), 2+r.IntN(40), opt)
	}
}

// TestSpillReportSmallBlocks: with blocks of a few vertices the thinning
// cuts blocks for size too, in memory and streamed alike, and keeps its
// promises (at most n vertices, the error bounding every dropped vertex).
func TestSpillReportSmallBlocks(t *testing.T) {
	defer func(m int) { thinMinCap = m }(thinMinCap)
	thinMinCap = 3
	r := rand.New(rand.NewPCG(15, 16))
	for trial := range 10 {
		n := 500 + r.IntN(3000)
		score, pos, w := randomData(r, n, trial%2 == 0, trial%3 == 0)
		opt := randomOptions(r)
		opt.CurvePoints = 4 + r.IntN(60)
		checkStream(t, r, "small blocks", score, pos, w, 1+n/5, 6, opt)
		tb, _ := NewTable(score, pos, w)
		roc, _ := tb.ROC(true)
		checkThin(t, roc.FPR, roc.TPR, opt.CurvePoints)
	}
}

// TestSpillReportSkewed: the parts are chosen from the first samples, and
// the rest crowd into a few of them (one score repeated, or a narrow
// range), so parts larger than the memory limit are split again, down to
// parts of a single score.
func TestSpillReportSkewed(t *testing.T) {
	defer func(m int) { spillMinBuf = m }(spillMinBuf)
	spillMinBuf = 4
	r := rand.New(rand.NewPCG(8, 9))
	for trial := range 16 {
		n := 3000 + r.IntN(5000)
		score, pos, w := randomData(r, n, false, trial%2 == 0)
		if w != nil && trial%4 == 0 {
			for i := range w {
				w[i] = r.Float64() * 3
			}
		}
		for i := n / 10; i < n; i++ {
			switch trial % 4 {
			case 0, 1:
				if r.IntN(3) > 0 {
					score[i] = 0.25 // one tie of most samples
				}
			case 2:
				score[i] = 0.5 + float64(r.IntN(200))*1e-9 // a narrow range
			case 3:
				score[i] = 0.5 + r.Float64()*1e-6
			}
		}
		maxRows := n / 20
		checkStream(t, r, "skewed", score, pos, w, maxRows, 4, randomOptions(r))
	}
}

// TestSpillReportLimits: every vertex of a long curve (--curve-points 0)
// past MaxScores, and Figures, need the whole table.
func TestSpillReportLimits(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	score, pos, _ := randomData(r, 5000, false, false)
	s, _ := feedSpill(t, r, score, pos, nil, 100, 8)
	s.MaxScores = 1000
	opt := DefaultOptions()
	opt.CurvePoints = 0
	if _, err := s.Report(opt, nil); !errors.Is(err, ErrStreamed) {
		t.Errorf("every vertex past MaxScores: error %v", err)
	}
	s, _ = feedSpill(t, r, score, pos, nil, 100, 8)
	opt = DefaultOptions()
	opt.Figures = true
	if _, err := s.Report(opt, nil); !errors.Is(err, ErrStreamed) {
		t.Errorf("figures: error %v", err)
	}
}

// TestSpillCharge: the spill's buffers and the part being read are
// charged, and a charge refused stops it.
func TestSpillCharge(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 2))
	score, pos, _ := randomData(r, 5000, false, false)
	defer func(m int) { spillMinBuf = m }(spillMinBuf)
	spillMinBuf = 1 // 8 parts of 500 records held: buffers of 31 records
	var first, peak, last int64
	dir := t.TempDir()
	s := NewSpill(500, 8, func() (string, error) { return dir, nil })
	s.Charge = func(b int64) error {
		if first == 0 {
			first = b
		}
		peak, last = max(peak, b), b
		return nil
	}
	for i := range score {
		if err := s.Add(score[i], pos[i], 1); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Report(DefaultOptions(), nil); err != nil {
		t.Fatal(err)
	}
	// First and after the report only the write buffers are held (16
	// files of 500/16 records, 16 bytes each); while a part was read, it
	// was too (a part: about 5000/8 rows, split again past 250).
	if first != 16*(500/16)*16 || last != first || peak < last+100*56 || peak > last+250*72 {
		t.Errorf("charges: first %d, peak %d, last %d", first, peak, last)
	}
	s = NewSpill(500, 8, func() (string, error) { return dir, nil })
	refuse := errors.New("over budget")
	s.Charge = func(b int64) error {
		if b > 16*(500/16)*16 {
			return refuse
		}
		return nil
	}
	for i := range score {
		if err := s.Add(score[i], pos[i], 1); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Report(DefaultOptions(), nil); !errors.Is(err, refuse) {
		t.Errorf("refused charge: error %v", err)
	}
}

// TestSpillPartRows: with one sample held (maxRows 1) and PartRows set,
// the parts are few and their buffers at least spillMinBuf records (no
// part, and no file write, of every few samples: before, 10⁶ rows at
// evalkit rank --memory 1 took more than a minute), and the streamed
// report is still the in-memory one, to the byte.
func TestSpillPartRows(t *testing.T) {
	r := rand.New(rand.NewPCG(30, 31))
	for _, weighted := range []bool{false, true} {
		n := 60000
		score, pos, w := randomData(r, n, true, weighted)
		tb, err := NewTable(score, pos, w)
		if err != nil {
			t.Fatal(err)
		}
		opt := DefaultOptions()
		rep, err := NewReport(tb, opt)
		var csv bytes.Buffer
		if err == nil {
			err = tb.WriteCurvesCSV(&csv)
		}
		want := reportBytes(rep, err, csv.Bytes())

		dir := t.TempDir()
		s := NewSpill(1, 4096, func() (string, error) { return dir, nil })
		s.PartRows = 1000
		var chunk Builder
		for lo := 0; lo < n; {
			hi := min(n, lo+1+r.IntN(5000))
			chunk.Reset()
			for i := lo; i < hi; i++ {
				wi := 1.0
				if w != nil {
					wi = w[i]
				}
				if err := chunk.Add(score[i], pos[i], wi); err != nil {
					t.Fatal(err)
				}
			}
			if err := s.Merge(&chunk); err != nil {
				t.Fatal(err)
			}
			lo = hi
		}
		// Buffers of 2·PartRows records together, at least 64 each: at
		// most 2000/128 parts of two files.
		if !s.Spilled() || len(s.files) > 2*(2000/128) || s.bufRecs < 64 {
			t.Fatalf("weighted %v: spilled %v, %d files of %d records", weighted, s.Spilled(), len(s.files), s.bufRecs)
		}
		var csv2 bytes.Buffer
		rep2, err2 := s.Report(opt, &csv2)
		if err2 != nil {
			csv2.Reset()
		}
		if got := reportBytes(rep2, err2, csv2.Bytes()); got != want {
			t.Fatalf("weighted %v: streamed report differs\n got %.600s\nwant %.600s", weighted, got, want)
		}
		if ents, _ := os.ReadDir(dir); len(ents) != 0 {
			t.Fatalf("%d files left in the spill folder", len(ents))
		}
	}
}
