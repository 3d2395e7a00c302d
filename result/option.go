package result

// OptionError is an option value that a task's report builder rejects
// (the command line maps it to a usage error naming the flag --Option).
type OptionError struct {
	Task    string // "rank", "regress", …
	Option  string // the option's name, which is also its flag's name
	Problem string // "must be in (0, 1), got 2"
}

func (e *OptionError) Error() string {
	return e.Task + ": option " + e.Option + " " + e.Problem
}
