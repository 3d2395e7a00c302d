package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/evalkit-go/evalkit/report"
)

// The browser tests open reports in headless Chromium (Debian's chromium
// package; .ci/run installs it). Outside CI they skip when no Chromium is
// found; in CI (CI=true) that is a failure. Screenshots go to
// $EVALKIT_SHOTS or cmd/evalkit/testout/ (not committed).

// chromium returns the path of a Chromium or Chrome binary.
func chromium(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("no Chromium found (CI=true): install Debian's chromium package (.ci/run does) or set CHROMIUM")
	}
	t.Skip("skipping the browser tests: no Chromium found (apt-get install chromium, or set CHROMIUM=/path/to/chrome)")
	return ""
}

func shotDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("EVALKIT_SHOTS")
	if dir == "" {
		dir = "testout"
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// browserPage is what a test learns from one load of a report.
type browserPage struct {
	requests []string // every URL the page asked for
	console  []string // console errors, exceptions, browser-log errors and warnings
}

// openReport loads file in a fresh headless browser tab with a 375 px
// wide viewport and runs check with the tab's context.
func openReport(t *testing.T, file string, check func(ctx context.Context, bp *browserPage)) {
	t.Helper()
	exe := chromium(t)
	abs, err := filepath.Abs(file)
	if err != nil {
		t.Fatal(err)
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true), // CI runs as root
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-dev-shm-usage", true),
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelA()
	bp := &browserPage{}
	var mu sync.Mutex
	listen := func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch e := ev.(type) {
		case *network.EventRequestWillBeSent:
			bp.requests = append(bp.requests, e.Request.URL)
		case *runtime.EventExceptionThrown:
			bp.console = append(bp.console, "exception: "+e.ExceptionDetails.Text)
		case *runtime.EventConsoleAPICalled:
			if e.Type == runtime.ConsoleAPICalledTypeError || e.Type == runtime.ConsoleAPICalledTypeWarning || e.Type == runtime.ConsoleAPICalledTypeAssert {
				bp.console = append(bp.console, "console "+string(e.Type))
			}
		case *cdplog.EventEntryAdded:
			if e.Entry.Level == cdplog.EntryLevelError || e.Entry.Level == cdplog.EntryLevelWarning {
				bp.console = append(bp.console, "log "+string(e.Entry.Level)+": "+e.Entry.Text)
			}
		}
	}
	ctx, cancel := chromedp.NewContext(actx, chromedp.WithListener(listen))
	defer cancel()
	ctx, cancelT := context.WithTimeout(ctx, 90*time.Second)
	defer cancelT()
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(375, 812), chromedp.Navigate("file://"+abs)); err != nil {
		t.Fatalf("load %s: %v", file, err)
	}
	time.Sleep(200 * time.Millisecond) // let late events arrive
	mu.Lock()
	got := *bp
	mu.Unlock()
	check(ctx, &got)
	mu.Lock()
	defer mu.Unlock()
	// The page's own file is the one request; nothing else may leave it.
	sawSelf := false
	for _, u := range bp.requests {
		if u == "file://"+abs {
			sawSelf = true
			continue
		}
		t.Errorf("the page made a request: %s", u)
	}
	if !sawSelf {
		t.Errorf("the network listener saw no request for the page itself (got %q): it is not working", bp.requests)
	}
	for _, m := range bp.console {
		t.Errorf("console: %s", m)
	}
}

func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("evaluate %s: %v", js, err)
	}
	return v
}

func setMedia(t *testing.T, ctx context.Context, media, scheme string) {
	t.Helper()
	p := emulation.SetEmulatedMediaParams{Media: media}
	if scheme != "" {
		p.Features = []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}
	}
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, p); err != nil {
		t.Fatal(err)
	}
}

func screenshot(t *testing.T, ctx context.Context, path string) {
	t.Helper()
	buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf, 0o644); err != nil {
		t.Fatal(err)
	}
}

