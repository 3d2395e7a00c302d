package gate

import (
	"errors"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/evalkit-go/evalkit/internal/editdist"
	"github.com/evalkit-go/evalkit/result"
)

// The expected values below are read off the hand-written fixtures in
// testdata (slices.json: a result with slices in the shape of the
// several-slice output; models.json: a several-model result with
// comparisons), by the rules in the package documentation.

func evalFixture(t *testing.T, file, expr string, opt Options) Gate {
	t.Helper()
	doc, err := os.ReadFile("testdata/" + file)
	if err != nil {
		t.Fatal(err)
	}
	x, err := Parse(expr)
	if err != nil {
		t.Fatal(err)
	}
	gs, err := EvaluateJSON(doc, []Expr{x}, opt)
	if err != nil {
		t.Fatal(err)
	}
	return gs[0]
}

func TestEvaluateOne(t *testing.T) {
	ci, point := Options{Intervals: true}, Options{}
	for _, tc := range []struct {
		file, expr string
		opt        Options
		holds      bool
		path       string
		value      float64
		interval   *[2]float64
		reason     string
	}{
		// point estimates
		{"slices.json", "recall >= 0.75", point, true, "recall", 0.8, nil, "the point estimate 0.8 is at least 0.75 (gate.Options.Intervals unset, point estimates decide)"},
		{"slices.json", "recall > 0.8", point, false, "recall", 0.8, nil, "the point estimate 0.8 is not above 0.8"},
		{"slices.json", "recall <= 0.8", point, true, "recall", 0.8, nil, "is at most 0.8"},
		{"slices.json", "macro.f1 < 0.77", point, false, "macro.f1", 0.77, nil, "is not below 0.77"},
		// intervals: the low end decides > and >=, the high end < and <=
		{"slices.json", "recall >= 0.75", ci, false, "recall", 0.8, &[2]float64{0.72, 0.86}, "the low end 0.72 of the 95% interval [0.72, 0.86] (Wilson) is not at least 0.75"},
		{"slices.json", "recall >= 0.72", ci, true, "recall", 0.8, &[2]float64{0.72, 0.86}, "the whole 95% interval [0.72, 0.86] (Wilson) is at least 0.72"},
		{"slices.json", "recall > 0.72", ci, false, "recall", 0.8, &[2]float64{0.72, 0.86}, "is not above 0.72"},
		{"slices.json", "recall < 0.9", ci, true, "recall", 0.8, &[2]float64{0.72, 0.86}, "the whole 95% interval [0.72, 0.86] (Wilson) is below 0.9"},
		{"slices.json", "recall <= 0.85", ci, false, "recall", 0.8, &[2]float64{0.72, 0.86}, "the high end 0.86 of"},
		{"slices.json", "macro.f1 >= 0.6", ci, true, "macro.f1", 0.77, &[2]float64{0.69, 0.84}, "(BCa bootstrap)"},
		{"slices.json", "per_class.yes.recall >= 0.75", ci, false, "per_class.1.recall", 0.8, &[2]float64{0.7, 0.87}, "the low end 0.7"},
		{"slices.json", "per_class.1.recall >= 0.7", ci, true, "per_class.1.recall", 0.8, &[2]float64{0.7, 0.87}, ""},
		// no interval for the value: its point estimate, said so
		{"slices.json", "macro.recall >= 0.7", ci, true, "macro.recall", 0.79, nil, "the result has no interval for macro.recall: the point estimate 0.79 is at least 0.7"},
		// a slice by its values, its result read through
		{"slices.json", "slices.country=FR,device=web.recall >= 0.7", ci, false, "slices.1.result.recall", 0.75, &[2]float64{0.6, 0.86}, "the low end 0.6"},
		{"slices.json", "slices.0.result.recall >= 0.8", ci, true, "slices.0.result.recall", 0.9, &[2]float64{0.8, 0.95}, ""},
		{"slices.json", "slices.2.rows >= 5", ci, true, "slices.2.rows", 5, nil, "no interval"},
		// undefined values fail
		{"slices.json", "precision >= 0", point, false, "precision", math.NaN(), nil, "the value is undefined (null): the gate fails"},
		{"slices.json", "precision >= 0", ci, false, "precision", math.NaN(), nil, "undefined"},
		// a model by its name, its own interval
		{"models.json", "models.new.roc_auc >= 0.65", ci, true, "models.1.roc_auc", 0.7775, &[2]float64{0.657, 0.898}, "DeLong"},
		{"models.json", "models.m-1.roc_auc > 0.7", ci, true, "models.2.roc_auc", 0.729, nil, "no interval"},
	} {
		t.Run(tc.file+": "+tc.expr, func(t *testing.T) {
			g := evalFixture(t, tc.file, tc.expr, tc.opt)
			if g.Holds != tc.holds {
				t.Errorf("holds %v, want %v (%s)", g.Holds, tc.holds, g.Reason)
			}
			if len(g.Checks) != 1 {
				t.Fatalf("%d checks, want 1", len(g.Checks))
			}
			c := g.Checks[0]
			if c.Path != tc.path || c.Holds != g.Holds {
				t.Errorf("check %+v, want path %s", c, tc.path)
			}
			if v := float64(c.Value); v != tc.value && !(math.IsNaN(v) && math.IsNaN(tc.value)) {
				t.Errorf("value %v, want %v", v, tc.value)
			}
			if (c.Interval == nil) != (tc.interval == nil) || c.Interval != nil && (float64(c.Interval[0]) != tc.interval[0] || float64(c.Interval[1]) != tc.interval[1]) {
				t.Errorf("interval %v, want %v", c.Interval, tc.interval)
			}
			if !strings.Contains(g.Reason, tc.reason) || g.Reason != c.Reason {
				t.Errorf("reason %q, want it to hold %q", g.Reason, tc.reason)
			}
		})
	}
}

