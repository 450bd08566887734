// This file implements the measure of live nodes: how many nodes survive
// rudd's garbage collections at most, as opposed to the size of its node
// table (which only grows, by doubling, and says how much memory was
// reserved, not how much the values needed).

package bdd

import (
	"strconv"
	"strings"
)

// liveSampler reads rudd's counters every few hundred operations.
//
// rudd (BuDDy kernel) collects garbage only when its free list is empty,
// and between two collections every new node takes one free slot, so
// free + produced is constant between collections. A collection happens
// at free = 0, i.e. when produced equals the previous constant; right
// after it (and the resize it may trigger) the live nodes are
// table - free, hence live = table - c + cPrev, where c is the constant
// after the collection and cPrev the one before. A sample that sees more
// than one collection since the last sample cannot tell the ones it missed
// and measures only the latest one as far as the formula allows (it
// skips it); before the first collection the nodes made so far count as
// live (nothing was reclaimed yet).
type liveSampler struct {
	ops   int
	table int // rudd's node table (slots) at the last sample
	gcs   int
	c     int // free + produced at the last sample
	peak  int
	valid bool
}

// tick samples every 256th call.
func (s *liveSampler) tick(m *Manager) {
	s.ops++
	if s.ops&255 == 0 {
		s.sample(m)
	}
}

func (s *liveSampler) sample(m *Manager) {
	table, produced, free, gcs, ok := ruddCounters(m)
	s.table = max(s.table, table)
	if !ok {
		return
	}
	c := free + produced
	switch {
	case gcs == 0:
		s.peak = max(s.peak, table-free)
	case gcs == s.gcs+1 && s.valid:
		s.peak = max(s.peak, table-c+s.c)
	}
	s.gcs, s.c, s.valid = gcs, c, true
}

// ruddCounters parses rudd's Stats text: the table size, the nodes ever
// produced, the free slots and the number of garbage collections.
func ruddCounters(m *Manager) (table, produced, free, gcs int, ok bool) {
	found := 0
	for _, line := range strings.Split(m.b.Stats(), "\n") {
		key, rest, cut := strings.Cut(line, ":")
		if !cut {
			continue
		}
		f := strings.Fields(rest)
		if len(f) == 0 {
			continue
		}
		k, err := strconv.Atoi(f[0])
		if err != nil {
			continue
		}
		switch strings.TrimSpace(key) {
		case "Allocated":
			table, found = k, found+1
		case "Produced":
			produced, found = k, found+1
		case "Free":
			free, found = k, found+1
		case "# of GC":
			gcs, found = k, found+1
		}
	}
	return table, produced, free, gcs, found == 4
}

// PeakLiveNodes returns the most nodes alive after a garbage collection
// so far (before the first collection: the nodes made so far), sampled
// every few hundred operations, so a peak between two samples that both
// saw collections may be missed; 0 when rudd does not report its
// counters (the default, non-buddy backend reports no collections).
func (m *Manager) PeakLiveNodes() int {
	m.live.sample(m)
	return m.live.peak
}

// Collections returns the number of garbage collections rudd has run (0
// when it does not report them: the default, non-buddy backend).
func (m *Manager) Collections() int {
	_, _, _, gcs, ok := ruddCounters(m)
	if !ok {
		return 0
	}
	return gcs
}