// domNumbers returns every number of the page: data-key → [value, text].
func domNumbers(t *testing.T, ctx context.Context) map[string][2]string {
	rows := eval[[][]string](t, ctx, `Array.from(document.querySelectorAll('data[data-key]')).map(d => [d.dataset.key, d.value, d.textContent])`)
	out := map[string][2]string{}
	for _, r := range rows {
		if old, ok := out[r[0]]; ok && old != [2]string{r[1], r[2]} {
			t.Errorf("key %s shown twice with different values: %q and %q", r[0], old, r[1:])
		}
		out[r[0]] = [2]string{r[1], r[2]}
	}
	return out
}

// checkNumbers compares the page's numbers with the flattened JSON of the
// same run: every number on the page is in the JSON with the same digits,
// and its text is that value to 4 significant digits.
func checkNumbers(t *testing.T, nums map[string][2]string, jsonDoc []byte) {
	t.Helper()
	flat, err := report.Flatten(jsonDoc)
	if err != nil {
		t.Fatal(err)
	}
	js := map[string]string{}
	for _, kv := range flat {
		js[kv[0]] = kv[1]
	}
	if len(nums) == 0 {
		t.Fatal("no numbers on the page")
	}
	for k, v := range nums {
		want, ok := js[k]
		if !ok {
			t.Errorf("page number %s = %s is not in the JSON", k, v[0])
			continue
		}
		got := v[0]
		if got == "null" {
			got = ""
		}
		if got != want {
			t.Errorf("%s: page %q, JSON %q", k, got, want)
			continue
		}
		if got == "" {
			if v[1] != "—" && v[1] != "∞" && v[1] != "-∞" {
				t.Errorf("%s: null shown as %q", k, v[1])
			}
			continue
		}
		f, err := strconv.ParseFloat(got, 64)
		if err != nil {
			t.Errorf("%s: %v", k, err)
			continue
		}
		if v[1] != report.Sig(f) && v[1] != report.Int(f) {
			t.Errorf("%s: value %s shown as %q", k, got, v[1])
		}
	}
}

// checkPage runs the checks every report gets: sections and figures, the
// numbers against the JSON, 375 px without overflow, dark and print
// renders, screenshots.
func checkPage(t *testing.T, file string, jsonDoc []byte, sections []string, minFigures int) {
	t.Helper()
	dir := shotDir(t)
	base := strings.TrimSuffix(filepath.Base(file), ".html")
	openReport(t, file, func(ctx context.Context, bp *browserPage) {
		ids := eval[[]string](t, ctx, `Array.from(document.querySelectorAll('main > section')).map(s => s.id)`)
		for _, want := range sections {
			found := false
			for _, id := range ids {
				if id == want {
					found = true
				}
			}
			if !found {
				t.Errorf("no section %q (have %q)", want, ids)
			}
		}
		figs := eval[int](t, ctx, `document.querySelectorAll('figure svg[role=img] > title + desc').length`)
		all := eval[int](t, ctx, `document.querySelectorAll('figure svg').length`)
		if figs < minFigures || figs != all {
			t.Errorf("%d figures with a title and a desc of %d, want ≥ %d and all", figs, all, minFigures)
		}
		checkNumbers(t, domNumbers(t, ctx), jsonDoc)
		w := eval[[]float64](t, ctx, `[document.documentElement.scrollWidth, document.documentElement.clientWidth, window.innerWidth]`)
		if w[0] > w[2] {
			t.Errorf("at 375 px the page is %v px wide (scrollWidth, clientWidth, innerWidth): it scrolls sideways", w)
		}
		screenshot(t, ctx, filepath.Join(dir, base+"-light-375.png"))
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(1100, 900)); err != nil {
			t.Fatal(err)
		}
		screenshot(t, ctx, filepath.Join(dir, base+"-light.png"))
		if top, err := chromedp.Run(ctx, chromedp.CaptureScreenshot()); err == nil {
			os.WriteFile(filepath.Join(dir, base+"-light-top.png"), top, 0o644)
		}
		setMedia(t, ctx, "", "dark")
		bg := eval[string](t, ctx, `getComputedStyle(document.documentElement).backgroundColor`)
		if bg != "rgb(22, 24, 28)" {
			t.Errorf("dark scheme: page background %s", bg)
		}
		screenshot(t, ctx, filepath.Join(dir, base+"-dark.png"))
		setMedia(t, ctx, "print", "")
		if nav := eval[string](t, ctx, `getComputedStyle(document.querySelector('nav') || document.body).display`); nav != "none" && nav != "block" {
			t.Errorf("print: nav display %s", nav)
		}
		setMedia(t, ctx, "", "")
		pdf, err := chromedp.Run(ctx, chromedp.PrintToPDF(chromedp.PDFPaper(chromedp.PaperA4)))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(pdf, []byte("%PDF")) {
			t.Fatal("print to PDF gave no PDF")
		}
		pdfPath := filepath.Join(dir, base+"-print.pdf")
		if err := os.WriteFile(pdfPath, pdf, 0o644); err != nil {
			t.Fatal(err)
		}
		if pp, err := exec.LookPath("pdftoppm"); err == nil {
			out := filepath.Join(dir, base+"-print-p1")
			if b, err := exec.Command(pp, "-png", "-r", "90", "-f", "1", "-l", "1", "-singlefile", pdfPath, out).CombinedOutput(); err != nil {
				t.Errorf("pdftoppm: %v: %s", err, b)
			}
		} else if os.Getenv("CI") == "true" {
			t.Errorf("pdftoppm (poppler-utils) not found: CI needs it for the print screenshot, page 1 of the PDF")
		} else {
			t.Logf("no pdftoppm (poppler-utils): the print screenshot is the print media emulated, not the PDF's page 1")
			setMedia(t, ctx, "print", "")
			screenshot(t, ctx, filepath.Join(dir, base+"-print-p1.png"))
			setMedia(t, ctx, "", "")
		}
	})
}

