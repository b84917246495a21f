'use strict';
label: for (var i = 0; i < 10; i++) {
  switch (i % 3) { case 0: continue label; case 1: break; default: break label; }
}
try { throw new Error("x"); } catch (e) { var m = e.message; } finally { m = m + "\u0041\x42"; }
do { i--; } while (i > 0 && !(i === 5) || typeof i == "string");
var r = /a(b|c)*\d+[^\s]$/gi, x = void 0, y = i ? -i : ~i >>> 1, z = delete o.a, w = new Date(0) instanceof Object;