// Non-inferiority: models.new.M >= models.old.M - c holds under
// intervals when the paired interval of new − old has its low end at
// least −c. The fixture's comparison is old − new = −0.0095 with interval
// [−0.1185, 0.0995], so new − old is 0.0095 in [−0.0995, 0.1185].
func TestEvaluateCompare(t *testing.T) {
	ci, point := Options{Intervals: true}, Options{}
	for _, tc := range []struct {
		expr     string
		opt      Options
		holds    bool
		diff     float64
		interval *[2]float64
		method   string
		reason   string
	}{
		{"models.new.roc_auc >= models.old.roc_auc - 0.01", point, true, 0.7775 - 0.768, nil, "",
			"the difference new − old in roc_auc, 0.7775 − 0.768 = 0.0095, is at least -0.01 (gate.Options.Intervals unset, point estimates decide)"},
		{"models.new.roc_auc >= models.old.roc_auc - 0.01", ci, false, 0.7775 - 0.768, &[2]float64{-0.0995, 0.1185}, "delong",
			"the low end -0.0995 of the paired interval of the difference new − old in roc_auc [-0.0995, 0.1185] (DeLong) is not at least -0.01"},
		{"models.new.roc_auc >= models.old.roc_auc - 0.1", ci, true, 0.7775 - 0.768, &[2]float64{-0.0995, 0.1185}, "delong",
			"the whole paired interval of the difference new − old in roc_auc [-0.0995, 0.1185] (DeLong) is at least -0.1"},
		// the comparison as computed, a − b
		{"models.old.roc_auc <= models.new.roc_auc + 0.1", ci, true, 0.768 - 0.7775, &[2]float64{-0.1185, 0.0995}, "delong", "is at most 0.1"},
		{"models.m-1.roc_auc < models.new.roc_auc", ci, true, 0.729 - 0.7775, &[2]float64{-0.0925, -0.004}, "delong", "is below 0"},
		{"models.new.roc_auc > models.m-1.roc_auc", ci, true, 0.7775 - 0.729, &[2]float64{0.004, 0.0925}, "delong", "is above 0"},
		// no comparison of the pair on the measure: point estimates, said so
		{"models.m-1.roc_auc >= models.old.roc_auc - 0.05", ci, true, 0.729 - 0.768, nil, "",
			"the result compares m-1 and old on roc_auc by no paired test (board.Options.Compare lists the measures compared): the difference m-1 − old in roc_auc, 0.729 − 0.768 = -0.039, is at least -0.05"},
		{"models.new.n >= models.old.n", ci, true, 0, nil, "", "by no paired test"},
		// a comparison without an interval
		{"models.new.average_precision >= models.old.average_precision - 0.05", ci, true, 0.64 - 0.68, nil, "",
			"the paired test (paired bootstrap) of new and old on average_precision gives no interval: the difference"},
		// two measures that are not one measure of two models
		{"models.new.roc_auc >= models.old.average_precision", ci, true, 0.7775 - 0.68, nil, "",
			"no paired interval for two values that are not one measure of two models: the difference models.1.roc_auc − models.0.average_precision"},
		// the same value on both sides
		{"models.new.roc_auc >= models.new.roc_auc", ci, true, 0, &[2]float64{0, 0}, "", "both sides are the same value"},
	} {
		t.Run(tc.expr, func(t *testing.T) {
			g := evalFixture(t, "models.json", tc.expr, tc.opt)
			if g.Holds != tc.holds {
				t.Errorf("holds %v, want %v (%s)", g.Holds, tc.holds, g.Reason)
			}
			c := g.Checks[0]
			if math.Abs(float64(*c.Difference)-tc.diff) > 1e-12 {
				t.Errorf("difference %v, want %v", *c.Difference, tc.diff)
			}
			if (c.Interval == nil) != (tc.interval == nil) || c.Interval != nil && (math.Abs(float64(c.Interval[0])-tc.interval[0]) > 1e-12 || math.Abs(float64(c.Interval[1])-tc.interval[1]) > 1e-12) {
				t.Errorf("interval %v, want %v", c.Interval, tc.interval)
			}
			if c.Method != tc.method {
				t.Errorf("method %q, want %q", c.Method, tc.method)
			}
			if !strings.Contains(g.Reason, tc.reason) {
				t.Errorf("reason %q, want it to hold %q", g.Reason, tc.reason)
			}
		})
	}
}

