package result

// OptionError is an option value that a task's report builder rejects.
// Option names the option in the library's terms, qualified by its package
// ("rank.Options.MaxFPR"); the command line prints its flag instead.
type OptionError struct {
	Task    string // "rank", "regress", …
	Option  string // the option: "rank.Options.MaxFPR", "board.Options.Compare", …
	Problem string // "must be in (0, 1), got 2"
}

func (e *OptionError) Error() string {
	return e.Task + ": option " + e.Option + " " + e.Problem
}