// runJSON runs evalkit with args and returns its stdout.
func runOut(t *testing.T, args ...string) []byte {
	t.Helper()
	var out, errb bytes.Buffer
	if err := run(args, strings.NewReader(""), &out, &errb); err != nil {
		t.Fatalf("evalkit %s: %v: %s", strings.Join(args, " "), err, errb.String())
	}
	return out.Bytes()
}

func writeReport(t *testing.T, name string, args ...string) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), name+".html")
	runOut(t, append([]string{"report", "-o", file}, args...)...)
	return file
}

func TestReportBrowserClassify(t *testing.T) {
	chromium(t)
	data := filepath.Join(t.TempDir(), "pets.csv")
	os.WriteFile(data, []byte("y_true,y_pred,w\ncat,cat,1\ncat,dog,2\ncat,cat,1\ndog,dog,1\ndog,dog,0.5\nbird,dog,1\nbird,bird,1\n"), 0o644)
	flags := []string{"--weight", "w", "--pos-label", "cat", "--beta", "2", data}
	file := writeReport(t, "classify", flags...)
	// The report has intervals by default: its JSON twin asks for them.
	js := runOut(t, append([]string{"classify", "--format", "json", "--ci"}, flags...)...)
	checkPage(t, file, js, []string{"measures", "confusion", "per-class"}, 1)
}

func TestReportBrowserRank(t *testing.T) {
	chromium(t)
	data := filepath.Join(t.TempDir(), "scores.csv")
	var b strings.Builder
	b.WriteString("y_true,y_score\n")
	// 3000 rows of well separated, tied and noisy scores in [0, 1].
	for i := range 3000 {
		y := i % 3 % 2
		s := (float64(i%997)/997 + float64(y)*0.6) / 1.6
		fmt.Fprintf(&b, "%d,%s\n", y, strconv.FormatFloat(s, 'g', 6, 64))
	}
	os.WriteFile(data, []byte(b.String()), 0o644)
	flags := []string{"--max-fpr", "0.2", data}
	file := writeReport(t, "rank", flags...)
	js := runOut(t, append([]string{"rank", "--format", "json", "--ci"}, flags...)...)
	checkPage(t, file, js, []string{"measures", "curves", "calibration", "thresholds"}, 8)
}

func TestReportBrowserDemo(t *testing.T) {
	chromium(t)
	flags := []string{"--folds", "3", "--rounds", "4"}
	file := filepath.Join(t.TempDir(), "demo.html")
	runOut(t, append([]string{"demo", "--report", file}, flags...)...)
	js := runOut(t, append([]string{"demo", "--format", "json"}, flags...)...)
	checkPage(t, file, js, []string{"data", "classification", "regression", "scores", "tests", "learning-curves", "estimates"}, 2)
}

