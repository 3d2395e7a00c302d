package task

import (
	"errors"
	"fmt"

	"github.com/evalkit-go/evalkit/internal/wire"
	"github.com/evalkit-go/evalkit/rank"
)

// errBadMultiModels is what a bad encoding of a [MultiModelsState] wraps.
var errBadMultiModels = fmt.Errorf("%w: several multiclass models", rank.ErrBadEncoding)

// MarshalBinary encodes the state — each model's builder
// ([rank.MultiBuilder.MarshalBinary]) and the rows kept
// ([rank.MulticlassRows.MarshalBinary]) — so that a distributed engine
// can ship a part's state between workers; [MultiModelsState.UnmarshalBinary]
// restores it bit for bit.
func (st *MultiModelsState) MarshalBinary() ([]byte, error) {
	a := wire.Appender{1}
	a.Uvarint(uint64(len(st.B)))
	for _, b := range st.B {
		e, err := b.MarshalBinary()
		if err != nil {
			return nil, err
		}
		a.Block(e)
	}
	e, err := st.Rows.MarshalBinary()
	if err != nil {
		return nil, err
	}
	a.Block(e)
	return a, nil
}

// UnmarshalBinary replaces st with the state encoded in data by
// [MultiModelsState.MarshalBinary]; an error wraps rank.ErrBadEncoding.
func (st *MultiModelsState) UnmarshalBinary(data []byte) error {
	r := wire.NewReader(data, errBadMultiModels)
	if v := r.Byte(); r.Err() == nil && v != 1 {
		return fmt.Errorf("%w: unknown version", errBadMultiModels)
	}
	out := MultiModelsState{B: make([]*rank.MultiBuilder, r.Count(1))}
	for j := range out.B {
		b := r.Block()
		if r.Err() != nil {
			return r.Err()
		}
		out.B[j] = new(rank.MultiBuilder)
		if err := out.B[j].UnmarshalBinary(b); err != nil {
			return err
		}
	}
	rows := r.Block()
	if err := r.End(); err != nil {
		return err
	}
	if err := out.Rows.UnmarshalBinary(rows); err != nil {
		return err
	}
	if len(out.Rows.P) != len(out.B) {
		return fmt.Errorf("%w: %d models' rows for %d models", errBadMultiModels, len(out.Rows.P), len(out.B))
	}
	*st = out
	return nil
}

// Pick returns the state of the rows of st at the indexes rows
// (ascending): the state [RankMultiModels.Fold] gives reading those rows
// alone, in input order, as a file of a slice's rows would give.
func (t *RankMultiModels) Pick(st *MultiModelsState, rows []int32) (*MultiModelsState, error) {
	k, m := st.Rows.K, len(st.Rows.P)
	out := t.New()
	p := make([]float64, m*k)
	for _, i := range rows {
		if int(i) >= len(st.Rows.Y) {
			return nil, errors.New("task: RankMultiModels.Pick: row out of range")
		}
		for j := range m {
			copy(p[j*k:(j+1)*k], st.Rows.P[j][int(i)*k:(int(i)+1)*k])
		}
		w := 1.0
		if st.Rows.W != nil {
			w = st.Rows.W[i]
		}
		if err := out.add(int(st.Rows.Y[i]), p, w, t.Names); err != nil {
			return nil, err
		}
	}
	return out, nil
}
