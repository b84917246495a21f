// package nofiles
typedef int nofiles_package;
