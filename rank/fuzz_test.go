package rank

import (
	"encoding/binary"
	"errors"
	"math"
	"testing"
)

func errorsIs(err, target error) bool { return errors.Is(err, target) }

// FuzzTable feeds arbitrary scores, classes and weights to the Builder and
// checks that nothing panics and that the invariants hold: AUC in [0, 1],
// AUC + rank loss = 1, AP and BEP in [0, 1].
func FuzzTable(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18})
	f.Add([]byte("\x00\x00\x00\x00\x00\x00\xf0\x7f\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00"))
	f.Add(make([]byte, 36))
	f.Fuzz(func(t *testing.T, data []byte) {
		var b Builder
		for len(data) >= 10 {
			s := math.Float64frombits(binary.LittleEndian.Uint64(data))
			w := float64(data[9]%5) / 2
			if data[9]&0x80 != 0 {
				w = 1
			}
			b.Add(s, data[8]&1 == 1, w)
			data = data[10:]
		}
		tb := b.Table()
		auc, err := tb.AUC()
		if err != nil {
			return
		}
		rl, _ := tb.RankLoss()
		ap, _ := tb.AveragePrecision()
		bep, _ := tb.BEP()
		if !(auc >= 0 && auc <= 1) || math.Abs(auc+rl-1) > 1e-9 || !(ap >= 0 && ap <= 1+1e-12) || !(bep >= 0 && bep <= 1+1e-12) {
			t.Fatalf("auc %v rank loss %v ap %v bep %v", auc, rl, ap, bep)
		}
		for _, f := range []func() error{
			func() error { _, err := tb.ROC(true); return err },
			func() error { _, err := tb.PR(); return err },
			func() error { _, err := tb.DET(); return err },
			func() error { _, err := tb.CostCurve(); return err },
			func() error { _, err := tb.PartialAUC(0.3); return err },
			func() error { _, err := tb.Youden(); return err },
		} {
			if err := f(); err != nil {
				t.Fatal(err)
			}
		}
		if tb.Probabilities() {
			if _, err := tb.Calibration(7, Uniform); err != nil {
				t.Fatal(err)
			}
		}
	})
}
