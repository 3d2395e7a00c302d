package rank

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"github.com/evalkit-go/evalkit/hyptest"
)

// TestCIMethodsAP compares interval methods for AP (EXPM unset), the
// trapezoidal P-R AUC (EXPM=trap) and BEP (EXPM=bep) on the binormal data
// of TestCoverage: the comparison in docs/ci.md that chose the
// logit-bootstrap for AP. It runs only when asked:
//
//	EVALKIT_CI_METHODS=1 EXPN=50 EXPSIM=1000 EXPB=1000 go test ./rank -run TestCIMethodsAP -v
//	EVALKIT_CI_METHODS=1 EXPN=2000 EXPSIM=300 EXPB=500 go test ./rank -run TestCIMethodsAP -v
func TestCIMethodsAP(t *testing.T) {
	if os.Getenv("EVALKIT_CI_METHODS") == "" {
		t.Skip("interval method comparison: EVALKIT_CI_METHODS=1")
	}
	n, _ := strconv.Atoi(os.Getenv("EXPN"))
	nsim, _ := strconv.Atoi(os.Getenv("EXPSIM"))
	B, _ := strconv.Atoi(os.Getenv("EXPB"))
	if n < 2 || nsim < 1 || B < 2 {
		t.Fatal("set EXPN, EXPSIM and EXPB")
	}
	const mu, pi = 1.0, 0.4
	ap0, bep0 := binormalTruth(mu, pi)
	which := os.Getenv("EXPM")
	ap := ap0
	if which == "bep" {
		ap = bep0
	}
	npos := int(pi * float64(n))
	rng := rand.New(rand.NewPCG(2026, uint64(n)))
	hits := map[string]int{}
	var sum, sum2 float64
	stat := func(u *Table, single []bool, out []float64) {
		switch which {
		case "bep":
			out[0], _ = u.BEP()
		case "trap":
			out[0], _ = u.PRAUCTrapezoid()
		default:
			out[0] = u.apCopies(single)
		}
	}
	z := 1.959963984540054
	for s := range nsim {
		tb := binormal(rng, npos, n-npos, mu)
		est0 := make([]float64, 1)
		stat(tb, make([]bool, tb.Len()), est0)
		est := est0[0]
		sum += est
		sum2 += est * est
		cstat := func(sc *tableScratch, out []float64) { stat(tb.fromCounts(sc), sc.single, out) }
		reps := tb.bootstrap(hyptest.CIOptions{Bootstrap: B, Seed: uint64(s)}.WithDefaults(), 1, cstat)[0]
		jack, jw := tb.jackknife(1, cstat)
		bs := &hyptest.Bootstrap{Estimate: est, Replicates: reps, Jackknife: jack[0], JackknifeWeights: jw}
		add := func(k string, lo, hi float64) {
			if lo <= ap && ap <= hi {
				hits[k]++
			}
		}
		lo, hi, _ := bs.Percentile(0.95)
		add("pct", lo, hi)
		lo, hi, err := bs.BCa(0.95)
		if err == nil {
			add("bca", lo, hi)
		}
		P := float64(npos)
		tau := 1 / math.Sqrt(P*est*(1-est))
		add("boyd-logit", xexpit(xlogit(est)-z*tau), xexpit(xlogit(est)+z*tau))
		d := z * math.Sqrt(est*(1-est)/P)
		add("boyd-binom", est-d, est+d)
		// logit normal bootstrap
		var m, m2 float64
		for _, r := range reps {
			l := xlogit(min(max(r, 1e-9), 1-1e-9))
			m += l
			m2 += l * l
		}
		m /= float64(B)
		sd := math.Sqrt(m2/float64(B) - m*m)
		add("logit-norm", xexpit(xlogit(est)-z*sd), xexpit(xlogit(est)+z*sd))
		c := 2*xlogit(est) - m
		add("logit-norm-bc", xexpit(c-z*sd), xexpit(c+z*sd))
		// jackknife variance on logit scale
		var jm, jsw float64
		for i, v := range jack[0] {
			jm += jw[i] * v
			jsw += jw[i]
		}
		jm /= jsw
		var jv float64
		for i, v := range jack[0] {
			jv += jw[i] * (v - jm) * (v - jm)
		}
		jv *= (jsw - 1) / jsw
		jsd := math.Sqrt(jv) / (est * (1 - est))
		add("logit-jack", xexpit(xlogit(est)-z*jsd), xexpit(xlogit(est)+z*jsd))
	}
	m := sum / float64(nsim)
	fmt.Printf("n=%d truth %.4f mean %.4f sd %.4f\n", n, ap, m, math.Sqrt(sum2/float64(nsim)-m*m))
	for k, h := range hits {
		fmt.Printf("  %-14s %.3f\n", k, float64(h)/float64(nsim))
	}
}

func xlogit(p float64) float64 { return math.Log(p / (1 - p)) }
func xexpit(x float64) float64 { return 1 / (1 + math.Exp(-x)) }
