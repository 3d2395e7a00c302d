package figure

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/evalkit-go/evalkit/rank"
)

func TestTicks(t *testing.T) {
	for _, c := range []struct {
		a    Axis
		want string
	}{
		{Axis{Min: 0, Max: 1}, "[0 0.2 0.4 0.6 0.8 1]"},
		{Axis{Min: -4.8, Max: 4.3}, "[-4 -2 0 2 4]"},
		{Axis{Min: 0.001, Max: 0.999, Scale: Probit}, "[0.001 0.01 0.05 0.2 0.5 0.8 0.95 0.99 0.999]"},
		{Axis{Min: 1, Max: 1e4, Scale: Log}, "[1 10 100 1000 1e+04]"},
		{Axis{Min: 1, Max: 100, Scale: Log}, "[1 2 5 10 20 50 100]"},
	} {
		if got := fmtSlice(c.a.ticks(5)); got != c.want {
			t.Errorf("ticks %v = %s, want %s", c.a, got, c.want)
		}
	}
}

func fmtSlice(v []float64) string {
	var parts []string
	for _, x := range v {
		parts = append(parts, tickText(x, Axis{}))
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// A log axis places 1, 10 and 100 evenly.
func TestLogScale(t *testing.T) {
	s := scale{Axis{Min: 1, Max: 100, Scale: Log}, 0, 200}
	for _, c := range [][2]float64{{1, 0}, {10, 100}, {100, 200}} {
		if got := s.at(c[0]); math.Abs(got-c[1]) > 1e-9 {
			t.Errorf("at(%v) = %v, want %v", c[0], got, c[1])
		}
	}
}

// testFigures is one figure of each kind.
func testFigures(t *testing.T) []*Figure {
	line := &Figure{Title: "ROC curve", Desc: "d", XLabel: "FPR", YLabel: "TPR", X: unit, Y: unit, Square: true, Legend: BottomRight,
		Refs:   []Series{diagonal(0, 1)},
		Series: []Series{{Name: "model AUC 0.8", X: []float64{0, 0.2, math.NaN(), 1}, Y: []float64{0, 0.8, 0.9, 1}, Lo: []float64{0, 0.7, 0.8, 1}, Hi: []float64{0, 0.9, 1, 1}}},
		Points: []Point{{Name: "Youden", X: 0.2, Y: 0.8, Style: 5}},
		Bars:   []Bars{{Name: "mass", Left: []float64{0.1}, Right: []float64{0.2}, Y: []float64{0.5}, Style: 1}},
		Dots:   []Dots{{X: []float64{0.5, math.Inf(1)}, Y: []float64{0.5, 0}, Style: 2}},
		Tiles:  &Tiles{X0: []float64{0}, X1: []float64{0.1}, Y0: []float64{0}, Y1: []float64{0.1}, Step: []int{7}, Legend: []string{"", "", "", "", "", "", "", "1–3"}},
		Note:   "A note long enough to be wrapped over more than one line of the figure file, as the notes of thinned curves are, with their numbers."}
	cd := CDDiagram("Critical difference", []string{"lr", "knn", "nb", "tree", "svm", "rf"}, []float64{2.6, 4, 4.8, 5.6, 2, 1}, 3.372, [][]int{{5, 4, 0, 1}, {0, 1, 2, 3}}, "note")
	sx, err := SimplexFigure("posterior", [3]string{"B better", "equivalent", "A better"}, [][3]float64{{0.2, 0.3, 0.5}, {0.6, 0.3, 0.1}, {1, 0, 0}, {0.1, 0.8, 0.1}})
	if err != nil {
		t.Fatal(err)
	}
	return []*Figure{line, cd, sx}
}

func TestWriters(t *testing.T) {
	for _, f := range testFigures(t) {
		var in, file, png bytes.Buffer
		if err := f.SVG(&in, "x"); err != nil {
			t.Fatal(err)
		}
		if err := f.WriteSVG(&file); err != nil {
			t.Fatal(err)
		}
		if err := f.WritePNG(&png); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(in.String(), `<svg viewBox="0 0 480 `) || !strings.HasSuffix(in.String(), "</svg>") || strings.Contains(in.String(), "NaN") {
			t.Errorf("%s: inline SVG %.80q…", f.Title, in.String())
		}
		if !bytes.Contains(file.Bytes(), []byte("<style>")) || !bytes.Contains(file.Bytes(), []byte(">"+f.Title+"</text>")) {
			t.Errorf("%s: the file has no style or no title", f.Title)
		}
		if !bytes.HasPrefix(png.Bytes(), []byte("\x89PNG")) {
			t.Errorf("%s: not a PNG", f.Title)
		}
	}
}

func TestSimplexErrors(t *testing.T) {
	if _, err := SimplexFigure("", [3]string{}, nil); err == nil {
		t.Error("no samples: no error")
	}
	if _, err := SimplexFigure("", [3]string{}, [][3]float64{{0.5, 0.6, 0}}); err == nil {
		t.Error("outside the simplex: no error")
	}
}

func TestWrap(t *testing.T) {
	got := wrap("aa bb cc dddddd e", 5)
	if strings.Join(got, "|") != "aa bb|cc|dddddd|e" {
		t.Errorf("wrap = %q", got)
	}
}

// Every style up to MaxStyles looks different, the first eight use one
// index for colour, dash and marker, and two styles of one colour differ
// in both dash and marker.
func TestStylesDistinct(t *testing.T) {
	seen := map[Look]int{}
	for i := range MaxStyles {
		lk := StyleOf(i)
		if j, ok := seen[lk]; ok {
			t.Errorf("styles %d and %d both look %+v", j, i, lk)
		}
		seen[lk] = i
		if i < 8 && (lk.Colour != i || lk.Dash != i || lk.Marker != i) {
			t.Errorf("style %d = %+v, want %d for all three", i, lk, i)
		}
		for j := range i {
			if o := StyleOf(j); o.Colour == lk.Colour && (o.Dash == lk.Dash || o.Marker == lk.Marker) {
				t.Errorf("styles %d %+v and %d %+v share a colour and a dash or marker", j, o, i, lk)
			}
		}
	}
	if StyleOf(MaxStyles) != StyleOf(0) || StyleOf(-1) != StyleOf(MaxStyles-1) {
		t.Error("styles do not wrap at MaxStyles")
	}
}

// The legend covers nothing drawn: beside a square plot when it fits, in
// an empty corner, else below the plot.
func TestLegendPlacement(t *testing.T) {
	ramp := func(style int, name string, y0, y1 float64) Series {
		var xs, ys []float64
		for i := 0; i <= 50; i++ {
			xs, ys = append(xs, float64(i)/50), append(ys, y0+(y1-y0)*float64(i)/50)
		}
		return Series{Name: name, X: xs, Y: ys, Style: style}
	}
	var many []Series
	for i := range 20 {
		many = append(many, ramp(i, "class "+strings.Repeat("x", i%3)+" AUC 0.9", 0, 1))
	}
	for _, c := range []struct {
		name  string
		f     *Figure
		where string
	}{
		{"square, short names", &Figure{X: unit, Y: unit, Square: true, Refs: []Series{diagonal(0, 1)}, Series: many[:3]}, "right"},
		{"square, 20 series", &Figure{X: unit, Y: unit, Square: true, Refs: []Series{diagonal(0, 1)}, Series: many}, "below"},
		{"wide, an empty corner", &Figure{X: unit, Y: unit, Series: []Series{ramp(0, "a", 0, 0.4), ramp(1, "b", 0.1, 0.5)}}, "inside"},
		{"wide, no empty corner", &Figure{X: unit, Y: unit, Series: []Series{ramp(0, "a", 0, 1), ramp(1, "b", 1, 0)}}, "below"},
	} {
		l := c.f.layout()
		lg := l.legend
		where := "inside"
		switch {
		case lg.x >= l.x1:
			where = "right"
		case lg.y >= l.y0:
			where = "below"
		}
		if where != c.where {
			t.Errorf("%s: legend %s, want %s", c.name, where, c.where)
		}
		xs, ys := scale{c.f.X, l.x0, l.x1}, scale{c.f.Y, l.y0, l.y1}
		if c.f.covers(xs, ys, lg.x, lg.y, lg.x+lg.w, lg.y+lg.h) {
			t.Errorf("%s: the legend covers something drawn", c.name)
		}
		if lg.x < 0 || lg.x+lg.w > svgW || lg.y < 0 || lg.y+lg.h > l.h {
			t.Errorf("%s: legend box %v outside the view box 480 × %v", c.name, lg, l.h)
		}
	}
}

// rocReport is a binary rank report whose ROC curve reaches TPR reach
// at FPR 0.01, with a band.
func rocReport(reach float64) *rank.Report {
	c := rank.ROCCurve{FPR: []float64{0, 0.001, 0.01, 0.3, 1}, TPR: []float64{0, reach / 2, reach, 0.99, 1}}
	return &rank.Report{ROCAUC: 0.9, Figures: &rank.Figures{ROC: c, ROCThinning: rank.Thinning{Full: 5}},
		ROCBand: &rank.ROCBand{Level: 0.95, FPR: []float64{0.1, 0.5}, TPR: []float64{0.9, 0.99}, Low: []float64{0.8, 0.95}, High: []float64{0.95, 1}}}
}

// The ROC figure's FPR axis is logarithmic when most curves reach TPR 0.8
// by FPR 0.05, and says so; the bands' method is said once.
func TestROCLogFPR(t *testing.T) {
	for _, c := range []struct {
		reach []float64
		log   bool
	}{
		{[]float64{0.9}, true},
		{[]float64{0.5}, false},
		{[]float64{0.95, 0.85, 0.3}, true},
		{[]float64{0.95, 0.3, 0.3}, false},
	} {
		var models []RankModel
		for i, r := range c.reach {
			models = append(models, RankModel{Name: string(rune('a' + i)), Report: rocReport(r)})
		}
		f := ROC(models)
		if got := f.X.Scale == Log; got != c.log {
			t.Errorf("reach %v: log axis %v, want %v", c.reach, got, c.log)
		}
		if c.log {
			if f.X.Min != 0.001 || !strings.Contains(f.Note, "The FPR axis is logarithmic, from 0.001 to 1") || !strings.Contains(f.XLabel, "log scale") {
				t.Errorf("reach %v: axis %+v, label %q, note %q", c.reach, f.X, f.XLabel, f.Note)
			}
			// The chance line is a curve on a log axis, and FPR 0 is drawn at the left edge.
			if len(f.Refs[0].X) < 10 || (scale{f.X, 0, 100}).at(0) != 0 {
				t.Errorf("reach %v: chance line of %d points, FPR 0 at %v", c.reach, len(f.Refs[0].X), (scale{f.X, 0, 100}).at(0))
			}
		}
		if n := strings.Count(f.Note, "Hsieh and Turnbull"); n != 1 {
			t.Errorf("%d models: the band's method said %d times in the note, want once: %s", len(models), n, f.Note)
		}
		if n := strings.Count(f.Desc, "Hsieh–Turnbull"); n != 1 {
			t.Errorf("%d models: the band's method said %d times in the text alternative, want once: %s", len(models), n, f.Desc)
		}
		var svg bytes.Buffer
		if err := f.SVG(&svg, "r"); err != nil || strings.Contains(svg.String(), "Inf") || strings.Contains(svg.String(), "NaN") {
			t.Errorf("reach %v: SVG %v, with Inf or NaN", c.reach, err)
		}
	}
}
