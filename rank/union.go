package rank

// AbsorbAll adds the samples of every spill of ss to s, as absorb of
// each in turn, its memory reserved first for all the samples they
// hold in memory (within s's most rows): no copying as it grows. The
// table of s is then the table of one builder fed every sample, to the
// last bit, built as that builder's would be (a radix sort of every key).
// It panics if s or a spill of ss is weighted (see absorb).
func (s *Spill) AbsorbAll(ss []*Spill) error {
	var pos, neg int
	for _, o := range ss {
		p, n := o.mem.Len()
		pos, neg = pos+p, neg+n
	}
	s.Grow(pos, neg)
	for _, o := range ss {
		if err := s.absorb(o); err != nil {
			return err
		}
	}
	return nil
}

// absorb adds the samples of o, unweighted, to s, in memory or in o's
// spilled files; s then spills as if they had been merged into it. o is
// not modified, but its files must not be removed meanwhile. It panics if
// either is weighted: a weighted tie's mass is summed in input order.
func (s *Spill) absorb(o *Spill) error {
	if o.err != nil {
		return o.err
	}
	if s.mem.posW != nil || o.mem.posW != nil {
		panic("rank: Spill.AbsorbAll of weighted samples")
	}
	for i, f := range o.files {
		if f.weighted {
			panic("rank: Spill.AbsorbAll of weighted samples")
		}
		keys, _, err := f.read()
		if err != nil {
			return err
		}
		b := Builder{rows: int64(len(keys))}
		if i%2 == 0 {
			b.posK = keys
		} else {
			b.negK = keys
		}
		if err := s.Merge(&b); err != nil {
			return err
		}
	}
	// The rows of weight zero o counted but did not hold are counted too.
	held := int64(0)
	for _, f := range o.files {
		held += f.n + int64(len(f.keys))
	}
	mem := o.mem
	mem.rows += o.rows - held
	return s.Merge(&mem)
}