func TestReportBrowserRegress(t *testing.T) {
	chromium(t)
	data := filepath.Join(t.TempDir(), "reg.csv")
	var b strings.Builder
	b.WriteString("y_true,y_pred\n")
	for i := range 4000 {
		y := float64(i%101) + 1
		p := y + float64(i%13-6)*0.7 + float64(i%7)*0.1
		fmt.Fprintf(&b, "%s,%s\n", strconv.FormatFloat(y, 'g', -1, 64), strconv.FormatFloat(p, 'g', 8, 64))
	}
	os.WriteFile(data, []byte(b.String()), 0o644)
	flags := []string{"--task", "regress", data}
	file := writeReport(t, "regress", flags...)
	js := runOut(t, "regress", "--format", "json", "--ci", data)
	checkPage(t, file, js, []string{"measures", "figures"}, 4)
}

func TestReportBrowserCluster(t *testing.T) {
	chromium(t)
	data := filepath.Join(t.TempDir(), "clu.csv")
	var b strings.Builder
	b.WriteString("y_true,y_pred,x1,x2\n")
	for i := range 300 {
		c := i % 3
		p := c
		if i%11 == 0 {
			p = (c + 1) % 3
		}
		fmt.Fprintf(&b, "k%d,c%d,%g,%g\n", c, p, float64(c*4)+float64(i%7)*0.3, float64(c)+float64(i%5)*0.2)
	}
	os.WriteFile(data, []byte(b.String()), 0o644)
	flags := []string{"--features", "x1,x2", "--true", "y_true", data}
	file := writeReport(t, "cluster", flags...)
	js := runOut(t, append([]string{"cluster", "--format", "json", "--ci"}, flags...)...)
	checkPage(t, file, js, []string{"external", "internal"}, 1)
}

func TestReportBrowserClassifyModels(t *testing.T) {
	chromium(t)
	data := filepath.Join(t.TempDir(), "models.csv")
	var b strings.Builder
	b.WriteString("y_true,m1,m2,m3\n")
	for i := range 600 {
		y := i % 3
		m1, m2, m3 := y, y, y
		if i%5 == 0 {
			m1 = (y + 1) % 3
		}
		if i%3 == 0 {
			m2 = (y + 2) % 3
		}
		if i%7 == 0 {
			m3 = (y + 1) % 3
		}
		fmt.Fprintf(&b, "c%d,c%d,c%d,c%d\n", y, m1, m2, m3)
	}
	os.WriteFile(data, []byte(b.String()), 0o644)
	flags := []string{"--pred", "m1,m2,m3", "--bootstrap", "200", data}
	file := writeReport(t, "models", flags...)
	js := runOut(t, append([]string{"classify", "--format", "json", "--ci"}, flags...)...)
	checkPage(t, file, js, []string{"models", "measures-m1", "confusion-m2", "per-class-m3"}, 3)
}

// gunzipTo writes the decompressed gzip file src to dir and returns its path.
func gunzipTo(t *testing.T, dir, src string) string {
	t.Helper()
	f, err := os.Open(src)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, strings.TrimSuffix(filepath.Base(src), ".gz"))
	if err := os.WriteFile(out, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestReportBrowserText(t *testing.T) {
	chromium(t)
	dir := t.TempDir()
	w := "../../text/testdata/wmt17/newstest2017."
	ref := gunzipTo(t, dir, w+"ref.en-de.txt.gz")
	a := gunzipTo(t, dir, w+"uedin-nmt.4722.en-de.txt.gz")
	b := gunzipTo(t, dir, w+"online-B.0.en-de.txt.gz")
	for _, c := range []struct {
		name, task string
		flags      []string
		sections   []string
		figs       int
	}{
		{"bleu", "bleu", []string{"--hyp", a, "--ref", ref, "--confidence", "--confidence-n", "100"}, []string{"score"}, 1},
		{"chrf", "chrf", []string{"--hyp", a, "--ref", ref, "--confidence-n", "100"}, []string{"score"}, 0},
		{"ter-paired", "ter", []string{"--hyp", a, "--hyp", b, "--ref", ref, "--paired-bs", "--paired-bs-n", "50"}, []string{"systems"}, 1},
		{"bleu-systems", "bleu", []string{"--hyp", a, "--hyp", b, "--ref", ref, "--confidence-n", "100"}, []string{"systems"}, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			file := writeReport(t, c.name, append([]string{"--task", c.task}, c.flags...)...)
			// The report adds --confidence unless a paired test is asked for.
			twin := append([]string{c.task, "--format", "json"}, c.flags...)
			if !slices.Contains(c.flags, "--confidence") && !slices.Contains(c.flags, "--paired-bs") {
				twin = append(twin, "--confidence")
			}
			js := runOut(t, twin...)
			checkPage(t, file, js, c.sections, c.figs)
		})
	}
}

