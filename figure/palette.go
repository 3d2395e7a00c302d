package figure

import (
	"image/color"
	"strconv"
	"strings"
)

// A Theme is the colours a figure is drawn in, as CSS hex colours: the
// background, the text, muted text (ticks, reference lines), the grid,
// the axes, and the eight series colours. A series of style i takes
// colour Series[i % 8], dash pattern Dashes[(i + ⌊i/8⌋) % 8] and marker
// shape (i + 2⌊i/8⌋) % 8 (see [StyleOf]), so that it reads without colour
// too and styles 0 to 31 are all different: two of the same colour
// differ in both dash and marker.
type Theme struct {
	BG, FG, Mute, Grid, Axis string
	Series                   [8]string
}

// Light is the figures' theme on a light background: series colours of
// the Okabe–Ito palette (Okabe and Ito 2008), safe for colour blindness,
// then black and grey.
var Light = Theme{BG: "#fff", FG: "#1a1a1a", Mute: "#5b5b5b", Grid: "#e3e3e3", Axis: "#444",
	Series: [8]string{"#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000", "#999"}}

// Dark is the theme on a dark background: the same hues, lightened.
var Dark = Theme{BG: "#16181c", FG: "#e8e8e8", Mute: "#a8a8a8", Grid: "#33363c", Axis: "#bbb",
	Series: [8]string{"#56b4e9", "#e69f00", "#2fc49a", "#e39ac5", "#f0e442", "#8fc9ef", "#fff", "#aaa"}}

// Density is the sequential scale of Tiles, dark to light: eight steps of
// viridis, readable with every common colour-vision deficiency.
var Density = [8]string{"#440154", "#46327e", "#365c8d", "#277f8e", "#1fa187", "#4ac16d", "#a0da39", "#fde725"}

// Dashes are the dash patterns of the series styles (SVG stroke-dasharray;
// style 0 is solid).
var Dashes = [8]string{"", "7 4", "2 3", "9 3 2 3", "12 5", "4 2 4 6", "1 4", "6 2 1 2 1 2"}

// MaxStyles is how many series styles differ from each other: styles i
// and i + MaxStyles look the same.
const MaxStyles = 32

// A Look is what a series style draws with: the index of its colour in a
// Theme's Series, of its dash pattern in Dashes, and of its marker shape
// (0 to 7).
type Look struct{ Colour, Dash, Marker int }

// StyleOf is the look of series style i: colour i % 8, dash
// (i + ⌊i/8⌋) % 8 and marker (i + 2⌊i/8⌋) % 8. Styles 0 to 7 use the
// same index for all three; from 8 on the dash and the marker move on, so
// that no two of the first MaxStyles styles look the same.
func StyleOf(i int) Look {
	i %= MaxStyles
	if i < 0 {
		i += MaxStyles
	}
	r := i / 8
	return Look{Colour: i % 8, Dash: (i + r) % 8, Marker: (i + 2*r) % 8}
}

// SeriesVars is the series colours of t as CSS custom properties,
// "--c0:#0072b2;…;--c7:#999" (no final semicolon).
func (t Theme) SeriesVars() string {
	var b strings.Builder
	for i, c := range t.Series {
		if i > 0 {
			b.WriteByte(';')
		}
		b.WriteString("--c" + strconv.Itoa(i) + ":" + c)
	}
	return b.String()
}

// StyleSheet is the CSS of a figure's SVG: its elements are styled by
// class, and the colours come from the custom properties --fg, --mute,
// --grid, --axis, --bg and --c0 … --c7 of a Theme, so that a page's dark
// scheme and print style restyle every figure.
var StyleSheet = `svg text{fill:var(--fg);font:12px system-ui,sans-serif}svg .tick{fill:var(--mute);font-size:11px}
svg .grid{stroke:var(--grid);stroke-width:1}svg .axis{stroke:var(--axis);stroke-width:1;fill:none}
svg .ln{fill:none;stroke-width:2;stroke-linejoin:round}svg .ref{fill:none;stroke:var(--mute);stroke-width:1;stroke-dasharray:4 3}
svg .iso{fill:none;stroke:var(--mute);stroke-width:.7;opacity:.6}svg .band{stroke:none;opacity:.18}
svg .bar{stroke:var(--bg);stroke-width:.5}
svg .pt{stroke:var(--bg);stroke-width:1.2}svg .dot{stroke:none;opacity:.55}
.s0{stroke:var(--c0);fill:var(--c0)}.s1{stroke:var(--c1);fill:var(--c1)}.s2{stroke:var(--c2);fill:var(--c2)}.s3{stroke:var(--c3);fill:var(--c3)}
.s4{stroke:var(--c4);fill:var(--c4)}.s5{stroke:var(--c5);fill:var(--c5)}.s6{stroke:var(--c6);fill:var(--c6)}.s7{stroke:var(--c7);fill:var(--c7)}
.ln.s0,.ln.s1,.ln.s2,.ln.s3,.ln.s4,.ln.s5,.ln.s6,.ln.s7{fill:none}
` + dashClasses() + `
svg .lg text{font-size:11.5px}
` + densityClasses() + "\n"

// dashClasses is ".d1{stroke-dasharray:7 4}…" for styles 1 to 7.
func dashClasses() string {
	var b strings.Builder
	for i, d := range Dashes[1:] {
		b.WriteString(".d" + strconv.Itoa(i+1) + "{stroke-dasharray:" + d + "}")
	}
	return b.String()
}

// densityClasses is ".q0{fill:#440154}…" for the steps of Density.
func densityClasses() string {
	var b strings.Builder
	for i, c := range Density {
		b.WriteString(".q" + strconv.Itoa(i) + "{fill:" + c + "}")
	}
	return b.String()
}

// rgb is the colour of a CSS hex colour "#rgb" or "#rrggbb".
func rgb(hex string) color.NRGBA {
	h := strings.TrimPrefix(hex, "#")
	if len(h) == 3 {
		h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
	}
	v, err := strconv.ParseUint(h, 16, 32)
	if err != nil || len(h) != 6 {
		panic("figure: bad colour " + hex)
	}
	return color.NRGBA{R: uint8(v >> 16), G: uint8(v >> 8), B: uint8(v), A: 255}
}
