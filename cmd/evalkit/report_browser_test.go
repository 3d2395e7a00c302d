package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"math"
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
	"github.com/evalkit-go/evalkit/result"
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
	// A browser that fails to start (it happens now and then on a loaded
	// machine) is started again, twice at most: the page is not at fault.
	var ctx context.Context
	for try := 1; ; try++ {
		actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
		defer cancelA()
		c, cancel := chromedp.NewContext(actx, chromedp.WithListener(listen))
		defer cancel()
		c, cancelT := context.WithTimeout(c, 90*time.Second)
		defer cancelT()
		err := chromedp.Do(c, chromedp.EmulateViewport(375, 812), chromedp.Navigate("file://"+abs))
		if err == nil {
			ctx = c
			break
		}
		if try == 3 || !strings.Contains(err.Error(), "chrome failed to start") {
			t.Fatalf("load %s: %v", file, err)
		}
		t.Logf("load %s: the browser failed to start (try %d of 3); starting it again", file, try)
		cancelT()
		cancel()
		cancelA()
		mu.Lock()
		*bp = browserPage{}
		mu.Unlock()
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
	flat, err := result.Flatten(jsonDoc)
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
		// At 375 px, with every details element open, nothing pushes the
		// page sideways: a wide table scrolls in its own container.
		w := eval[[]float64](t, ctx, `document.querySelectorAll('details').forEach(d => d.open = true), [document.scrollingElement.scrollWidth, document.scrollingElement.clientWidth, window.innerWidth]`)
		if w[0] > w[2] {
			t.Errorf("at 375 px the page is %v px wide (scrollWidth, clientWidth, innerWidth): it scrolls sideways", w)
		}
		for _, m := range eval[[]string](t, ctx, wideTablesJS) {
			t.Errorf("at 375 px: %s", m)
		}
		for _, m := range eval[[]string](t, ctx, legendJS) {
			t.Errorf("at 375 px: %s", m)
		}
		eval[bool](t, ctx, `document.querySelectorAll('details').forEach(d => d.open = false), true`)
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

// wideTablesJS lists the tables wider than the page whose container does
// not scroll them, or whose caption runs off the page.
const wideTablesJS = `Array.from(document.querySelectorAll('table')).filter(t => t.getBoundingClientRect().width > innerWidth).flatMap(t => {
	const c = t.parentElement;
	const ok = c.classList.contains('tw') && getComputedStyle(c).overflowX === 'auto' && c.getBoundingClientRect().right <= innerWidth + 0.5;
	const cap = t.caption && t.caption.getBoundingClientRect().right > innerWidth + 0.5;
	return (ok ? [] : ['the table "' + (t.caption ? t.caption.textContent : '') + '" is wider than the page and its container does not scroll'])
		.concat(cap ? ['the caption "' + t.caption.textContent + '" of a wide table runs off the page'] : []);
})`

// legendJS lists the legends of the page's figures that leave their
// figure or cover something plotted: a sample every 2 px along every line,
// band edge and reference line of the plot area, every marker and every
// marked point.
const legendJS = `(() => {
	const out = [];
	for (const svg of document.querySelectorAll('figure svg')) {
		const name = svg.querySelector('title').textContent;
		const S = svg.getBoundingClientRect();
		for (const lg of svg.querySelectorAll(':scope > g.lg')) {
			const L = lg.getBoundingClientRect();
			if (L.left < S.left - 0.5 || L.right > S.right + 0.5 || L.top < S.top - 0.5 || L.bottom > S.bottom + 0.5) {
				out.push(name + ': the legend [' + [L.left, L.top, L.right, L.bottom].map(Math.round) + '] leaves the figure [' + [S.left, S.top, S.right, S.bottom].map(Math.round) + ']');
			}
			const inside = (x, y) => x > L.left + 0.5 && x < L.right - 0.5 && y > L.top + 0.5 && y < L.bottom - 0.5;
			let hit = '';
			for (const el of svg.querySelectorAll('g[clip-path] path, g[clip-path] circle, g[clip-path] rect, :scope > g.pt')) {
				if (el.closest('g.lg')) continue;
				if (el.tagName === 'path' && el.closest('g[clip-path]') && !el.closest('g.pt') && !/^s\d/.test(el.getAttribute('class') || '') ) {
					const len = el.getTotalLength(), m = el.getScreenCTM(), step = Math.max(len / 4000, 2 / m.a);
					for (let d = 0; d <= len && !hit; d += step) {
						const p = el.getPointAtLength(d).matrixTransform(m);
						if (inside(p.x, p.y)) hit = (el.getAttribute('class') || 'path') + ' at (' + Math.round(p.x - S.left) + ', ' + Math.round(p.y - S.top) + ')';
					}
				} else if (el.classList.contains('bar')) {
					const r = el.getBoundingClientRect();
					if (r.right > L.left + 0.5 && r.left < L.right - 0.5 && r.bottom > L.top + 0.5 && r.top < L.bottom - 0.5) hit = 'a bar at (' + Math.round(r.left - S.left) + ', ' + Math.round(r.top - S.top) + ')';
				} else {
					const r = el.getBoundingClientRect();
					if (inside((r.left + r.right) / 2, (r.top + r.bottom) / 2)) hit = 'a marker at (' + Math.round(r.left - S.left) + ', ' + Math.round(r.top - S.top) + ')';
				}
				if (hit) break;
			}
			if (hit) out.push(name + ': the legend covers ' + hit);
		}
	}
	return out;
})()`

// seriesLooks are the looks of the legend entries of the figure titled
// title: each line entry's stroke colour, dash pattern and marker shape.
func seriesLooks(t *testing.T, ctx context.Context, title string) []string {
	t.Helper()
	return eval[[]string](t, ctx, `Array.from(document.querySelectorAll('figure svg')).filter(s => s.querySelector('title').textContent === `+strconv.Quote(title)+`)
		.flatMap(s => Array.from(s.querySelectorAll('g.lg g.li'))).filter(li => li.querySelector('path.ln')).map(li => {
			const cs = getComputedStyle(li.querySelector('path.ln'));
			const mk = li.querySelector(':scope > :not(.ln):not(text)');
			return [cs.stroke, cs.strokeDasharray, (mk.getAttribute('class').match(/\bm\d\b/) || ['?'])[0]].join(' | ');
		})`)
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

// A browserCase is one report the browser tests open: the flags of
// "evalkit report" (report, then the task's own, flags), and the run
// whose JSON the page's numbers must equal (twin, then flags again).
type browserCase struct {
	name     string
	report   []string // report-only flags: --task, …
	twin     []string // the task's command and the flags the report adds: "classify", "--ci"
	flags    []string // the task's flags and the data file, given to both
	sections []string // the ids of the sections the page must have
	figs     int      // the least number of figures
	lines    bool     // the twin prints JSON Lines (--sentence): read them as one array
	// more, when set, checks the page further (in a browser tab of its own).
	more func(t *testing.T, ctx context.Context)
}

func (c browserCase) check(t *testing.T) {
	t.Helper()
	var file string
	if c.twin[0] == "demo" {
		file = filepath.Join(t.TempDir(), c.name+".html")
		runOut(t, append([]string{"demo", "--report", file}, c.flags...)...)
	} else {
		file = writeReport(t, c.name, append(slices.Clone(c.report), c.flags...)...)
	}
	// The command's words ("compare friedman"), then the flags.
	words := slices.IndexFunc(c.twin, func(a string) bool { return strings.HasPrefix(a, "-") })
	if words < 0 {
		words = len(c.twin)
	}
	twin := append(slices.Clone(c.twin[:words]), "--format", "json")
	twin = append(append(twin, c.twin[words:]...), c.flags...)
	js := runOut(t, twin...)
	if c.lines {
		js = append(append([]byte("["), bytes.ReplaceAll(bytes.TrimSpace(js), []byte("\n"), []byte(","))...), ']')
	}
	checkPage(t, file, js, c.sections, c.figs)
	if c.more != nil {
		openReport(t, file, func(ctx context.Context, _ *browserPage) { c.more(t, ctx) })
	}
}

// csvFile writes a CSV of a header and n generated rows to dir.
func csvFile(t *testing.T, dir, name, header string, n int, row func(i int) string) string {
	t.Helper()
	var b strings.Builder
	b.WriteString(header + "\n")
	for i := range n {
		b.WriteString(row(i) + "\n")
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestReportBrowser opens the report of every task — one model and
// several, every kind of page — in headless Chromium and checks it
// (checkPage). Run one with -run TestReportBrowser/NAME.
func TestReportBrowser(t *testing.T) {
	chromium(t)
	dir := t.TempDir()
	pets := csvFile(t, dir, "pets.csv", "y_true,y_pred,w", 7, func(i int) string {
		return []string{"cat,cat,1", "cat,dog,2", "cat,cat,1", "dog,dog,1", "dog,dog,0.5", "bird,dog,1", "bird,bird,1"}[i]
	})
	// 3000 rows of well separated, tied and noisy scores in [0, 1].
	scores := csvFile(t, dir, "scores.csv", "y_true,y_score", 3000, func(i int) string {
		y := i % 3 % 2
		s := (float64(i%997)/997 + float64(y)*0.6) / 1.6
		return fmt.Sprintf("%d,%s", y, strconv.FormatFloat(s, 'g', 6, 64))
	})
	reg := csvFile(t, dir, "reg.csv", "y_true,y_pred", 4000, func(i int) string {
		y := float64(i%101) + 1
		p := y + float64(i%13-6)*0.7 + float64(i%7)*0.1
		return strconv.FormatFloat(y, 'g', -1, 64) + "," + strconv.FormatFloat(p, 'g', 8, 64)
	})
	small := csvFile(t, dir, "small_reg.csv", "y_true,y_pred", 500, func(i int) string {
		return fmt.Sprintf("%d,%g", i%50, float64(i%50)+float64(i%9-4)*0.3)
	})
	clu := csvFile(t, dir, "clu.csv", "y_true,y_pred,x1,x2", 300, func(i int) string {
		c := i % 3
		p := c
		if i%11 == 0 {
			p = (c + 1) % 3
		}
		return fmt.Sprintf("k%d,c%d,%g,%g", c, p, float64(c*4)+float64(i%7)*0.3, float64(c)+float64(i%5)*0.2)
	})
	models := csvFile(t, dir, "models.csv", "y_true,m1,m2,m3", 600, func(i int) string {
		y := i % 3
		m := [3]int{y, y, y}
		for j, k := range []int{5, 3, 7} {
			if i%k == 0 {
				m[j] = (y + 1 + j%2) % 3
			}
		}
		return fmt.Sprintf("c%d,c%d,c%d,c%d", y, m[0], m[1], m[2])
	})
	rmodels := csvFile(t, dir, "rmodels.csv", "y_true,a,b,c,p0,p1,p2,k", 1500, func(i int) string {
		y := i % 2
		a := (float64(i%997)/997 + float64(y)*0.5) / 1.5
		bb := (float64(i%991)/991 + float64(y)*0.3) / 1.3
		c := (float64(i%983)/983 + float64(y)*0.8) / 1.8
		k := i % 3
		p := [3]float64{0.2, 0.2, 0.2}
		p[k] += 0.2 + float64(i%7)*0.03
		p[(k+i%2)%3] += 0.1
		s := p[0] + p[1] + p[2]
		return fmt.Sprintf("%d,%.5f,%.5f,%.5f,%.6f,%.6f,%.6f,k%d", y, a, bb, c, p[0]/s, p[1]/s, p[2]/s, k)
	})
	rc := csvFile(t, dir, "rc.csv", "y,p1,p2,k,c1,c2", 800, func(i int) string {
		y := float64(i%101) + 1
		k := i % 4
		return fmt.Sprintf("%g,%g,%g,k%d,c%d,c%d", y, y+float64(i%13-6)*0.7, y+float64(i%7-3)*1.9, k, k, (k+i%3)%4)
	})
	multi := csvFile(t, dir, "multi.csv", "a,b,pa,pb", 2600, func(i int) string {
		a, b := float64(i%83)*0.5, float64(i%31)+float64(i%7)
		return fmt.Sprintf("%g,%g,%g,%g", a, b, a+float64(i%11-5)*0.2, b*(0.9+float64(i%5)*0.05))
	})
	labels := csvFile(t, dir, "labels.csv", "y_true,y_pred", 200, func(i int) string {
		sets := []string{"news|sport", "tech", "", "news", "sport|tech", "news|tech"}
		return sets[i%6] + "," + sets[(i+i/7)%6]
	})
	// 40 slices of 30 rows, the later ones worse: more than a forest
	// plot draws (report.MaxForest).
	sliced := csvFile(t, dir, "sliced.csv", "g,y_true,y_pred", 1200, func(i int) string {
		g, y := i%40, i%2
		p := y
		if (i/40)%30 < g/4 {
			p = 1 - y
		}
		return fmt.Sprintf("region%02d,%d,%d", g, y, p)
	})
	// 20 classes, each row's probabilities peaked at its class.
	var classes, probs []string
	for k := range 20 {
		classes, probs = append(classes, fmt.Sprintf("k%d", k)), append(probs, fmt.Sprintf("p%d", k))
	}
	many := csvFile(t, dir, "many.csv", "y,"+strings.Join(probs, ","), 2000, func(i int) string {
		y := i % 20
		p := make([]float64, 20)
		sum := 0.0
		for k := range p {
			p[k] = 1 + float64((i*7+k*13)%17)/17
			if k == y {
				p[k] += 0.8 + float64(i%5)*0.4
			}
			sum += p[k]
		}
		cells := []string{fmt.Sprintf("k%d", y)}
		for _, v := range p {
			cells = append(cells, strconv.FormatFloat(v/sum, 'f', 6, 64))
		}
		return strings.Join(cells, ",")
	})
	// Three models, two of them near-perfect (TPR ≥ 0.8 by FPR 0.05): the
	// ROC's FPR axis is logarithmic.
	three := csvFile(t, dir, "three.csv", "y,rf,gb,lr", 1800, func(i int) string {
		y := 0
		if i%3 == 0 {
			y = 1
		}
		u := func(m float64) float64 { _, f := math.Modf(float64(i)*0.6180339887 + m*0.37); return f }
		sc := func(m, lo, span, neg float64) float64 {
			if y == 1 {
				return lo + span*u(m)
			}
			return neg * u(m)
		}
		return fmt.Sprintf("%d,%.5f,%.5f,%.5f", y, sc(0, 0.9, 0.1, 0.92), sc(1, 0.7, 0.3, 0.75), sc(2, 0.3, 0.7, 0.9))
	})
	w := "../../text/testdata/wmt17/newstest2017."
	ref := gunzipTo(t, dir, w+"ref.en-de.txt.gz")
	hypA := gunzipTo(t, dir, w+"uedin-nmt.4722.en-de.txt.gz")
	hypB := gunzipTo(t, dir, w+"online-B.0.en-de.txt.gz")

	for _, c := range []browserCase{
		{name: "classify", twin: []string{"classify", "--ci"}, flags: []string{"--weight", "w", "--pos-label", "cat", "--beta", "2", pets},
			sections: []string{"measures", "confusion", "per-class"}, figs: 1},
		{name: "classify-slices", twin: []string{"classify", "--ci"}, flags: []string{"--by", "g", "--bootstrap", "100", sliced},
			sections: []string{"measures", "slices"}, figs: 2},
		{name: "classify-multilabel", twin: []string{"classify", "--ci"}, flags: []string{"--multilabel", labels},
			sections: []string{"measures", "per-label", "confusion"}, figs: 1},
		{name: "models", twin: []string{"classify", "--ci"}, flags: []string{"--pred", "m1,m2,m3", "--bootstrap", "200", models},
			sections: []string{"models", "measures-m1", "confusion-m2", "per-class-m3"}, figs: 3},
		{name: "rank", twin: []string{"rank", "--ci"}, flags: []string{"--max-fpr", "0.2", scores},
			sections: []string{"measures", "curves", "calibration", "thresholds"}, figs: 8},
		{name: "rank-models", twin: []string{"rank", "--ci"}, flags: []string{"--score", "a,b,c", "--bootstrap", "100", rmodels},
			sections: []string{"models", "measures", "curves", "thresholds"}, figs: 8},
		{name: "rank-multiclass-20", twin: []string{"rank", "--ci"}, flags: []string{"--true", "y", "--score", strings.Join(probs, ","), "--classes", strings.Join(classes, ","), many},
			sections: []string{"measures", "curves"}, figs: 1, more: func(t *testing.T, ctx context.Context) {
				looks := seriesLooks(t, ctx, "One-vs-rest ROC curves")
				seen := map[string]int{}
				for i, l := range looks {
					if j, ok := seen[l]; ok {
						t.Errorf("classes %d and %d look the same: %s", j, i, l)
					}
					seen[l] = i
				}
				if len(looks) != 20 {
					t.Errorf("%d legend entries, want 20: %q", len(looks), looks)
				}
			}},
		{name: "rank-three", twin: []string{"rank", "--ci"}, flags: []string{"--true", "y", "--score", "rf,gb,lr", "--bootstrap", "100", three},
			sections: []string{"models", "measures", "curves", "calibration", "thresholds"}, figs: 8, more: checkThreeModels},
		{name: "rank-multiclass", twin: []string{"rank", "--ci"}, flags: []string{"--true", "k", "--score", "p0,p1,p2", "--classes", "k0,k1,k2", rmodels},
			sections: []string{"measures", "curves"}, figs: 1},
		{name: "rank-multiclass-models", twin: []string{"rank", "--ci"}, flags: []string{"--true", "label", "--classes", "cat,dog,eel", "--score", "lr=lr_p_*", "--score", "nb=nb_p_*", "--score", "rf=rf_p_*", "--bootstrap", "100", filepath.Join("testdata", "cli", "rank_multi_models.csv")},
			sections: []string{"models", "measures-lr", "curves-rf"}, figs: 3},
		{name: "rank-multilabel", twin: []string{"rank"}, flags: []string{"--multilabel", "--true", "y_*", "--score", "s_*", "--weight", "w", filepath.Join("testdata", "cli", "multilabel.csv")},
			sections: []string{"measures", "per-label"}},
		{name: "regress", report: []string{"--task", "regress"}, twin: []string{"regress", "--ci"}, flags: []string{reg},
			sections: []string{"measures", "figures"}, figs: 4},
		{name: "regress-small", report: []string{"--task", "regress"}, twin: []string{"regress", "--ci"}, flags: []string{small},
			sections: []string{"measures", "figures"}, figs: 4},
		{name: "regress-multioutput", report: []string{"--task", "regress"}, twin: []string{"regress"}, flags: []string{"--true", "a,b", "--pred", "pa,pb", multi},
			sections: []string{"measures", "figures-a", "figures-b"}, figs: 8},
		{name: "regress-models", report: []string{"--task", "regress"}, twin: []string{"regress", "--ci"}, flags: []string{"--true", "y", "--pred", "p1,p2", "--bootstrap", "100", rc},
			sections: []string{"models", "measures-p1", "measures-p2"}},
		{name: "cluster", twin: []string{"cluster", "--ci"}, flags: []string{"--features", "x1,x2", "--true", "y_true", clu},
			sections: []string{"external", "internal"}, figs: 1},
		{name: "cluster-max-matrix", report: []string{"--task", "cluster"}, twin: []string{"cluster", "--ci"}, flags: []string{"--max-matrix", "2", "--bootstrap", "100", clu},
			sections: []string{"external"}},
		{name: "cluster-models", report: []string{"--task", "cluster"}, twin: []string{"cluster", "--ci"}, flags: []string{"--true", "k", "--pred", "c1,c2", "--bootstrap", "100", rc},
			sections: []string{"models", "external-c1", "external-c2"}},
		// The report adds --confidence unless a paired test or --sentence is asked for.
		{name: "bleu", report: []string{"--task", "bleu"}, twin: []string{"bleu"}, flags: []string{"--hyp", hypA, "--ref", ref, "--confidence", "--confidence-n", "100"},
			sections: []string{"score"}, figs: 1},
		{name: "chrf", report: []string{"--task", "chrf"}, twin: []string{"chrf", "--confidence"}, flags: []string{"--hyp", hypA, "--ref", ref, "--confidence-n", "100"},
			sections: []string{"score"}},
		{name: "ter-paired", report: []string{"--task", "ter"}, twin: []string{"ter"}, flags: []string{"--hyp", hypA, "--hyp", hypB, "--ref", ref, "--paired-bs", "--paired-bs-n", "50"},
			sections: []string{"systems"}, figs: 1},
		{name: "bleu-systems", report: []string{"--task", "bleu"}, twin: []string{"bleu", "--confidence"}, flags: []string{"--hyp", hypA, "--hyp", hypB, "--ref", ref, "--confidence-n", "100"},
			sections: []string{"systems"}, figs: 1},
		{name: "bleu-sentence", report: []string{"--task", "bleu"}, twin: []string{"bleu"}, flags: []string{"--hyp", hypA, "--ref", ref, "--sentence"},
			sections: []string{"sentences"}, figs: 1, lines: true},
		{name: "chrf-sentence", report: []string{"--task", "chrf"}, twin: []string{"chrf"}, flags: []string{"--hyp", hypA, "--ref", ref, "--sentence"},
			sections: []string{"sentences"}, figs: 1, lines: true},
		{name: "ter-sentence", report: []string{"--task", "ter"}, twin: []string{"ter"}, flags: []string{"--hyp", hypA, "--ref", ref, "--sentence"},
			sections: []string{"sentences"}, figs: 1, lines: true},
		{name: "friedman", report: []string{"--task", "friedman"}, twin: []string{"compare", "friedman"},
			flags: []string{"--posthoc", "holm", "--lower-is-better", filepath.Join("testdata", "cli", "errors.csv")}, sections: []string{"friedman"}, figs: 1},
		{name: "demo", twin: []string{"demo"}, flags: []string{"--folds", "3", "--rounds", "4"},
			sections: []string{"data", "classification", "regression", "scores", "tests", "learning-curves", "estimates"}, figs: 2},
	} {
		t.Run(c.name, c.check)
	}
}

// checkThreeModels checks the page of three binary score models: each
// number of the measures table stands under its own model, no row is a
// confidence level, the ROC's FPR axis is logarithmic and its caption
// says so, the bands' method is said once, and how the intervals were
// computed is collapsed, in words.
func checkThreeModels(t *testing.T, ctx context.Context) {
	rows := eval[[][]string](t, ctx, `Array.from(document.querySelector('#measures table').rows).map(r => Array.from(r.cells).map(c => {
		const d = c.querySelector('data');
		return d ? d.dataset.key : c.textContent;
	}))`)
	for _, r := range rows[1:] {
		if len(r) != 4 {
			t.Errorf("measures row %q: %d cells, want 4", r, len(r))
			continue
		}
		if strings.Contains(r[0], "level") {
			t.Errorf("measures row %q: a level is not a measure", r)
		}
		for j, k := range r[1:] {
			if k != "" && !strings.HasPrefix(k, fmt.Sprintf("models.%d.", j)) {
				t.Errorf("measures row %q: %s stands under model %d", r[0], k, j)
			}
		}
	}
	roc := eval[[]string](t, ctx, `(() => { const f = document.querySelector('figure svg title').closest('figure');
		const s = Array.from(document.querySelectorAll('figure')).find(f => f.querySelector('svg title').textContent === 'ROC curve');
		return [s.querySelector('figcaption').textContent, Array.from(s.querySelectorAll('svg > text')).map(x => x.textContent).join('|')]; })()`)
	if !strings.Contains(roc[0], "The FPR axis is logarithmic") || !strings.Contains(roc[1], "FPR, log scale") {
		t.Errorf("ROC: no log FPR axis: caption %q, labels %q", roc[0], roc[1])
	}
	if n := strings.Count(roc[0], "Hsieh and Turnbull"); n != 1 {
		t.Errorf("ROC caption says the band's method %d times, want once: %q", n, roc[0])
	}
	methods := eval[[]string](t, ctx, `(() => { const d = document.querySelector('#measures details.methods');
		return d ? [String(d.open), ...Array.from(d.querySelectorAll('dt')).map(x => x.textContent)] : []; })()`)
	if len(methods) < 2 || methods[0] != "false" {
		t.Errorf("the methods of the intervals are not a closed details element: %q", methods)
	}
	for _, m := range methods[min(1, len(methods)):] {
		if m == "delong" || m == "percentile" || strings.Contains(m, "-") && !strings.Contains(m, " ") {
			t.Errorf("method %q is a JSON key, not words", m)
		}
	}
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
