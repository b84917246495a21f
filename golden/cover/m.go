package x

func Abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func Sum(a, b int) int {
	s := 0
	for i := a; i < b; i++ {
		s += i
	}
	return s
}
