package search

// Typo tolerance follows Algolia's defaults: one typo allowed from 4 letters, two from 8.
const (
	minLenOneTypo  = 4
	minLenTwoTypos = 8
)

// allowedTypos is how many typos a query word of n letters may carry.
func allowedTypos(word string, n int) int {
	switch {
	case hasDigit(word):
		return 0
	case n >= minLenTwoTypos:
		return 2
	case n >= minLenOneTypo:
		return 1
	}
	return 0
}

// editDistance returns the optimal-string-alignment distance between a and b (insertions,
// deletions, substitutions and swaps of neighbours each cost one), or max+1 once it is sure the
// distance exceeds max.
func editDistance(a, b []rune, max int) int {
	if d := len(a) - len(b); d > max || -d > max {
		return max + 1
	}
	// Three rolling rows: two back (for swaps), previous, current.
	var buf [3][maxTokenBytes + 1]int
	if len(b) > maxTokenBytes {
		b = b[:maxTokenBytes]
	}
	prev2, prev, cur := buf[0][:len(b)+1], buf[1][:len(b)+1], buf[2][:len(b)+1]
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
			rowMin = min(rowMin, v)
		}
		if rowMin > max {
			return max + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return min(prev[len(b)], max+1)
}
