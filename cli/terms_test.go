package cli

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// front ends are the module's folders above the library: they speak in
// flags.
var frontEnds = []string{"beam", "bench", "cli", "cmd", "tools"}

// presentation are library folders whose text is not yet in the library's
// terms; their names are still checked.
var presentation = []string{"demo", "docs", "figure", "report"}

// libraryLiterals returns the string literals of the library's non-test Go
// files, keyed by "file:line", and the names of the library's packages.
func libraryLiterals(t *testing.T) (lits map[string]string, flagsAllowed map[string]bool, pkgs []string) {
	t.Helper()
	lits, flagsAllowed = map[string]string{}, map[string]bool{}
	fset := token.NewFileSet()
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel("..", path)
		top, _, _ := strings.Cut(filepath.ToSlash(rel), "/")
		if d.IsDir() {
			if slices.Contains(frontEnds, top) || d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") && rel != "." {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		if !slices.Contains(pkgs, f.Name.Name) && f.Name.Name != "main" {
			pkgs = append(pkgs, f.Name.Name)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				s, err := strconv.Unquote(lit.Value)
				if err != nil {
					t.Fatalf("%s: %v", fset.Position(lit.Pos()), err)
				}
				p := fset.Position(lit.Pos())
				key := rel + ":" + strconv.Itoa(p.Line) + ":" + strconv.Itoa(p.Column)
				lits[key] = s
				flagsAllowed[key] = slices.Contains(presentation, top)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(lits) < 1000 || !slices.Contains(pkgs, "rank") {
		t.Fatalf("read %d literals of packages %v: not the module's library", len(lits), pkgs)
	}
	return lits, flagsAllowed, pkgs
}

// TestLibraryTerms: the library's messages name options, never flags, and
// every option they name has its flag in terms, so that no message of the
// command line leaks a library name or a library message a flag.
func TestLibraryTerms(t *testing.T) {
	lits, flagsAllowed, pkgs := libraryLiterals(t)
	name := regexp.MustCompile(`\b(` + strings.Join(pkgs, "|") + `)(\.[A-Z][A-Za-z0-9_]*)+`)
	flag := regexp.MustCompile(`(^|[^\w-])--([a-z%]|$)`)
	used := map[string]bool{}
	for at, s := range lits {
		if !flagsAllowed[at] && flag.MatchString(s) {
			t.Errorf("%s: %q names a flag: name the option (and map it in terms)", at, s)
		}
		if m := name.FindString(FlagText(s)); m != "" {
			t.Errorf("%s: %q names %s, which has no flag in terms", at, s, m)
		}
		for _, e := range terms {
			if strings.Contains(s, e[0]) {
				used[e[0]] = true
			}
		}
	}
	for _, e := range terms {
		if !used[e[0]] {
			t.Errorf("terms: %q is in no message of the library", e[0])
		}
		if !strings.Contains(e[1], "--") {
			t.Errorf("terms: %q maps to %q, which names no flag", e[0], e[1])
		}
		if got := FlagText(e[1]); got != e[1] {
			t.Errorf("FlagText is not idempotent: %q gives %q, then %q", e[0], e[1], got)
		}
	}
}

func TestFlagText(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"a paired bootstrap needs every row (set regress.StateOptions.KeepValues)", "a paired bootstrap needs every row (drop --bounded-memory)"},
		{"needs every row, which was not kept (regress.StateOptions.KeepValues)", "needs every row, which was not kept (Options.KeepValues; --bounded-memory on the command line)"},
		{"or check that task.Classify.True and task.Classify.Pred name label columns", "or check that --true and --pred name label columns"},
		{"3 scores fell outside rank.Binned.Lo,Hi 0,1 and were counted", "3 scores fell outside --bin-range 0,1 and were counted"},
		{"no option named", "no option named"},
	} {
		if got := FlagText(c.in); got != c.want {
			t.Errorf("FlagText(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestFlagWarnings(t *testing.T) {
	type inner struct{ Warnings []string }
	type outer struct {
		Warnings []string
		Models   map[string]inner
		Reports  []*inner
		Any      any
		Self     *outer
		private  inner
		Counts   []float64
	}
	lib := "(rank.Options.Bins)"
	o := &outer{
		Warnings: []string{lib},
		Models:   map[string]inner{"a": {Warnings: []string{lib}}},
		Reports:  []*inner{{Warnings: []string{lib}}, nil},
		Any:      inner{Warnings: []string{lib}},
		private:  inner{Warnings: []string{lib}},
		Counts:   []float64{1},
	}
	o.Self = o
	FlagWarnings(o)
	for _, got := range []string{o.Warnings[0], o.Models["a"].Warnings[0], o.Reports[0].Warnings[0], o.Any.(inner).Warnings[0]} {
		if got != "(--bins)" {
			t.Errorf("warning %q, want (--bins)", got)
		}
	}
	if o.private.Warnings[0] != lib {
		t.Errorf("an unexported field's warning was rewritten: %q", o.private.Warnings[0])
	}
	FlagWarnings(nil)
	FlagWarnings(inner{})
}

func TestExitCodeFlagText(t *testing.T) {
	var b strings.Builder
	if code := ExitCode("evalkit", Usagef("x: raise it with budget.New"), &b); code != 2 || b.String() != "evalkit: x: raise it with --memory\n" {
		t.Errorf("ExitCode: %d, %q", code, b.String())
	}
}
