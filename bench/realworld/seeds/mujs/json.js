var s = JSON.stringify({ list: [true, false, null, 1.5, "q\"uote"], nested: { deep: [[]] } });
var back = JSON.parse(s, function (k, v) { return v; });
with (Math) { var m = max(1, 2) + floor(PI); }
var arr = [3, 1, 2].sort(function (a, b) { return a - b; }).map(String).join(",");
