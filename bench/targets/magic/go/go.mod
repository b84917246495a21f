module bench/magic

go 1.19
