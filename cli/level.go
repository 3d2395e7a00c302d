package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
)

// LevelFlag is --level, a confidence level, the one name every command
// gives it, with --conf, its former name in rank and compare delong: still
// accepted, to the same effect, with a warning ([WarnDeprecated]). Giving
// both with different values is a usage error ([LevelFlag.Check]).
type LevelFlag struct {
	Level      float64
	levelGiven bool
	conf       float64 // --conf as given
	confGiven  bool
}

// Define adds --level, of default def and help usage, and the deprecated
// --conf to fs.
func (l *LevelFlag) Define(fs *flag.FlagSet, def float64, usage string) {
	l.Level = def
	fs.Var(levelValue{l}, "level", usage)
	fs.Var(confValue{l}, "conf", "deprecated: the former name of --level")
}

// Check returns a usage error, naming the command cmd, when --conf and
// --level are both given with different values.
func (l *LevelFlag) Check(cmd string) error {
	if l.confGiven && l.levelGiven && l.conf != l.Level {
		return Usagef("%s: --conf %v and --level %v disagree: give --level only (--conf is its former name)", cmd, l.conf, l.Level)
	}
	return nil
}

type levelValue struct{ l *LevelFlag }

func (v levelValue) String() string {
	if v.l == nil {
		return ""
	}
	return strconv.FormatFloat(v.l.Level, 'g', -1, 64)
}

func (v levelValue) Set(s string) error {
	f, err := parseLevel(s)
	if err != nil {
		return err
	}
	v.l.Level, v.l.levelGiven = f, true
	return nil
}

type confValue struct{ l *LevelFlag }

func (v confValue) String() string {
	if v.l == nil || !v.l.confGiven {
		return ""
	}
	return strconv.FormatFloat(v.l.conf, 'g', -1, 64)
}

func (v confValue) Set(s string) error {
	f, err := parseLevel(s)
	if err != nil {
		return err
	}
	v.l.conf, v.l.confGiven = f, true
	if !v.l.levelGiven {
		v.l.Level = f
	}
	return nil
}

// Deprecated is the warning a given --conf prints ([WarnDeprecated]).
func (v confValue) Deprecated() string { return "--conf is deprecated: use --level (same meaning)" }

func parseLevel(s string) (float64, error) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, errors.New("parse error")
	}
	return f, nil
}

// WarnDeprecated writes to w a line "prog cmd: warning" for each flag
// given on fs under a deprecated name (a flag whose value has a method
// Deprecated() string, as --conf).
func WarnDeprecated(fs *flag.FlagSet, w io.Writer, prog string) {
	fs.Visit(func(f *flag.Flag) {
		if d, ok := f.Value.(interface{ Deprecated() string }); ok {
			fmt.Fprintf(w, "%s %s: %s\n", prog, fs.Name(), d.Deprecated())
		}
	})
}
