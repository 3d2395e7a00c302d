package gate

import (
	"errors"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Expr
	}{
		{"roc_auc>=0.8", Expr{Left: "roc_auc", Op: GreaterEq, Number: 0.8}},
		{"  roc_auc >= 0.8 ", Expr{Left: "roc_auc", Op: GreaterEq, Number: 0.8}},
		{"macro.f1 > .7", Expr{Left: "macro.f1", Op: Greater, Number: 0.7}},
		{"mse<=1e-3", Expr{Left: "mse", Op: LessEq, Number: 1e-3}},
		{"log_loss < -1", Expr{Left: "log_loss", Op: Less, Number: -1}},
		{"r2 ≥ 0.5", Expr{Left: "r2", Op: GreaterEq, Number: 0.5}},
		{"mae ≤ 2", Expr{Left: "mae", Op: LessEq, Number: 2}},
		{"slices.*.recall>=0.7", Expr{Left: "slices.*.recall", Op: GreaterEq, Number: 0.7}},
		{"models.new.roc_auc >= models.old.roc_auc - 0.01", Expr{Left: "models.new.roc_auc", Op: GreaterEq, Right: "models.old.roc_auc", Number: -0.01}},
		{"models.new.roc_auc>=models.old.roc_auc-0.01", Expr{Left: "models.new.roc_auc", Op: GreaterEq, Right: "models.old.roc_auc", Number: -0.01}},
		{"models.new.roc_auc >= models.old.roc_auc − 0.01", Expr{Left: "models.new.roc_auc", Op: GreaterEq, Right: "models.old.roc_auc", Number: -0.01}},
		{"models.new.mse < models.old.mse + 1e-3", Expr{Left: "models.new.mse", Op: Less, Right: "models.old.mse", Number: 1e-3}},
		{"models.new.mse < models.old.mse - -2", Expr{Left: "models.new.mse", Op: Less, Right: "models.old.mse", Number: 2}},
		{"macro.f1 > micro.f1", Expr{Left: "macro.f1", Op: Greater, Right: "micro.f1"}},
		// a name holding a sign: the offset is the sign whose rest is a number
		{"models.new.roc_auc >= models.m-1.roc_auc - 0.01", Expr{Left: "models.new.roc_auc", Op: GreaterEq, Right: "models.m-1.roc_auc", Number: -0.01}},
		{"models.new.roc_auc >= models.m-1.roc_auc", Expr{Left: "models.new.roc_auc", Op: GreaterEq, Right: "models.m-1.roc_auc"}},
		{"models.m-1.roc_auc > 0.5", Expr{Left: "models.m-1.roc_auc", Op: Greater, Number: 0.5}},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, err := Parse(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			tc.want.Text = strings.TrimSpace(tc.in)
			if got != tc.want {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
			// the canonical spelling parses to the same gate
			again, err := Parse(got.String())
			if err != nil {
				t.Fatal(err)
			}
			again.Text = got.Text
			if again != got {
				t.Errorf("%q parses to %+v, want %+v", got.String(), again, got)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"roc_auc", "no comparison operator"},
		{"roc_auc == 0.8", "a bound, not an equality"},
		{"roc_auc => 0.8", "unknown operator"},
		{"roc_auc =< 0.8", "unknown operator"},
		{"roc_auc >> 0.8", "unknown operator"},
		{"roc_auc != 0.8", "not an equality"},
		{"0.8 <= roc_auc", "the left side is a number: write the path first (PATH >= NUMBER)"},
		{">= 0.8", "no path before >="},
		{"roc_auc >=", "nothing after >="},
		{"0 < roc_auc < 1", "more than one comparison operator"},
		{"roc auc >= 0.8", `path "roc auc": holds a space`},
		{"macro..f1 >= 0.8", "empty member"},
		{"roc_auc >= 0.8 0.1", `"0.8 0.1" is not a number`},
		{"roc_auc >= 0.7x", `"0.7x" is not a number`},
		{"roc_auc >= -x", `"-x" is not a number`},
		{"roc_auc >= abc + x", "is neither a number nor a path"},
		{"roc_auc >= models.*.roc_auc", "only the left side may hold *"},
		{"roc_auc >= inf", ""}, // "inf" is a path, not a number: not an error here
	} {
		t.Run(tc.in, func(t *testing.T) {
			_, err := Parse(tc.in)
			if tc.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("got %v, want a *SyntaxError", err)
			}
			if !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "gate ") {
				t.Errorf("got %q, want it to hold %q", err, tc.want)
			}
		})
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"roc_auc>=0.8", "models.a.x >= models.b.x - 0.01", "a<b+1", "≥≤−", "x > 1e-3-2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e, err := Parse(s)
		if err != nil {
			return
		}
		again, err := Parse(e.String())
		if err != nil {
			t.Fatalf("%q parsed to %+v, whose spelling %q does not parse: %v", s, e, e.String(), err)
		}
		again.Text = e.Text
		if again != e {
			t.Fatalf("%q: %+v, respelled %q: %+v", s, e, e.String(), again)
		}
	})
}
