int Abs(int x) {
    if (x < 0) {
        return -x;
    }
    return x;
}

int Sum(int a, int b) {
    int s = 0;
    for (int i = a; i < b; i++) {
        s += i;
    }
    return s;
}
