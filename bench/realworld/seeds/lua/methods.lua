local Account = {}
Account.__index = Account
function Account.new(b) return setmetatable({ balance = b }, Account) end
function Account:deposit(v) self.balance = self.balance + v end
local a = Account.new(100); a:deposit(50.5)
if a.balance >= 150 and not (a.balance == 0) or false then
  return a.balance
elseif a.balance ~= 1 then return -1 else return nil end