func TestEvaluateStar(t *testing.T) {
	t.Run("slices", func(t *testing.T) {
		g := evalFixture(t, "slices.json", "slices.*.recall >= 0.7", Options{Intervals: true})
		if g.Holds {
			t.Error("holds, want a failure: FR's interval [0.6, 0.86] reaches below 0.7")
		}
		want := []struct {
			path, name string
			holds      bool
		}{{"slices.0.result.recall", "country=DE,device=ios", true}, {"slices.1.result.recall", "country=FR,device=web", false}}
		if len(g.Checks) != len(want) {
			t.Fatalf("%d checks, want %d: %+v", len(g.Checks), len(want), g.Checks)
		}
		for i, w := range want {
			if c := g.Checks[i]; c.Path != w.path || c.Name != w.name || c.Holds != w.holds {
				t.Errorf("check %d: %+v, want %+v", i, c, w)
			}
		}
		if len(g.Skipped) != 1 || g.Skipped[0] != "country=LU,device=web" {
			t.Errorf("skipped %v, want the LU slice", g.Skipped)
		}
		wantReason := "1 of 2 fail: country=FR,device=web; 1 without a value of slices.*.recall, not checked: country=LU,device=web"
		if g.Reason != wantReason {
			t.Errorf("reason %q, want %q", g.Reason, wantReason)
		}
		// by point estimates both measured slices hold
		if g := evalFixture(t, "slices.json", "slices.*.recall >= 0.7", Options{}); !g.Holds || !strings.HasPrefix(g.Reason, "all 2 hold;") {
			t.Errorf("point estimates: %v %q", g.Holds, g.Reason)
		}
		// rows: every slice has it
		if g := evalFixture(t, "slices.json", "slices.*.rows >= 5", Options{}); !g.Holds || len(g.Checks) != 3 || g.Skipped != nil {
			t.Errorf("rows: %+v", g)
		}
	})
	t.Run("models", func(t *testing.T) {
		g := evalFixture(t, "models.json", "models.*.roc_auc >= 0.7", Options{Intervals: true})
		if g.Holds || len(g.Checks) != 3 {
			t.Fatalf("%+v", g)
		}
		for i, name := range []string{"old", "new", "m-1"} {
			if g.Checks[i].Name != name {
				t.Errorf("check %d names %q, want %q", i, g.Checks[i].Name, name)
			}
		}
		// m-1 has no interval: its point estimate 0.729 decides
		if g.Reason != "2 of 3 fail: old; new" {
			t.Errorf("reason %q", g.Reason)
		}
		// every model against one: non-inferiority of each
		g = evalFixture(t, "models.json", "models.*.roc_auc >= models.new.roc_auc - 0.15", Options{Intervals: true})
		if !g.Holds || len(g.Checks) != 3 || g.Checks[1].Reason != "both sides are the same value, the difference is 0: it is at least -0.15" {
			t.Errorf("%+v", g)
		}
	})
	t.Run("per_class", func(t *testing.T) {
		g := evalFixture(t, "slices.json", "per_class.*.recall > 0.775", Options{})
		if !g.Holds || g.Checks[0].Name != "no" || g.Checks[1].Name != "yes" {
			t.Errorf("%+v", g)
		}
	})
}

