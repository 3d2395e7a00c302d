package plot

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

func TestCDDiagram(t *testing.T) {
	names := []string{"lr", "knn", "nb", "tree", "svm", "rf"}
	ranks := []float64{2.6, 4, 4.8, 5.6, 2, 1}
	for _, lower := range []bool{false, true} {
		svg, err := CDDiagram("CD", names, ranks, 3.372, lower)
		if err != nil {
			t.Fatal(err)
		}
		want := "1 = highest score"
		if lower {
			want = "1 = lowest score"
		}
		if !bytes.Contains(svg, []byte("<svg")) || !strings.Contains(string(svg), "CD = 3.372") {
			t.Errorf("no SVG or no CD label")
		}
		// Text is stored as glyph paths or text elements depending on the
		// backend; check the caption when it is text.
		if bytes.Contains(svg, []byte("<text")) && !bytes.Contains(svg, []byte(want)) {
			t.Errorf("caption %q missing", want)
		}
	}
	if out := os.Getenv("EVALKIT_CD_PNG"); out != "" {
		png, err := CDDiagramFormat("png", "Critical difference", names, ranks, 3.372, false)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(out, png, 0o644)
	}
	if _, err := CDDiagram("", []string{"a"}, []float64{1}, 1, false); err == nil {
		t.Error("one algorithm: no error")
	}
	if _, err := CDDiagram("", []string{"a", "b"}, []float64{1, 3}, 1, false); err == nil {
		t.Error("rank out of range: no error")
	}
}

func TestSimplex(t *testing.T) {
	th := [][3]float64{{0.2, 0.3, 0.5}, {0.6, 0.3, 0.1}, {1, 0, 0}, {0.1, 0.8, 0.1}}
	svg, err := Simplex("posterior", [3]string{"B better", "equivalent", "A better"}, th)
	if err != nil || !bytes.Contains(svg, []byte("<svg")) || !bytes.Contains(svg, []byte("equivalent")) {
		t.Fatalf("%v", err)
	}
	if _, err := Simplex("", [3]string{}, nil); err == nil {
		t.Error("no samples: no error")
	}
	if _, err := Simplex("", [3]string{}, [][3]float64{{0.5, 0.6, 0}}); err == nil {
		t.Error("outside the simplex: no error")
	}
}
