module bench/parser

go 1.19
