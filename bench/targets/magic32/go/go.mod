module bench/magic32

go 1.19
