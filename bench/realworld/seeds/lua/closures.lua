-- closures, varargs, integer and float arithmetic
local function counter(start, ...)
  local n, extra = start or 0, select('#', ...)
  return function(step) n = n + (step or 1) // 1; return n, extra end
end
local c <const> = counter(10, 'a', nil)
print(c(2), 0x1p4, 3 // 2, 7 % -3, 2^-1, 1e10, ~5 & 0xff | 1 << 3)
