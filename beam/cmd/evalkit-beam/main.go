// Command evalkit-beam runs evalkit's measures as an Apache Beam pipeline,
// on Flink, Spark, Google Dataflow or Beam's local prism runner:
//
//	evalkit-beam <task> [task flags] --input PATTERN [--input …] --output FILE
//	    --runner prism|flink|spark|dataflow [runner flags]
//
// The task flags are evalkit's; the JSON written to FILE is what
// "evalkit <task> --format json" prints for the concatenated input. Runner
// flags are Beam's (--endpoint, --environment_type, --project, --region,
// --temp_location, --worker_binary, …). Exit status: 0 ok, 1 bad data or a
// failure (the message names file, line and column, also when a remote
// worker found it), 2 bad usage, 3 a --gate failed (the output is written
// in full, its "gates" included). See docs/distributed.md.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"slices"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/gcs" // gs:// inputs and outputs
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/dataflow"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/flink"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/spark"

	"github.com/evalkit-go/evalkit/beam/evalbeam"
	"github.com/evalkit-go/evalkit/cli"
)

func main() {
	if len(os.Args) > 1 && strings.HasPrefix(os.Args[1], "-") && !isHelp(os.Args[1]) {
		// Started by a runner as a worker (--worker=true …): the harness
		// takes over in beam.Init and does not return.
		flag.Parse()
		beam.Init()
	}
	err := run(context.Background(), os.Args[1:], os.Stdout)
	os.Exit(exitCode(err, os.Stderr))
}

func isHelp(s string) bool {
	return s == "-h" || s == "--help" || s == "-help" || s == "help"
}

func usagef(format string, args ...any) error { return cli.Usagef(format, args...) }

var errHelp = cli.ErrHelp

// exitCode maps err to the exit status as evalkit does (cli.ExitCode),
// after picking out of a failed job's report the error a worker found in
// the data or the options.
func exitCode(err error, stderr io.Writer) int {
	if err != nil {
		if m, ok, usage := evalbeam.UserMessage(err); ok && usage {
			err = usagef("%s", m)
		} else if ok {
			err = errors.New(m)
		}
	}
	return cli.ExitCode("evalkit-beam", err, stderr)
}

// task is one evalkit task: its flags and the pipeline they configure.
type task struct {
	name    string
	summary string
	define  func(fs *flag.FlagSet) func(io common) (pipeline, error)
	// ownInput: the task's flags name its input (the text measures'
	// --hyp and --ref), not --input.
	ownInput bool
}

// common is what every task gets besides its own flags.
type common struct {
	Name   string // the inputs, as errors about the whole input name them
	Output string
}

// pipeline adds a task's transforms for the units to s.
type pipeline interface {
	Pipeline(s beam.Scope, units []evalbeam.Unit)
}

// resolver is a pipeline whose flags the input decides in part (columns
// named by patterns, matched against the header): resolve checks them
// once the units are known, before the pipeline is built.
type resolver interface {
	resolve(ctx context.Context, units []evalbeam.Unit) error
}

var tasks []*task

func register(t *task) {
	tasks = append(tasks, t)
	slices.SortFunc(tasks, func(a, b *task) int { return strings.Compare(a.name, b.name) })
}

type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(s string) error { *m = append(*m, s); return nil }

func printHelp(w io.Writer) {
	var names [][2]string
	for _, t := range tasks {
		names = append(names, [2]string{t.name, t.summary})
	}
	cli.Help(w, "evalkit-beam runs evalkit's measures as an Apache Beam pipeline.",
		"evalkit-beam <task> [task flags] --input PATTERN [--input …] --output FILE --runner prism|flink|spark|dataflow [runner flags]", names,
		"Run \"evalkit-beam <task> --help\" for a task's flags. Runner flags are Beam's",
		"(--endpoint, --environment_type, --project, --region, --temp_location, …).")
}

