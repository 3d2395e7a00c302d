package task

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/evalkit-go/evalkit/classify"
	"github.com/evalkit-go/evalkit/result"
	"github.com/evalkit-go/evalkit/table"
)

// csvReader reads the CSV text s.
func csvReader(t *testing.T, s string) *table.Reader {
	t.Helper()
	r, err := table.NewReader(strings.NewReader(s), "t.csv", table.CSV)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestClassifyRead(t *testing.T) {
	// 4 of the 5 rows agree: accuracy 0.8 by counting.
	c := &Classify{True: "y", Pred: "p"}
	tally, err := c.Read(csvReader(t, "y,p\na,a\nb,b\na,b\nb,b\na,a\n"))
	if err != nil {
		t.Fatal(err)
	}
	rep, conf, err := c.Report(tally)
	if err != nil {
		t.Fatal(err)
	}
	if conf.N() != 5 || math.Abs(rep.Accuracy-0.8) > 1e-12 {
		t.Errorf("n %d, accuracy %v; want 5, 0.8", conf.N(), rep.Accuracy)
	}
}

func TestClassifyFoldEqualsRead(t *testing.T) {
	// One chunk folded by hand gives the state Read merges from chunks.
	in := "y,p,w\na,a,1\nb,a,2\nc,c,0.5\na,c,1\n"
	c := &Classify{True: "y", Pred: "p", Weight: "w"}
	whole, err := c.Read(csvReader(t, in))
	if err != nil {
		t.Fatal(err)
	}
	r := csvReader(t, in)
	cols, err := table.Columns(r, c.Columns()...)
	if err != nil {
		t.Fatal(err)
	}
	st := c.New()
	if err := c.Fold(st, r, cols); err != nil {
		t.Fatal(err)
	}
	a, _, _ := c.Report(whole)
	b, _, _ := c.Report(st)
	if a.Accuracy != b.Accuracy || a.N != b.N {
		t.Errorf("Read: accuracy %v n %v; Fold: %v %v", a.Accuracy, a.N, b.Accuracy, b.N)
	}
}

// A label outside Options.Labels is no error: the report is over the
// listed labels (scikit-learn's labels=), and the row of "z" counts as a
// false negative of "b".
func TestClassifyLabelSubset(t *testing.T) {
	c := &Classify{True: "y", Pred: "p", Options: classify.Options{Labels: []string{"b", "a"}}}
	st, err := c.Read(csvReader(t, "y,p\na,a\nb,z\nz,b\n"))
	if err != nil {
		t.Fatal(err)
	}
	r, _, err := c.Report(st)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(r.Labels, ",") != "b,a" || r.N != 3 || r.Accuracy != 1.0/3 || len(r.ConfusionMatrix) != 2 {
		t.Fatalf("labels %q n %d accuracy %v matrix %v", r.Labels, r.N, r.Accuracy, r.ConfusionMatrix)
	}
	if b := r.PerClass[0]; b.Label != "b" || b.FN != 1 || b.FP != 1 || b.TP != 0 {
		t.Errorf("class b: %+v", b)
	}
	if s := r.LabelSubset; s == nil || strings.Join(s.Others, ",") != "z" || s.Rows != 2 || s.Support != 2 {
		t.Errorf("label_subset %+v", s)
	}
}

func TestClassifyModels(t *testing.T) {
	c := &ClassifyModels{True: "y", Preds: ModelNames("m1,m2")}
	st, err := c.Read(csvReader(t, "y,m1,m2\na,a,b\nb,b,b\na,a,a\nb,a,b\n"))
	if err != nil {
		t.Fatal(err)
	}
	out, err := c.Report(st)
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Models) != 2 {
		t.Fatalf("%d models, want 2", len(out.Models))
	}
}

func TestMultilabel(t *testing.T) {
	m := &Multilabel{True: "y", Pred: "p", Sep: "|"}
	st, err := m.Read(csvReader(t, "y,p\na|b,a\nb,b\n,a\n"))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := m.Report(st, "t.csv")
	if err != nil {
		t.Fatal(err)
	}
	if rep.N != 3 || len(rep.Labels) != 2 {
		t.Errorf("n %v, labels %v; want 3 rows, 2 labels", rep.N, rep.Labels)
	}
	_, err = m.Report(m.New(), "t.csv")
	if !errors.Is(err, table.ErrNoRows) {
		t.Errorf("empty state: %v, want ErrNoRows", err)
	}
}

