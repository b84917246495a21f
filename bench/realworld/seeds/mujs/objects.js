// objects, closures, getters
var o = { a: 1, "b c": [1, 2, 3], get g() { return this.a; }, set g(v) { this.a = v; } };
function make(n) { var i = 0; return function () { return i++ < n; }; }
for (var k in o) { if (o.hasOwnProperty(k)) continue; }
var f = make(3); while (f()) o.a += 0x10 * 1e3 / 2.5e-1 % 7;
