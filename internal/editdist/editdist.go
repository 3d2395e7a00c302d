// Package editdist measures how far apart two strings are, for the "did
// you mean" hints of flags, tasks and result paths.
package editdist

// Distance returns the fewest single-character (rune) insertions,
// deletions and substitutions that turn a into b (Levenshtein's distance);
// with transpose, swapping two adjacent characters also counts as one
// edit (the optimal string alignment distance), so "rnak" is 1 from "rank".
func Distance(a, b string, transpose bool) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			sub := d[i-1][j-1]
			if ra[i-1] != rb[j-1] {
				sub++
			}
			d[i][j] = min(sub, d[i-1][j]+1, d[i][j-1]+1)
			if transpose && i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}
