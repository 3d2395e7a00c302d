package plot

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"gonum.org/v1/plot/plotter"
)

func TestSaveWritesSVGAndPNG(t *testing.T) {
	p := New("ROC curve", "false positive rate", "true positive rate")
	Unit(p)
	if err := Diagonal(p, 0, 1, "chance"); err != nil {
		t.Fatal(err)
	}
	if err := Line(p, plotter.XYs{{X: 0, Y: 0}, {X: 0.2, Y: 0.8}, {X: 1, Y: 1}}, 0, "model (AUC = 0.800)"); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := Save(p, dir, "roc"); err != nil {
		t.Fatal(err)
	}
	svg, err := os.ReadFile(filepath.Join(dir, "roc.svg"))
	if err != nil || !bytes.Contains(svg, []byte("<svg")) || !bytes.Contains(svg, []byte("AUC = 0.800")) {
		t.Errorf("roc.svg: %v, %d bytes", err, len(svg))
	}
	png, err := os.ReadFile(filepath.Join(dir, "roc.png"))
	if err != nil || !bytes.HasPrefix(png, []byte("\x89PNG")) {
		t.Errorf("roc.png: %v", err)
	}
	left, _ := filepath.Glob(filepath.Join(dir, ".*tmp*"))
	if len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}
