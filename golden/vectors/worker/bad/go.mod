module bad

go 1.19
