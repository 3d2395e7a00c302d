// Package datasets embeds four small, classic data sets — iris, wine,
// breast cancer (Wisconsin diagnostic) and diabetes — exactly as
// scikit-learn 1.2.1 ships them, so that evalkit's demo and examples run on
// real data without a download. data/ATTRIBUTION.md gives their origins and
// references.
package datasets

import (
	"bytes"
	"compress/gzip"
	"embed"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/evalkit-go/evalkit/learn"
)

//go:embed data
var files embed.FS

// Set is a named data set.
type Set struct {
	Name       string
	Features   []string // feature names, one per column of Data.X
	ClassNames []string // class names by index; nil for regression
	Target     string   // what Data.Y is
	Data       learn.Data
}

// Iris is Fisher's iris data: 150 flowers, 4 measurements in cm, 3 species.
func Iris() Set {
	return mustClassic("iris", "iris.csv", []string{"sepal length (cm)", "sepal width (cm)", "petal length (cm)", "petal width (cm)"})
}

// Wine is the UCI wine recognition data: 178 wines, 13 chemical
// measurements, 3 cultivars.
func Wine() Set {
	return mustClassic("wine", "wine_data.csv", []string{"alcohol", "malic_acid", "ash", "alcalinity_of_ash",
		"magnesium", "total_phenols", "flavanoids", "nonflavanoid_phenols", "proanthocyanins",
		"color_intensity", "hue", "od280/od315_of_diluted_wines", "proline"})
}

// BreastCancer is the Wisconsin diagnostic breast cancer data: 569 fine-needle
// aspirates, 30 nucleus features, malignant (class 0) or benign (class 1).
func BreastCancer() Set {
	var names []string
	for _, kind := range []string{"mean", "error", "worst"} {
		for _, f := range []string{"radius", "texture", "perimeter", "area", "smoothness",
			"compactness", "concavity", "concave points", "symmetry", "fractal dimension"} {
			if kind == "error" {
				names = append(names, f+" error")
			} else {
				names = append(names, kind+" "+f)
			}
		}
	}
	return mustClassic("breast_cancer", "breast_cancer.csv", names)
}

// Diabetes is the diabetes data of Efron et al. (2004), unscaled: 442
// patients, 10 baseline variables, and a quantitative measure of disease
// progression one year later (regression).
func Diabetes() Set {
	s, err := diabetes()
	if err != nil {
		panic("datasets: " + err.Error())
	}
	return s
}

// Classification returns the three classification sets: breast cancer,
// iris and wine.
func Classification() []Set { return []Set{BreastCancer(), Iris(), Wine()} }

func mustClassic(name, file string, features []string) Set {
	s, err := classic(name, file, features)
	if err != nil {
		panic("datasets: " + err.Error())
	}
	return s
}

// classic parses scikit-learn's "rows,features,class names…" CSV layout.
func classic(name, file string, features []string) (Set, error) {
	b, err := files.ReadFile("data/" + file)
	if err != nil {
		return Set{}, err
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	head := strings.Split(strings.TrimSpace(lines[0]), ",")
	rows, err1 := strconv.Atoi(head[0])
	width, err2 := strconv.Atoi(head[1])
	if err1 != nil || err2 != nil || width != len(features) || len(lines)-1 != rows {
		return Set{}, fmt.Errorf("%s: bad header %q", file, lines[0])
	}
	s := Set{Name: name, Features: features, ClassNames: head[2:], Target: "class",
		Data: learn.Data{Classes: len(head) - 2, X: make([][]float64, rows), Y: make([]float64, rows)}}
	for i, line := range lines[1:] {
		vals, err := floats(strings.Split(strings.TrimSpace(line), ","))
		if err != nil || len(vals) != width+1 {
			return Set{}, fmt.Errorf("%s:%d: bad row", file, i+2)
		}
		s.Data.X[i], s.Data.Y[i] = vals[:width], vals[width]
	}
	return s, s.Data.Check()
}

func diabetes() (Set, error) {
	x, err := gunzipFields("diabetes_data_raw.csv.gz")
	if err != nil {
		return Set{}, err
	}
	y, err := gunzipFields("diabetes_target.csv.gz")
	if err != nil {
		return Set{}, err
	}
	if len(x) != len(y) {
		return Set{}, fmt.Errorf("diabetes: %d rows but %d targets", len(x), len(y))
	}
	s := Set{Name: "diabetes", Features: []string{"age", "sex", "bmi", "bp", "s1", "s2", "s3", "s4", "s5", "s6"},
		Target: "disease progression after one year",
		Data:   learn.Data{X: make([][]float64, len(x)), Y: make([]float64, len(x))}}
	for i := range x {
		if len(x[i]) != 10 || len(y[i]) != 1 {
			return Set{}, fmt.Errorf("diabetes: bad row %d", i+1)
		}
		s.Data.X[i], s.Data.Y[i] = x[i], y[i][0]
	}
	return s, s.Data.Check()
}

// gunzipFields reads a gzipped file of space-separated numbers, one row a
// line.
func gunzipFields(file string) ([][]float64, error) {
	b, err := files.ReadFile("data/" + file)
	if err != nil {
		return nil, err
	}
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		return nil, err
	}
	var out [][]float64
	for i, line := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
		vals, err := floats(strings.Fields(line))
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", file, i+1, err)
		}
		out = append(out, vals)
	}
	return out, nil
}

func floats(fields []string) ([]float64, error) {
	out := make([]float64, len(fields))
	for i, f := range fields {
		v, err := strconv.ParseFloat(f, 64)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}
