package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
)

// SentenceScores takes the JSON Lines of the sentence scores of bleu,
// chrf or ter as they are written and keeps each line's score (the field
// Key; NaN for null) and the metric's name (the field "name" of the first
// line, if any, else Name as set): 8 bytes a sentence, not the lines.
type SentenceScores struct {
	Key, Name string
	Scores    []float64
	part      []byte // an unfinished line
}

// Write takes the lines of b; a line's end may come in a later call.
func (s *SentenceScores) Write(b []byte) (int, error) {
	n := len(b)
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			s.part = append(s.part, b...)
			break
		}
		line := b[:i]
		if len(s.part) > 0 {
			line = append(s.part, line...)
		}
		if err := s.line(line); err != nil {
			return 0, err
		}
		s.part = s.part[:0]
		b = b[i+1:]
	}
	return n, nil
}

func (s *SentenceScores) line(l []byte) error {
	if len(bytes.TrimSpace(l)) == 0 {
		return nil
	}
	var v map[string]json.RawMessage
	if err := json.Unmarshal(l, &v); err != nil {
		return fmt.Errorf("report: reading the sentence scores: %v", err)
	}
	var x float64
	if raw, ok := v[s.Key]; !ok || json.Unmarshal(raw, &x) != nil {
		x = math.NaN() // null: undefined
	}
	if raw, ok := v["name"]; ok && len(s.Scores) == 0 {
		json.Unmarshal(raw, &s.Name)
	}
	s.Scores = append(s.Scores, x)
	return nil
}

// Flush takes a last line written without its newline.
func (s *SentenceScores) Flush() error {
	if len(s.part) == 0 {
		return nil
	}
	err := s.line(s.part)
	s.part = nil
	return err
}