func TestEvaluatePathErrors(t *testing.T) {
	for _, tc := range []struct {
		file, expr, want string
	}{
		{"slices.json", "recal >= 0.7", `gate "recal >= 0.7": recal names no value of the result (nearest: recall)`},
		{"slices.json", "macro.f2 > 0.5", "macro.f2 names no value of the result (nearest: macro.f1)"},
		{"slices.json", "slices.*.recal >= 0.7", "(nearest: slices.*.recall)"},
		{"slices.json", "macro > 0.5", "macro is an object, not a number (nearest: macro.f1)"},
		{"slices.json", "labels > 0.5", "labels is a list, not a number"},
		{"slices.json", "per_class.yes > 0.5", "per_class.yes is an object, not a number (nearest: per_class.yes.recall)"},
		{"slices.json", "per_class.0.label > 0.5", "per_class.0.label is a string, not a number"},
		{"slices.json", "per_class.*.label > 0.5", "per_class.0.label is a string, not a number"},
		{"models.json", "models.neu.roc_auc >= 0.7", "(nearest: models.new.roc_auc)"},
		{"models.json", "models.new.roc_auc >= models.olt.roc_auc", "models.olt.roc_auc names no value of the result (nearest: models.old.roc_auc)"},
		{"models.json", "models.5.roc_auc >= 0.7", "(nearest: models.0.roc_auc)"},
		{"models.json", "models.*.roc_au >= 0.7", "(nearest: models.*.roc_auc)"},
	} {
		t.Run(tc.expr, func(t *testing.T) {
			doc, err := os.ReadFile("testdata/" + tc.file)
			if err != nil {
				t.Fatal(err)
			}
			x, err := Parse(tc.expr)
			if err != nil {
				t.Fatal(err)
			}
			_, err = EvaluateJSON(doc, []Expr{x}, Options{})
			var pe *PathError
			if !errors.As(err, &pe) {
				t.Fatalf("got %v, want a *PathError", err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %q, want it to hold %q", err, tc.want)
			}
		})
	}
}

func TestEditDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		d    int
	}{
		// Levenshtein's textbook cases
		{"kitten", "sitting", 3},
		{"flaw", "lawn", 2},
		{"", "abc", 3},
		{"abc", "", 3},
		{"roc_auc", "roc_auc", 0},
		{"ä", "a", 1},
	} {
		if d := editdist.Distance(tc.a, tc.b, false); d != tc.d || editdist.Distance(tc.b, tc.a, false) != tc.d {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tc.a, tc.b, d, tc.d)
		}
	}
}

func TestWithJSON(t *testing.T) {
	type res struct {
		N       int     `json:"n"`
		ROCAUC  float64 `json:"roc_auc"`
		Missing float64 `json:"missing"`
	}
	r := res{N: 10, ROCAUC: 0.7, Missing: math.NaN()}
	x1, _ := Parse("roc_auc >= 0.65")
	x2, _ := Parse("missing < 1")
	gs, err := Evaluate(&r, []Expr{x1, x2}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := result.JSON(With{Result: &r, Gates: gs}, "")
	if err != nil {
		t.Fatal(err)
	}
	want := `{"n":10,"roc_auc":0.7,"missing":null,"gates":[` +
		`{"expression":"roc_auc >= 0.65","holds":true,"reason":"the point estimate 0.7 is at least 0.65 (gate.Options.Intervals unset, point estimates decide)","checks":[{"path":"roc_auc","value":0.7,"bound":0.65,"interval":null,"holds":true,"reason":"the point estimate 0.7 is at least 0.65 (gate.Options.Intervals unset, point estimates decide)"}]},` +
		`{"expression":"missing < 1","holds":false,"reason":"the value is undefined (null): the gate fails","checks":[{"path":"missing","value":null,"bound":1,"interval":null,"holds":false,"reason":"the value is undefined (null): the gate fails"}]}]}`
	if string(b) != want {
		t.Errorf("got\n%s\nwant\n%s", b, want)
	}
	if f := Failed(gs); len(f) != 1 || f[0] != "missing < 1" {
		t.Errorf("Failed = %v", f)
	}
}

// FuzzEvaluate: any expression on the fixtures is a syntax error, a path
// error or a verdict whose checks agree with it; never a panic.
func FuzzEvaluate(f *testing.F) {
	docs := [][]byte{}
	for _, name := range []string{"slices.json", "models.json"} {
		b, err := os.ReadFile("testdata/" + name)
		if err != nil {
			f.Fatal(err)
		}
		docs = append(docs, b)
	}
	for _, s := range []string{"recall>=0.7", "slices.*.recall >= 0.7", "models.new.roc_auc >= models.old.roc_auc - 0.01",
		"models.*.roc_auc>models.m-1.roc_auc+0", "per_class.*.recall<1", "intervals.recall.low > 0", "slices.country=LU,device=web.rows >= 1"} {
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, s string, ci bool) {
		x, err := Parse(s)
		if err != nil {
			return
		}
		for _, doc := range docs {
			gs, err := EvaluateJSON(doc, []Expr{x}, Options{Intervals: ci})
			var pe *PathError
			if errors.As(err, &pe) {
				continue
			}
			if err != nil {
				t.Fatalf("%q: %v", s, err)
			}
			g := gs[0]
			all := len(g.Checks) > 0
			for _, c := range g.Checks {
				all = all && c.Holds
			}
			if g.Holds != all {
				t.Fatalf("%q: holds %v, checks %+v", s, g.Holds, g.Checks)
			}
		}
	})
}