// Weighted several-model classification does not depend on how the rows
// are cut into chunks, and its weight sum is the sum of the weights (the
// first weighted row of each chunk's state once counted its weight and
// one more).
func TestClassifyModelsWeightedChunks(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, 2))
	var rows []string
	total := 0
	for range 3000 {
		c := rng.IntN(2)
		p, q := c, c
		if rng.IntN(3) == 0 {
			p = rng.IntN(2)
		}
		if rng.IntN(4) == 0 {
			q = rng.IntN(2)
		}
		w := 1 + rng.IntN(3)
		total += w
		rows = append(rows, fmt.Sprintf("%d,%d,%d,%d", c, p, q, w))
	}
	var first string
	for _, chunk := range []int{1 << 20, 40, 400} {
		r, err := table.NewReaderWith(strings.NewReader("y,a,b,w\n"+strings.Join(rows, "\n")+"\n"), "t.csv", table.Options{Format: table.CSV, ChunkSize: chunk})
		if err != nil {
			t.Fatal(err)
		}
		c := &ClassifyModels{True: "y", Weight: "w", Preds: []string{"a", "b"}}
		st, err := c.Read(r)
		if err != nil {
			t.Fatal(err)
		}
		m, err := c.Report(st)
		if err != nil {
			t.Fatal(err)
		}
		b, err := result.JSON(m, "")
		if err != nil {
			t.Fatal(err)
		}
		if ws := m.Models[0].Report.(*classify.Report).WeightSum; ws != float64(total) {
			t.Fatalf("chunks of %d bytes: weight sum %v, want %d", chunk, ws, total)
		}
		if first == "" {
			first = string(b)
		} else if string(b) != first {
			t.Fatalf("chunks of %d bytes: the result differs from one chunk's", chunk)
		}
	}
}

// TestClassifyFloatLabel: a label that is a number with a fraction is an
// error wrapping ErrFloatLabel that names its row and column, from a file
// and from arrays, for one model and several; whole numbers (1.0) are
// labels; FloatLabels takes fractions as classes.
func TestClassifyFloatLabel(t *testing.T) {
	read := func(c *Classify, data string) error {
		_, err := c.Read(csvReader(t, data))
		return err
	}
	one := &Classify{True: "y", Pred: "p"}
	if err := read(one, "y,p\n1,1\n0.5,0\n"); !errors.Is(err, ErrFloatLabel) || !strings.Contains(err.Error(), `t.csv:3: column "y"`) {
		t.Errorf("fraction in y: %v", err)
	}
	if err := read(one, "y,p\n1,1\n0,2.25\n"); !errors.Is(err, ErrFloatLabel) || !strings.Contains(err.Error(), `t.csv:3: column "p"`) {
		t.Errorf("fraction in p: %v", err)
	}
	for _, ok := range []string{"y,p\n1.0,1\n0.0,0\n", "y,p\n1,1\nnan,inf\n", "y,p\ncat,1e3\n"} {
		if err := read(one, ok); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
	if err := read(&Classify{True: "y", Pred: "p", FloatLabels: true}, "y,p\n1,1\n0.5,0\n"); err != nil {
		t.Errorf("FloatLabels: %v", err)
	}
	models := &ClassifyModels{True: "y", Preds: []string{"a", "b"}}
	if _, err := models.Read(csvReader(t, "y,a,b\n1,1,1\n0,0,0.5\n")); !errors.Is(err, ErrFloatLabel) || !strings.Contains(err.Error(), `t.csv:3: column "b"`) {
		t.Errorf("several models: %v", err)
	}
	_, err := one.ReadArrays("arrays", Labels{Names: []string{"1", "0.5"}, Codes: []int64{0, 1}}, Labels{Names: []string{"1"}, Codes: []int64{0, 0}}, nil)
	var re *RowError
	if !errors.Is(err, ErrFloatLabel) || !errors.As(err, &re) || re.Row != 1 || re.Column != "y" {
		t.Errorf("arrays: %v", err)
	}
	_, err = models.ReadArrays("arrays", Labels{Names: []string{"1"}, Codes: []int64{0, 0}}, []Labels{{Names: []string{"1"}, Codes: []int64{0, 0}}, {Names: []string{"1", "2.5"}, Codes: []int64{0, 1}}}, nil)
	if !errors.Is(err, ErrFloatLabel) || !errors.As(err, &re) || re.Row != 1 || re.Column != "b" {
		t.Errorf("arrays, several models: %v", err)
	}
}
