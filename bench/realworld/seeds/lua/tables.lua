local t = { 1, 2, 3, x = "y", ["k" .. 1] = { nested = true }, [10] = 1.5; }
for i, v in ipairs(t) do t[i] = v * 2 end
for k, v in pairs(t) do if type(v) == "table" then goto skip end ::skip:: end
local s = [[
long string]] .. [==[ with ]] inside ]==] .. "esc\t\"\65\x41\u{263A}\z
   continued"
while #t > 0 do table.remove(t) end
repeat local x <close> = nil until true