// run parses args (the task first) and runs the pipeline to completion.
func run(ctx context.Context, args []string, stdout io.Writer) error {
	if len(args) == 0 {
		printHelp(os.Stderr)
		return usagef("no task given")
	}
	if isHelp(args[0]) {
		printHelp(stdout)
		return errHelp
	}
	var t *task
	for _, c := range tasks {
		if c.name == args[0] {
			t = c
		}
	}
	if t == nil {
		return usagef("unknown task %q (run \"evalkit-beam help\" for the list)", args[0])
	}
	fs := flag.NewFlagSet(t.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var inputs multiFlag
	fs.Var(&inputs, "input", "input files: a glob pattern (local, gs://…); repeat for more")
	output := fs.String("output", "", "the JSON file to write (local, gs://…)")
	runner := fs.String("runner", "prism", "Beam runner: prism, flink, spark or dataflow")
	format := fs.String("format", "json", "output format: json (the only one)")
	build := t.define(fs)

	// Split the arguments: the task's own flags, and Beam's (runner) flags,
	// which live in the global flag set.
	var own, beamArgs []string
	for i := 1; i < len(args); i++ {
		a := args[i]
		if a == "-h" || a == "--help" || a == "-help" {
			fmt.Fprintf(stdout, "usage: evalkit-beam %s [flags] --input PATTERN --output FILE --runner RUNNER [runner flags]\n\nflags:\n", t.name)
			fs.SetOutput(stdout)
			fs.PrintDefaults()
			return errHelp
		}
		if !strings.HasPrefix(a, "-") || a == "-" || a == "--" {
			return usagef("%s: unexpected argument %q (inputs are given by --input)", t.name, a)
		}
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		set := fs
		dst := &own
		if fs.Lookup(name) == nil {
			if flag.CommandLine.Lookup(name) == nil {
				var names []string
				fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
				if s := cli.Suggest(name, names); s != "" {
					return usagef("%s: unknown flag %s (did you mean --%s?)", t.name, a, s)
				}
				return usagef("%s: unknown flag %s", t.name, a)
			}
			set, dst = flag.CommandLine, &beamArgs
		}
		*dst = append(*dst, a)
		if !hasValue && !isBool(set.Lookup(name)) {
			if i+1 == len(args) {
				return usagef("%s: flag needs an argument: %s", t.name, a)
			}
			i++
			*dst = append(*dst, args[i])
		}
	}
	if err := fs.Parse(own); err != nil {
		return usagef("%s: %v", t.name, err)
	}
	if err := flag.CommandLine.Parse(beamArgs); err != nil {
		return usagef("%s: %v", t.name, err)
	}
	if *format != "json" {
		return usagef("%s: --format: only json is written by evalkit-beam, got %q", t.name, *format)
	}
	switch {
	case t.ownInput && len(inputs) > 0:
		return usagef("%s: the input is given by --hyp and --ref (patterns of aligned shards), not --input", t.name)
	case !t.ownInput && len(inputs) == 0:
		return usagef("%s: --input is required", t.name)
	}
	if *output == "" {
		return usagef("%s: --output is required", t.name)
	}
	switch *runner {
	case "prism", "flink", "spark", "dataflow":
	default:
		return usagef("%s: --runner must be prism, flink, spark or dataflow, got %q", t.name, *runner)
	}
	pl, err := build(common{Name: strings.Join(inputs, ","), Output: *output})
	if err != nil {
		return err
	}
	var units []evalbeam.Unit
	if !t.ownInput {
		if units, err = evalbeam.Units(ctx, inputs); err != nil {
			return err
		}
	}
	if r, ok := pl.(resolver); ok {
		if err := r.resolve(ctx, units); err != nil {
			return err
		}
	}
	beam.Init()
	if os.Getenv("EVALKIT_BEAM_VERBOSE") == "" {
		// The runner's own log (job states, and a failed bundle's stack of
		// transforms) is for debugging; the user gets the error itself.
		// EVALKIT_BEAM_VERBOSE=1 keeps it.
		slog.SetDefault(slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError + 100})))
	}
	p, s := beam.NewPipelineWithRoot()
	pl.Pipeline(s, units)
	if _, err = beam.Run(ctx, *runner, p); err != nil {
		return err
	}
	// --gate: the verdicts join the output, and a failed gate is exit
	// status 3, as with evalkit.
	g := cli.Gates(fs)
	if g == nil || len(g.Exprs) == 0 {
		return nil
	}
	gates, err := evalbeam.Gate(ctx, *output, g.EvaluateJSON)
	if err != nil {
		return err
	}
	return cli.GateFailure(gates)
}

func isBool(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}
