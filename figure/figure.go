package figure

// A Figure is one chart as data: two axes, the lines, bands, bars, dots,
// tiles and marked points drawn on them, a legend, and the words that go
// with it (title, text alternative, note and a table of its numbers).
// When CD or Simplex is set, the figure is that diagram instead, and the
// axes and series are unused.
type Figure struct {
	Title          string // the caption, the SVG <title>, the heading of a file
	Desc           string // the text alternative: what it shows, its key numbers
	XLabel, YLabel string // with units
	X, Y           Axis
	Series         []Series
	Refs           []Series // reference lines: chance diagonal, baseline, iso-F1 (drawn thin and grey)
	Bands          []Series // shaded bands only (Lo to Hi over X; no line): confidence bands
	Bars           []Bars
	Dots           []Dots // scatter plots
	Tiles          *Tiles // a 2-D histogram, drawn under everything else
	Points         []Point
	Note           string // below the caption (e.g. how the curve was thinned)
	Table          *Table // the figure's numbers
	Square         bool   // a 1:1 plot area
	// XNames, when set, replaces the x ticks: XNames[i] at x = i.
	XNames []string
	// YNames, when set, replaces the y ticks: YNames[i] at y = i, the
	// plot area moved right to make room for them.
	YNames []string
	// Legend is the corner of the plot area the legend goes to first
	// (default top right) when it neither fits beside a square plot nor
	// would cover anything drawn there; it goes to another empty corner,
	// or below the plot, rather than cover a line or a point.
	Legend Corner

	CD      *CD      // a critical-difference diagram
	Simplex *Simplex // samples in the probability simplex
}

// A Corner is a corner of the plot area, where a legend may sit.
type Corner string

// The corners of a legend.
const (
	TopRight    Corner = ""
	BottomRight Corner = "br"
	BottomLeft  Corner = "bl"
	TopLeft     Corner = "tl"
)

// A Scale maps an axis's values to its length.
type Scale int

const (
	// Linear is the identity.
	Linear Scale = iota
	// Probit maps a rate v in (0, 1) to Φ⁻¹(v) (a DET axis, where normal
	// score distributions give straight lines), with v clamped as
	// rank.Probit does; ticks are at the usual error rates, in percent.
	Probit
	// Log maps v > 0 to log₁₀ v and v ≤ 0 to the axis's Min (an FPR of
	// 0 is drawn at the lower end); ticks are at powers of 10.
	Log
)

// An Axis is a range of values on a scale. Min = Max draws every value at
// the middle.
type Axis struct {
	Min, Max float64
	Scale    Scale
}

// A Series is one line, drawn with the style of index Style (colour, dash
// and marker: see [StyleOf]).
type Series struct {
	Name   string
	X, Y   []float64
	Style  int
	Step   bool      // draw as a step function (post)
	Faint  bool      // a reference drawn thin and solid (iso-F1 lines) instead of dashed
	Lo, Hi []float64 // optional band around the line, same length as X
	Bare   bool      // no markers (an interval of a forest plot)
}

// Bars is a bar chart series: bar i spans [Left[i], Right[i]] up to Y[i].
type Bars struct {
	Name        string
	Left, Right []float64
	Y           []float64
	Style       int
}

// Dots is a scatter of small squares.
type Dots struct {
	Name  string
	X, Y  []float64
	Style int
}

// Tiles are the cells of a 2-D histogram: cell i spans [X0[i], X1[i]] ×
// [Y0[i], Y1[i]] and is filled with step Step[i] (0 to len(Density) − 1)
// of the sequential scale Density; Legend[k] says what step k holds (""
// for a step no count falls in).
type Tiles struct {
	X0, X1, Y0, Y1 []float64
	Step           []int
	Legend         []string
}

// A Point is a marked point with a short label.
type Point struct {
	Name  string
	X, Y  float64
	Style int
}

// A Table is the numbers a figure draws, for a reader who wants them
// exactly: a caption, column heads and rows of cells, the first a row
// head when RowHeads is set.
type Table struct {
	Caption  string
	Header   []string
	Rows     [][]Cell
	RowHeads bool
}

// A Cell is a table cell: plain text, or a number with the flattened JSON
// key it has in the result (Key != "").
type Cell struct {
	Text  string
	Key   string
	Value float64
	Count bool // a count (no decimals when whole)
}

// plain, num and count are the cells of a table.
func plain(s string) Cell              { return Cell{Text: s} }
func num(key string, v float64) Cell   { return Cell{Key: key, Value: v} }
func count(key string, v float64) Cell { return Cell{Key: key, Value: v, Count: true} }

// CD is Demšar's (2006) critical-difference diagram: an axis of average
// ranks from 1 (best) to k, each algorithm hung from its rank, a bar of
// length CD, and a thick bar joining each clique of algorithms that the
// post-hoc test does not tell apart.
type CD struct {
	Names    []string
	AvgRanks []float64
	CD       float64 // 0 draws no CD bar
	Cliques  [][]int // indices into Names
}

// Simplex is samples of a posterior over three outcomes (θ_B, θ_rope,
// θ_A), each summing to 1, drawn as points in the probability simplex
// (Benavoli et al. 2017, fig. 5): Labels[0] at the lower left corner,
// Labels[2] at the lower right and Labels[1] at the top.
type Simplex struct {
	Labels [3]string
	Theta  [][3]float64
}
