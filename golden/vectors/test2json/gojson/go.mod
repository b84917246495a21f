module cmd/ctest/testdata

go 1.19