func TestReportBrowserRankModels(t *testing.T) {
	chromium(t)
	data := filepath.Join(t.TempDir(), "rmodels.csv")
	var b strings.Builder
	b.WriteString("y_true,a,b,c,p0,p1,p2,k\n")
	for i := range 1500 {
		y := i % 2
		a := (float64(i%997)/997 + float64(y)*0.5) / 1.5
		bb := (float64(i%991)/991 + float64(y)*0.3) / 1.3
		c := (float64(i%983)/983 + float64(y)*0.8) / 1.8
		k := i % 3
		p := [3]float64{0.2, 0.2, 0.2}
		p[k] += 0.2 + float64(i%7)*0.03
		p[(k+i%2)%3] += 0.1
		s := p[0] + p[1] + p[2]
		fmt.Fprintf(&b, "%d,%.5f,%.5f,%.5f,%.6f,%.6f,%.6f,k%d\n", y, a, bb, c, p[0]/s, p[1]/s, p[2]/s, k)
	}
	os.WriteFile(data, []byte(b.String()), 0o644)
	flags := []string{"--score", "a,b,c", "--bootstrap", "100", data}
	file := writeReport(t, "rank-models", flags...)
	js := runOut(t, append([]string{"rank", "--format", "json", "--ci"}, flags...)...)
	checkPage(t, file, js, []string{"models", "measures", "curves", "thresholds"}, 8)
	mflags := []string{"--true", "k", "--score", "p0,p1,p2", "--classes", "k0,k1,k2", data}
	file = writeReport(t, "rank-multiclass", mflags...)
	js = runOut(t, append([]string{"rank", "--format", "json"}, mflags...)...)
	checkPage(t, file, js, []string{"measures", "curves"}, 1)
}

func TestReportBrowserRegressClusterModels(t *testing.T) {
	chromium(t)
	data := filepath.Join(t.TempDir(), "rc.csv")
	var b strings.Builder
	b.WriteString("y,p1,p2,k,c1,c2\n")
	for i := range 800 {
		y := float64(i%101) + 1
		k := i % 4
		fmt.Fprintf(&b, "%g,%g,%g,k%d,c%d,c%d\n", y, y+float64(i%13-6)*0.7, y+float64(i%7-3)*1.9, k, k, (k+i%3)%4)
	}
	os.WriteFile(data, []byte(b.String()), 0o644)
	flags := []string{"--task", "regress", "--true", "y", "--pred", "p1,p2", "--bootstrap", "100", data}
	file := writeReport(t, "regress-models", flags...)
	js := runOut(t, append([]string{"regress", "--format", "json", "--ci"}, flags[2:]...)...)
	checkPage(t, file, js, []string{"models", "measures-p1", "measures-p2"}, 0)
	cflags := []string{"--task", "cluster", "--true", "k", "--pred", "c1,c2", "--bootstrap", "100", data}
	file = writeReport(t, "cluster-models", cflags...)
	js = runOut(t, append([]string{"cluster", "--format", "json", "--ci"}, cflags[2:]...)...)
	checkPage(t, file, js, []string{"models", "external-c1", "external-c2"}, 0)
}

func TestReportBrowserFriedman(t *testing.T) {
	chromium(t)
	data := filepath.Join("testdata", "cli", "errors.csv")
	flags := []string{"--posthoc", "holm", "--lower-is-better", data}
	file := writeReport(t, "friedman", append([]string{"--task", "friedman"}, flags...)...)
	js := runOut(t, append([]string{"compare", "friedman", "--format", "json"}, flags...)...)
	checkPage(t, file, js, []string{"friedman"}, 1)
}
