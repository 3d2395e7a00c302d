package figure

import (
	"math"
)

// MaxSimplexPoints bounds the samples a simplex draws: it thins larger
// samples evenly.
const MaxSimplexPoints = 1500

// simplexH is the height of a simplex's view box (its width is 480).
const simplexH = 400.0

// simplexLayout is the triangle of a simplex: its lower left, lower right
// and top corners in view-box units.
type simplexLayout struct{ bl, br, tp [2]float64 }

func simplexFrame() simplexLayout {
	side := 340.0
	h := side * math.Sqrt(3) / 2
	bl := [2]float64{(svgW - side) / 2, simplexH - 40}
	return simplexLayout{bl: bl, br: [2]float64{bl[0] + side, bl[1]}, tp: [2]float64{bl[0] + side/2, bl[1] - h}}
}

// at is the point of θ: the corners weighted by θ_B, θ_rope, θ_A.
func (l simplexLayout) at(th [3]float64) (x, y float64) {
	return th[0]*l.bl[0] + th[1]*l.tp[0] + th[2]*l.br[0], th[0]*l.bl[1] + th[1]*l.tp[1] + th[2]*l.br[1]
}

// regions returns the samples drawn (at most MaxSimplexPoints, evenly
// thinned) in view-box units, split by the outcome each gives the most
// probability (0: B, 1: rope, 2: A).
func (s *Simplex) regions(l simplexLayout) [3][][2]float64 {
	var out [3][][2]float64
	step := max(1, (len(s.Theta)+MaxSimplexPoints-1)/MaxSimplexPoints)
	for i := 0; i < len(s.Theta); i += step {
		th := s.Theta[i]
		win := 0
		for j := 1; j < 3; j++ {
			if th[j] > th[win] {
				win = j
			}
		}
		x, y := l.at(th)
		out[win] = append(out[win], [2]float64{x, y})
	}
	return out
}

// simplexMidlines are the points where the regions' borders meet the
// edges: from the centre to the midpoint of each edge.
var simplexMidlines = [][3]float64{{0.5, 0.5, 0}, {0, 0.5, 0.5}, {0.5, 0, 0.5}}

func (f *Figure) simplexSVG(w *svgWriter, id string) {
	s := f.Simplex
	l := simplexFrame()
	f.head(w, id, "0 0 480 400")
	for k, pts := range s.regions(l) {
		b := make([]byte, 0, 24*len(pts))
		for _, p := range pts {
			b = append(b, 'M')
			b = px(b, p[0]-1.5)
			b = append(b, ' ')
			b = px(b, p[1]-1.5)
			b = append(b, "h3v3h-3z"...)
		}
		w.f(`<path class="dot s%d" d="%s"/>`, simplexStyles[k], b)
	}
	cx, cy := l.at([3]float64{1.0 / 3, 1.0 / 3, 1.0 / 3})
	for _, m := range simplexMidlines {
		x, y := l.at(m)
		w.f(`<path class="ref" d="M%.1f %.1fL%.1f %.1f"/>`, cx, cy, x, y)
	}
	w.f(`<path class="axis" d="M%.1f %.1fL%.1f %.1fL%.1f %.1fZ"/>`, l.bl[0], l.bl[1], l.br[0], l.br[1], l.tp[0], l.tp[1])
	for _, c := range []struct {
		p   [2]float64
		dy  float64
		lab string
	}{{l.bl, 20, s.Labels[0]}, {l.br, 20, s.Labels[2]}, {l.tp, -8, s.Labels[1]}} {
		w.f(`<text text-anchor="middle" x="%.1f" y="%.1f">`, c.p[0], c.p[1]+c.dy)
		w.esc(c.lab)
		w.s(`</text>`)
	}
	w.s("</svg>")
}

// simplexStyles are the series styles of the three regions: B, rope, A.
var simplexStyles = [3]int{1, 7, 0}
