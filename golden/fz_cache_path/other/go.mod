module example.com/other

go 1.19
