module bench/nop

go 1.19
