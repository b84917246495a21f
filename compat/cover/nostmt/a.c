const int X = 1;
