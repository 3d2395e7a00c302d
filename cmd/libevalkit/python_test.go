package main

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestPython installs the Python package of python/ (whose build step
// compiles this package with go build -buildmode=c-shared) into a venv
// over Debian's python3 and runs its pytest suite. The interpreter is
// $EVALKIT_PYTHON, else /usr/bin/python3 (the first python3 on PATH may
// be another one without Debian's packages); it needs numpy, pytest,
// venv and pip (python3-numpy, python3-pytest, python3-venv, python3-pip;
// python3-sklearn for the comparisons). Without them, or without cgo,
// the test skips, but fails under CI=true.
func TestPython(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the Python package is built and tested in full runs")
	}
	missing := func(format string, args ...any) {
		t.Helper()
		if os.Getenv("CI") == "true" {
			t.Fatalf(format, args...)
		}
		t.Skipf(format, args...)
	}
	python := os.Getenv("EVALKIT_PYTHON")
	if python == "" {
		python = "/usr/bin/python3"
	}
	if _, err := exec.LookPath(python); err != nil {
		missing("no Python at %s (set EVALKIT_PYTHON): %v", python, err)
	}
	if out, err := exec.Command(python, "-c", "import numpy, pytest, venv, ensurepip, setuptools").CombinedOutput(); err != nil {
		missing("%s lacks a package the test needs (Debian: python3-numpy python3-pytest python3-venv python3-pip): %v\n%s", python, err, out)
	}
	gocmd := filepath.Join(runtime.GOROOT(), "bin", "go")
	if p, err := exec.LookPath("go"); err == nil {
		gocmd = p
	}
	if out, err := exec.Command(gocmd, "env", "CGO_ENABLED").Output(); err != nil || strings.TrimSpace(string(out)) != "1" {
		missing("cgo is off (a C compiler is needed for -buildmode=c-shared): %v %s", err, out)
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	// A copy of the package, so that the build leaves nothing in the
	// checkout; its build step compiles the module at root.
	pkg := filepath.Join(tmp, "python")
	if err := copyTree(filepath.Join(root, "python"), pkg); err != nil {
		t.Fatal(err)
	}
	venv := filepath.Join(tmp, "venv")
	if out, err := exec.Command(python, "-m", "venv", "--system-site-packages", venv).CombinedOutput(); err != nil {
		missing("%s cannot make a venv with pip (Debian: python3-venv python3-pip): %v\n%s", python, err, out)
	}
	vpy := filepath.Join(venv, "bin", "python")
	env := []string{"GO=" + gocmd, "EVALKIT_GO_ROOT=" + root, "PIP_NO_INDEX=1", "PIP_DISABLE_PIP_VERSION_CHECK=1"}
	run(t, tmp, env, vpy, "-m", "pip", "install", "--no-build-isolation", "--no-index", "-q", pkg)
	run(t, tmp, nil, vpy, "-m", "pytest", "-q", "-p", "no:cacheprovider", filepath.Join(root, "python", "tests"))
}

// run runs name with args in dir, with env added, and fails the test with
// its output on an error.
func run(t *testing.T, dir string, env []string, name string, args ...string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	t.Logf("%s %s:\n%s", filepath.Base(name), strings.Join(args, " "), out)
}

// copyTree copies the files of src to dst, leaving out what a build made.
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() && (name == "build" || name == "__pycache__" || name == ".pytest_cache" || strings.HasSuffix(name, ".egg-info")) {
			return filepath.SkipDir
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if strings.HasPrefix(name, "libevalkit.") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, b, 0o644)
	})
}
