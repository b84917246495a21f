package nofiles
