package report

import (
	"bytes"
	"math"
	"regexp"
	"strings"
	"testing"

	"github.com/evalkit-go/evalkit/figure"
	"github.com/evalkit-go/evalkit/hyptest"
)

func TestPageSelfContained(t *testing.T) {
	p := &Doc{Title: `a <b> & "c"`, Summary: []Fact{{Name: "rows", Value: C("n", 7)}}}
	s := &Section{ID: "m", Title: "Measures"}
	s.Add(&Table{Header: []string{"k", "v"}, Rows: [][]Cell{{T("<x>"), N("a.b", 1.0/3).WithCI("i.lo", 0.25, "i.hi", math.NaN())}}})
	s.Add(Figure(&figure.Figure{Title: "F", Desc: "d", X: figure.Axis{Min: 0, Max: 1}, Y: figure.Axis{Min: 0, Max: 1},
		Series: []figure.Series{{Name: "s", X: []float64{0, 0.5, 1}, Y: []float64{0, math.NaN(), 1}}}}))
	p.Sections = []*Section{s}
	var b bytes.Buffer
	if err := p.HTML(&b); err != nil {
		t.Fatal(err)
	}
	h := b.String()
	for _, want := range []string{
		`<meta http-equiv="Content-Security-Policy" content="default-src 'none';`,
		`<title>a &lt;b&gt; &amp; &#34;c&#34;</title>`,
		`<data value="0.3333333333333333" data-key="a.b">0.3333</data>`,
		`<data value="null" data-key="i.hi">—</data>`,
		`<data value="7" data-key="n">7</data>`,
		`&lt;x&gt;`,
		`<title id="fig-f-t">F</title><desc id="fig-f-d">d</desc>`,
		`prefers-color-scheme:dark`, `@media print`,
	} {
		if !strings.Contains(h, want) {
			t.Errorf("page lacks %s", want)
		}
	}
	// Nothing to fetch: the only URL is the SVG namespace.
	for _, u := range regexp.MustCompile(`(?:src|href)="[^"#]|url\([^#]|https?://[^"]*`).FindAllString(h, -1) {
		if u != "http://www.w3.org/2000/svg" {
			t.Errorf("page refers to %s", u)
		}
	}
	// A NaN breaks the line: two moves, no NaN coordinate.
	if strings.Contains(h, "NaN") || strings.Count(h, `d="M`) < 2 {
		t.Error("a NaN point was drawn")
	}
}

// The intervals' methods are a collapsed details element, one entry per
// method in words, numbered keys said once by pattern.
func TestMethodsCollapsed(t *testing.T) {
	ivs := map[string]hyptest.Interval{"roc_auc": {Method: hyptest.CIDeLong}, "log_loss": {Method: hyptest.CIT}}
	for i := range 12 {
		ivs[Join("per_class", i, "roc_auc_ovr")] = hyptest.Interval{Method: hyptest.CIDeLong}
		ivs[Join("per_class", i, "recall")] = hyptest.Interval{Method: hyptest.CIWilson}
	}
	intro, m := ciIntro(0.9, ivs, nil)
	if intro != "Brackets give each number's 90% confidence interval, computed from every row." {
		t.Errorf("intro %q", intro)
	}
	p := &Doc{Title: "t", Sections: []*Section{{ID: "m", Title: "Measures", Intro: intro, Methods: m}}}
	var b bytes.Buffer
	if err := p.HTML(&b); err != nil {
		t.Fatal(err)
	}
	h := b.String()
	for _, want := range []string{
		`<details class="methods"><summary>How each interval was computed (3 methods, 26 intervals)</summary><dl>`,
		`<dt>DeLong&#39;s variance</dt><dd><code>per_class.*.roc_auc_ovr</code> (12), <code>roc_auc</code></dd>`,
		`<dt>Wilson score interval</dt><dd><code>per_class.*.recall</code> (12)</dd>`,
		`<dt>t-interval of the mean of the per-row values</dt><dd><code>log_loss</code></dd>`,
	} {
		if !strings.Contains(h, want) {
			t.Errorf("page lacks %s", want)
		}
	}
	if strings.Contains(h, "<details open") || strings.Contains(h, ">delong<") || strings.Contains(h, ">wilson<") {
		t.Error("the methods are open, or named by their JSON keys")
	}
	var txt bytes.Buffer
	if err := p.Text(&txt); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(txt.String(), "How each interval was computed: DeLong's variance (per_class.0.roc_auc_ovr, ") {
		t.Errorf("text:\n%s", txt.String())
	}
}
