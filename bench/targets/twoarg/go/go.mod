module bench/twoarg

go 1.19
