package result

import (
	"runtime/debug"
	"testing"
)

// The version comes from the build info: evalkit's module version as the
// main module or as a dependency, BaseVersion for "(devel)" or none.
func TestVersionOf(t *testing.T) {
	dep := func(path, v string) *debug.Module { return &debug.Module{Path: path, Version: v} }
	for _, c := range []struct {
		bi   *debug.BuildInfo
		ok   bool
		want string
	}{
		{nil, false, BaseVersion},
		{&debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: "(devel)"}}, true, BaseVersion},
		{&debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: ""}}, true, BaseVersion},
		{&debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: "v1.2.3"}}, true, "1.2.3"},
		{&debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: "v1.2.3-rc.1"}}, true, "1.2.3-rc.1"},
		// Stamped by go build in a git checkout (Go ≥ 1.24): not a release.
		{&debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: "v0.0.0-20261123201405-80e96bfa8387"}}, true, BaseVersion},
		{&debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: "v1.2.4-0.20261123201405-80e96bfa8387"}}, true, BaseVersion},
		{&debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: "v1.2.4-rc.1.0.20261123201405-80e96bfa8387+dirty"}}, true, BaseVersion},
		{&debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: "v1.2.3+dirty"}}, true, BaseVersion},
		{&debug.BuildInfo{Main: debug.Module{Path: "example.com/app", Version: "v9.9.9"},
			Deps: []*debug.Module{dep("gonum.org/v1/gonum", "v0.17.0"), dep(modulePath, "v0.4.0")}}, true, "0.4.0"},
		{&debug.BuildInfo{Main: debug.Module{Path: "example.com/app", Version: "v9.9.9"},
			Deps: []*debug.Module{{Path: modulePath, Version: "v0.4.0", Replace: &debug.Module{Path: "../evalkit", Version: ""}}}}, true, BaseVersion},
		{&debug.BuildInfo{Main: debug.Module{Path: "example.com/app", Version: "v9.9.9"}}, true, BaseVersion},
	} {
		if got := versionOf(c.bi, c.ok); got != c.want {
			t.Errorf("%+v: %q, want %q", c.bi, got, c.want)
		}
	}
	// Tests are built as "(devel)": the golden files pin BaseVersion.
	if Version != BaseVersion {
		t.Errorf("Version %q in a test binary, want %q", Version, BaseVersion)
	}
}
