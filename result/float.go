package result

// Float is a float64 that encodes as [FormatFloat] does: the fewest
// digits that round-trip, and null for NaN and ±Inf, where encoding/json
// fails. A result field of type Float encodes alike under [JSON] and
// encoding/json.
type Float float64

// MarshalJSON writes f as [FormatFloat] does.
func (f Float) MarshalJSON() ([]byte, error) { return []byte(FormatFloat(float64(f))), nil }
