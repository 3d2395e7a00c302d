package learn

import "math"

// cholSolve solves A x = b for a symmetric positive definite A (n×n, row
// major, overwritten by its Cholesky factor). It returns false when A is
// not positive definite.
func cholSolve(a []float64, b []float64, n int) ([]float64, bool) {
	for j := range n {
		s := a[j*n+j]
		for k := range j {
			s -= a[j*n+k] * a[j*n+k]
		}
		if !(s > 0) {
			return nil, false
		}
		d := math.Sqrt(s)
		a[j*n+j] = d
		for i := j + 1; i < n; i++ {
			s := a[i*n+j]
			for k := range j {
				s -= a[i*n+k] * a[j*n+k]
			}
			a[i*n+j] = s / d
		}
	}
	x := make([]float64, n)
	for i := range n { // L y = b
		s := b[i]
		for k := range i {
			s -= a[i*n+k] * x[k]
		}
		x[i] = s / a[i*n+i]
	}
	for i := n - 1; i >= 0; i-- { // Lᵀ x = y
		s := x[i]
		for k := i + 1; k < n; k++ {
			s -= a[k*n+i] * x[k]
		}
		x[i] = s / a[i*n+i]
	}
	return x, true
}

// lstsq solves min ‖A x − b‖₂ for A (m×n, m ≥ n, row major, overwritten) by
// Householder QR. It returns false when A has (numerically) dependent
// columns: a diagonal of R below 1e-12 of the largest column norm.
func lstsq(a []float64, b []float64, m, n int) ([]float64, bool) {
	b = append([]float64(nil), b...)
	maxNorm := 0.0
	for j := range n {
		s := 0.0
		for i := range m {
			s = math.Hypot(s, a[i*n+j])
		}
		maxNorm = math.Max(maxNorm, s)
	}
	rdiag := make([]float64, n)
	for k := range n {
		norm := 0.0
		for i := k; i < m; i++ {
			norm = math.Hypot(norm, a[i*n+k])
		}
		if !(norm > 1e-12*maxNorm) {
			return nil, false
		}
		if a[k*n+k] < 0 {
			norm = -norm
		}
		for i := k; i < m; i++ {
			a[i*n+k] /= norm
		}
		a[k*n+k]++
		for j := k + 1; j < n; j++ {
			s := 0.0
			for i := k; i < m; i++ {
				s += a[i*n+k] * a[i*n+j]
			}
			s = -s / a[k*n+k]
			for i := k; i < m; i++ {
				a[i*n+j] += s * a[i*n+k]
			}
		}
		s := 0.0
		for i := k; i < m; i++ {
			s += a[i*n+k] * b[i]
		}
		s = -s / a[k*n+k]
		for i := k; i < m; i++ {
			b[i] += s * a[i*n+k]
		}
		rdiag[k] = -norm
	}
	x := make([]float64, n)
	for k := n - 1; k >= 0; k-- {
		s := b[k]
		for j := k + 1; j < n; j++ {
			s -= a[k*n+j] * x[j]
		}
		x[k] = s / rdiag[k]
	}
	return x, true
}
