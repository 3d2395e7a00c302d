package report

import (
	"bytes"
	"math"
	"regexp"
	"strings"
	"testing"

	"github.com/evalkit-go/evalkit/figure"
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
