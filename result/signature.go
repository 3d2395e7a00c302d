package result

import (
	"runtime/debug"
	"strconv"
	"strings"
)

// BaseVersion is the version of this source tree, which signatures name
// when the build carries no module version (a build inside the
// repository, a test: Go reports "(devel)").
const BaseVersion = "0.1.0"

// modulePath is evalkit's module path, looked up in the build info.
const modulePath = "github.com/evalkit-go/evalkit"

// Version is the evalkit version that signatures name: the module
// version in the build info (runtime/debug.ReadBuildInfo) without its
// "v" — of the main module when that is evalkit (go install
// …/cmd/evalkit@v1.2.3 gives "1.2.3"), else of evalkit among the
// dependencies (a program using the library) — or BaseVersion when the
// build has no release version: "(devel)", no build info, or a version Go
// made up from the repository (a pseudo-version such as
// v0.0.0-20261123201405-80e96bfa8387, or one marked +dirty), which a
// go build inside a git checkout stamps since Go 1.24. So evalkit and
// evalkit-beam (which builds evalkit through a replace directive, as
// "(devel)") built from one checkout sign alike.
var Version = versionOf(debug.ReadBuildInfo())

func versionOf(bi *debug.BuildInfo, ok bool) string {
	if !ok || bi == nil {
		return BaseVersion
	}
	mod := &bi.Main
	if mod.Path != modulePath {
		mod = nil
		for _, d := range bi.Deps {
			if d.Path == modulePath {
				mod = d
				if d.Replace != nil {
					mod = d.Replace
				}
				break
			}
		}
	}
	if mod == nil || mod.Version == "" || mod.Version == "(devel)" ||
		strings.Contains(mod.Version, "+dirty") || isPseudo(mod.Version) {
		return BaseVersion
	}
	return strings.TrimPrefix(mod.Version, "v")
}

// isPseudo reports whether v is a Go pseudo-version: its last
// pre-release part is a 14-digit UTC time and a 12-digit commit hash
// (vX.0.0-yyyymmddhhmmss-abcdef123456, vX.Y.Z-pre.0.yyyymmddhhmmss-…,
// vX.Y.Z-0.yyyymmddhhmmss-…), optionally followed by +build metadata.
func isPseudo(v string) bool {
	if i := strings.IndexByte(v, '+'); i >= 0 {
		v = v[:i]
	}
	j := strings.LastIndexByte(v, '-')
	if j < 0 || len(v)-j-1 != 12 || !isDigits(v[j+1:], true) {
		return false
	}
	rest := v[:j]
	k := len(rest) - 14
	if k < 1 || !isDigits(rest[k:], false) {
		return false
	}
	return rest[k-1] == '-' || rest[k-1] == '.'
}

// isDigits reports whether s is all decimal digits (or lower-case hex
// digits when hex).
func isDigits(s string, hex bool) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || hex && c >= 'a' && c <= 'f') {
			return false
		}
	}
	return s != ""
}

// Signature says how a result was computed, as sacreBLEU's signature does
// for BLEU: the task, every option that changes a number, the interval
// method, level, bootstrap size and seed when intervals were computed, and
// the evalkit version, so that a number can be reproduced from its JSON
// alone. It prints as key:value fields joined by "|", in a fixed order:
//
//	task:classify|labels:auto|beta:1|zero_division:0|weights:none|pos_label:none|version:0.1.0
//
// with the interval fields ci, level, bootstrap, seed and rng (the
// generator, RNG) before version when CI is set. A "|" or "\" inside a value is escaped with "\".
//
// Every task builds its signature here (its options' Signature method),
// so every signature has this shape. bleu, chrf and ter print sacreBLEU's
// own signature instead (see package text).
type Signature struct {
	Task   string
	Fields [][2]string // key, value; in print order
	// CI is set when intervals were computed.
	CI *SignatureCI
}

// SignatureCI is the interval part of a signature.
type SignatureCI struct {
	Method    string  // the interval method ("auto" for the default choice per measure)
	Level     float64 // the confidence level
	Bootstrap int     // bootstrap replicates
	Seed      uint64  // bootstrap seed
	// Blocks, when > 0, is the number of blocks a coarsened table's
	// bootstrap resampled (rank on large tables); it prints as
	// blocks:K after seed.
	Blocks int
}

// RNG names the random generator of every resampling a signature's seed
// drives (bootstrap replicates, splits, Monte Carlo samples): math/rand/v2's
// PCG, so that a seed is not taken to reproduce another tool's stream
// (numpy's, R's). It prints as the field rng:pcg after the first seed.
const RNG = "pcg"

// Seed appends key with the seed v, then rng:RNG (once a signature).
func (s *Signature) Seed(key string, v uint64) *Signature {
	s.Add(key, strconv.FormatUint(v, 10))
	if !s.hasRNG() {
		s.Add("rng", RNG)
	}
	return s
}

func (s *Signature) hasRNG() bool {
	for _, f := range s.Fields {
		if f[0] == "rng" {
			return true
		}
	}
	return false
}

// NewSignature returns the signature of task with no fields yet.
func NewSignature(task string) *Signature { return &Signature{Task: task} }

// Add appends the field key:value and returns s.
func (s *Signature) Add(key, value string) *Signature {
	s.Fields = append(s.Fields, [2]string{key, value})
	return s
}

// Float appends key with v formatted as machine output does.
func (s *Signature) Float(key string, v float64) *Signature { return s.Add(key, FormatFloat(v)) }

// Int appends key with v.
func (s *Signature) Int(key string, v int) *Signature { return s.Add(key, strconv.Itoa(v)) }

// Bool appends key as yes or no.
func (s *Signature) Bool(key string, v bool) *Signature {
	if v {
		return s.Add(key, "yes")
	}
	return s.Add(key, "no")
}

// Column appends key naming a column, "none" for "".
func (s *Signature) Column(key, name string) *Signature {
	if name == "" {
		name = "none"
	}
	return s.Add(key, name)
}

// List appends key with the values joined by ",", or ifEmpty when there
// are none.
func (s *Signature) List(key string, values []string, ifEmpty string) *Signature {
	if len(values) == 0 {
		return s.Add(key, ifEmpty)
	}
	return s.Add(key, strings.Join(values, ","))
}

func escapeSig(v string) string {
	if !strings.ContainsAny(v, `|\`) {
		return v
	}
	return strings.NewReplacer(`\`, `\\`, `|`, `\|`).Replace(v)
}

// String formats the signature.
func (s *Signature) String() string {
	var b strings.Builder
	b.WriteString("task:" + escapeSig(s.Task))
	for _, f := range s.Fields {
		b.WriteString("|" + f[0] + ":" + escapeSig(f[1]))
	}
	if c := s.CI; c != nil {
		b.WriteString("|ci:" + escapeSig(c.Method) + "|level:" + FormatFloat(c.Level) +
			"|bootstrap:" + strconv.Itoa(c.Bootstrap) + "|seed:" + strconv.FormatUint(c.Seed, 10))
		if !s.hasRNG() {
			b.WriteString("|rng:" + RNG)
		}
		if c.Blocks > 0 {
			b.WriteString("|blocks:" + strconv.Itoa(c.Blocks))
		}
	}
	b.WriteString("|version:" + Version)
	return b.String()
}

// MarshalJSON writes the signature as a JSON string.
func (s *Signature) MarshalJSON() ([]byte, error) { return JSON(s.String(), "") }
