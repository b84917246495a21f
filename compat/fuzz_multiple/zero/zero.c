// package zero
typedef int zero_package;
