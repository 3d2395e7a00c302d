package budget

import (
	"errors"
	"fmt"
	"sync/atomic"
)

// ErrExceeded is matched (errors.Is) by every [*ExceededError].
var ErrExceeded = errors.New("memory budget exceeded")

// Budget is a memory limit shared by the growing states of one run. It is
// safe for concurrent use. The zero value is not useful; use [New].
type Budget struct {
	limit int64 // ≤ 0: unlimited
	used  atomic.Int64
	peak  atomic.Int64
}

// New returns a budget of limit bytes; limit ≤ 0 means no limit.
func New(limit int64) *Budget {
	return &Budget{limit: limit}
}

// Limit returns the limit in bytes (≤ 0: none).
func (b *Budget) Limit() int64 {
	if b == nil {
		return 0
	}
	return b.limit
}

// Used returns the bytes charged now.
func (b *Budget) Used() int64 {
	if b == nil {
		return 0
	}
	return b.used.Load()
}

// Peak returns the most bytes charged at once.
func (b *Budget) Peak() int64 {
	if b == nil {
		return 0
	}
	return b.peak.Load()
}

// Available returns the bytes that can still be charged (a large number
// when there is no limit).
func (b *Budget) Available() int64 {
	if b == nil || b.limit <= 0 {
		return 1<<63 - 1
	}
	return max(0, b.limit-b.used.Load())
}

// charge adds n (which may be negative) if the total stays within the
// limit, or if n ≤ 0.
func (b *Budget) charge(n int64) bool {
	for {
		u := b.used.Load()
		if n > 0 && b.limit > 0 && u+n > b.limit {
			return false
		}
		if b.used.CompareAndSwap(u, u+n) {
			for {
				p := b.peak.Load()
				if u+n <= p || b.peak.CompareAndSwap(p, u+n) {
					return true
				}
			}
		}
	}
}

// Account returns a new account for a state named what ("cluster feature
// rows"). hint, if not empty, is added to the error message as another way
// out besides raising the limit ("or use fewer features"). Close the account
// (or Set it to 0) when the state is dropped.
func (b *Budget) Account(what, hint string) *Account {
	if b == nil {
		return nil
	}
	return &Account{b: b, what: what, hint: hint}
}

// Account is the share of a [Budget] charged by one state. Its methods are
// safe for concurrent use with other accounts of the same budget, but one
// account is used by one goroutine at a time. A nil *Account is unlimited.
type Account struct {
	b    *Budget
	what string
	hint string
	held int64
}

// Held returns the bytes this account holds.
func (a *Account) Held() int64 {
	if a == nil {
		return 0
	}
	return a.held
}

// Grow charges n more bytes (n ≥ 0). If that would take the budget past its
// limit it charges nothing and returns an [*ExceededError].
func (a *Account) Grow(n int64) error {
	if a == nil || n <= 0 {
		return nil
	}
	if !a.b.charge(n) {
		return a.exceeded(a.held + n)
	}
	a.held += n
	return nil
}

// Set makes the account hold total bytes: it charges or releases the
// difference. A shrink always succeeds; a growth past the limit charges
// nothing and returns an [*ExceededError].
func (a *Account) Set(total int64) error {
	if a == nil {
		return nil
	}
	total = max(total, 0)
	d := total - a.held
	if d <= 0 {
		a.b.charge(d)
		a.held = total
		return nil
	}
	return a.Grow(d)
}

// Close releases everything the account holds.
func (a *Account) Close() {
	if a == nil {
		return
	}
	a.b.charge(-a.held)
	a.held = 0
}

func (a *Account) exceeded(want int64) error {
	return &ExceededError{What: a.what, Want: want, Used: a.b.used.Load() - a.held, Limit: a.b.limit, Hint: a.hint}
}

// ExceededError says that a state would grow past the budget.
type ExceededError struct {
	What  string // the state that grew: "classify label set"
	Want  int64  // bytes the state would hold after the failed charge
	Used  int64  // bytes held by the budget's other accounts
	Limit int64  // the budget
	Hint  string // another way out, or ""
}

func (e *ExceededError) Error() string {
	msg := fmt.Sprintf("%s would need %s, past the memory budget of %s", e.What, FormatSize(e.Want), FormatSize(e.Limit))
	if e.Used > 0 {
		msg += fmt.Sprintf(" (%s already held by other states)", FormatSize(e.Used))
	}
	msg += "; raise it with budget.New"
	if e.Hint != "" {
		msg += ", " + e.Hint
	}
	return msg
}

// Is makes errors.Is(err, ErrExceeded) true.
func (e *ExceededError) Is(target error) bool { return target == ErrExceeded }
